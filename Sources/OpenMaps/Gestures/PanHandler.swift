import Foundation
import MapGeometry

/// One-finger pans: the ground first touched stays under the finger; released while moving,
/// the map flings on and slows down, as part of the gesture (rule 19).
@MainActor
final class PanHandler: CameraGestureHandler, GestureHandler {
    var isEnabled: Bool { settings.scrollGestures }

    /// A finger moved past the slop: the pan takes the camera.
    func begin(_ finger: Finger) -> PanState {
        var pan = PanState(anchor: finger.start)
        camera.beginGesture()
        pan.move(to: finger.location, at: finger.time, on: camera)
        return pan
    }

    func move(_ pan: inout PanState, _ finger: Finger) {
        pan.move(to: finger.location, at: finger.time, on: camera)
    }

    /// The finger lifts: a fling if it was moving fast enough, else the pan ends there.
    func end(_ pan: PanState, at location: CGPoint, time: TimeInterval, cancelled: Bool) {
        if !cancelled, let velocity = pan.releaseVelocity(at: time) {
            camera.startFling(velocity: velocity, at: time, from: location)
        } else {
            camera.endGesture()
        }
    }
}

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
