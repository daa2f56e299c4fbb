import Foundation

/// Spherical geometry on a sphere of ``Geodesy/earthRadius``, with the Maps SDK's
/// conventions (headings clockwise from north in [0, 360), longitudes in [-180, 180)).
extension Geodesy {
    private static func radians(_ d: Double) -> Double { d * .pi / 180 }
    private static func degrees(_ r: Double) -> Double { r * 180 / .pi }

    /// The initial heading of the great circle from `a` to `b`; 0 when they are equal.
    public static func heading(from a: CLLocationCoordinate2D, to b: CLLocationCoordinate2D) -> Double {
        let lat1 = radians(a.latitude), lat2 = radians(b.latitude), dLon = radians(b.longitude - a.longitude)
        let y = sin(dLon) * cos(lat2)
        let x = cos(lat1) * sin(lat2) - sin(lat1) * cos(lat2) * cos(dLon)
        if x == 0 && y == 0 { return 0 }
        return CameraLimits.wrapBearing(degrees(atan2(y, x)))
    }

    /// The point `distance` metres from `from` along the initial `heading`.
    public static func offset(from: CLLocationCoordinate2D, distance: Double, heading: Double) -> CLLocationCoordinate2D {
        let d = distance / earthRadius, h = radians(heading)
        let lat1 = radians(from.latitude), lon1 = radians(from.longitude)
        let lat2 = asin(sin(lat1) * cos(d) + cos(lat1) * sin(d) * cos(h))
        let lon2 = lon1 + atan2(sin(h) * sin(d) * cos(lat1), cos(d) - sin(lat1) * sin(lat2))
        return CLLocationCoordinate2D(latitude: degrees(lat2), longitude: CameraLimits.wrapLongitude(degrees(lon2)))
    }

    /// The point at `fraction` of the great circle from `a` to `b`.
    public static func interpolate(from a: CLLocationCoordinate2D, to b: CLLocationCoordinate2D, fraction: Double) -> CLLocationCoordinate2D {
        let lat1 = radians(a.latitude), lon1 = radians(a.longitude)
        let lat2 = radians(b.latitude), lon2 = radians(b.longitude)
        let angle = distance(from: a, to: b) / earthRadius
        guard angle > 1e-12 else {
            return CLLocationCoordinate2D(
                latitude: a.latitude + (b.latitude - a.latitude) * fraction,
                longitude: CameraLimits.wrapLongitude(a.longitude + (b.longitude - a.longitude) * fraction))
        }
        let sinAngle = sin(angle)
        let fa = sin((1 - fraction) * angle) / sinAngle, fb = sin(fraction * angle) / sinAngle
        let x = fa * cos(lat1) * cos(lon1) + fb * cos(lat2) * cos(lon2)
        let y = fa * cos(lat1) * sin(lon1) + fb * cos(lat2) * sin(lon2)
        let z = fa * sin(lat1) + fb * sin(lat2)
        return CLLocationCoordinate2D(
            latitude: degrees(atan2(z, sqrt(x * x + y * y))), longitude: CameraLimits.wrapLongitude(degrees(atan2(y, x))))
    }

    /// The sum of great-circle distances along consecutive coordinates.
    public static func length(of path: [CLLocationCoordinate2D]) -> Double {
        zip(path, path.dropFirst()).reduce(0) { $0 + distance(from: $1.0, to: $1.1) }
    }

    /// The signed area of a closed path in square metres: positive when counter-clockwise.
    public static func signedArea(of path: [CLLocationCoordinate2D]) -> Double {
        guard path.count >= 3 else { return 0 }
        var total = 0.0
        var previous = path[path.count - 1]
        for point in path {
            let t1 = tan((.pi / 2 - radians(previous.latitude)) / 2)
            let t2 = tan((.pi / 2 - radians(point.latitude)) / 2)
            let dLon = radians(point.longitude - previous.longitude)
            total += 2 * atan2(t1 * t2 * sin(dLon), 1 + t1 * t2 * cos(dLon))
            previous = point
        }
        return total * earthRadius * earthRadius
    }

