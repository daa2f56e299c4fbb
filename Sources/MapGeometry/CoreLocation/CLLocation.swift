import Foundation

/// A location fix: a coordinate with accuracy, altitude, course, speed and time
/// (the parts of CoreLocation's `CLLocation` that the SDK uses).
public final class CLLocation: Sendable, CustomStringConvertible {
    /// Where the fix is.
    public let coordinate: CLLocationCoordinate2D
    /// Metres above sea level.
    public let altitude: CLLocationDistance
    /// The radius of uncertainty of `coordinate` in metres; negative when invalid.
    public let horizontalAccuracy: CLLocationAccuracy
    /// The uncertainty of `altitude` in metres; negative when invalid.
    public let verticalAccuracy: CLLocationAccuracy
    /// Direction of travel in degrees from true north; negative when unknown.
    public let course: CLLocationDirection
    /// Speed in metres per second; negative when unknown.
    public let speed: CLLocationSpeed
    /// When the fix was taken.
    public let timestamp: Date

    /// A fix at a latitude and longitude, now, with no altitude or motion.
    public convenience init(latitude: CLLocationDegrees, longitude: CLLocationDegrees) {
        self.init(
            coordinate: CLLocationCoordinate2D(latitude: latitude, longitude: longitude),
            altitude: 0, horizontalAccuracy: 0, verticalAccuracy: -1, timestamp: Date())
    }

    /// A fix with position, altitude and accuracies.
    public convenience init(
        coordinate: CLLocationCoordinate2D, altitude: CLLocationDistance,
        horizontalAccuracy: CLLocationAccuracy, verticalAccuracy: CLLocationAccuracy, timestamp: Date
    ) {
        self.init(
            coordinate: coordinate, altitude: altitude, horizontalAccuracy: horizontalAccuracy,
            verticalAccuracy: verticalAccuracy, course: -1, speed: -1, timestamp: timestamp)
    }

    /// A fix with every value given.
    public init(
        coordinate: CLLocationCoordinate2D, altitude: CLLocationDistance,
        horizontalAccuracy: CLLocationAccuracy, verticalAccuracy: CLLocationAccuracy,
        course: CLLocationDirection, speed: CLLocationSpeed, timestamp: Date
    ) {
        self.coordinate = coordinate
        self.altitude = altitude
        self.horizontalAccuracy = horizontalAccuracy
        self.verticalAccuracy = verticalAccuracy
        self.course = course
        self.speed = speed
        self.timestamp = timestamp
    }

    /// The great-circle distance in metres to another location.
    public func distance(from location: CLLocation) -> CLLocationDistance {
        Geodesy.distance(from: coordinate, to: location.coordinate)
    }

    public var description: String {
        "<\(coordinate.latitude),\(coordinate.longitude)> +/- \(horizontalAccuracy)m"
    }
}
