import Foundation

/// A map's clock: seconds since hosting began, moved only by its host (``GMSMapViewHost``),
/// so the same input gives the same output on every run. Camera animations, gestures,
/// marker glides and view animations all read it.
@MainActor
final class MapClock {
    /// The time now.
    var now: TimeInterval = 0
}
