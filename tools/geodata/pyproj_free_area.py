"""The area of a polygon on the sphere of the Maps SDK (radius 6,371,009 m), without pyproj:
the sum of its rings' spherical excess (holes subtract)."""
import math

RADIUS = 6371009.0


def ring_area_m2(ring):
    total = 0.0
    points = list(ring)
    if len(points) < 3:
        return 0.0
    previous = points[-1]
    for point in points:
        lon1, lat1 = math.radians(previous[0]), math.radians(previous[1])
        lon2, lat2 = math.radians(point[0]), math.radians(point[1])
        t = math.tan((math.pi / 2 - lat1) / 2) * math.tan((math.pi / 2 - lat2) / 2)
        total += 2 * math.atan2(t * math.sin(lon1 - lon2), 1 + t * math.cos(lon1 - lon2))
        previous = point
    return abs(total) * RADIUS * RADIUS


def geodesic_area_km2(polygon):
    """A polygon as a list of rings of (lon, lat): the outer ring first, then its holes."""
    outer = ring_area_m2(polygon[0])
    holes = sum(ring_area_m2(ring) for ring in polygon[1:])
    return (outer - holes) / 1e6
