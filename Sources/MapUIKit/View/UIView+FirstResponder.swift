import Foundation

extension UIView {
    /// Makes the first responder resign when it is this view or below it: false when it
    /// refuses and `force` is false. With `force`, it resigns whatever it answers.
    @discardableResult
    public func endEditing(_ force: Bool) -> Bool {
        guard let window = firstResponderWindow, let responder = window.firstResponder as? UIView,
            responder === self || responder.isDescendant(of: self)
        else { return true }
        if responder.resignFirstResponder() { return true }
        guard force else { return false }
        responder.resignFirstResponderForcibly()
        return true
    }

    /// A view leaving its window takes first responder status with it, as in UIKit.
    func resignFirstResponderLeaving() {
        endEditing(true)
    }
}
