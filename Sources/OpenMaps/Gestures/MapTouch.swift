import Foundation

/// One finger's state at a moment, as a host delivers it to a map.
public struct MapTouch: Sendable, Hashable {
    /// Where a finger is in its life.
    public enum Phase: String, Sendable {
        case began, moved, ended, cancelled
    }

    /// Identifies the finger from `began` to `ended` or `cancelled`.
    public var id: Int
    public var phase: Phase
    /// The finger's point in the map view, in points.
    public var location: CGPoint
    /// Seconds on the map's clock.
    public var timestamp: TimeInterval

    public init(id: Int, phase: Phase, location: CGPoint, timestamp: TimeInterval) {
        self.id = id
        self.phase = phase
        self.location = location
        self.timestamp = timestamp
    }
}

/// UIKit's gesture thresholds (decisions.md rule 24).
enum GestureThresholds {
    /// Movement under this many points is still a tap or long press.
    static let tapSlop: CGFloat = 10
    /// How long a finger holds still for a long press.
    static let longPressDuration: TimeInterval = 0.5
    /// How soon a second tap must come for a double tap.
    static let doubleTapWindow: TimeInterval = 0.3
    /// How far apart the two taps of a double tap may be.
    static let doubleTapDistance: CGFloat = 40
    /// The most fingers tracked at once; more are ignored.
    static let maximumTouches = 10
}
