import Foundation

/// The latest sample of a value that changes continuously (a pinch's scale, a rotation), for
/// its rate of change.
struct RateSampler {
    private var last: (time: TimeInterval, value: CGFloat)?

    /// Records a value at a time; returns its rate of change since the last sample, per
    /// second, once time has moved.
    mutating func record(_ value: CGFloat, at time: TimeInterval) -> CGFloat? {
        defer { last = (time, value) }
        guard let last, time > last.time else { return nil }
        return (value - last.value) / CGFloat(time - last.time)
    }

    mutating func reset() { last = nil }
}

extension UIGestureRecognizer {
    /// Ends a two-finger gesture once fewer than two fingers are left: `.ended` when it began,
    /// `.failed` when it never did.
    func endTwoFingerGesture(lifting touches: Set<UITouch>) {
        guard numberOfTouches - touches.count < 2 else { return }
        switch state {
        case .possible: state = .failed
        case .began, .changed: state = .ended
        default: break
        }
    }
}
