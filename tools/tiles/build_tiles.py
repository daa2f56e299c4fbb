#!/usr/bin/env python3
"""Turns any OpenStreetMap extract into OpenMapTiles-schema vector tiles (MBTiles) that OpenMaps
draws in its normal look: `make tiles PBF=some.osm.pbf OUT=some.mbtiles`.

The engine is tilemaker (Debian's package) with its stock OpenMapTiles profile
(/usr/share/doc/tilemaker/examples/{config,process}-openmaptiles.*), unchanged but for the
settings named on the command line. Before it runs, two steps of ours:

  1. Cleaning. Extracts cut out by a bounding box ("clipped") keep ways whose nodes lie outside
     the box, and relations whose members do. Such references are dropped: a way keeps the nodes
     the file has (a way left with fewer than two is dropped), a relation the members the file
     has. Engines that expect a complete extract then read it.
  2. The sea. The OpenMapTiles `water` layer takes the oceans from a water-polygons shapefile,
     which for a whole planet comes from osmdata.openstreetmap.de. For an extract, the sea inside
     its bounding box is made from its own coastline (OSM draws it with the land on the left), so
     harbours and bays are water at street zooms.

Usage: build_tiles.py INPUT.osm.pbf OUTPUT.mbtiles [--include-ids] [--keep DIR]
"""
import argparse
import json
import math
import os
import shutil
import subprocess
import sys
import tempfile

import numpy
import osmium
import shapefile
import shapely
from shapely import STRtree
from shapely.geometry import LineString, Point, box
from shapely.geometry.polygon import orient
from shapely.ops import linemerge, polygonize, unary_union

STOCK = "/usr/share/doc/tilemaker/examples"
CONFIG = os.path.join(STOCK, "config-openmaptiles.json")
PROCESS = os.path.join(STOCK, "process-openmaptiles.lua")
# The largest extract the pipeline reads (a country the size of Germany is about 4 GB).
MAXIMUM_INPUT_BYTES = 8 * 1024 * 1024 * 1024


def log(message):
    print("tiles: " + message, file=sys.stderr, flush=True)


def ensure_tilemaker():
    """tilemaker from Debian's package, installed when missing (needs root or sudo)."""
    if shutil.which("tilemaker") and os.path.exists(CONFIG):
        return
    log("installing Debian's tilemaker package")
    command = ["apt-get", "install", "-y", "-q", "tilemaker"]
    if os.geteuid() != 0:
        command = ["sudo"] + command
    subprocess.run(command, check=True, env=dict(os.environ, DEBIAN_FRONTEND="noninteractive"))


class Stats:
    def __init__(self):
        self.dropped_refs = 0
        self.dropped_ways = 0
        self.dropped_members = 0


def clean(source, target):
    """Copies an extract, dropping references to objects it does not hold (see the module doc)."""
    nodes, ways, relations = osmium.index.IdSet(), osmium.index.IdSet(), osmium.index.IdSet()
    for obj in osmium.FileProcessor(source):
        if obj.is_node():
            nodes.set(obj.id)
        elif obj.is_relation():
            relations.set(obj.id)
    stats = Stats()
    if os.path.exists(target):
        os.remove(target)
    writer = osmium.SimpleWriter(target)
    try:
        # Ways first (their survival decides relation members), then relations.
        for obj in osmium.FileProcessor(source):
            if obj.is_node():
                writer.add_node(obj)
            elif obj.is_way():
                refs = [n.ref for n in obj.nodes]
                kept = [r for r in refs if nodes.get(r)]
                stats.dropped_refs += len(refs) - len(kept)
                if len(kept) < 2:
                    stats.dropped_ways += 1
                    continue
                ways.set(obj.id)
                writer.add_way(obj if len(kept) == len(refs) else obj.replace(nodes=kept))
            elif obj.is_relation():
                members = []
                for m in obj.members:
                    present = nodes if m.type == "n" else ways if m.type == "w" else relations
                    if present.get(m.ref):
                        members.append((m.type, m.ref, m.role))
                stats.dropped_members += len(obj.members) - len(members)
                if not members:
                    continue
                writer.add_relation(obj if len(members) == len(obj.members) else obj.replace(members=members))
    finally:
        writer.close()
    log("cleaned: dropped %d node references, %d ways, %d relation members" % (stats.dropped_refs, stats.dropped_ways, stats.dropped_members))
    return stats


def extent(path):
    """The extract's bounding box: its header's, else the box of its nodes."""
    reader = osmium.io.Reader(path, osmium.osm.osm_entity_bits.NOTHING)
    header = reader.header()
    reader.close()
    b = header.box()
    if b.valid():
        return (b.bottom_left.lon, b.bottom_left.lat, b.top_right.lon, b.top_right.lat)
    west = south = math.inf
    east = north = -math.inf
    for obj in osmium.FileProcessor(path, osmium.osm.NODE):
        lon, lat = obj.location.lon, obj.location.lat
        west, east, south, north = min(west, lon), max(east, lon), min(south, lat), max(north, lat)
    if west > east:
        return None
    return (west, south, east, north)


def coastline(path):
    lines = []
    for obj in osmium.FileProcessor(path, osmium.osm.NODE | osmium.osm.WAY).with_locations():
        if not obj.is_way() or obj.tags.get("natural") != "coastline":
            continue
        points = [(n.lon, n.lat) for n in obj.nodes if n.location.valid()]
        if len(points) >= 2:
            lines.append(LineString(points))
    return lines


