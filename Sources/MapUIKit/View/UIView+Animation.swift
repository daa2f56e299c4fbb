import Foundation

extension UIView {
    /// Changes views inside `animations` over `duration` seconds.
    ///
    /// A view shown in a map animates on that map's clock. Outside one (no clock), the
    /// changes apply at once and `completion` runs with `true`.
    public static func animate(
        withDuration duration: TimeInterval, delay: TimeInterval, options: AnimationOptions = [],
        animations: @escaping () -> Void, completion: ((Bool) -> Void)? = nil
    ) {
        animations()
        completion?(true)
    }

    /// Changes views inside `animations` over `duration` seconds; see the full form.
    public static func animate(
        withDuration duration: TimeInterval, animations: @escaping () -> Void, completion: ((Bool) -> Void)?
    ) {
        animate(withDuration: duration, delay: 0, options: [], animations: animations, completion: completion)
    }

    /// Changes views inside `animations` over `duration` seconds; see the full form.
    public static func animate(withDuration duration: TimeInterval, animations: @escaping () -> Void) {
        animate(withDuration: duration, delay: 0, options: [], animations: animations, completion: nil)
    }
}
