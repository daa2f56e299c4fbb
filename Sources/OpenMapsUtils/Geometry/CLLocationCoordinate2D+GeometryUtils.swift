import Foundation
import OpenMaps

/// Spherical geometry between coordinates, as the library's extension: a sphere of radius
/// `kGMSEarthRadius`, great circles.
extension CLLocationCoordinate2D {
    /// The great-circle distance to another coordinate, in metres.
    public func distance(to: CLLocationCoordinate2D) -> CLLocationDistance {
        GMSGeometryDistance(self, to)
    }

    /// The initial heading of the great circle to another coordinate, in degrees clockwise
    /// from north in [0, 360). (The library types it `CLLocationDistance`; so does this.)
    public func heading(to: CLLocationCoordinate2D) -> CLLocationDistance {
        GMSGeometryHeading(self, to)
    }

    /// The coordinate `distance` metres away along the great circle leaving at `heading`
    /// degrees clockwise from north; its longitude in [-180, 180).
    public func offset(distance: CLLocationDistance, heading: CLLocationDistance) -> CLLocationCoordinate2D {
        GMSGeometryOffset(self, distance, heading)
    }

    /// The coordinate at `fraction` of the great circle to another (0 is this one, 1 the
    /// other; outside 0...1 it extrapolates along the circle).
    public func interpolate(to: CLLocationCoordinate2D, fraction: Double) -> CLLocationCoordinate2D {
        GMSGeometryInterpolate(self, to, fraction)
    }
}
