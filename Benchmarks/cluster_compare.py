"""OpenMaps' hierarchical clustering (HierarchicalClusterAlgorithm) beside Supercluster's C++
port (the PyPI package pysupercluster-problematy 0.7.8) on the same points, options and input
order, in one run on this machine.

For 10,000, 100,000 and 1,000,000 points (seeded: clumps around cities over the world plus a
uniform scatter), each side indexes them RUNS times (median and spread reported), answers
viewport queries (a 1280 x 800 screen at every zoom) and counts the clusters and lone points at
every zoom; the counts are compared zoom by zoom. Memory: the index's bytes (ours) and the
growth of each process's resident set while indexing.

Run with `make cluster-compare` (RUNS=3 by default). Prints a table and writes
Benchmarks/cluster-compare.json.
"""
import json
import os
import random
import resource
import statistics
import subprocess
import sys
import tempfile
import time

import numpy
import pysupercluster

HERE = os.path.dirname(os.path.abspath(__file__))
RUNS = int(os.environ.get("RUNS", "3"))
SIZES = [int(s) for s in os.environ.get("SIZES", "10000,100000,1000000").split(",")]
OPTIONS = {"radius": 40, "extent": 512, "min_zoom": 0, "max_zoom": 16}


def make_points(count, seed=2026):
    rng = random.Random(seed)
    cities = [(rng.uniform(-170, 170), rng.uniform(-60, 70)) for _ in range(200)]
    points = []
    for i in range(count):
        if i % 4 == 3:
            points.append((rng.uniform(-180, 180), rng.uniform(-80, 80)))
        else:
            lon, lat = cities[rng.randrange(len(cities))]
            d = rng.random() * rng.random() * 3
            a = rng.random() * 6.283185307179586
            points.append((max(-180, min(180, lon + 2 * d * numpy.cos(a))), max(-85, min(85, lat + d * numpy.sin(a)))))
    return points


