import Foundation
import MapGeometry

/// The sphere radius of every `GMSGeometry` function, in metres.
public let kGMSEarthRadius: Double = Geodesy.earthRadius

/// How a path's length is measured.
public enum GMSLengthKind: UInt, Sendable {
    case geodesic = 0
    case rhumb = 1
    case projected = 2
}

/// The great-circle distance between two coordinates, in metres.
public func GMSGeometryDistance(_ from: CLLocationCoordinate2D, _ to: CLLocationCoordinate2D) -> CLLocationDistance {
    Geodesy.distance(from: from, to: to)
}

/// The great-circle length of a path, in metres.
public func GMSGeometryLength(_ path: GMSPath) -> CLLocationDistance {
    Geodesy.length(of: path.coordinates)
}

/// The area of a closed path, in square metres.
public func GMSGeometryArea(_ path: GMSPath) -> Double {
    abs(Geodesy.signedArea(of: path.coordinates))
}

/// The signed area of a closed path: positive when its points run counter-clockwise.
public func GMSGeometrySignedArea(_ path: GMSPath) -> Double {
    Geodesy.signedArea(of: path.coordinates)
}

/// The initial heading from one coordinate to another, in [0, 360); 0 when they are equal.
public func GMSGeometryHeading(_ from: CLLocationCoordinate2D, _ to: CLLocationCoordinate2D) -> CLLocationDirection {
    Geodesy.heading(from: from, to: to)
}

/// The coordinate `distance` metres from `from` along `heading`.
public func GMSGeometryOffset(_ from: CLLocationCoordinate2D, _ distance: CLLocationDistance, _ heading: CLLocationDirection) -> CLLocationCoordinate2D {
    Geodesy.offset(from: from, distance: distance, heading: heading)
}

/// The coordinate at `fraction` of the shortest path from `from` to `to`.
public func GMSGeometryInterpolate(_ from: CLLocationCoordinate2D, _ to: CLLocationCoordinate2D, _ fraction: Double) -> CLLocationCoordinate2D {
    Geodesy.interpolate(from: from, to: to, fraction: fraction)
}

/// Whether a point is inside a closed path (a vertex counts as inside).
public func GMSGeometryContainsLocation(_ point: CLLocationCoordinate2D, _ path: GMSPath, _ geodesic: Bool) -> Bool {
    Geodesy.contains(point, in: path.coordinates, geodesic: geodesic)
}

/// Whether a point lies within `tolerance` metres of a path.
public func GMSGeometryIsLocationOnPathTolerance(
    _ point: CLLocationCoordinate2D, _ path: GMSPath, _ geodesic: Bool, _ tolerance: CLLocationDistance
) -> Bool {
    if geodesic { return Geodesy.isLocation(point, onPath: path.coordinates, tolerance: tolerance) }
    return isLocation(point, onProjectedPath: path.coordinates, tolerance: tolerance)
}

/// Whether a point lies within `tolerance` metres of a path whose segments are straight on the
/// map (rhumb lines): the nearest point of each projected segment, measured on the ground.
private func isLocation(_ point: CLLocationCoordinate2D, onProjectedPath path: [CLLocationCoordinate2D], tolerance: CLLocationDistance) -> Bool {
    guard point.isValid, tolerance.isFinite || tolerance == .infinity, tolerance >= 0 else { return false }
    let p = WebMercator.project(point)
    if path.count == 1, let only = path.first { return Geodesy.distance(from: point, to: only) <= tolerance }
    for (a, b) in zip(path, path.dropFirst()) {
        // The segment the short way round, then each world copy of it near the point.
        let qa = WebMercator.project(a)
        var qb = WebMercator.project(b)
        if qb.x - qa.x > 0.5 { qb.x -= 1 } else if qb.x - qa.x < -0.5 { qb.x += 1 }
        let dx = qb.x - qa.x, dy = qb.y - qa.y, length = dx * dx + dy * dy
        for shift in [-1.0, 0, 1] {
            let sx = qa.x + shift
            let t = length > 0 ? min(max(((p.x - sx) * dx + (p.y - qa.y) * dy) / length, 0), 1) : 0
            let nearest = WebMercator.unproject(MercatorPoint(x: sx + dx * t, y: qa.y + dy * t))
            if Geodesy.distance(from: point, to: nearest) <= tolerance { return true }
        }
    }
    return false
}

