import OpenMaps

/// What a playground server shows in each browser tab.
public enum PlaygroundContent: Sendable {
    /// Our samples, one per tab as `/?sample=NAME` asks, each map filling the canvas
    /// (`openmaps serve`).
    case samples
    /// An app's screen on a phone (390 x 844 points): the controller `root` makes, inside a
    /// navigation controller unless it is one (`Playground.run`).
    case screen(@MainActor () -> UIViewController)
    /// A whole app on a phone, launched with its delegates in each tab.
    case app(appDelegate: @MainActor () -> UIApplicationDelegate, sceneDelegate: (@MainActor () -> UISceneDelegate)?)

    /// The screen's controller for a tab, or nil for our samples.
    @MainActor
    var makeScreen: (@MainActor () -> UIViewController)? {
        switch self {
        case .samples:
            return nil
        case .screen(let make):
            return { PlaygroundContent.onPhone(make()) }
        case .app(let appDelegate, let sceneDelegate):
            return {
                let root = UIApplication.shared.launch(delegate: appDelegate(), sceneDelegate: sceneDelegate?())
                if root == nil { PlaygroundSession.logger.error("the app set no window with a root view controller") }
                return root ?? UIViewController()
            }
        }
    }

    /// The controller a screen shows, as on a phone: in a navigation controller unless it is
    /// a navigation or split view controller already.
    @MainActor
    static func onPhone(_ controller: UIViewController) -> UIViewController {
        if controller is UINavigationController || controller is UISplitViewController { return controller }
        return UINavigationController(rootViewController: controller)
    }
}

extension UIKey {
    /// A key as a browser's `KeyboardEvent` names it: a character typed, or a named key
    /// (Enter, Backspace, Tab, Escape, Delete, the arrows, Home, End, PageUp, PageDown); nil
    /// for keys a phone's keyboard has no use for (F1, Shift alone, ...).
    static func browser(_ key: String, shift: Bool, alt: Bool, ctrl: Bool, meta: Bool) -> UIKey? {
        var flags: UIKeyModifierFlags = []
        if shift { flags.insert(.shift) }
        if alt { flags.insert(.alternate) }
        if ctrl { flags.insert(.control) }
        if meta { flags.insert(.command) }
        if key.count == 1, let character = key.first {
            return UIKey(typing: character, modifierFlags: flags)
        }
        let named: (UIKeyboardHIDUsage, String)? =
            switch key {
            case "Enter": (.keyboardReturnOrEnter, "\r")
            case "Backspace": (.keyboardDeleteOrBackspace, "\u{8}")
            case "Tab": (.keyboardTab, "\t")
            case "Escape": (.keyboardEscape, "\u{1b}")
            case "Delete": (.keyboardDeleteForward, "\u{7f}")
            case "ArrowLeft": (.keyboardLeftArrow, "")
            case "ArrowRight": (.keyboardRightArrow, "")
            case "ArrowUp": (.keyboardUpArrow, "")
            case "ArrowDown": (.keyboardDownArrow, "")
            case "Home": (.keyboardHome, "")
            case "End": (.keyboardEnd, "")
            case "PageUp": (.keyboardPageUp, "")
            case "PageDown": (.keyboardPageDown, "")
            default: nil
            }
        guard let (code, characters) = named else { return nil }
        return UIKey(keyCode: code, characters: characters, modifierFlags: flags)
    }
}
