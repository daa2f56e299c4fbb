import Foundation

/// Recognizes taps, as UIKit's `UITapGestureRecognizer`: `numberOfTapsRequired` taps of
/// `numberOfTouchesRequired` fingers, each lifted within 10 points of where it went down,
/// each tap starting within 0.35 s of the last one's end. Discrete: `.ended` when the last
/// tap lifts.
@preconcurrency @MainActor
open class UITapGestureRecognizer: UIGestureRecognizer {
    /// Taps needed (1).
    open var numberOfTapsRequired = 1
    /// Fingers needed in each tap (1).
    open var numberOfTouchesRequired = 1

    /// How far a finger may move and still tap (``GestureThresholds/tapSlop``).
    nonisolated static let allowableMovement = GestureThresholds.tapSlop
    /// The longest pause between taps of one gesture (``GestureThresholds/multiTapInterval``).
    nonisolated static let maximumTapInterval = GestureThresholds.multiTapInterval

    private var taps = 0
    private var starts: [ObjectIdentifier: CGPoint] = [:]
    private var fingersDown = 0
    private var deadline: TimeInterval?

    open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        fingersDown += touches.count
        deadline = nil
        for touch in touches { starts[ObjectIdentifier(touch)] = touch.location(in: nil) }
        if fingersDown > numberOfTouchesRequired { state = .failed }
    }

    open override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {
        for touch in touches {
            guard let start = starts[ObjectIdentifier(touch)] else { continue }
            let point = touch.location(in: nil)
            if hypot(point.x - start.x, point.y - start.y) > Self.allowableMovement { state = .failed }
        }
    }

    open override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {
        touchesMoved(touches, with: event)
        guard state == .possible else { return }
        let wasDown = fingersDown
        fingersDown = max(0, fingersDown - touches.count)
        guard fingersDown == 0 else { return }
        guard wasDown >= numberOfTouchesRequired || starts.count >= numberOfTouchesRequired else {
            state = .failed
            return
        }
        starts.removeAll()
        taps += 1
        if taps >= numberOfTapsRequired {
            state = .ended
        } else {
            deadline = event.timestamp + Self.maximumTapInterval
        }
    }

    open override func clockDidAdvance(to time: TimeInterval) {
        if let deadline, time > deadline, state == .possible {
            self.deadline = nil
            state = .failed
        }
    }

    /// Whether the recognizer waits between taps (a multi-tap in progress).
    var isBetweenTaps: Bool { deadline != nil }

    override var isAwaitingMoreTouches: Bool { isBetweenTaps }

    open override func reset() {
        taps = 0
        starts.removeAll()
        fingersDown = 0
        deadline = nil
    }
}
