import Foundation

/// Delivers a host's keys to a window as UIKit does with a hardware keyboard: each key goes
/// down then up, as presses, to the first responder (which passes what it does not handle up
/// the responder chain); with no first responder, to the front-most presented controller
/// (an alert), else the window's root view controller's view.
@MainActor
package enum KeyDispatcher {
    /// Sends one key's press and release through a window's ``UIWindow/sendEvent(_:)``.
    package static func send(_ key: UIKey, to window: UIWindow, timestamp: TimeInterval) {
        // With no first responder, the front-most presented controller (an alert) takes keys.
        let presented = window.subviews.last { $0 is PresentationContainerView } as? PresentationContainerView
        let responder: UIResponder = window.firstResponder ?? presented?.presented ?? window.subviews.first ?? window
        let press = UIPress(key: key, phase: .began, timestamp: timestamp, responder: responder)
        window.sendEvent(UIPressesEvent(timestamp: timestamp, presses: [press]))
        // The responder may have changed (Return can end editing); the release goes where the
        // press went, as UIKit's does.
        press.phase = .ended
        window.sendEvent(UIPressesEvent(timestamp: timestamp, presses: [press]))
    }

    /// Delivers a presses event to the responders its presses went to: the default work of
    /// ``UIWindow/sendEvent(_:)`` for keys.
    static func deliver(_ event: UIPressesEvent, in window: UIWindow) {
        for press in event.allPresses {
            guard let responder = press.responder else { continue }
            switch press.phase {
            case .began: responder.pressesBegan([press], with: event)
            case .changed, .stationary: responder.pressesChanged([press], with: event)
            case .ended: responder.pressesEnded([press], with: event)
            case .cancelled: responder.pressesCancelled([press], with: event)
            }
        }
    }
}
