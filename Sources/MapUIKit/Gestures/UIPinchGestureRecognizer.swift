import Foundation

/// Recognizes two fingers pinching, as UIKit's `UIPinchGestureRecognizer`: continuous,
/// `.began` once the distance between them changed by 5%, with `scale` the distance over
/// the distance when they went down.
@preconcurrency @MainActor
open class UIPinchGestureRecognizer: UIGestureRecognizer {
    /// The distance between the fingers over their distance at the start. Apps that apply it
    /// as they go set it back to 1; it then counts from the fingers' distance at that moment.
    open var scale: CGFloat {
        get { storedScale }
        set {
            guard newValue.isFinite, newValue > 0 else { return }
            storedScale = newValue
            if let distance, distance > 0 { reference = distance / newValue }
        }
    }

    private var storedScale: CGFloat = 1
    private var reference: CGFloat?
    /// The scale's change a second.
    open private(set) var velocity: CGFloat = 0

    private var startDistance: CGFloat?
    private var samples = RateSampler()

    private var distance: CGFloat? {
        guard trackedTouches.count >= 2 else { return nil }
        let a = trackedTouches[0].location(in: nil), b = trackedTouches[1].location(in: nil)
        return hypot(a.x - b.x, a.y - b.y)
    }

    open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        if numberOfTouches > 2, state == .possible { state = .failed }
        if let distance, distance > 0, startDistance == nil { startDistance = distance }
    }

    open override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {
        guard let startDistance, let distance else { return }
        switch state {
        case .possible:
            if abs(distance / startDistance - 1) >= 0.05 {
                reference = startDistance
                storedScale = distance / startDistance
                _ = samples.record(storedScale, at: event.timestamp)
                state = .began
            }
        case .began, .changed:
            let next = distance / (reference ?? startDistance)
            if let rate = samples.record(next, at: event.timestamp) { velocity = rate }
            storedScale = next
            state = .changed
        default:
            break
        }
    }

    open override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {
        endTwoFingerGesture(lifting: touches)
    }

    open override func reset() {
        startDistance = nil
        reference = nil
        storedScale = 1
        velocity = 0
        samples.reset()
    }
}
