import Foundation
import MapUIKit

/// Views shown in a map (icon views, info window views) animate on the map's clock.
extension GMSMapView: ViewAnimationClock {
    package func run(_ animation: ViewAnimation) {
        viewAnimations.append((now, animation))
        _ = animation.step(elapsed: 0)
        noteDisplayChange()
    }

    /// Steps running view animations; finished ones run their completions and are dropped.
    func stepViewAnimations() {
        guard !viewAnimations.isEmpty else { return }
        let running = viewAnimations
        viewAnimations = []
        var still: [(TimeInterval, ViewAnimation)] = []
        for (start, animation) in running where !animation.step(elapsed: now - start) {
            still.append((start, animation))
        }
        // Completions may have started new animations meanwhile.
        viewAnimations = still + viewAnimations
        noteDisplayChange()
    }

    /// Makes the map the animation clock of a view it shows.
    func adopt(_ view: UIView?) {
        view?.animationClock = self
    }
}
