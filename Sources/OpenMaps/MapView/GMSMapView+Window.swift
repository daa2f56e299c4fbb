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

    package var isAnimatingContent: Bool { scene.markers.isAppearing || scene.tileOverlays.isFading }

    package var isAwaitingFrameWork: Bool { scene.isAwaitingLayerTiles }

    package func awaitFrameWork(for duration: Duration) async {
        await scene.tileOverlays.awaitRequests(for: duration)
    }

    package func abandonFrameWork() -> Int {
        scene.tileOverlays.abandonRequests()
    }

    /// Takes its window's timing: in real time basemap tiles render on other cores (a frame
    /// shows a tile's parent until it is ready) and background work (clustering) applies when
    /// ready; in virtual time a frame waits for both. A map in no window keeps its timing.
    func followWindowTiming() {
        guard let realTime = window?.runsInRealTime, realTime != scene.basemap.tiles.rendersInBackground else { return }
        scene.basemap.tiles.rendersInBackground = realTime
        scene.background.waitsForWork = !realTime
        if realTime {
            scene.basemap.tiles.onTileArrived = { [weak self] in self?.setNeedsDisplay() }
            scene.background.onReady = { [weak self] in self?.setNeedsDisplay() }
        } else {
            scene.basemap.tiles.onTileArrived = nil
            scene.background.onReady = nil
        }
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
