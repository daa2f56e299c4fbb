import Foundation

/// Delivers a host's keys to a window as UIKit does with a hardware keyboard: each key goes
/// down then up, as presses, to the first responder (which passes what it does not handle up
/// the responder chain); with no first responder, to the front-most presented controller
/// (an alert), else the window's root view controller's view.
@MainActor
package enum KeyDispatcher {
    /// Sends one key's press and release to a window root view.
    package static func send(_ key: UIKey, to window: UIView, timestamp: TimeInterval) {
        // With no first responder, the front-most presented controller (an alert) takes keys.
        let presented = window.subviews.last { $0 is PresentationContainerView } as? PresentationContainerView
        let responder: UIResponder = window.firstResponder ?? presented?.presented ?? window.subviews.first ?? window
        let down = UIPress(key: key, phase: .began, timestamp: timestamp, responder: responder)
        responder.pressesBegan([down], with: UIPressesEvent(timestamp: timestamp, presses: [down]))
        // The responder may have changed (Return can end editing); the release goes where the
        // press went, as UIKit's does.
        down.phase = .ended
        responder.pressesEnded([down], with: UIPressesEvent(timestamp: timestamp, presses: [down]))
    }
}