def resident():
    with open("/proc/self/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) * 1024
    return 0


def supercluster_counts(index, zoom):
    clusters = index.getClusters(top_left=(-180, 90), bottom_right=(180, -90), zoom=zoom)
    lone = sum(1 for c in clusters if c["count"] == 1)
    return len(clusters) - lone, lone


def supercluster_side(points):
    array = numpy.array(points, dtype=numpy.float64)
    times, growth = [], 0
    for _ in range(RUNS):
        before = resident()
        start = time.perf_counter()
        index = pysupercluster.SuperCluster(array, **OPTIONS)
        times.append(time.perf_counter() - start)
        growth = max(growth, resident() - before)
    counts = {z: supercluster_counts(index, z) for z in range(OPTIONS["min_zoom"], OPTIONS["max_zoom"] + 2)}
    # Viewport queries as ours does them: 1280 x 800 screens centred on every 50th point... of 50 centres.
    step = max(1, len(points) // 50)
    centres = points[::step][:50]
    query = []
    for zoom in range(OPTIONS["min_zoom"], OPTIONS["max_zoom"] + 2):
        span = 360 / 2 ** zoom * 1280 / 256
        for lon, lat in centres:
            height = span * 800 / 1280 * max(numpy.cos(numpy.radians(lat)), 0.05)
            t = time.perf_counter()
            index.getClusters(top_left=(lon - span / 2, min(85, lat + height / 2)),
                              bottom_right=(lon + span / 2, max(-85, lat - height / 2)), zoom=zoom)
            query.append((time.perf_counter() - t) * 1000)
    query.sort()
    return {"index": times, "growth": growth, "counts": counts, "query_median": query[len(query) // 2]}


def openmaps_side(points, binary):
    with tempfile.NamedTemporaryFile(suffix=".bin", delete=False) as f:
        f.write(numpy.array(points, dtype="<f8").tobytes())
        path = f.name
    runs = []
    for _ in range(RUNS):
        output = subprocess.run([binary, path, str(OPTIONS["radius"]), str(OPTIONS["extent"]), str(OPTIONS["min_zoom"]),
                                 str(OPTIONS["max_zoom"])], capture_output=True, text=True, check=True).stdout
        runs.append(json.loads(output))
    os.unlink(path)
    return runs


def main():
    build = subprocess.run(["swift", "build", "-c", "release", "--product", "ClusterCompare"], cwd=HERE)
    if build.returncode != 0:
        sys.exit(build.returncode)
    binary = os.path.join(subprocess.run(["swift", "build", "-c", "release", "--show-bin-path"], cwd=HERE, capture_output=True,
                                         text=True, check=True).stdout.strip(), "ClusterCompare")
    report = {"machine": os.uname().nodename + ", %d cores" % os.cpu_count(), "runs": RUNS, "options": OPTIONS, "sizes": []}
    print("points     | index: OpenMaps (median, min-max) | Supercluster C++ (median, min-max) | query ms (ours / C++) | memory MB (ours index / ours RSS / C++ RSS) | zooms with equal counts (max difference)")
    for size in SIZES:
        points = make_points(size)
        theirs = supercluster_side(points)
        ours = openmaps_side(points, binary)
        our_times = [r["index_seconds"] for r in ours]
        our_counts = {c["zoom"]: (c["clusters"], c["points"]) for c in ours[0]["counts"]}
        differences = {z: abs(our_counts[z][0] - theirs["counts"][z][0]) + abs(our_counts[z][1] - theirs["counts"][z][1])
                       for z in our_counts}
        equal = sum(1 for d in differences.values() if d == 0)
        entry = {
            "points": size,
            "openmaps_index_seconds": our_times, "supercluster_index_seconds": theirs["index"],
            "openmaps_query_ms_median": statistics.median(r["query_ms_median"] for r in ours),
            "openmaps_query_ms_p99": statistics.median(r["query_ms_p99"] for r in ours),
            "supercluster_query_ms_median": theirs["query_median"],
            "openmaps_index_bytes": ours[0]["index_memory_bytes"],
            "openmaps_resident_growth_bytes": max(r["resident_growth_bytes"] for r in ours),
            "supercluster_resident_growth_bytes": theirs["growth"],
            "counts": {z: {"openmaps": our_counts[z], "supercluster": theirs["counts"][z]} for z in our_counts},
            "zooms_equal": equal, "max_difference": max(differences.values()),
            "openmaps_distance_based_zoom8_seconds": statistics.median(r["distance_based_zoom8_seconds"] for r in ours),
        }
        report["sizes"].append(entry)
        print("%-10d | %.3f s (%.3f-%.3f) | %.3f s (%.3f-%.3f) | %.3f / %.3f | %.1f / %.1f / %.1f | %d of %d (%d)" % (
            size, statistics.median(our_times), min(our_times), max(our_times),
            statistics.median(theirs["index"]), min(theirs["index"]), max(theirs["index"]),
            entry["openmaps_query_ms_median"], entry["supercluster_query_ms_median"],
            entry["openmaps_index_bytes"] / 1e6, entry["openmaps_resident_growth_bytes"] / 1e6,
            entry["supercluster_resident_growth_bytes"] / 1e6, equal, len(differences), entry["max_difference"]))
    print("\nThe library's distance-based algorithm (ours), adding the items and clustering at zoom 8 only, beside the")
    print("hierarchical index of every zoom:")
    for entry in report["sizes"]:
        if entry["openmaps_distance_based_zoom8_seconds"] >= 0:
            print("%-10d | distance-based, one zoom: %.3f s | hierarchical, all 18 zooms: %.3f s" % (
                entry["points"], entry["openmaps_distance_based_zoom8_seconds"], statistics.median(entry["openmaps_index_seconds"])))
    with open(os.path.join(HERE, "cluster-compare.json"), "w") as f:
        json.dump(report, f, indent=1, default=list)


if __name__ == "__main__":
    main()
