import Foundation
import MapGeometry

/// The sphere radius of every `GMSGeometry` function, in metres.
public let kGMSEarthRadius: Double = Geodesy.earthRadius

/// How a path's length is measured.
public enum GMSLengthKind: Int, Sendable {
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
    Geodesy.isLocation(point, onPath: path.coordinates, tolerance: tolerance)
}

/// Whether a point lies within 0.1 m of a path.
public func GMSGeometryIsLocationOnPath(_ point: CLLocationCoordinate2D, _ path: GMSPath, _ geodesic: Bool) -> Bool {
    GMSGeometryIsLocationOnPathTolerance(point, path, geodesic, 0.1)
}
