import Foundation
import OpenMaps

/// The library's geometry on polygons: their outer path (holes are not counted), with the
/// polygon's own `geodesic`.
extension GMSPolygon {
    /// Whether a coordinate is inside the polygon's path; false without a path.
    public func contains(coordinate: CLLocationCoordinate2D) -> Bool {
        path?.contains(coordinate: coordinate, geodesic: geodesic) ?? false
    }

    /// The area of the polygon's path on a sphere of a radius; nil without a path.
    public func area(radius: CLLocationDistance = kGMSEarthRadius) -> Double? {
        path?.area(radius: radius)
    }

    /// The signed area of the polygon's path (positive counter-clockwise); nil without a
    /// path.
    public func signedArea(radius: CLLocationDistance = kGMSEarthRadius) -> Double? {
        path?.signedArea(radius: radius)
    }
}

/// The library's geometry on polylines.
extension GMSPolyline {
    /// Whether a coordinate is within `tolerance` metres of the line, with its own
    /// `geodesic`; false without a path.
    public func isOnPolyline(coordinate: CLLocationCoordinate2D, tolerance: Double = GMSPath.defaultToleranceInMeters) -> Bool {
        path?.isOnPath(coordinate: coordinate, geodesic: geodesic, tolerance: tolerance) ?? false
    }
}
