import Foundation

/// Recognizes a press held in place, as UIKit's `UILongPressGestureRecognizer`: continuous,
/// `.began` once `numberOfTouchesRequired` fingers stayed within `allowableMovement` for
/// `minimumPressDuration`, `.changed` as they move, `.ended` when they lift.
@preconcurrency @MainActor
open class UILongPressGestureRecognizer: UIGestureRecognizer {
    /// How long the fingers must stay down (0.5 s).
    open var minimumPressDuration: TimeInterval = GestureThresholds.longPressDuration
    /// How far the fingers may move before the press begins (10 points).
    open var allowableMovement: CGFloat = GestureThresholds.tapSlop
    /// Fingers needed (1).
    open var numberOfTouchesRequired = 1
    /// Taps before the press (0). Kept: taps before a press are not counted here, so a press
    /// begins with any value.
    open var numberOfTapsRequired = 0

    private var starts: [ObjectIdentifier: CGPoint] = [:]
    private var beganAt: TimeInterval?

    open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        for touch in touches { starts[ObjectIdentifier(touch)] = touch.location(in: nil) }
        if starts.count > numberOfTouchesRequired, state == .possible { state = .failed }
        if starts.count == numberOfTouchesRequired, beganAt == nil { beganAt = event.timestamp }
    }

    open override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {
        switch state {
        case .possible:
            for touch in touches {
                guard let start = starts[ObjectIdentifier(touch)] else { continue }
                let point = touch.location(in: nil)
                if hypot(point.x - start.x, point.y - start.y) > allowableMovement { state = .failed }
            }
        case .began, .changed:
            state = .changed
        default:
            break
        }
    }

    open override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {
        switch state {
        case .possible: state = .failed
        case .began, .changed: state = .ended
        default: break
        }
    }

    open override func clockDidAdvance(to time: TimeInterval) {
        guard state == .possible, let beganAt, time - beganAt >= minimumPressDuration, numberOfTouches >= numberOfTouchesRequired
        else { return }
        state = .began
    }

    /// When the press will begin, if its fingers stay (the dispatcher's timer).
    var pendingBeginTime: TimeInterval? {
        guard state == .possible, let beganAt else { return nil }
        return beganAt + minimumPressDuration
    }

    open override func reset() {
        starts.removeAll()
        beganAt = nil
    }
}
