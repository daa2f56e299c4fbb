import Foundation
import MapGeometry

/// The state of a one-finger pan: the ground point held under the finger, and recent
/// finger positions for the release velocity.
struct PanState {
    private var anchor: MercatorPoint?
    private let startPoint: CGPoint
    private var samples: [(time: TimeInterval, point: CGPoint)] = []

    init(anchor startPoint: CGPoint) {
        self.startPoint = startPoint
    }

    /// Moves the camera so the ground first touched stays under the finger.
    @MainActor
    mutating func move(to point: CGPoint, at time: TimeInterval, on camera: CameraController) {
        let ground = anchor ?? camera.viewport.mercator(for: startPoint.x, startPoint.y)
        anchor = ground
        camera.place(ground, at: point)
        samples.append((time, point))
        samples.removeAll { time - $0.time > GestureThresholds.velocityWindow }
    }

    /// The finger's velocity at release in points per second, or nil when it rested before
    /// lifting or moved too slowly for a fling (rule 19).
    func releaseVelocity(at time: TimeInterval) -> CGVector? {
        guard let last = samples.last, time - last.time <= GestureThresholds.restInterval,
            let first = samples.first(where: { time - $0.time <= GestureThresholds.velocityWindow }), last.time > first.time
        else { return nil }
        let dt = last.time - first.time
        let velocity = CGVector(dx: (last.point.x - first.point.x) / dt, dy: (last.point.y - first.point.y) / dt)
        return hypot(velocity.dx, velocity.dy) >= GestureThresholds.minimumFlingSpeed ? velocity : nil
    }
}

/// Where two fingers started, and the camera then.
struct TwoFingerStart {
    let first: CGPoint
    let second: CGPoint
    let ids: (Int, Int)
    let camera: GMSCameraPosition
    let time: TimeInterval

    init(fingers: [Int: TouchRecognizer.Finger], camera: GMSCameraPosition, time: TimeInterval) {
        let sorted = fingers.sorted { $0.key < $1.key }
        ids = (sorted[0].key, sorted[1].key)
        first = sorted[0].value.location
        second = sorted[1].value.location
        self.camera = camera
        self.time = time
    }

    var distance: CGFloat { hypot(second.x - first.x, second.y - first.y) }
    var angle: CGFloat { atan2(second.y - first.y, second.x - first.x) }
    var centre: CGPoint { CGPoint(x: (first.x + second.x) / 2, y: (first.y + second.y) / 2) }
}

extension GestureThresholds {
    /// Finger positions this recent set the release velocity.
    static let velocityWindow: TimeInterval = 0.1
    /// A finger still this long before lifting has rested: no fling.
    static let restInterval: TimeInterval = 0.05
    /// A finger that has not reported for this long counts as still.
    static let stillInterval: TimeInterval = 0.05
    /// Slower releases do not fling.
    static let minimumFlingSpeed: CGFloat = 100
    /// Relative change of the fingers' distance that starts a pinch.
    static let pinchThreshold: CGFloat = 0.05
    /// Turn of the fingers (degrees) that starts a rotation.
    static let rotationThreshold: CGFloat = 10
    /// Degrees of viewing angle per point the two fingers move vertically.
    static let tiltDegreesPerPoint: Double = 0.25
}

extension TouchRecognizer {
    // MARK: Two fingers

    private func locations(_ start: TwoFingerStart) -> (CGPoint, CGPoint)? {
        guard let a = fingers[start.ids.0], let b = fingers[start.ids.1] else { return nil }
        return (a.location, b.location)
    }

    private func turn(_ start: TwoFingerStart, _ a: CGPoint, _ b: CGPoint) -> CGFloat {
        var delta = atan2(b.y - a.y, b.x - a.x) - start.angle
        while delta > .pi { delta -= 2 * .pi }
        while delta < -.pi { delta += 2 * .pi }
        return delta * 180 / .pi
    }

