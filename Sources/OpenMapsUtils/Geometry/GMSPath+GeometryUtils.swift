import Foundation
import OpenMaps

/// Area, containment and on-path tests of paths, as the library's extension.
extension GMSPath {
    /// The tolerance `isOnPath` uses unless given: 0.1 m.
    public static let defaultToleranceInMeters = 0.1

    /// The area of the closed path on a sphere of a radius, in square metres.
    public func area(radius: CLLocationDistance = kGMSEarthRadius) -> Double {
        abs(signedArea(radius: radius))
    }

    /// The signed area of the closed path on a sphere of a radius: positive when the path
    /// runs counter-clockwise; 0 for fewer than three coordinates.
    public func signedArea(radius: CLLocationDistance = kGMSEarthRadius) -> Double {
        guard count() > 2, radius.isFinite else { return 0 }
        return GMSGeometrySignedArea(self) / (kGMSEarthRadius * kGMSEarthRadius) * radius * radius
    }

    /// Whether a coordinate is inside the closed path (the side without the South Pole);
    /// edges are great circles when `geodesic`, else rhumb lines.
    public func contains(coordinate: CLLocationCoordinate2D, geodesic: Bool) -> Bool {
        GMSGeometryContainsLocation(coordinate, self, geodesic)
    }

    /// Whether a coordinate is within `tolerance` metres of the (open) path; its segments
    /// are great circles when `geodesic`, else rhumb lines.
    public func isOnPath(
        coordinate: CLLocationCoordinate2D, geodesic: Bool, tolerance: Double = GMSPath.defaultToleranceInMeters
    ) -> Bool {
        GMSGeometryIsLocationOnPathTolerance(coordinate, self, geodesic, tolerance)
    }

    /// Style spans repeating `styles` over lengths along the path (`lengthKind` measures),
    /// starting `offset` into the pattern, as `GMSStyleSpansOffset`.
    public func styleSpans(
        styles: [GMSStrokeStyle], lengths: [Double], lengthKind: GMSLengthKind, offset: Double = 0
    ) -> [GMSStyleSpan] {
        GMSStyleSpansOffset(self, styles, lengths.map { NSNumber(value: $0) }, lengthKind, offset)
    }
}

extension Sequence where Element == CLLocationCoordinate2D {
    /// A mutable path of the coordinates, in order.
    public var gmsMutablePath: GMSMutablePath {
        let path = GMSMutablePath()
        for coordinate in self { path.add(coordinate) }
        return path
    }
}
