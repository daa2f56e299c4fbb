"""Compares OpenMaps' offline geocoder with the Python reverse_geocoder package (a k-d tree
over GeoNames) on the same 100,000 random coordinates, on this machine.

Run with `make geocoder-compare`. Prints queries per second of each side and the ratio.
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
    start = time.perf_counter()
    geocoder.query(coordinates)
    results[mode] = len(coordinates) / (time.perf_counter() - start)
python_qps = max(results.values())

with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as f:
    f.write("\n".join("%.6f,%.6f" % c for c in coordinates))
    path = f.name
binary = subprocess.run(
    ["swift", "build", "-c", "release", "--show-bin-path"], cwd=HERE, capture_output=True, text=True, check=True
).stdout.strip()
swift = json.loads(subprocess.run([os.path.join(binary, "GeocoderThroughput"), path], capture_output=True, text=True, check=True).stdout)
os.unlink(path)
print(json.dumps({
    "coordinates": len(coordinates),
    "python_reverse_geocoder_qps": {"mode1": int(results[1]), "mode2": int(results[2])},
    "openmaps_nearest_place_qps": swift["nearest_qps"],
    "openmaps_full_reverse_geocode_qps": swift["full_qps"],
    "openmaps_full_reverse_geocode_batch_qps_all_cores": swift["full_batch_qps"],
    "ratio_nearest": round(swift["nearest_qps"] / python_qps, 1),
    "ratio_full": round(swift["full_qps"] / python_qps, 1),
}, indent=1))
