import Foundation

/// Delivers a host's touches to a view tree as UIKit does: a touch goes to the view hit
/// testing finds at its start, and to the gesture recognizers of that view and its
/// ancestors; a recognizer that recognizes makes the others of its touches fail (unless a
/// delegate lets them share) and, with `cancelsTouchesInView`, cancels the view's touches.
/// A single-tap recognizer above an enabled control (or a view that takes its own taps: an
/// editable text view, a picker) does not see touches that begin on it, so its tap wins
/// (UIKit's rule since iOS 6).
@MainActor
package final class TouchDispatcher {
    private struct Active {
        let touch: UITouch
        let view: UIView?
        var recognizers: [UIGestureRecognizer]
        /// Where the touch began, in the root's coordinates.
        let start: CGPoint
        var viewCancelled = false
        /// Whether the view got `touchesBegan` (held back while a recognizer delays it).
        var beganDelivered = false
    }

    /// The root view touches are hit-tested in.
    weak var root: UIView?
    private var active: [Int: Active] = [:]
    /// Recognizers that took part in a gesture and have not reset (timers and multi-taps).
    private var involved: [UIGestureRecognizer] = []
    /// The clock: the latest timestamp seen.
    private(set) var time: TimeInterval = 0

    package init(root: UIView) {
        self.root = root
    }

    /// Whether a finger is down.
    package var hasTouches: Bool { !active.isEmpty }

    /// Whether recognizers still wait on time (a long press to begin, a second tap).
    package var isWaiting: Bool { involved.contains { $0.isDeciding || $0.deferredState != nil } }

    /// The view a touch went to, while it is down.
    package func view(ofTouch id: Int) -> UIView? { active[id]?.view }

    /// Takes one finger's change; `location` is in the root view's coordinates. The touch is
    /// made or moved, then its event goes to the root window's ``UIWindow/sendEvent(_:)``
    /// (which calls ``dispatch(_:)``), or straight to ``dispatch(_:)`` under a plain root.
    package func send(id: Int, phase: UITouch.Phase, location: CGPoint, timestamp: TimeInterval) {
        guard let root, location.isFinite, timestamp.isFinite else { return }
        advance(to: timestamp)
        switch phase {
        case .began:
            if active[id] != nil { send(id: id, phase: .cancelled, location: location, timestamp: timestamp) }
            let touch = UITouch(phase: .began, location: location, timestamp: timestamp, root: root, tapCount: tapCount(at: location, timestamp))
            let view = root.hitTest(location, with: nil)
            touch.setView(view)
            active[id] = Active(touch: touch, view: view, recognizers: recognizers(for: view, touch: touch), start: location)
        case .moved, .stationary, .ended, .cancelled:
            guard let entry = active[id] else { return }
            entry.touch.update(phase: phase == .stationary ? .moved : phase, location: location, timestamp: timestamp)
        }
        let event = UIEvent(timestamp: timestamp, touches: allTouches)
        event.touchChange = UIEvent.TouchChange(id: id, phase: phase)
        if let window = root as? UIWindow { window.sendEvent(event) } else { dispatch(event) }
        if phase == .ended || phase == .cancelled {
            active[id] = nil
            settle()
        }
    }

    /// Delivers a touch event to the gesture recognizers and the view of its changed touch:
    /// the default work of ``UIWindow/sendEvent(_:)``. Other events are ignored.
    package func dispatch(_ event: UIEvent) {
        guard let change = event.touchChange, let entry = active[change.id] else { return }
        let id = change.id
        switch change.phase {
        case .began:
            for recognizer in entry.recognizers {
                recognizer.track([entry.touch])
                if !involved.contains(where: { $0 === recognizer }) { involved.append(recognizer) }
            }
            for recognizer in entry.recognizers where !recognizer.isFinished {
                recognizer.touchesBegan([entry.touch], with: event)
                arbitrate(event)
            }
            deliver(id, event) { view, touches, event in view.touchesBegan(touches, with: event) }
        case .moved, .stationary:
            // One at a time, so that one recognizing first makes the others fail before they
            // see the move (a pan and a pinch do not both begin).
            for recognizer in entry.recognizers where !recognizer.isFinished && recognizer.isEnabled {
                recognizer.touchesMoved([entry.touch], with: event)
                arbitrate(event)
            }
            deliver(id, event) { view, touches, event in view.touchesMoved(touches, with: event) }
        case .ended, .cancelled:
            let ended = change.phase == .ended
            for recognizer in entry.recognizers where !recognizer.isFinished && recognizer.isEnabled {
                if ended {
                    recognizer.touchesEnded([entry.touch], with: event)
                } else {
                    recognizer.touchesCancelled([entry.touch], with: event)
                }
            }
            if ended { noteTap(entry, at: entry.touch.location(in: nil), event.timestamp) }
            for recognizer in entry.recognizers { recognizer.untrack([entry.touch]) }
            arbitrate(event)
            deliver(id, event) { view, touches, event in
                if ended { view.touchesEnded(touches, with: event) } else { view.touchesCancelled(touches, with: event) }
            }
        }
    }

    /// Moves the clock: recognizers waiting on time act (a long press begins, a multi-tap
    /// that waited too long fails).
    package func advance(to timestamp: TimeInterval) {
        guard timestamp.isFinite, timestamp > time else { return }
        time = timestamp
        guard !involved.isEmpty else { return }
        for recognizer in involved { recognizer.clockDidAdvance(to: timestamp) }
        arbitrate(UIEvent(timestamp: timestamp, touches: allTouches))
        settle()
    }

    /// When a recognizer next acts on time alone (a long press beginning), if any.
    package var nextDeadline: TimeInterval? {
        involved.compactMap { ($0 as? UILongPressGestureRecognizer)?.pendingBeginTime }.min()
    }

    /// Cancels every touch (the screen went away).
    func cancelAll() {
        for (id, entry) in active { send(id: id, phase: .cancelled, location: entry.touch.location(in: nil), timestamp: time) }
    }

    private var allTouches: Set<UITouch> { Set(active.values.map(\.touch)) }

    /// The last tap: where and when it lifted, and its count.
    private var lastTap: (location: CGPoint, time: TimeInterval, count: Int)?

    /// A touch that begins soon after a tap lifted, near it, is that tap's next (UIKit counts
    /// taps 0.35 s and 45 points apart).
    private func tapCount(at location: CGPoint, _ timestamp: TimeInterval) -> Int {
        guard let lastTap, timestamp - lastTap.time <= UITapGestureRecognizer.maximumTapInterval,
            hypot(location.x - lastTap.location.x, location.y - lastTap.location.y) <= GestureThresholds.multiTapDistance
        else { return 1 }
        return lastTap.count &+ 1
    }

    /// Records a lifted touch as a tap when it stayed put.
    private func noteTap(_ entry: Active, at location: CGPoint, _ timestamp: TimeInterval) {
        let start = entry.start
        guard hypot(location.x - start.x, location.y - start.y) <= UITapGestureRecognizer.allowableMovement else {
            lastTap = nil
            return
        }
        lastTap = (location, timestamp, entry.touch.tapCount)
    }

    /// The recognizers that see a touch on a view: the view's and its ancestors', nearest first.
    private func recognizers(for view: UIView?, touch: UITouch) -> [UIGestureRecognizer] {
        var found: [UIGestureRecognizer] = []
        var current = view
        let control = view.flatMap { $0.takesItsOwnTaps ? $0 : nil }
        while let candidate = current {
            for recognizer in candidate.gestureRecognizers ?? [] where recognizer.isEnabled {
                if let control, candidate !== control, let tap = recognizer as? UITapGestureRecognizer,
                    tap.numberOfTapsRequired == 1, tap.numberOfTouchesRequired == 1
                {
                    continue
                }
                if recognizer.isFinished, !recognizer.trackedTouches.isEmpty { continue }
                if recognizer.delegate?.gestureRecognizer(recognizer, shouldReceive: touch) == false { continue }
                found.append(recognizer)
            }
            current = candidate.superview
        }
        return found
    }

    /// Lets recognizers that recognized claim their touches.
    private func arbitrate(_ event: UIEvent) {
        var changed = true
        var rounds = 0
        while changed, rounds < 8 {
            changed = false
            rounds += 1
            for recognizer in involved where recognizer.deferredState != nil {
                recognizer.settleDeferral()
                changed = changed || recognizer.deferredState == nil
            }
            for winner in involved where winner.hasRecognized {
                for id in active.keys.sorted() {
                    guard var entry = active[id], entry.recognizers.contains(where: { $0 === winner }) else { continue }
                    for other in entry.recognizers where other !== winner && !other.isFinished {
                        let shares =
                            winner.delegate?.gestureRecognizer(winner, shouldRecognizeSimultaneouslyWith: other) == true
                            || other.delegate?.gestureRecognizer(other, shouldRecognizeSimultaneouslyWith: winner) == true
                        if !shares, other.state == .possible, other.deferredState == nil {
                            other.state = .failed
                            changed = true
                        }
                    }
                    if winner.cancelsTouchesInView, !entry.viewCancelled, let view = entry.view {
                        entry.viewCancelled = true
                        active[id] = entry
                        view.touchesCancelled([entry.touch], with: event)
                    }
                }
            }
        }
    }

    /// Delivers a touch to its view unless a recognizer took it. While a recognizer with
    /// `delaysTouchesBegan` may still recognize, the view gets nothing; once none can, it gets
    /// the held-back `touchesBegan` first.
    private func deliver(_ id: Int, _ event: UIEvent, _ body: (UIView, Set<UITouch>, UIEvent) -> Void) {
        guard var entry = active[id], !entry.viewCancelled, let view = entry.view else { return }
        if entry.recognizers.contains(where: { $0.delaysTouchesBegan && $0.state == .possible }) { return }
        if !entry.beganDelivered {
            entry.beganDelivered = true
            active[id] = entry
            if entry.touch.phase != .began { view.touchesBegan([entry.touch], with: event) }
        }
        body(view, [entry.touch], event)
    }

    /// Recognizers whose gesture is over and whose touches are gone go back to `.possible`.
    private func settle() {
        for recognizer in involved where recognizer.trackedTouches.isEmpty {
            if recognizer.state == .possible, recognizer.deferredState == nil,
                !((recognizer as? UITapGestureRecognizer)?.isBetweenTaps ?? false)
            {
                // Nothing more can happen to it without new touches.
                recognizer.state = .failed
            }
            recognizer.resetIfFinished()
        }
        involved.removeAll { $0.state == .possible && $0.trackedTouches.isEmpty && $0.deferredState == nil && !(($0 as? UITapGestureRecognizer)?.isBetweenTaps ?? false) }
    }
}