/// Whether a point lies within 0.1 m of a path.
public func GMSGeometryIsLocationOnPath(_ point: CLLocationCoordinate2D, _ path: GMSPath, _ geodesic: Bool) -> Bool {
    GMSGeometryIsLocationOnPathTolerance(point, path, geodesic, 0.1)
}

/// A point on the projected map: x in [-1, 1] grows east, y grows north, (0, 0) is the
/// centre of the map (latitude 0, longitude 0).
public struct GMSMapPoint: Sendable, Hashable {
    public var x: Double
    public var y: Double

    public init(x: Double, y: Double) { (self.x, self.y) = (x, y) }

    /// The map's centre, (0, 0), as an imported C struct's empty initializer.
    public init() { (x, y) = (0, 0) }
}

/// One metre along the equator in map-point units (the world is 2 wide).
public let kGMSEquatorProjectedMeter: Double = 1 / (Double.pi * kGMSEarthRadius)

/// Projects a coordinate onto the map.
public func GMSProject(_ coordinate: CLLocationCoordinate2D) -> GMSMapPoint {
    let p = WebMercator.project(coordinate)
    return GMSMapPoint(x: p.x * 2 - 1, y: 1 - p.y * 2)
}

/// The coordinate of a map point (x in [-1, 1]).
public func GMSUnproject(_ point: GMSMapPoint) -> CLLocationCoordinate2D {
    let c = WebMercator.unproject(MercatorPoint(x: (point.x + 1) / 2, y: (1 - point.y) / 2))
    return CLLocationCoordinate2D(latitude: c.latitude, longitude: CameraLimits.wrapLongitude(c.longitude))
}

/// The point at `t` of the straight projected line from `a` to `b`, the short way round.
public func GMSMapPointInterpolate(_ a: GMSMapPoint, _ b: GMSMapPoint, _ t: Double) -> GMSMapPoint {
    var dx = b.x - a.x
    if dx > 1 { dx -= 2 } else if dx < -1 { dx += 2 }
    var x = a.x + dx * t
    if x > 1 { x -= 2 } else if x < -1 { x += 2 }
    return GMSMapPoint(x: x, y: a.y + (b.y - a.y) * t)
}

/// The projected length of the short line between two map points.
public func GMSMapPointDistance(_ a: GMSMapPoint, _ b: GMSMapPoint) -> Double {
    var dx = abs(b.x - a.x)
    if dx > 1 { dx = 2 - dx }
    return hypot(dx, b.y - a.y)
}

extension GMSPath {
    /// The path's length, measured as `kind` says (projected lengths in map-point units).
    public func length(of kind: GMSLengthKind) -> CLLocationDistance {
        segmentLengths(kind).reduce(0, +)
    }

    /// How many segments from the start `length` covers, fractions included (0 for a length of
    /// 0 or less or NaN; every segment for a length past the end).
    public func segments(forLength length: CLLocationDistance, kind: GMSLengthKind) -> Double {
        guard length.isFinite || length == .infinity, length > 0 else { return 0 }
        var remaining = length, segments = 0.0
        for segment in segmentLengths(kind) {
            if remaining < segment { return segments + (segment > 0 ? remaining / segment : 0) }
            remaining -= segment
            segments += 1
        }
        return segments
    }

    /// The length of each segment, measured as `kind` says.
    func segmentLengths(_ kind: GMSLengthKind) -> [Double] {
        zip(coordinates, coordinates.dropFirst()).map { a, b in
            switch kind {
            case .geodesic: Geodesy.distance(from: a, to: b)
            case .rhumb: Geodesy.rhumbDistance(from: a, to: b)
            case .projected: GMSMapPointDistance(GMSProject(a), GMSProject(b))
            }
        }
    }
}
