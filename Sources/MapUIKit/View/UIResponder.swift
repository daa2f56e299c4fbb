import Foundation

/// The base of views and view controllers, as UIKit's `UIResponder`: an `NSObject` on the
/// main actor, with `@preconcurrency` isolation as Swift imports UIKit. Touches reach maps
/// through their host here, so the responder chain is only walked, never dispatched along.
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
}
