import Foundation
import MapUIKit

/// Runs `UIView.animate` animations of the views a map shows (icon views, info window
/// views) on the map's clock.
@MainActor
final class ViewAnimationRunner: ViewAnimationClock {
    private let clock: MapClock
    /// The running animations, with their start times.
    private var running: [(TimeInterval, ViewAnimation)] = []
    /// Asks for a new frame.
    var invalidate: () -> Void = {}

    init(clock: MapClock) {
        self.clock = clock
    }

    var isIdle: Bool { running.isEmpty }

    package func run(_ animation: ViewAnimation) {
        running.append((clock.now, animation))
        _ = animation.step(elapsed: 0)
        invalidate()
    }

    /// Steps the running animations; finished ones run their completions and are dropped.
    func step() {
        guard !running.isEmpty else { return }
        let now = clock.now
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

    /// Makes this the animation clock of a view the map shows.
    func adopt(_ view: UIView?) {
        view?.animationClock = self
    }
}
