import Foundation

/// A location fix: a coordinate with accuracy, altitude, course, speed, floor and time, as
/// CoreLocation's `CLLocation` (an immutable `NSObject`).
public final class CLLocation: NSObject, NSCopying, Sendable {
    /// Where the fix is.
    public let coordinate: CLLocationCoordinate2D
    /// Metres above sea level.
    public let altitude: CLLocationDistance
    /// Metres above the WGS 84 ellipsoid (here the same as `altitude`: no geoid model).
    public let ellipsoidalAltitude: CLLocationDistance
    /// The radius of uncertainty of `coordinate` in metres; negative when invalid.
    public let horizontalAccuracy: CLLocationAccuracy
    /// The uncertainty of `altitude` in metres; negative when invalid.
    public let verticalAccuracy: CLLocationAccuracy
    /// Direction of travel in degrees from true north; negative when unknown.
    public let course: CLLocationDirection
    /// The uncertainty of `course` in degrees; negative when invalid.
    public let courseAccuracy: CLLocationDirectionAccuracy
    /// Speed in metres per second; negative when unknown.
    public let speed: CLLocationSpeed
    /// The uncertainty of `speed` in metres per second; negative when invalid.
    public let speedAccuracy: CLLocationSpeedAccuracy
    /// The floor of a building the fix is on, when known.
    public let floor: CLFloor?
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

    /// A fix with position, altitude, accuracies, course and speed.
    public convenience init(
        coordinate: CLLocationCoordinate2D, altitude: CLLocationDistance,
        horizontalAccuracy: CLLocationAccuracy, verticalAccuracy: CLLocationAccuracy,
        course: CLLocationDirection, speed: CLLocationSpeed, timestamp: Date
    ) {
        self.init(
            coordinate: coordinate, altitude: altitude, horizontalAccuracy: horizontalAccuracy,
            verticalAccuracy: verticalAccuracy, course: course, courseAccuracy: -1, speed: speed, speedAccuracy: -1,
            timestamp: timestamp)
    }

    /// A fix with every value given.
    public init(
        coordinate: CLLocationCoordinate2D, altitude: CLLocationDistance,
        horizontalAccuracy: CLLocationAccuracy, verticalAccuracy: CLLocationAccuracy,
        course: CLLocationDirection, courseAccuracy: CLLocationDirectionAccuracy,
        speed: CLLocationSpeed, speedAccuracy: CLLocationSpeedAccuracy, timestamp: Date
    ) {
        self.coordinate = coordinate
        self.altitude = altitude
        ellipsoidalAltitude = altitude
        self.horizontalAccuracy = horizontalAccuracy
        self.verticalAccuracy = verticalAccuracy
        self.course = course
        self.courseAccuracy = courseAccuracy
        self.speed = speed
        self.speedAccuracy = speedAccuracy
        floor = nil
        self.timestamp = timestamp
        super.init()
    }

    /// The great-circle distance in metres to another location.
    public func distance(from location: CLLocation) -> CLLocationDistance {
        Geodesy.distance(from: coordinate, to: location.coordinate)
    }

    /// The fix itself: it is immutable.
    public func copy(with zone: NSZone? = nil) -> Any { self }

    public override var description: String {
        "<\(coordinate.latitude),\(coordinate.longitude)> +/- \(horizontalAccuracy)m"
    }
}

/// The floor of a building, as CoreLocation's `CLFloor`.
public final class CLFloor: NSObject, Sendable {
    /// The floor's number: 0 the ground floor, negative below it.
    public let level: Int

    /// A floor (CoreLocation makes these; OpenMaps' own initializer, for simulated fixes).
    public init(level: Int) {
        self.level = level
        super.init()
    }
}

/// The uncertainty of a course in degrees.
public typealias CLLocationDirectionAccuracy = Double
/// The uncertainty of a speed in metres per second.
public typealias CLLocationSpeedAccuracy = Double