def sea(lines, bbox):
    """The sea inside a box, from coastline lines (land on their left, water on their right):
    the box is cut along the coastline and each piece voted water or land by the coastline
    segments along it, weighted by their length."""
    frame = box(*bbox)
    merged = linemerge(lines) if lines else None
    if merged is None or merged.is_empty:
        return []
    clipped = merged.intersection(frame)
    if clipped.is_empty:
        return []
    # A clipped extract's coastline stops at its last node inside the box: each loose end
    # runs on to the nearest point of the box's edge, so the coastline cuts the box.
    edge = frame.boundary
    extended = []
    for part in (clipped.geoms if hasattr(clipped, "geoms") else [clipped]):
        if part.geom_type != "LineString":
            continue
        coords = list(part.coords)
        if coords[0] != coords[-1]:
            def nearest(end):
                point = edge.interpolate(edge.project(Point(end)))
                return [(point.x, point.y)] if edge.distance(Point(end)) > 1e-9 else []
            coords = nearest(coords[0]) + coords + nearest(coords[-1])
        extended.append(LineString(coords))
    clipped = unary_union(extended)
    faces = list(polygonize(unary_union([frame.boundary, clipped])))
    if not faces:
        return []
    # A point just right and just left of the middle of every coastline segment, found in
    # the faces by a spatial index (a country's coastline has hundreds of thousands).
    eps = 1e-6
    samples, weights = [], []
    for part in (clipped.geoms if hasattr(clipped, "geoms") else [clipped]):
        if part.geom_type != "LineString":
            continue
        coords = list(part.coords)
        for (x0, y0), (x1, y1) in zip(coords, coords[1:]):
            length = math.hypot(x1 - x0, y1 - y0)
            if length == 0:
                continue
            mx, my = (x0 + x1) / 2, (y0 + y1) / 2
            # Right of the direction of travel: (dy, -dx).
            nx, ny = (y1 - y0) / length * eps, -(x1 - x0) / length * eps
            samples += [(mx + nx, my + ny), (mx - nx, my - ny)]
            weights += [length, -length]
    votes = numpy.zeros(len(faces))
    if samples:
        found, face = STRtree(faces).query(shapely.points(numpy.array(samples)), predicate="within")
        numpy.add.at(votes, face, numpy.array(weights)[found])
    return [face for face, vote in zip(faces, votes) if vote > 0]


def write_polygons(path, polygons):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with shapefile.Writer(path, shapeType=shapefile.POLYGON) as w:
        w.field("FID", "N")
        for index, polygon in enumerate(polygons):
            p = orient(polygon, sign=-1.0)  # shapefiles: outer rings clockwise
            rings = [list(p.exterior.coords)] + [list(r.coords) for r in p.interiors]
            w.poly(rings)
            w.record(index)
    with open(path[:-4] + ".prj", "w") as f:
        f.write('GEOGCS["GCS_WGS_1984",DATUM["D_WGS_1984",SPHEROID["WGS_1984",6378137,298.257223563]],PRIMEM["Greenwich",0],UNIT["Degree",0.017453292519943295]]')


def build(source, output, include_ids=False, keep=None):
    """Cleans an extract, makes its sea, and runs tilemaker's stock OpenMapTiles profile."""
    if not os.path.isfile(source):
        raise SystemExit("tiles: %s is not a file" % source)
    size = os.path.getsize(source)
    if size > MAXIMUM_INPUT_BYTES:
        raise SystemExit("tiles: %s is %d bytes, more than the %d this pipeline reads" % (source, size, MAXIMUM_INPUT_BYTES))
    ensure_tilemaker()
    work = keep or tempfile.mkdtemp(prefix="openmaps-tiles-")
    os.makedirs(work, exist_ok=True)
    try:
        cleaned = os.path.join(work, "cleaned.osm.pbf")
        clean(source, cleaned)
        bbox = extent(cleaned)
        polygons = sea(coastline(cleaned), bbox) if bbox else []
        write_polygons(os.path.join(work, "coastline", "water_polygons.shp"), polygons)
        log("sea: %d polygons from the coastline" % len(polygons))
        with open(CONFIG) as f:
            config = json.load(f)
        config["settings"]["include_ids"] = bool(include_ids)
        if bbox:
            # Shapefiles are read only with a box (the cleaned file has no header box).
            config["settings"]["bounding_box"] = list(bbox)
        with open(os.path.join(work, "config.json"), "w") as f:
            json.dump(config, f, indent=1)
        out = os.path.abspath(output)
        if os.path.exists(out):
            os.remove(out)
        os.makedirs(os.path.dirname(out) or ".", exist_ok=True)
        run = subprocess.run(
            ["tilemaker", "--input", cleaned, "--output", out, "--config", "config.json", "--process", PROCESS],
            cwd=work, capture_output=True, text=True)
        if run.returncode != 0:
            sys.stderr.write(run.stdout[-4000:] + run.stderr[-4000:])
            raise SystemExit("tiles: tilemaker failed (exit %d)" % run.returncode)
        log("wrote %s: %.1f MB" % (output, os.path.getsize(out) / 1e6))
        return bbox
    finally:
        if keep is None:
            shutil.rmtree(work, ignore_errors=True)


def main():
    parser = argparse.ArgumentParser(description="OSM extract to OpenMapTiles-schema MBTiles (tilemaker's stock profile).")
    parser.add_argument("input", help="an .osm.pbf extract")
    parser.add_argument("output", help="the .mbtiles file to write")
    parser.add_argument("--include-ids", action="store_true", help="keep OSM IDs on features (POI place IDs)")
    parser.add_argument("--keep", help="keep the intermediate files in this folder")
    args = parser.parse_args()
    build(args.input, args.output, args.include_ids, args.keep)


if __name__ == "__main__":
    main()
