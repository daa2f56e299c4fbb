import Foundation

/// Recognizes a gesture in the touches of a view and its subviews, as UIKit's
/// `UIGestureRecognizer`: its state runs `.possible` → `.began` → `.changed` → `.ended` for
/// continuous gestures (pans, pinches, long presses), `.possible` → `.ended` for discrete ones
/// (taps), or to `.failed` / `.cancelled`.
///
/// Handlers are closures (``init(handler:)``, ``addHandler(_:)``): Swift on Linux has no
/// Objective-C selectors, so UIKit's `init(target:action:)` cannot exist here. This is an
/// OpenMaps addition; each handler runs on every state change a target-action pair would see.
@preconcurrency @MainActor
open class UIGestureRecognizer: NSObject {
    /// Where a recognizer is in its life.
    public enum State: Int, Sendable {
        case possible, began, changed, ended, cancelled, failed
        /// A discrete gesture was recognized (the same as `.ended`).
        public static let recognized = State.ended
    }

    /// The state; setting it (subclasses do) runs the handlers where UIKit sends actions.
    open var state: State = .possible {
        didSet { stateDidChange(from: oldValue) }
    }

    /// The view the recognizer is attached to.
    public internal(set) weak var view: UIView?
    /// Whether the recognizer takes touches (true). Turning it off mid-gesture cancels it.
    open var isEnabled = true {
        didSet {
            if !isEnabled, state == .began || state == .changed { state = .cancelled }
        }
    }
    /// Whether the view stops getting the touches (`touchesCancelled`) once the gesture is
    /// recognized (true).
    open var cancelsTouchesInView = true
    /// Whether the view gets touches only once the gesture failed (false).
    open var delaysTouchesBegan = false
    /// Whether the view's `touchesEnded` waits until the gesture failed (true; kept for
    /// compatibility: ends are delivered at once here).
    open var delaysTouchesEnded = true
    /// A name for debugging.
    open var name: String?
    /// The delegate that can stop or share the gesture.
    open weak var delegate: UIGestureRecognizerDelegate?

    private final var handlers: [@MainActor (UIGestureRecognizer) -> Void] = []
    /// Recognizers that must fail before this one may recognize.
    var failureRequirements: [WeakRecognizer] = []
    /// The touches the recognizer is tracking, by touch.
    private(set) var trackedTouches: [UITouch] = []

    /// A recognizer with no handler yet.
    public override init() {
        super.init()
    }

    /// A recognizer whose handler runs on each state change UIKit sends actions for
    /// (OpenMaps addition; see the type's notes).
    public convenience init(handler: @escaping @MainActor (UIGestureRecognizer) -> Void) {
        self.init()
        handlers.append(handler)
    }

    /// Adds a handler (OpenMaps addition: the closure form of `addTarget(_:action:)`).
    public final func addHandler(_ handler: @escaping @MainActor (UIGestureRecognizer) -> Void) {
        handlers.append(handler)
    }

    /// Removes every handler (OpenMaps addition: `removeTarget(nil, action: nil)`).
    public final func removeAllHandlers() {
        handlers.removeAll()
    }

    /// Makes this recognizer wait for another to fail before it recognizes.
    public func require(toFail otherGestureRecognizer: UIGestureRecognizer) {
        failureRequirements.append(WeakRecognizer(otherGestureRecognizer))
    }

    /// The number of touches the recognizer tracks.
    open var numberOfTouches: Int { trackedTouches.count }

    /// The centroid of the tracked touches in a view's coordinates (the window's when nil).
    open func location(in view: UIView?) -> CGPoint {
        guard !trackedTouches.isEmpty else { return lastLocation.map { self.view?.convert($0, to: view) ?? $0 } ?? .zero }
        var x: CGFloat = 0, y: CGFloat = 0
        for touch in trackedTouches {
            let point = touch.location(in: view)
            x += point.x
            y += point.y
        }
        let count = CGFloat(trackedTouches.count)
        return CGPoint(x: x / count, y: y / count)
    }

    /// The location of one tracked touch in a view's coordinates.
    open func location(ofTouch touchIndex: Int, in view: UIView?) -> CGPoint {
        guard trackedTouches.indices.contains(touchIndex) else { return .zero }
        return trackedTouches[touchIndex].location(in: view)
    }

    /// The last centroid, in the attached view's coordinates, for `location(in:)` after lift.
    private var lastLocation: CGPoint?

    // MARK: For subclasses

