import Foundation
import MapGeometry

/// A latitude/longitude rectangle, which may cross the antimeridian (then
/// `northEast.longitude < southWest.longitude`). Immutable.
public final class GMSCoordinateBounds: NSObject {
    /// The north-east corner.
    public let northEast: CLLocationCoordinate2D
    /// The south-west corner.
    public let southWest: CLLocationCoordinate2D
    /// Whether the bounds contain any point.
    public let isValid: Bool

    /// Empty, invalid bounds.
    public override init() {
        northEast = kCLLocationCoordinate2DInvalid
        southWest = kCLLocationCoordinate2DInvalid
        isValid = false
        super.init()
    }

    init(north: Double, east: Double, south: Double, west: Double) {
        northEast = CLLocationCoordinate2D(latitude: north, longitude: east)
        southWest = CLLocationCoordinate2D(latitude: south, longitude: west)
        isValid = true
        super.init()
    }

    /// The smaller box with these two corners; invalid if a coordinate is.
    public convenience init(coordinate coord1: CLLocationCoordinate2D, coordinate coord2: CLLocationCoordinate2D) {
        self.init()
        guard coord1.isValid, coord2.isValid else { return }
        let bounds = GMSCoordinateBounds().includingCoordinate(coord1).includingCoordinate(coord2)
        self.init(copying: bounds)
    }

    /// Bounds around every coordinate of a path.
    public convenience init(path: GMSPath) {
        self.init(copying: GMSCoordinateBounds().includingPath(path))
    }

    /// Bounds around a visible region's four corners.
    public convenience init(region: GMSVisibleRegion) {
        let bounds = [region.nearLeft, region.nearRight, region.farLeft, region.farRight]
            .reduce(GMSCoordinateBounds()) { $0.includingCoordinate($1) }
        self.init(copying: bounds)
    }

    private convenience init(copying other: GMSCoordinateBounds) {
        if other.isValid {
            self.init(north: other.northEast.latitude, east: other.northEast.longitude, south: other.southWest.latitude, west: other.southWest.longitude)
        } else {
            self.init()
        }
    }

    private var longitudeSpan: Double {
        let span = northEast.longitude - southWest.longitude
        return span >= 0 ? span : span + 360
    }

    private func containsLongitude(_ longitude: Double) -> Bool {
        if southWest.longitude <= northEast.longitude {
            return longitude >= southWest.longitude && longitude <= northEast.longitude
        }
        return longitude >= southWest.longitude || longitude <= northEast.longitude
    }

    /// These bounds grown to contain a coordinate, the smaller way round.
    public func includingCoordinate(_ coordinate: CLLocationCoordinate2D) -> GMSCoordinateBounds {
        guard coordinate.isValid else { return self }
        let longitude = CameraLimits.wrapLongitude(coordinate.longitude)
        guard isValid else {
            return GMSCoordinateBounds(north: coordinate.latitude, east: longitude, south: coordinate.latitude, west: longitude)
        }
        let north = max(northEast.latitude, coordinate.latitude), south = min(southWest.latitude, coordinate.latitude)
        if containsLongitude(longitude) {
            return GMSCoordinateBounds(north: north, east: northEast.longitude, south: south, west: southWest.longitude)
        }
        let eastward = (longitude - northEast.longitude + 360).truncatingRemainder(dividingBy: 360)
        let westward = (southWest.longitude - longitude + 360).truncatingRemainder(dividingBy: 360)
        if eastward <= westward {
            return GMSCoordinateBounds(north: north, east: longitude, south: south, west: southWest.longitude)
        }
        return GMSCoordinateBounds(north: north, east: northEast.longitude, south: south, west: longitude)
    }

    /// These bounds grown to contain other bounds.
    public func includingBounds(_ other: GMSCoordinateBounds) -> GMSCoordinateBounds {
        guard other.isValid else { return self }
        guard isValid else { return other }
        let north = max(northEast.latitude, other.northEast.latitude), south = min(southWest.latitude, other.southWest.latitude)
        // Grow to include both longitude ranges, choosing the smaller union.
        let widened = includingCoordinate(CLLocationCoordinate2D(latitude: north, longitude: other.southWest.longitude))
            .includingCoordinate(CLLocationCoordinate2D(latitude: south, longitude: other.northEast.longitude))
        if widened.longitudeSpan + 1e-9 < other.longitudeSpan || (other.longitudeSpan >= 360 - 1e-9) {
            return GMSCoordinateBounds(north: north, east: 180, south: south, west: -180)
        }
        return widened
    }

    /// These bounds grown to contain every coordinate of a path.
    public func includingPath(_ path: GMSPath) -> GMSCoordinateBounds {
        path.coordinates.reduce(self) { $0.includingCoordinate($1) }
    }

    /// Whether a coordinate is inside or on the edge.
    public func contains(_ coordinate: CLLocationCoordinate2D) -> Bool {
        guard isValid, coordinate.isValid else { return false }
        return coordinate.latitude >= southWest.latitude && coordinate.latitude <= northEast.latitude
            && containsLongitude(CameraLimits.wrapLongitude(coordinate.longitude))
    }

    /// Whether the two bounds share at least one point.
    public func intersects(_ other: GMSCoordinateBounds) -> Bool {
        guard isValid, other.isValid else { return false }
        guard southWest.latitude <= other.northEast.latitude, other.southWest.latitude <= northEast.latitude else { return false }
        return containsLongitude(other.southWest.longitude) || containsLongitude(other.northEast.longitude)
            || other.containsLongitude(southWest.longitude)
    }

    /// The centre in projected space, and the size as fractions of the world.
    var mercatorBox: (center: MercatorPoint, width: Double, height: Double) {
        let top = WebMercator.project(northEast).y, bottom = WebMercator.project(southWest).y
        let west = (southWest.longitude + 180) / 360
        let width = longitudeSpan / 360
        return (MercatorPoint(x: west + width / 2, y: (top + bottom) / 2), width, bottom - top)
    }

    public override var description: String { isValid ? "GMSCoordinateBounds(\(southWest) – \(northEast))" : "GMSCoordinateBounds(invalid)" }
}
