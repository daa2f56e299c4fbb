import Foundation
import OpenMaps

extension ScreenHost {
    /// Taps a point of the screen: a finger down 0.1 s from now, up 50 ms later, then 0.1 s
    /// more of frames (so a tap recognizer waiting on a double tap has its answer later).
    public func tap(at point: CGPoint, id: Int = 1) {
        let start = time + 0.1
        send(MapTouch(id: id, phase: .began, location: point, timestamp: start))
        send(MapTouch(id: id, phase: .ended, location: point, timestamp: start + 0.05))
        advance(by: 0.1)
    }

    /// Taps a view at a point of its own (its centre when nil).
    public func tap(_ view: UIView, at local: CGPoint? = nil, id: Int = 1) {
        rootView.layoutIfNeeded()
        let point = local ?? CGPoint(x: view.bounds.midX, y: view.bounds.midY)
        tap(at: view.convert(point, to: rootView), id: id)
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
}
