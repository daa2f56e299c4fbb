import Foundation

/// A point in normalised Web Mercator space: x grows east from 0 at longitude -180 to 1 at
/// +180, y grows south from 0 at latitude ~85.05 to 1 at ~-85.05.
public struct MercatorPoint: Sendable, Hashable {
    public var x: Double
    public var y: Double

    public init(x: Double, y: Double) { (self.x, self.y) = (x, y) }
}

/// The spherical Web Mercator projection (EPSG:3857) used by the map and its tiles.
public enum WebMercator {
    /// The latitude where the square world ends, in degrees.
    public static let maxLatitude: Double = 85.05112877980659

    /// Projects a coordinate; latitude is clamped to the projection's range.
    public static func project(_ coordinate: CLLocationCoordinate2D) -> MercatorPoint {
        let latitude = min(max(coordinate.latitude, -maxLatitude), maxLatitude) * .pi / 180
        let x = (coordinate.longitude + 180) / 360
        let y = (1 - log(tan(latitude) + 1 / cos(latitude)) / .pi) / 2
        return MercatorPoint(x: x, y: y)
    }

    /// The coordinate of a projected point; x outside 0...1 gives longitudes outside ±180.
    public static func unproject(_ point: MercatorPoint) -> CLLocationCoordinate2D {
        let longitude = point.x * 360 - 180
        let n = Double.pi * (1 - 2 * point.y)
        let latitude = atan(sinh(n)) * 180 / .pi
        return CLLocationCoordinate2D(latitude: latitude, longitude: longitude)
    }

    /// The radius of the sphere Web Mercator projects (WGS 84 semi-major axis), in metres.
    public static let earthRadius: Double = 6_378_137

    /// The size of the world in points at a zoom level (256 points at zoom 0).
    public static func worldSize(atZoom zoom: Double) -> Double {
        256 * pow(2, zoom)
    }
}