    /// Fingers touched down in the view or its subviews.
    open func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {}
    /// Tracked fingers moved.
    open func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {}
    /// Tracked fingers lifted.
    open func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {}
    /// Tracked touches were cancelled.
    open func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent) {
        if state == .began || state == .changed { state = .cancelled } else if state == .possible { state = .failed }
    }
    /// Called when the recognizer goes back to `.possible` after a gesture; clear state here.
    open func reset() {}
    /// Stops tracking a touch.
    open func ignore(_ touch: UITouch, for event: UIEvent) {
        trackedTouches.removeAll { $0 === touch }
    }

    /// Time passed on the host's clock (OpenMaps: recognizers with timers, such as long
    /// presses and multi-taps, act here).
    open func clockDidAdvance(to time: TimeInterval) {}

    // MARK: Dispatch (the touch dispatcher's side)

    func track(_ touches: Set<UITouch>) {
        for touch in touches where !trackedTouches.contains(where: { $0 === touch }) { trackedTouches.append(touch) }
    }

    func untrack(_ touches: Set<UITouch>) {
        if let view { lastLocation = location(in: view) }
        trackedTouches.removeAll { touch in touches.contains { $0 === touch } }
    }

    /// Whether the recognizer has finished with its gesture (recognized, failed or cancelled).
    var isFinished: Bool { state == .ended || state == .failed || state == .cancelled }

    /// Whether the recognizer claims the touches (it began or recognized).
    var hasRecognized: Bool { state == .began || state == .changed || state == .ended }

    /// Whether recognizers it must wait for are still deciding.
    var isWaitingForFailures: Bool {
        failureRequirements.contains { $0.recognizer?.isDeciding == true }
    }

    /// Whether the recognizer may still recognize: possible, with touches or waiting for more
    /// (a multi-tap between taps).
    var isDeciding: Bool {
        state == .possible && (!trackedTouches.isEmpty || isAwaitingMoreTouches)
    }

    /// Whether the recognizer waits for more touches to finish its gesture (subclasses).
    var isAwaitingMoreTouches: Bool { false }

    /// Whether any recognizer it must wait for has recognized.
    var aRequiredFailureRecognized: Bool {
        failureRequirements.contains { $0.recognizer?.hasRecognized == true }
    }

    /// Back to `.possible` once the gesture is over and its touches are gone.
    func resetIfFinished() {
        guard isFinished, trackedTouches.isEmpty else { return }
        resetting = true
        state = .possible
        resetting = false
        deferredState = nil
        reset()
    }

    private var resetting = false

    /// A recognition held back until the recognizers this one requires to fail have failed.
    private(set) var deferredState: State?

    /// Recognizes now with the held-back state, or fails when a required recognizer won.
    func settleDeferral() {
        guard let deferred = deferredState, !isWaitingForFailures else { return }
        deferredState = nil
        state = aRequiredFailureRecognized ? .failed : deferred
    }

    private func stateDidChange(from oldValue: State) {
        // `.changed` again is news (a pan moved on); other states are sent once.
        guard !resetting, state != oldValue || state == .changed else { return }
        if oldValue == .possible, state == .began || state == .ended {
            if delegate?.gestureRecognizerShouldBegin(self) == false {
                state = .failed
                return
            }
            if isWaitingForFailures {
                deferredState = state
                resetting = true
                state = .possible
                resetting = false
                return
            }
            if aRequiredFailureRecognized {
                state = .failed
                return
            }
        }
        switch state {
        case .began, .changed, .ended, .cancelled:
            for handler in handlers { handler(self) }
        case .possible, .failed:
            break
        }
    }
}

/// A weak reference to a recognizer.
struct WeakRecognizer {
    weak var recognizer: UIGestureRecognizer?
    init(_ recognizer: UIGestureRecognizer) { self.recognizer = recognizer }
}

/// Lets an app stop a gesture or let two recognize together, as UIKit's
/// `UIGestureRecognizerDelegate` (every method optional).
@preconcurrency @MainActor
public protocol UIGestureRecognizerDelegate: AnyObject {
    /// Whether the recognizer may leave `.possible` (true).
    func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool
    /// Whether two recognizers may recognize at once (false).
    func gestureRecognizer(
        _ gestureRecognizer: UIGestureRecognizer,
        shouldRecognizeSimultaneouslyWith otherGestureRecognizer: UIGestureRecognizer) -> Bool
    /// Whether the recognizer sees a touch (true).
    func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer, shouldReceive touch: UITouch) -> Bool
}

extension UIGestureRecognizerDelegate {
    public func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool { true }
    public func gestureRecognizer(
        _ gestureRecognizer: UIGestureRecognizer,
        shouldRecognizeSimultaneouslyWith otherGestureRecognizer: UIGestureRecognizer
    ) -> Bool { false }
    public func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer, shouldReceive touch: UITouch) -> Bool { true }
}
