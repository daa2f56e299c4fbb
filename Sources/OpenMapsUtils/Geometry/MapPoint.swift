import Foundation
import OpenMaps

/// A point of the map in projected space, as the library's `MapPoint`: x is the longitude
/// over 180 in [-1, 1] (east increasing), y the Mercator y scaled the same way (north
/// increasing); (0, 0) is latitude and longitude 0. As in the library its numbers are not
/// public: a point comes from `CLLocationCoordinate2D.mapPoint`.
public struct MapPoint {
    var x: Double
    var y: Double
}

extension CLLocationCoordinate2D {
    /// The coordinate projected onto the map.
    public var mapPoint: MapPoint {
        let point = GMSProject(self)
        return MapPoint(x: point.x, y: point.y)
    }
}

extension MapPoint {
    /// The coordinate of the point.
    public var location: CLLocationCoordinate2D { GMSUnproject(GMSMapPoint(x: x, y: y)) }

    /// The projected length of the short segment to another point (across the
    /// antimeridian when that is shorter).
    public func distance(to: MapPoint) -> Double {
        GMSMapPointDistance(GMSMapPoint(x: x, y: y), GMSMapPoint(x: to.x, y: to.y))
    }

    /// The point at `fraction` of the short projected segment from one point to another
    /// (0 is `from`, 1 is `to`), crossing the antimeridian when that is shorter, as the
    /// library documents it. (The library's code goes the long way round between points
    /// on the same side; see docs/utils.md.)
    public static func interpolate(from: MapPoint, to: MapPoint, fraction: Double) -> MapPoint {
        let point = GMSMapPointInterpolate(GMSMapPoint(x: from.x, y: from.y), GMSMapPoint(x: to.x, y: to.y), fraction)
        return MapPoint(x: point.x, y: point.y)
    }
}
