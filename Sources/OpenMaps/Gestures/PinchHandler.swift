import Foundation
import MapGeometry

/// Pinch zoom and rotation about the fingers' centre: zoom changes by log2 of the fingers'
/// distance ratio; the map turns with the fingers once they have turned past 10° (rule 20).
@MainActor
final class PinchHandler: CameraGestureHandler, GestureHandler {
    /// Whether panning goes on with the fingers' centre.
    private var follows: Bool { settings.scrollGestures && settings.allowScrollGesturesDuringRotateOrZoom }

    var isEnabled: Bool { settings.zoomGestures || settings.rotateGestures || follows }

    /// Whether two fingers at `a` and `b` pinch, turn or move together enough to start;
    /// when they do, the gesture takes the camera and the first step is applied. Returns
    /// whether rotation has started, or nil when the gesture has not begun.
    func begin(_ start: TwoFingerStart, _ a: CGPoint, _ b: CGPoint) -> Bool? {
        let ratio = start.ratio(a, b)
        let turned = abs(start.turn(a, b))
        let centre = CGPoint(x: (a.x + b.x) / 2, y: (a.y + b.y) / 2)
        let centreMoved = hypot(centre.x - start.centre.x, centre.y - start.centre.y) >= GestureThresholds.tapSlop
        let pinching = settings.zoomGestures && abs(ratio - 1) > GestureThresholds.pinchThreshold
        let rotating = settings.rotateGestures && turned > GestureThresholds.rotationThreshold
        guard pinching || rotating || (follows && centreMoved) else { return nil }
        camera.beginGesture()
        return apply(start, a, b, rotating: rotating)
    }

    /// Moves the camera for fingers at `a` and `b`; returns whether rotation has started.
    func apply(_ start: TwoFingerStart, _ a: CGPoint, _ b: CGPoint, rotating wasRotating: Bool) -> Bool {
        guard start.distance > 1 else { return wasRotating }
        let ratio = max(hypot(b.x - a.x, b.y - a.y), 1) / start.distance
        let turned = start.turn(a, b)
        let rotating = wasRotating || (settings.rotateGestures && abs(turned) > GestureThresholds.rotationThreshold)
        let zoom = settings.zoomGestures ? start.camera.zoom + Float(log2(ratio)) : start.camera.zoom
        let bearing = rotating ? start.camera.bearing - turned : start.camera.bearing
        let centre = CGPoint(x: (a.x + b.x) / 2, y: (a.y + b.y) / 2)
        var startViewport = camera.viewport
        startViewport.target = start.camera.target
        startViewport.zoom = Double(start.camera.zoom)
        startViewport.bearing = start.camera.bearing
        startViewport.tilt = start.camera.viewingAngle
        let ground = startViewport.mercator(for: start.centre.x, start.centre.y)
        camera.setDuringMotion(
            CameraMath.placing(
                ground, at: follows ? centre : start.centre, zoom: zoom.clamped(to: camera.zoomRange), bearing: bearing,
                tilt: start.camera.viewingAngle, viewport: startViewport))
        return rotating
    }
}
