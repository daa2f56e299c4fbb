import Foundation

/// Recognizes two fingers turning, as UIKit's `UIRotationGestureRecognizer`: continuous,
/// `.began` once the line between the fingers turned by 0.1 radians, with `rotation` the
/// turn since they went down, in radians (clockwise positive, as on screen).
@preconcurrency @MainActor
open class UIRotationGestureRecognizer: UIGestureRecognizer {
    /// How far the fingers turned, in radians. Apps that apply it as they go set it back to
    /// 0; it then counts from the fingers' angle at that moment.
    open var rotation: CGFloat {
        get { storedRotation }
        set {
            guard newValue.isFinite else { return }
            storedRotation = newValue
            if let angle { reference = angle - newValue }
        }
    }
    /// The turn's speed, in radians a second.
    open private(set) var velocity: CGFloat = 0

    /// How far the fingers turn before the gesture begins.
    nonisolated static let threshold: CGFloat = 0.1

    private var storedRotation: CGFloat = 0
    private var reference: CGFloat?
    private var startAngle: CGFloat?
    private var samples = RateSampler()

    private var angle: CGFloat? {
        guard trackedTouches.count >= 2 else { return nil }
        let a = trackedTouches[0].location(in: nil), b = trackedTouches[1].location(in: nil)
        guard a != b else { return nil }
        return atan2(b.y - a.y, b.x - a.x)
    }

    /// The turn from a reference angle, in -π ... π.
    private func turn(from reference: CGFloat, to angle: CGFloat) -> CGFloat {
        var delta = angle - reference
        while delta > .pi { delta -= 2 * .pi }
        while delta < -.pi { delta += 2 * .pi }
        return delta
    }

    open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        if numberOfTouches > 2, state == .possible { state = .failed }
        if let angle, startAngle == nil { startAngle = angle }
    }

    open override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {
        guard let startAngle, let angle else { return }
        switch state {
        case .possible:
            let turned = turn(from: startAngle, to: angle)
            if abs(turned) >= Self.threshold {
                reference = startAngle
                storedRotation = turned
                _ = samples.record(turned, at: event.timestamp)
                state = .began
            }
        case .began, .changed:
            // Follow whole turns: the rotation keeps counting past ±π.
            let next = storedRotation + turn(from: (reference ?? startAngle) + storedRotation, to: angle)
            if let rate = samples.record(next, at: event.timestamp) { velocity = rate }
            storedRotation = next
            state = .changed
        default:
            break
        }
    }

    open override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {
        endTwoFingerGesture(lifting: touches)
    }

    open override func reset() {
        startAngle = nil
        reference = nil
        storedRotation = 0
        velocity = 0
        samples.reset()
    }
}
