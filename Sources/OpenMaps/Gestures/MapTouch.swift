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
