import Foundation
import MapUIKit
import Testing

/// The window owns event dispatch, the first responder, the screen's safe area and style, and
/// a frame clock, as UIKit's `UIWindow` does (architecture.md, "The window").
@MainActor
@Suite struct UIWindowTests {
    /// A window that records every event it is sent, and passes them on unless told not to.
    final class WatchingWindow: UIWindow {
        var seen: [String] = []
        var passesOn = true
        override func sendEvent(_ event: UIEvent) {
            seen.append(event.type == .presses ? "presses" : "touches \(event.allTouches?.first?.phase.rawValue ?? -1)")
            if passesOn { super.sendEvent(event) }
        }
    }

    final class TouchedView: UIView {
        var touches = 0
        override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) { self.touches += 1 }
    }

    @Test func everyTouchGoesThroughTheWindowsSendEventAndAnOverrideCanKeepIt() {
        let window = WatchingWindow(frame: CGRect(x: 0, y: 0, width: 200, height: 200))
        let view = TouchedView(frame: window.bounds)
        window.addSubview(view)
        window.touchDispatcher.send(id: 1, phase: .began, location: CGPoint(x: 20, y: 20), timestamp: 1)
        window.touchDispatcher.send(id: 1, phase: .ended, location: CGPoint(x: 20, y: 20), timestamp: 1.1)
        #expect(window.seen == ["touches 0", "touches 3"])
        #expect(view.touches == 1)
        #expect(view.window === window, "a view's window is its hierarchy's root window")
        window.passesOn = false
        window.touchDispatcher.send(id: 2, phase: .began, location: CGPoint(x: 20, y: 20), timestamp: 2)
        #expect(view.touches == 1, "an event the window keeps reaches no view")
    }

    @Test func aViewOutsideAWindowHasNoneAndCannotBecomeFirstResponder() {
        let field = UITextField(frame: CGRect(x: 0, y: 0, width: 100, height: 30))
        #expect(field.window == nil)
        #expect(!field.becomeFirstResponder())
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 200, height: 200))
        window.addSubview(field)
        #expect(field.becomeFirstResponder())
        #expect(window.firstResponder === field)
    }

    @Test func theWindowsClockRunsFramesForViewsThatMoveOnTheirOwn() {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 200, height: 200))
        let spinner = UIActivityIndicatorView(style: .medium)
        window.addSubview(spinner)
        spinner.startAnimating()
        #expect(window.time == 0)
        window.advance(to: 0.5)
        #expect(window.time == 0.5)
        #expect(window.isIdle, "a spinner moves but never settles")
        window.advance(to: 1e9)
        #expect(window.time == 1e9, "the clock jumps past what it does not run (at most an hour of frames)")
    }
}
