"""Reads Marble's packed polygon files (.pn2, version 2), in which Debian's marble-qt-data
package carries Natural Earth layers (/usr/share/marble/data/naturalearth/*.pn2).

The format, as KDE Marble's Pn2Runner reads it (big-endian): a header of u8 version,
u32 record count, u8 whether records carry a colour index; then records of u8 flag (0 line,
1 ring, 2 outer ring, 3 inner ring of the last outer one, 4 several parts), u32 feature ID,
[u8 colour index, when the ID is new and the header says so], then for flag 4 a u8 part count
and that many (u8 flag, u32 ID, u32 node count, nodes), else u32 node count and nodes. A node
is i16 latitude and i16 longitude in 1/120 degree and i16 count of relative nodes, each i8
latitude and i8 longitude offsets from that node.
"""
import struct

LINESTRING, LINEARRING, OUTER, INNER, MULTI = 0, 1, 2, 3, 4


def polygons(path):
    """The polygons of a .pn2 file: a list of features, each a list of polygons, each a list
    of rings of (longitude, latitude), the outer ring first."""
    data = open(path, "rb").read()
    offset = 0

    def read(fmt):
        nonlocal offset
        values = struct.unpack_from(">" + fmt, data, offset)
        offset += struct.calcsize(">" + fmt)
        return values

    version, count, coloured = read("BIB")
    if version != 2:
        raise ValueError("%s: .pn2 version %d, not 2" % (path, version))

    def ring(nodes):
        points = []
        for _ in range(nodes):
            lat, lon, relative = read("hhh")
            points.append((lon / 120.0, lat / 120.0))
            for _ in range(relative):
                dlat, dlon = read("bb")
                points.append(((lon + dlon) / 120.0, (lat + dlat) / 120.0))
        if points and points[0] != points[-1]:
            points.append(points[0])
        return points

    features, order, previous = {}, [], None

    def add(feature, flag, points):
        parts = features[feature]
        if flag in (OUTER, LINEARRING):
            parts.append([points])
        elif flag == INNER and parts:
            parts[-1].append(points)

    for _ in range(count):
        if offset >= len(data):
            break
        flag, feature = read("BI")
        if feature != previous:
            if coloured:
                read("B")
            if feature not in features:
                features[feature] = []
                order.append(feature)
        previous = feature
        if flag != MULTI:
            (nodes,) = read("I")
            add(feature, flag, ring(nodes))
        else:
            (parts,) = read("B")
            for _ in range(parts):
                part_flag, _, nodes = read("BII")
                add(feature, part_flag, ring(nodes))
    return [features[f] for f in order if features[f]]
