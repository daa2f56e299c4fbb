import Foundation

/// Two-finger tilt: fingers side by side moving up together tilt the camera more, down
/// less (rule 20).
@MainActor
final class TiltHandler: CameraGestureHandler, GestureHandler {
    var isEnabled: Bool { settings.tiltGestures }

    /// Whether fingers at `a` and `b` make a tilt: side by side, moving up or down together,
    /// neither spreading nor turning.
    func recognises(_ start: TwoFingerStart, _ a: CGPoint, _ b: CGPoint) -> Bool {
        let dy1 = a.y - start.first.y, dy2 = b.y - start.second.y
        let sideBySide = abs(start.second.y - start.first.y) < abs(start.second.x - start.first.x)
        let together = dy1 * dy2 > 0 && abs(dy1) >= GestureThresholds.tapSlop && abs(dy2) >= GestureThresholds.tapSlop
        return together && sideBySide && abs(start.ratio(a, b) - 1) < 0.1 && abs(start.turn(a, b)) < GestureThresholds.rotationThreshold
    }

    /// The tilt takes the camera.
    func begin(_ start: TwoFingerStart, _ a: CGPoint, _ b: CGPoint) {
        camera.beginGesture()
        apply(start, a, b)
    }

    /// Changes the viewing angle as both fingers move up (more tilt) or down.
    func apply(_ start: TwoFingerStart, _ a: CGPoint, _ b: CGPoint) {
        let rise = -((a.y - start.first.y) + (b.y - start.second.y)) / 2
        let from = start.camera
        camera.setDuringMotion(
            GMSCameraPosition(
                target: from.target, zoom: from.zoom, bearing: from.bearing,
                viewingAngle: from.viewingAngle + rise * GestureThresholds.tiltDegreesPerPoint))
    }
}
