"""Compares OpenMaps' offline geocoder with the Python reverse_geocoder package (a k-d tree
over GeoNames) on this machine:

- in process, on the same 100,000 random coordinates: queries per second of each side, each
  the median of five passes;
- as a whole job on the same 1,000,000 random coordinates in a file (RUNS runs each, 3 unless
  set; median and range): `openmaps geocode --input FILE --first` (start, load the pack, read,
  geocode on every core, print JSON lines) beside a Python process that imports
  reverse_geocoder, reads the same file and calls `rg.search(coords, mode=2)` (load, k-d tree,
  multiprocessing search).

Run with `make geocoder-compare`.
"""
import json
import os
import random
import subprocess
import sys
import tempfile
import time

import reverse_geocoder

HERE = os.path.dirname(os.path.abspath(__file__))
random.seed(2026)
coordinates = [(random.uniform(-90, 90), random.uniform(-180, 180)) for _ in range(100_000)]

results = {}
for mode in (1, 2):  # 1: single process, 2: multiprocessing; take the faster
    geocoder = reverse_geocoder.RGeocoder(mode=mode, verbose=False)
    passes = []
    for _ in range(5):  # the median of five passes, as the Swift side takes
        start = time.perf_counter()
        geocoder.query(coordinates)
        passes.append(time.perf_counter() - start)
    results[mode] = len(coordinates) / sorted(passes)[2]
python_qps = max(results.values())

with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as f:
    f.write("\n".join("%.6f,%.6f" % c for c in coordinates))
    path = f.name
binary = subprocess.run(
    ["swift", "build", "-c", "release", "--show-bin-path"], cwd=HERE, capture_output=True, text=True, check=True
).stdout.strip()
swift = json.loads(subprocess.run([os.path.join(binary, "GeocoderThroughput"), path], capture_output=True, text=True, check=True).stdout)
os.unlink(path)
# The whole job, a million coordinates, each side in its own process.
runs = int(os.environ.get("RUNS", "3"))
job_coordinates = [(random.uniform(-90, 90), random.uniform(-180, 180)) for _ in range(1_000_000)]
with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as f:
    f.write("\n".join("%.6f,%.6f" % c for c in job_coordinates) + "\n")
    job_path = f.name
openmaps = os.path.join(
    subprocess.run(["swift", "build", "-c", "release", "--show-bin-path"], cwd=os.path.join(HERE, ".."), capture_output=True, text=True, check=True).stdout.strip(),
    "openmaps")
python_job = (
    "import reverse_geocoder as rg\n"
    "coords = [tuple(map(float, line.split(','))) for line in open(%r)]\n"
    "results = rg.search(coords, mode=2, verbose=False)\n"
    "assert len(results) == len(coords)\n" % job_path)


def timed(command, **kwargs):
    start = time.perf_counter()
    subprocess.run(command, check=True, **kwargs)
    return time.perf_counter() - start


ours, theirs = [], []
for _ in range(runs):
    with open(os.devnull, "w") as sink:
        ours.append(timed([openmaps, "geocode", "--input", job_path, "--first"], stdout=sink))
    theirs.append(timed([sys.executable, "-c", python_job]))
with open(job_path) as f, tempfile.TemporaryFile("w+") as out:
    subprocess.run([openmaps, "geocode", "--input", job_path, "--first"], stdout=out, check=True)
    out.seek(0)
    answered = sum(1 for _ in out)
os.unlink(job_path)


def spread(values):
    values = sorted(values)
    return {"median_s": round(values[len(values) // 2], 3), "min_s": round(values[0], 3), "max_s": round(values[-1], 3)}


print(json.dumps({
    "coordinates": len(coordinates),
    "python_reverse_geocoder_qps": {"mode1": int(results[1]), "mode2": int(results[2])},
    "openmaps_nearest_place_qps": swift["nearest_qps"],
    "openmaps_full_reverse_geocode_qps": swift["full_qps"],
    "openmaps_full_reverse_geocode_batch_qps_all_cores": swift["full_batch_qps"],
    "openmaps_nearest_place_batch_qps_all_cores": swift["nearest_batch_qps"],
    "ratio_nearest_batch": round(swift["nearest_batch_qps"] / python_qps, 1),
    "ratio_nearest": round(swift["nearest_qps"] / python_qps, 1),
    "ratio_full": round(swift["full_qps"] / python_qps, 1),
    "whole_job": {
        "coordinates": len(job_coordinates),
        "runs": runs,
        "openmaps_geocode_input_first": spread(ours),
        "python_reverse_geocoder_search_mode2": spread(theirs),
        "openmaps_lines_answered": answered,
        "ratio": round(sorted(theirs)[len(theirs) // 2] / sorted(ours)[len(ours) // 2], 2),
    },
}, indent=1))
