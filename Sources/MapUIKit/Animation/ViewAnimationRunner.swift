import Foundation

/// Runs `UIView.animate` animations on a clock: a window's (its views) or a map's (the icon
/// and info window views it shows, on the map's own clock).
@MainActor
package final class ViewAnimationRunner: ViewAnimationClock {
    private let now: () -> TimeInterval
    /// The running animations, with their start times.
    private var running: [(TimeInterval, ViewAnimation)] = []
    /// Asks for a new frame.
    package var invalidate: () -> Void = {}

    /// A runner on a clock read through `now`.
    package init(now: @escaping () -> TimeInterval) {
        self.now = now
    }

    /// Whether no animation runs.
    package var isIdle: Bool { running.isEmpty }

    package func run(_ animation: ViewAnimation) {
        running.append((now(), animation))
        _ = animation.step(elapsed: 0)
        invalidate()
    }

    /// Steps the running animations; finished ones run their completions and are dropped.
    package func step() {
        guard !running.isEmpty else { return }
        let now = now()
        let current = running
        running = []
        var still: [(TimeInterval, ViewAnimation)] = []
        for (start, animation) in current where !animation.step(elapsed: now - start) {
            still.append((start, animation))
        }
        // Completions may have started new animations meanwhile.
        running = still + running
        invalidate()
    }

    /// Makes this the animation clock of a view (and so of the views below it).
    package func adopt(_ view: UIView?) {
        view?.animationClock = self
    }
}