    /// Whether a point is inside a closed path (by ray crossing in projected space, with the
    /// path's edges taken as straight lines there, or as great circles when `geodesic`).
    /// A point equal to a vertex is inside.
    public static func contains(_ point: CLLocationCoordinate2D, in path: [CLLocationCoordinate2D], geodesic: Bool) -> Bool {
        guard path.count >= 3 else { return path.contains(point) }
        if path.contains(point) { return true }
        var inside = false
        var previous = path[path.count - 1]
        for vertex in path {
            var lon1 = previous.longitude - point.longitude, lon2 = vertex.longitude - point.longitude
            lon1 = CameraLimits.wrapLongitude(lon1)
            lon2 = CameraLimits.wrapLongitude(lon2)
            if (lon1 > 0) != (lon2 > 0), abs(lon2 - lon1) < 180 {
                // Latitude of the edge where it crosses the point's meridian.
                let t = (0 - lon1) / (lon2 - lon1)
                let crossing: Double
                if geodesic {
                    crossing = interpolate(from: previous, to: vertex, fraction: t).latitude
                } else {
                    let y1 = WebMercator.project(previous).y, y2 = WebMercator.project(vertex).y
                    crossing = WebMercator.unproject(MercatorPoint(x: 0.5, y: y1 + (y2 - y1) * t)).latitude
                }
                if crossing > point.latitude { inside.toggle() }
            }
            previous = vertex
        }
        return inside
    }

    /// Whether a point lies within `tolerance` metres of a path's segments.
    public static func isLocation(_ point: CLLocationCoordinate2D, onPath path: [CLLocationCoordinate2D], tolerance: Double) -> Bool {
        guard let first = path.first else { return false }
        if path.count == 1 { return distance(from: point, to: first) <= tolerance }
        for (a, b) in zip(path, path.dropFirst()) where distanceToGreatCircleSegment(point, a, b) <= tolerance {
            return true
        }
        return false
    }

    /// The distance in metres from a point to the great-circle arc between two others: across
    /// the arc when the point's foot falls on it, else to the nearer end.
    static func distanceToGreatCircleSegment(_ p: CLLocationCoordinate2D, _ a: CLLocationCoordinate2D, _ b: CLLocationCoordinate2D) -> Double {
        func unit(_ c: CLLocationCoordinate2D) -> (Double, Double, Double) {
            let lat = radians(c.latitude), lon = radians(c.longitude)
            return (cos(lat) * cos(lon), cos(lat) * sin(lon), sin(lat))
        }
        func cross(_ u: (Double, Double, Double), _ v: (Double, Double, Double)) -> (Double, Double, Double) {
            (u.1 * v.2 - u.2 * v.1, u.2 * v.0 - u.0 * v.2, u.0 * v.1 - u.1 * v.0)
        }
        func dot(_ u: (Double, Double, Double), _ v: (Double, Double, Double)) -> Double { u.0 * v.0 + u.1 * v.1 + u.2 * v.2 }
        let ends = min(distance(from: p, to: a), distance(from: p, to: b))
        let va = unit(a), vb = unit(b), vp = unit(p)
        let n = cross(va, vb)
        let length = sqrt(dot(n, n))
        guard length > 1e-15 else { return ends }
        let normal = (n.0 / length, n.1 / length, n.2 / length)
        let across = dot(vp, normal)
        let foot = (vp.0 - across * normal.0, vp.1 - across * normal.1, vp.2 - across * normal.2)
        guard dot(cross(va, foot), normal) >= 0, dot(cross(foot, vb), normal) >= 0 else { return ends }
        return min(ends, abs(asin(min(max(across, -1), 1))) * earthRadius)
    }
}

extension Geodesy {
    /// The length of the rhumb line (constant heading) between two coordinates, in metres.
    public static func rhumbDistance(from a: CLLocationCoordinate2D, to b: CLLocationCoordinate2D) -> Double {
        let lat1 = a.latitude * .pi / 180, lat2 = b.latitude * .pi / 180
        let dLat = lat2 - lat1
        var dLon = abs(b.longitude - a.longitude) * .pi / 180
        if dLon > .pi { dLon = 2 * .pi - dLon }
        let dPsi = log(tan(.pi / 4 + lat2 / 2) / tan(.pi / 4 + lat1 / 2))
        let q = abs(dPsi) > 1e-12 ? dLat / dPsi : cos(lat1)
        return sqrt(dLat * dLat + q * q * dLon * dLon) * earthRadius
    }
}
