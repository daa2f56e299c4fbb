import Foundation

/// Recognizes a drag, as UIKit's `UIPanGestureRecognizer`: continuous, `.began` once the
/// fingers moved 10 points, `.changed` as they move, `.ended` when the last lifts.
@preconcurrency @MainActor
open class UIPanGestureRecognizer: UIGestureRecognizer {
    /// The fewest fingers that pan (1).
    open var minimumNumberOfTouches = 1
    /// The most fingers that pan (no limit).
    open var maximumNumberOfTouches = Int.max

    /// How far the fingers move before the pan begins.
    nonisolated static let hysteresis: CGFloat = 10

    private var start: CGPoint?
    private var offset = CGPoint.zero
    private var samples: [(time: TimeInterval, point: CGPoint)] = []

    /// How far the fingers moved since the pan began, in a view's coordinates (offsets are
    /// the same in every view without a transform).
    open func translation(in view: UIView?) -> CGPoint {
        guard let start else { return .zero }
        let now = location(in: nil)
        return CGPoint(x: now.x - start.x + offset.x, y: now.y - start.y + offset.y)
    }

    /// Sets the translation so far (apps reset it to zero after applying it).
    open func setTranslation(_ translation: CGPoint, in view: UIView?) {
        guard start != nil else { return }
        start = location(in: nil)
        offset = translation
    }

    /// The fingers' speed in points a second over the last 0.1 s.
    open func velocity(in view: UIView?) -> CGPoint {
        guard let last = samples.last, let first = samples.first(where: { last.time - $0.time <= 0.1 }), last.time > first.time else {
            return .zero
        }
        let seconds = last.time - first.time
        return CGPoint(x: (last.point.x - first.point.x) / seconds, y: (last.point.y - first.point.y) / seconds)
    }

    open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        if numberOfTouches > maximumNumberOfTouches, state == .possible { state = .failed }
        if state == .possible { start = location(in: nil) }
        record(event.timestamp)
    }

    open override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {
        record(event.timestamp)
        switch state {
        case .possible:
            guard let start, numberOfTouches >= minimumNumberOfTouches else { return }
            let now = location(in: nil)
            if hypot(now.x - start.x, now.y - start.y) >= Self.hysteresis {
                // UIKit's translation counts from where the fingers went down.
                state = .began
            }
        case .began, .changed:
            state = .changed
        default:
            break
        }
    }

    open override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {
        record(event.timestamp)
        guard numberOfTouches - touches.count <= 0 || numberOfTouches - touches.count < minimumNumberOfTouches else { return }
        switch state {
        case .possible: state = .failed
        case .began, .changed: state = .ended
        default: break
        }
    }

    private func record(_ time: TimeInterval) {
        samples.append((time, location(in: nil)))
        samples.removeAll { time - $0.time > 0.2 }
    }

    open override func reset() {
        start = nil
        offset = .zero
        samples.removeAll()
    }
}
