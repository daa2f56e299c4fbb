import Foundation
import MapUIKit

/// The map in its window: a view that moves on its own (its camera, gestures, timers and
/// tiles run on the window's frame clock), takes wheel turns, and paints its own background.
extension GMSMapView: FrameAnimating {
    /// Always: the map's timers and gestures run on frames.
    package var wantsFrames: Bool { true }

    package var isSettling: Bool { !scene.isIdle }

    /// Runs the map's frame: gesture timers, the camera (one `didChange` at most), the
    /// layers' animations, then the tiles the camera needs.
    package func advanceFrame(to time: TimeInterval) {
        followWindowTiming()
        scene.tick(at: time)
    }

    /// Between frames only the map's clock moves (a touch's time).
    package func advanceClock(to time: TimeInterval) {
        scene.clock.now = max(scene.clock.now, time)
    }

    /// Renders the tiles the camera needs now.
    package func prepareForDisplay() {
        followWindowTiming()
        scene.stepTiles()
    }

    package var contentRevision: Int { displayRevision }

    package var isAnimatingContent: Bool { scene.wantsFrames }

    package var isAwaitingFrameWork: Bool { scene.isAwaitingLayerWork }

    package func awaitFrameWork(for duration: Duration) async {
        await scene.awaitLayerWork(for: duration)
    }

    package func abandonFrameWork() -> Int {
        scene.abandonLayerWork()
    }

    /// Takes its window's timing (see ``MapScene/runsInRealTime``). A map in no window keeps
    /// its timing.
    func followWindowTiming() {
        guard let realTime = window?.runsInRealTime else { return }
        scene.runsInRealTime = realTime
    }
}

extension GMSMapView: WheelHandling {
    /// Zooms about the point, eased (ours: a phone has no wheel). The map takes every turn.
    package func handleWheel(at point: CGPoint, delta: Double, pinch: Bool) -> Bool {
        scene.gestures.wheel.scroll(at: point, delta: delta, pinch: pinch)
        return true
    }
}

extension GMSMapView: DrawsItsOwnBackground {}
