#!/usr/bin/env python3
"""The constraint solver's oracle: random constraint systems solved by Python's kiwisolver.

    kiwi_oracle.py --seed 1 --count 2000 --out Tests/ConstraintSolverTests/Oracle/kiwi-systems.jsonl

Each line is one system and the script of operations run on it, with kiwisolver's answers
recorded in place:

    {"n": 4, "c": [[[[0, 1.0], [2, -2.0]], 10.0, "<=", 1000.0], ...],
     "ops": [["add", 0, true], ["edit", 1, 1000.0], ["suggest", 1, 42.0], ["check", [...]], ...]}

- `c`: constraints as [terms (variable index, coefficient), constant, relation, strength]:
  `Σ coefficient × x[index] + constant  relation  0`.
- `["add", i, ok]`: add constraint i; `ok` is false when kiwisolver refused it as unsatisfiable
  (the oracle then goes on with a fresh kiwi solver holding the accepted constraints: kiwi can
  leave a refused constraint's slack behind, and our solver is left as it was).
- `["remove", i]`, `["edit", v, strength]`, `["unedit", v]`, `["suggest", v, value]`.
- `["check", values]`: kiwisolver's values of every variable after `updateVariables()`.

ConstraintSolverTests replays every line with our solver (Sources/ConstraintSolver) and
compares: the same add outcomes; at each check the same values within 1e-6, or, where the
optimum is not unique, every required constraint satisfied by both and the same total error.
"""
import argparse
import json
import os
import random
import sys

import kiwisolver as kiwi

RELATIONS = ["<=", "==", ">="]
COEFFICIENTS = [1.0, 1.0, 1.0, -1.0, -1.0, 2.0, -2.0, 0.5, 3.0]
NAMED = [kiwi.strength.required, kiwi.strength.strong, kiwi.strength.medium, kiwi.strength.weak]


def random_strength(rng):
    roll = rng.random()
    if roll < 0.30:
        return kiwi.strength.required
    if roll < 0.85:
        return rng.choice(NAMED[1:])
    return kiwi.strength.create(rng.randint(0, 3), rng.randint(0, 3), rng.randint(1, 5))


def random_constraint(rng, n):
    width = rng.choice([1, 1, 2, 2, 2, 3])
    picked = rng.sample(range(n), min(width, n))
    terms = [[index, rng.choice(COEFFICIENTS)] for index in picked]
    constant = float(rng.randint(-200, 200))
    relation = rng.choice(RELATIONS)
    return [terms, constant, relation, random_strength(rng)]


def kiwi_constraint(spec, xs):
    terms, constant, relation, strength = spec
    expression = sum((coefficient * xs[index] for index, coefficient in terms), constant)
    if relation == "<=":
        constraint = expression <= 0
    elif relation == ">=":
        constraint = expression >= 0
    else:
        constraint = expression == 0
    return constraint | strength


def system(rng):
    n = rng.randint(2, 8)
    count = rng.randint(2, 3 * n + 4)
    specs = [random_constraint(rng, n) for _ in range(count)]
    # Weak stays on some variables, as layouts have, so most optima are unique.
    for index in range(n):
        if rng.random() < 0.5:
            specs.append([[[index, 1.0]], float(-rng.randint(-100, 100)), "==", kiwi.strength.weak])
    xs = [kiwi.Variable(f"x{i}") for i in range(n)]
    made = [kiwi_constraint(spec, xs) for spec in specs]
    solver = kiwi.Solver()
    ops = []
    added = []

    def check():
        solver.updateVariables()
        ops.append(["check", [x.value() for x in xs]])

    for index, constraint in enumerate(made):
        try:
            solver.addConstraint(constraint)
            ops.append(["add", index, True])
            added.append(index)
        except kiwi.UnsatisfiableConstraint:
            ops.append(["add", index, False])
            # kiwi can leave a refused constraint's slack in its tableau (and later fail with
            # "Dual optimize failed"); the contract is a solver as it was before the refusal,
            # so the oracle is a fresh solver holding what was accepted.
            solver = kiwi.Solver()
            for accepted in added:
                solver.addConstraint(made[accepted])
    check()
    editing = []
    for index in rng.sample(range(n), rng.randint(0, min(3, n))):
        strength = rng.choice([kiwi.strength.strong, kiwi.strength.medium, kiwi.strength.create(0, 500, 0)])
        solver.addEditVariable(xs[index], strength)
        ops.append(["edit", index, strength])
        editing.append(index)
    for _ in range(rng.randint(1, 4) if editing else 0):
        for index in editing:
            value = float(rng.randint(-300, 300))
            solver.suggestValue(xs[index], value)
            ops.append(["suggest", index, value])
        check()
    for index in rng.sample(added, min(len(added), rng.randint(0, 3))):
        solver.removeConstraint(made[index])
        ops.append(["remove", index])
    if editing and rng.random() < 0.5:
        index = editing.pop()
        solver.removeEditVariable(xs[index])
        ops.append(["unedit", index])
    check()
    for index in editing:
        value = float(rng.randint(-300, 300))
        solver.suggestValue(xs[index], value)
        ops.append(["suggest", index, value])
    check()
    return {"n": n, "c": specs, "ops": ops}


def isolated(seed, number):
    """System `number` of a seed, solved in a child process: kiwisolver has internal errors
    ("The objective is unbounded", "Dual optimize failed") that abort the process instead of
    raising. Returns the system's JSON line, or None when kiwisolver crashed on it."""
    read_end, write_end = os.pipe()
    pid = os.fork()
    if pid == 0:
        os.close(read_end)
        os.dup2(os.open(os.devnull, os.O_WRONLY), 2)
        payload = json.dumps(system(random.Random(f"{seed}/{number}")), separators=(",", ":"))
        with os.fdopen(write_end, "w") as pipe:
            pipe.write(payload)
        os._exit(0)
    os.close(write_end)
    with os.fdopen(read_end, "r") as pipe:
        payload = pipe.read()
    _, status = os.waitpid(pid, 0)
    return payload if status == 0 and payload else None


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--count", type=int, default=2000)
    parser.add_argument("--out", default="-")
    args = parser.parse_args()
    out = sys.stdout if args.out == "-" else open(args.out, "w")
    crashed = 0
    with out:
        for number in range(args.count):
            line = isolated(args.seed, number)
            if line is None:
                crashed += 1
            else:
                out.write(line + "\n")
    print(f"kiwi_oracle: {args.count - crashed} systems written; kiwisolver crashed on {crashed}", file=sys.stderr)


if __name__ == "__main__":
    main()
