import Foundation

/// Long presses and marker drags: a finger held still for 0.5 s presses the info window, a
/// draggable marker (which then follows the finger) or the map (rule 13).
@MainActor
final class LongPressHandler: GestureHandler {
    private let taps: TapPolicy

    init(taps: TapPolicy) {
        self.taps = taps
    }

    var isEnabled: Bool { true }

    /// Whether a finger has held still long enough.
    func isDue(_ finger: Finger, now: TimeInterval) -> Bool {
        !finger.moved && now - finger.startTime >= GestureThresholds.longPressDuration
    }

    /// The press lands; returns the drag that starts, if any.
    func fire(at point: CGPoint) -> (marker: GMSMarker, offset: CGSize)? {
        taps.longPress(at: point)
    }

    /// The dragged marker follows the finger, keeping its offset from it.
    func drag(_ marker: GMSMarker, offset: CGSize, finger: CGPoint) {
        taps.markerDragged(marker, to: CGPoint(x: finger.x + offset.width, y: finger.y + offset.height))
    }

    func endDrag(_ marker: GMSMarker) {
        taps.markerDragEnded(marker)
    }
}