    /// Decides what two moving fingers do: tilt (moving up or down together, side by side),
    /// or pinch (spreading, closing, turning or moving together).
    func decideTwoFingerGesture(_ start: TwoFingerStart) {
        guard let (a, b) = locations(start), start.distance > 1 else { return }
        // Fingers report one at a time: decide when both have reported for the same moment
        // (or one has stayed still for a while), once one has moved past the slop.
        guard let f1 = fingers[start.ids.0], let f2 = fingers[start.ids.1] else { return }
        let m1 = hypot(a.x - start.first.x, a.y - start.first.y), m2 = hypot(b.x - start.second.x, b.y - start.second.y)
        let inStep = abs(f1.time - f2.time) < 1e-6 || abs(f1.time - f2.time) > GestureThresholds.stillInterval
        guard inStep, max(m1, m2) >= GestureThresholds.tapSlop else { return }
                let ratio = hypot(b.x - a.x, b.y - a.y) / start.distance
        let turned = abs(turn(start, a, b))
        let dy1 = a.y - start.first.y, dy2 = b.y - start.second.y
        let sideBySide = abs(start.second.y - start.first.y) < abs(start.second.x - start.first.x)
        let together = dy1 * dy2 > 0 && abs(dy1) >= GestureThresholds.tapSlop && abs(dy2) >= GestureThresholds.tapSlop
        if together && sideBySide && abs(ratio - 1) < 0.1 && turned < GestureThresholds.rotationThreshold {
            guard settings.tiltGestures else { return press = .ignored }
            press = .tilting(start)
            camera.beginGesture()
            applyTilt(start)
            return
        }
        let centre = CGPoint(x: (a.x + b.x) / 2, y: (a.y + b.y) / 2)
        let centreMoved = hypot(centre.x - start.centre.x, centre.y - start.centre.y) >= GestureThresholds.tapSlop
        let pinching = settings.zoomGestures && abs(ratio - 1) > GestureThresholds.pinchThreshold
        let rotating = settings.rotateGestures && turned > GestureThresholds.rotationThreshold
        let scrolling = settings.scrollGestures && settings.allowScrollGesturesDuringRotateOrZoom && centreMoved
        guard pinching || rotating || scrolling else { return }
        camera.beginGesture()
        press = .pinching(start, rotating: applyPinch(start, rotating: rotating))
    }

    /// Zooms by log2 of the fingers' distance ratio and turns with them (past the threshold)
    /// about their centre (rule 20); returns whether rotation has started.
    func applyPinch(_ start: TwoFingerStart, rotating wasRotating: Bool) -> Bool {
        guard let (a, b) = locations(start), start.distance > 1 else { return wasRotating }
                let ratio = max(hypot(b.x - a.x, b.y - a.y), 1) / start.distance
        let turned = turn(start, a, b)
        let rotating = wasRotating || (settings.rotateGestures && abs(turned) > GestureThresholds.rotationThreshold)
        let zoom = settings.zoomGestures ? start.camera.zoom + Float(log2(ratio)) : start.camera.zoom
        let bearing = rotating ? start.camera.bearing - turned : start.camera.bearing
        let centre = CGPoint(x: (a.x + b.x) / 2, y: (a.y + b.y) / 2)
        let follow = settings.scrollGestures && settings.allowScrollGesturesDuringRotateOrZoom
        var startViewport = camera.viewport
        startViewport.target = start.camera.target
        startViewport.zoom = Double(start.camera.zoom)
        startViewport.bearing = start.camera.bearing
        startViewport.tilt = start.camera.viewingAngle
        let ground = startViewport.mercator(for: start.centre.x, start.centre.y)
        let clampedZoom = zoom.clamped(to: camera.zoomRange)
        camera.setDuringMotion(
            CameraMath.placing(
                ground, at: follow ? centre : start.centre, zoom: clampedZoom, bearing: bearing,
                tilt: start.camera.viewingAngle, viewport: startViewport))
        return rotating
    }

    /// Changes the viewing angle as both fingers move up (more tilt) or down (rule 20).
    func applyTilt(_ start: TwoFingerStart) {
        guard let (a, b) = locations(start) else { return }
        let rise = -((a.y - start.first.y) + (b.y - start.second.y)) / 2
        let from = start.camera
        camera.setDuringMotion(
            GMSCameraPosition(
                target: from.target, zoom: from.zoom, bearing: from.bearing,
                viewingAngle: from.viewingAngle + rise * GestureThresholds.tiltDegreesPerPoint))
    }
}

extension CameraMath {
    /// The camera with a zoom, bearing and tilt that shows the ground point `ground` at the
    /// view point `point` (exact without tilt; converged to 1e-9 points under tilt).
    static func placing(
        _ ground: MercatorPoint, at point: CGPoint, zoom: Float, bearing: Double, tilt: Double, viewport: Viewport
    ) -> GMSCameraPosition {
        var v = viewport
        v.zoom = Double(GMSCameraPosition.clampZoom(zoom))
        v.bearing = bearing
        v.tilt = tilt
        var target = ground
        for _ in 0..<6 {
            v.target = WebMercator.unproject(MercatorPoint(x: target.x, y: min(max(target.y, 0), 1)))
            let shown = v.point(forMercator: ground)
            if abs(shown.x - point.x) < 1e-9 && abs(shown.y - point.y) < 1e-9 { break }
            let under = v.mercator(for: point.x, point.y)
            let at = v.mercator(for: shown.x, shown.y)
            target = MercatorPoint(x: target.x + (at.x - under.x), y: target.y + (at.y - under.y))
        }
        return GMSCameraPosition(
            target: WebMercator.unproject(MercatorPoint(x: target.x, y: min(max(target.y, 0), 1))), zoom: zoom, bearing: bearing,
            viewingAngle: tilt)
    }
}
