import Foundation
import OpenMaps

extension ScreenHost {
    /// Taps a point of the screen: a finger down 0.1 s from now, up 50 ms later, then `wait`
    /// seconds more of frames (a tap recognizer waiting on a double tap has its answer
    /// after about 0.35 s; taps closer than that make a double tap).
    public func tap(at point: CGPoint, id: Int = 1, wait: TimeInterval = 0.1) {
        let start = time + 0.1
        send(MapTouch(id: id, phase: .began, location: point, timestamp: start))
        send(MapTouch(id: id, phase: .ended, location: point, timestamp: start + 0.05))
        advance(by: wait)
    }

    /// Taps a view at a point of its own (its centre when nil); see `tap(at:id:wait:)`.
    public func tap(_ view: UIView, at local: CGPoint? = nil, id: Int = 1, wait: TimeInterval = 0.1) {
        rootView.layoutIfNeeded()
        let point = local ?? CGPoint(x: view.bounds.midX, y: view.bounds.midY)
        tap(at: view.convert(point, to: rootView), id: id, wait: wait)
    }

    /// Drags a finger from one point to another in `duration` seconds, a move a frame, then
    /// lifts it; `hold` seconds of stillness before the lift stop a flick.
    public func drag(from start: CGPoint, to end: CGPoint, duration: TimeInterval = 0.3, hold: TimeInterval = 0, id: Int = 1) {
        let began = time + 0.05
        let steps = max(2, Int((duration.isFinite ? max(duration, 0) : 0) * 60))
        send(MapTouch(id: id, phase: .began, location: start, timestamp: began))
        for step in 1...steps {
            let fraction = Double(step) / Double(steps)
            let point = CGPoint(x: start.x + (end.x - start.x) * fraction, y: start.y + (end.y - start.y) * fraction)
            send(MapTouch(id: id, phase: .moved, location: point, timestamp: began + duration * fraction))
        }
        let lift = began + duration + (hold.isFinite ? max(hold, 0) : 0)
        send(MapTouch(id: id, phase: .ended, location: end, timestamp: lift))
    }

    /// Pinches with two fingers 100 points apart about a point of the screen, spreading them
    /// to `scale` times that distance (closing when under 1) in `duration` seconds, then
    /// lifting them.
    public func pinch(about centre: CGPoint, scale: CGFloat, duration: TimeInterval = 0.3, ids: (Int, Int) = (1, 2)) {
        let end = 50 * (scale.isFinite && scale > 0 ? scale : 1)
        let began = time + 0.05
        let steps = max(2, Int((duration.isFinite ? max(duration, 0) : 0) * 60))
        func fingers(_ half: CGFloat) -> (CGPoint, CGPoint) {
            (CGPoint(x: centre.x - half, y: centre.y), CGPoint(x: centre.x + half, y: centre.y))
        }
        let start = fingers(50)
        send(MapTouch(id: ids.0, phase: .began, location: start.0, timestamp: began))
        send(MapTouch(id: ids.1, phase: .began, location: start.1, timestamp: began))
        for step in 1...steps {
            let fraction = CGFloat(step) / CGFloat(steps)
            let now = fingers(50 + (end - 50) * fraction)
            let at = began + duration * Double(fraction)
            send(MapTouch(id: ids.0, phase: .moved, location: now.0, timestamp: at))
            send(MapTouch(id: ids.1, phase: .moved, location: now.1, timestamp: at))
        }
        let last = fingers(end)
        send(MapTouch(id: ids.0, phase: .ended, location: last.0, timestamp: began + duration + 0.01))
        send(MapTouch(id: ids.1, phase: .ended, location: last.1, timestamp: began + duration + 0.01))
    }
}
