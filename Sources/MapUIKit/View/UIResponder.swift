import Foundation

/// The base of views and view controllers, as UIKit's `UIResponder`: an `NSObject` on the
/// main actor, with `@preconcurrency` isolation as Swift imports UIKit. Touches a view does
/// not handle go up the chain: view, its view controller, superview, and so on.
@preconcurrency @MainActor
open class UIResponder: NSObject {
    public override init() {
        super.init()
    }

    /// The next responder up the chain: a view's superview, or nil.
    open var next: UIResponder? { nil }

    /// Whether the responder can become first responder (false unless overridden).
    open var canBecomeFirstResponder: Bool { false }

    /// Whether the responder gives up first responder status when asked (true).
    open var canResignFirstResponder: Bool { true }

    /// Whether the responder is its window's first responder.
    open var isFirstResponder: Bool { firstResponderWindow?.firstResponder === self }

    /// Makes the responder its window's first responder, which receives the keys: false when
    /// it cannot become one, is in no window, or the current one refuses to resign.
    @discardableResult
    open func becomeFirstResponder() -> Bool {
        guard canBecomeFirstResponder, let window = firstResponderWindow else { return false }
        if window.firstResponder === self { return true }
        if let current = window.firstResponder, !current.resignFirstResponder() { return false }
        window.firstResponder = self
        return true
    }

    /// Gives up first responder status; false when the responder refuses.
    @discardableResult
    open func resignFirstResponder() -> Bool {
        guard let window = firstResponderWindow, window.firstResponder === self else { return true }
        guard canResignFirstResponder else { return false }
        window.firstResponder = nil
        return true
    }

    /// A view shown instead of the keyboard while this is first responder (none; kept: a
    /// screen has a hardware keyboard, so no on-screen keyboard shows).
    open var inputView: UIView? { nil }

    /// A view shown above the keyboard while this is first responder (none; kept).
    open var inputAccessoryView: UIView? { nil }

    /// Asks for the input views again (nothing to do without an on-screen keyboard).
    open func reloadInputViews() {}

    /// Stops being first responder without asking (the view left its window, or editing
    /// ended by force).
    func resignFirstResponderForcibly() {
        guard let window = firstResponderWindow, window.firstResponder === self else { return }
        window.firstResponder = nil
    }

    /// The window that records this responder's first responder.
    var firstResponderWindow: UIWindow? { nil }

    // MARK: Touches (each passes up the chain unless overridden)

    /// Fingers touched down in the responder.
    open func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
        next?.touchesBegan(touches, with: event)
    }

    /// Fingers moved.
    open func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) {
        next?.touchesMoved(touches, with: event)
    }

    /// Fingers lifted.
    open func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {
        next?.touchesEnded(touches, with: event)
    }

    /// The system took the touches away (a gesture recognizer claimed them).
    open func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) {
        next?.touchesCancelled(touches, with: event)
    }

    // MARK: Presses (each passes up the chain unless overridden)

    /// Keys went down. A responder that takes text (`UIKeyInput`) types them: characters are
    /// inserted, backspace deletes, return inserts a newline; other keys go up the chain.
    open func pressesBegan(_ presses: Set<UIPress>, with event: UIPressesEvent?) {
        if let input = self as? UIKeyInput, let key = presses.first?.key, input.typeKey(key) { return }
        next?.pressesBegan(presses, with: event)
    }

    /// Keys changed.
    open func pressesChanged(_ presses: Set<UIPress>, with event: UIPressesEvent?) {
        next?.pressesChanged(presses, with: event)
    }

    /// Keys went up.
    open func pressesEnded(_ presses: Set<UIPress>, with event: UIPressesEvent?) {
        if self is UIKeyInput, let key = presses.first?.key, UIKeyInputTyping.types(key) { return }
        next?.pressesEnded(presses, with: event)
    }

    /// The system took the keys away.
    open func pressesCancelled(_ presses: Set<UIPress>, with event: UIPressesEvent?) {
        next?.pressesCancelled(presses, with: event)
    }
}
