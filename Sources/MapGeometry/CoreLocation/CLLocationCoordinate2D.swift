/// A latitude or longitude in degrees (CoreLocation's name).
public typealias CLLocationDegrees = Double
/// A distance in metres (CoreLocation's name).
public typealias CLLocationDistance = Double
/// A direction in degrees clockwise from true north (CoreLocation's name).
public typealias CLLocationDirection = Double
/// A speed in metres per second (CoreLocation's name).
public typealias CLLocationSpeed = Double
/// An accuracy radius in metres; negative means invalid (CoreLocation's name).
public typealias CLLocationAccuracy = Double

/// A geographic coordinate on the WGS 84 ellipsoid, with CoreLocation's name and layout.
public struct CLLocationCoordinate2D: Sendable, Hashable, CustomStringConvertible {
    /// Degrees north of the equator, -90...90 when valid.
    public var latitude: CLLocationDegrees
    /// Degrees east of Greenwich, -180...180 when valid.
    public var longitude: CLLocationDegrees

    /// The coordinate (0, 0), as CoreLocation's zero initialiser gives.
    public init() {
        latitude = 0
        longitude = 0
    }

    /// A coordinate from a latitude and a longitude in degrees.
    public init(latitude: CLLocationDegrees, longitude: CLLocationDegrees) {
        self.latitude = latitude
        self.longitude = longitude
    }

    /// Whether both values are finite and within the valid ranges.
    public var isValid: Bool { CLLocationCoordinate2DIsValid(self) }

    public var description: String { "(\(latitude), \(longitude))" }
}

/// Whether a coordinate has a finite latitude in -90...90 and longitude in -180...180.
public func CLLocationCoordinate2DIsValid(_ coordinate: CLLocationCoordinate2D) -> Bool {
    coordinate.latitude.isFinite && coordinate.longitude.isFinite
        && (-90...90).contains(coordinate.latitude) && (-180...180).contains(coordinate.longitude)
}

/// Makes a coordinate, as CoreLocation's C function does.
public func CLLocationCoordinate2DMake(
    _ latitude: CLLocationDegrees, _ longitude: CLLocationDegrees
) -> CLLocationCoordinate2D {
    CLLocationCoordinate2D(latitude: latitude, longitude: longitude)
}

/// CoreLocation's invalid coordinate marker (-180, -180).
public let kCLLocationCoordinate2DInvalid = CLLocationCoordinate2D(latitude: -180, longitude: -180)
