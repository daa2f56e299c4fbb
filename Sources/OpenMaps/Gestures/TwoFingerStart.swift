import Foundation
import MapGeometry

/// Where two fingers started, and the camera then: what pinches, rotations and tilts are
/// measured from.
struct TwoFingerStart {
    let first: CGPoint
    let second: CGPoint
    let ids: (Int, Int)
    let camera: GMSCameraPosition
    let time: TimeInterval

    /// Two fingers, ordered by id; nil unless there are exactly two.
    init?(fingers: [Int: Finger], camera: GMSCameraPosition, time: TimeInterval) {
        let sorted = fingers.sorted { $0.key < $1.key }
        guard sorted.count == 2 else { return nil }
        ids = (sorted[0].key, sorted[1].key)
        first = sorted[0].value.location
        second = sorted[1].value.location
        self.camera = camera
        self.time = time
    }

    var distance: CGFloat { hypot(second.x - first.x, second.y - first.y) }
    var angle: CGFloat { atan2(second.y - first.y, second.x - first.x) }
    var centre: CGPoint { CGPoint(x: (first.x + second.x) / 2, y: (first.y + second.y) / 2) }

    /// How far the fingers at `a` and `b` have turned since the start, in degrees
    /// (clockwise positive).
    func turn(_ a: CGPoint, _ b: CGPoint) -> CGFloat {
        var delta = atan2(b.y - a.y, b.x - a.x) - angle
        while delta > .pi { delta -= 2 * .pi }
        while delta < -.pi { delta += 2 * .pi }
        return delta * 180 / .pi
    }

    /// The fingers' distance now over their distance at the start.
    func ratio(_ a: CGPoint, _ b: CGPoint) -> CGFloat {
        hypot(b.x - a.x, b.y - a.y) / distance
    }
}

/// The two-finger tap: both fingers down and up quickly without moving zooms out by 1 about
/// their centre (rule 18).
@MainActor
final class TwoFingerTapHandler: GestureHandler {
    private let camera: CameraController
    private let settings: GMSUISettings

    init(camera: CameraController, settings: GMSUISettings) {
        self.camera = camera
        self.settings = settings
    }

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

/// Pinch zoom and rotation about the fingers' centre: zoom changes by log2 of the fingers'
/// distance ratio; the map turns with the fingers once they have turned past 10° (rule 20).
@MainActor
final class PinchHandler: GestureHandler {
    private let camera: CameraController
    private let settings: GMSUISettings

    init(camera: CameraController, settings: GMSUISettings) {
        self.camera = camera
        self.settings = settings
    }

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

/// Two-finger tilt: fingers side by side moving up together tilt the camera more, down
/// less (rule 20).
@MainActor
final class TiltHandler: GestureHandler {
    private let camera: CameraController
    private let settings: GMSUISettings

    init(camera: CameraController, settings: GMSUISettings) {
        self.camera = camera
        self.settings = settings
    }

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
