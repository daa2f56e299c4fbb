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

    /// Whether the responder can become first responder (false: nothing here takes focus).
    open var canBecomeFirstResponder: Bool { false }

    /// Whether the responder is first responder (never here).
    open var isFirstResponder: Bool { false }

    /// Asks to become first responder; nothing here takes focus, so false.
    @discardableResult
    open func becomeFirstResponder() -> Bool { false }

    /// Asks to give up first responder status; true, as there is none to give up.
    @discardableResult
    open func resignFirstResponder() -> Bool { true }

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
}
