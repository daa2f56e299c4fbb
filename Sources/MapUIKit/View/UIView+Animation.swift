import Foundation

extension UIView {
    /// Changes views inside `animations` over `duration` seconds.
    ///
    /// A view shown in a map animates on that map's clock, any other view on a hosted screen
    /// (a `ScreenHost`, the playground) on the screen's. A view on neither (no clock) takes
    /// the changes at once and `completion` runs with `true`. Animated: frame, bounds,
    /// centre, alpha, background colour and transform.
    public static func animate(
        withDuration duration: TimeInterval, delay: TimeInterval, options: AnimationOptions = [],
        animations: @escaping () -> Void, completion: ((Bool) -> Void)? = nil
    ) {
        let changed = AnimationRecorder.record(animations)
        // Views shown in a map animate on its clock: back to where they were, then stepped.
        var byClock: [ObjectIdentifier: (clock: ViewAnimationClock, steps: [(Double) -> Void])] = [:]
        for (view, start) in changed {
            guard let clock = view.inheritedAnimationClock else { continue }
            let end = view.animatableState
            view.apply(from: start, to: start, progress: 0)
            let key = ObjectIdentifier(clock)
            byClock[key, default: (clock, [])].steps.append { [weak view] e in view?.apply(from: start, to: end, progress: e) }
        }
        guard !byClock.isEmpty else {
            completion?(true)
            return
        }
        var remaining = byClock.count
        for (_, entry) in byClock {
            let animation = ViewAnimation(
                duration: duration, delay: delay, options: options, steps: entry.steps,
                completion: { finished in
                    remaining -= 1
                    if remaining == 0 { completion?(finished) }
                })
            entry.clock.run(animation)
        }
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
