import Foundation

/// The two-finger tap: both fingers down and up quickly without moving zooms out by 1 about
/// their centre (rule 18).
@MainActor
final class TwoFingerTapHandler: CameraGestureHandler, GestureHandler {
    var isEnabled: Bool { settings.zoomGestures }

    /// Whether a two-finger touch that began at `start` and ended at `time` was quick enough.
    func isQuick(_ start: TwoFingerStart, endedAt time: TimeInterval) -> Bool {
        time - start.time < GestureThresholds.longPressDuration
    }

    func tapped(at centre: CGPoint) {
        guard isEnabled else { return }
        camera.zoom(by: -1, about: centre)
    }
}
