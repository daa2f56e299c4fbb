import Foundation

/// Great-circle computations on a sphere of the Earth's mean radius, as the Maps SDK's
/// `GMSGeometry*` functions define them.
public enum Geodesy {
    /// The Earth's mean radius in metres used by every spherical computation here.
    public static let earthRadius: Double = 6_371_009

    /// The great-circle distance in metres between two coordinates (haversine).
    public static func distance(from a: CLLocationCoordinate2D, to b: CLLocationCoordinate2D) -> Double {
        let lat1 = a.latitude * .pi / 180, lat2 = b.latitude * .pi / 180
        let dLat = lat2 - lat1
        let dLon = (b.longitude - a.longitude) * .pi / 180
        let h = sin(dLat / 2) * sin(dLat / 2) + cos(lat1) * cos(lat2) * sin(dLon / 2) * sin(dLon / 2)
        return 2 * earthRadius * asin(min(1, sqrt(h)))
    }
}
