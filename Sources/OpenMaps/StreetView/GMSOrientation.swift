import Foundation
import MapGeometry

/// A direction to look in from a panorama: a heading and a pitch, in degrees.
///
/// A plain value with read-only fields, as Swift imports the SDK's C struct; it is neither
/// `Equatable` nor `Hashable`, and its values are kept as given (a ``GMSPanoramaCamera``
/// wraps and clamps them).
public struct GMSOrientation: Sendable {
    /// The horizontal angle in degrees, clockwise from true north.
    public let heading: CLLocationDirection
    /// The vertical angle in degrees from the horizon, -90...90; positive looks up.
    public let pitch: Double

    /// Heading 0 (north) and pitch 0 (the horizon).
    public init() {
        self.init(heading: 0, pitch: 0)
    }

    /// An orientation from a heading and a pitch in degrees.
    public init(heading: CLLocationDirection, pitch: Double) {
        self.heading = heading
        self.pitch = pitch
    }
}

/// An orientation from a heading and a pitch in degrees (the SDK's C helper).
public func GMSOrientationMake(_ heading: CLLocationDirection, _ pitch: Double) -> GMSOrientation {
    GMSOrientation(heading: heading, pitch: pitch)
}
