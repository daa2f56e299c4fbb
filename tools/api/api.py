#!/usr/bin/env python3
"""The public API guard: dumps each public module's API with the toolchain's swift-api-digester
and compares it with the dump checked in under api/.

    tools/api/api.py check   # fails (exit 1) if the API differs from api/*.json, saying how
    tools/api/api.py dump    # writes the current API to api/*.json (a deliberate change)

Run from the repository root after a debug build (`swift build`). The dumps are the digester's
own JSON, with the tool's arguments (machine paths) removed.
"""
import json
import os
import shutil
import subprocess
import sys
import tempfile

# The modules apps import: the SDK, the UIKit and CoreLocation it brings, the testing helpers
# and the lower layers sold as products of their own.
MODULES = ["MapGeometry", "ConstraintSolver", "MapDrawing", "MapUIKit", "Basemap", "Geocoding", "OpenMaps", "OpenMapsUtils", "OpenMapsTesting", "OpenMapsPlayground"]
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
API_DIR = os.path.join(ROOT, "api")


def digester():
    swift = shutil.which("swift")
    if swift is None:
        sys.exit("api: swift is not on PATH")
    path = os.path.join(os.path.dirname(os.path.realpath(swift)), "swift-api-digester")
    if not os.path.exists(path):
        sys.exit(f"api: {path} is missing from the toolchain")
    return path


def build_dir():
    out = subprocess.run(["swift", "build", "--show-bin-path"], cwd=ROOT, capture_output=True, text=True, check=True)
    return out.stdout.strip()


def search_args(bin_path):
    args = ["-I", os.path.join(bin_path, "Modules")]
    for module in ["CCairo", "CSQLite", "CZlib", "CXML2"]:
        args += ["-I", os.path.join(ROOT, "Sources", module)]
    for name in sorted(os.listdir(bin_path)):
        modulemap = os.path.join(bin_path, name, "module.modulemap")
        if name.endswith(".build") and os.path.exists(modulemap):
            args += ["-Xcc", f"-fmodule-map-file={modulemap}"]
    # C modules of dependencies (SwiftNIO's shims...) keep their module maps in their sources.
    checkouts = os.path.join(ROOT, ".build", "checkouts")
    if os.path.isdir(checkouts):
        for folder, _, files in sorted(os.walk(checkouts)):
            if "module.modulemap" in files and os.sep + "Sources" + os.sep in folder and os.sep + "Tests" + os.sep not in folder:
                args += ["-Xcc", f"-fmodule-map-file={os.path.join(folder, 'module.modulemap')}", "-Xcc", f"-I{folder}"]
    cflags = subprocess.run(["pkg-config", "--cflags-only-I", "pangocairo", "sqlite3", "zlib", "libxml-2.0"],
                            capture_output=True, text=True, check=True).stdout.split()
    for flag in cflags:
        args += ["-Xcc", flag]
    return args


def dump(module, tool, args, out_path):
    raw = out_path + ".raw"
    result = subprocess.run([tool, "-dump-sdk", "-module", module, "-o", raw, "-abort-on-module-fail"] + args,
                            capture_output=True, text=True)
    if result.returncode != 0 or not os.path.exists(raw):
        sys.exit(f"api: swift-api-digester could not dump {module}:\n{result.stderr}")
    with open(raw) as f:
        data = json.load(f)
    os.remove(raw)
    data["ABIRoot"].pop("tool_arguments", None)
    with open(out_path, "w") as f:
        json.dump(data, f, indent=1, sort_keys=True)
        f.write("\n")
    return data


def declarations(node, prefix=""):
    """Each declaration as a readable line: its path, kind and attributes."""
    lines = []
    for child in node.get("children", []):
        kind = child.get("kind", "")
        if kind.startswith("Type") and kind != "TypeDecl" and kind != "TypeAlias" or kind == "Import":
            continue
        name = prefix + child.get("printedName", "")
        attributes = ",".join(child.get("declAttributes", []))
        lines.append(f"{child.get('declKind', kind)} {name} [{attributes}]")
        lines += declarations(child, name + ".")
    return lines


def sections_with_content(lines):
    """The digester's report without its empty sections."""
    kept, header, body = [], None, []
    for line in lines + ["/* end */"]:
        if line.startswith("/*"):
            if header is not None and body:
                kept += [header] + body
            header, body = line, []
        elif line.strip():
            body.append(line)
    return kept


def main():
    if len(sys.argv) != 2 or sys.argv[1] not in ("check", "dump"):
        sys.exit(__doc__)
    mode = sys.argv[1]
    tool = digester()
    bin_path = build_dir()
    args = search_args(bin_path)
    os.makedirs(API_DIR, exist_ok=True)
    changed = []
    with tempfile.TemporaryDirectory() as scratch:
        for module in MODULES:
            checked_in = os.path.join(API_DIR, f"{module}.json")
            if mode == "dump":
                dump(module, tool, args, checked_in)
                print(f"api: wrote api/{module}.json")
                continue
            current_path = os.path.join(scratch, f"{module}.json")
            current = dump(module, tool, args, current_path)
            if not os.path.exists(checked_in):
                changed.append(module)
                print(f"api: {module} has no checked-in dump (api/{module}.json)")
                continue
            with open(checked_in) as f:
                baseline = json.load(f)
            if baseline == current:
                continue
            changed.append(module)
            before, after = set(declarations(baseline["ABIRoot"])), set(declarations(current["ABIRoot"]))
            print(f"api: the public API of {module} changed")
            for line in sorted(before - after):
                print(f"  - {line}")
            for line in sorted(after - before):
                print(f"  + {line}")
            breakage = subprocess.run([tool, "-diagnose-sdk", "-input-paths", checked_in, "-input-paths", current_path],
                                      capture_output=True, text=True)
            report = sections_with_content((breakage.stdout + breakage.stderr).splitlines())
            if report:
                print(f"  swift-api-digester on {module} (what breaks user code):")
                print("\n".join("    " + line for line in report))
    if changed:
        print("api: the public API differs from api/*.json. If the change is meant (and breaks no user "
              "code, or the break is deliberate), run `make api-dump` and commit api/.")
        sys.exit(1)
    if mode == "check":
        print(f"api: {', '.join(MODULES)} match api/*.json")


if __name__ == "__main__":
    main()
