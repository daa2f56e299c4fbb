#!/usr/bin/env python3
"""Side by side: our Cassowary solver (LayoutBenchmarks) and Python's kiwisolver (C++) on the
same 1,000-constraint screen (`ScreenOfRows` in LayoutBenchmarks.swift: 200 rows, five
constraints each, the window's width an edit variable), in one run.

    make solver-compare

kiwisolver's times include Python's call overhead (about 0.1 µs a call), which is small
beside a build but not beside a resize edit; both are printed as measured.
"""
import statistics
import subprocess
import sys
import time

import kiwisolver as kiwi


def screen(count=200):
    solver = kiwi.Solver()
    window = kiwi.Variable("window.width")
    widths = []
    previous_top = None
    for index in range(count):
        left, width, top = kiwi.Variable(f"l{index}"), kiwi.Variable(f"w{index}"), kiwi.Variable(f"t{index}")
        solver.addConstraint(2 * left + width == window)
        solver.addConstraint(left >= 16)
        solver.addConstraint(width <= 600)
        solver.addConstraint((width + 32 == window) | 750)
        solver.addConstraint(top == (0 if previous_top is None else previous_top + 52))
        previous_top = top
        widths.append(width)
    solver.addEditVariable(window, "strong")
    solver.suggestValue(window, 390)
    return solver, window, widths


def per_call(function, calls):
    samples = []
    for _ in range(7):
        start = time.perf_counter()
        for _ in range(calls):
            function()
        samples.append((time.perf_counter() - start) / calls)
    return statistics.median(samples)


def kiwi_figures():
    build = per_call(screen, 5)
    solver, window, widths = screen()
    state = {"width": 390}

    def edit(a, b):
        state["width"] = b if state["width"] == a else a
        solver.suggestValue(window, state["width"])
        solver.updateVariables()

    resize = per_call(lambda: edit(390, 375), 2000)
    rotation = per_call(lambda: edit(390, 844), 200)
    extra = (widths[100] == 300) | "strong"

    def add_remove():
        solver.addConstraint(extra)
        solver.removeConstraint(extra)

    churn = per_call(add_remove, 500)
    return {"build": build, "resize": resize, "rotation": rotation, "add and remove": churn}


def ours():
    out = subprocess.run(
        ["swift", "package", "--allow-writing-to-directory", ".benchmarkBaselines", "benchmark",
         "--target", "LayoutBenchmarks", "--format", "markdown"],
        capture_output=True, text=True, check=True).stdout
    figures, name = {}, None
    keys = {"build": "build a screen", "resize": "(resize)", "rotation": "(rotation)", "add and remove": "add and remove"}
    for line in out.splitlines():
        if line.startswith("### "):
            name = next((key for key, text in keys.items() if text in line), None)
        elif name and line.startswith("| Time (wall clock)"):
            cells = [cell.strip() for cell in line.split("|")]
            figures[name] = float(cells[4]) * 1e-6  # p50, in µs
            name = None
    return figures


def main():
    theirs = kiwi_figures()
    mine = ours()
    print("| operation on 1,000 constraints | OpenMaps ConstraintSolver (p50) | kiwisolver 1.5.1 (median) |")
    print("|---|---:|---:|")
    for key in ["build", "resize", "rotation", "add and remove"]:
        ours_text = f"{mine[key] * 1e6:,.1f} µs" if key in mine else "?"
        print(f"| {key} | {ours_text} | {theirs[key] * 1e6:,.1f} µs |")


if __name__ == "__main__":
    sys.exit(main())
