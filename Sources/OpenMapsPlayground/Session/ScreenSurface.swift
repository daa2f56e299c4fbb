import Foundation
import MapDrawing
import MapReplay
import OpenMaps

/// A whole phone screen: an app's view controller hosted in a ``ScreenHost`` (390 x 844
/// points unless asked otherwise), every map on it logged for the page by observing its events
/// (the app's delegates still answer, and `mapView.delegate` reads back what the app set).
@MainActor
final class ScreenSurface: PlaygroundSurface {
    let host: ScreenHost
    /// The logs of the maps seen on the screen, by map.
    private var logs: [ObjectIdentifier: (map: GMSMapView, log: ReplayLog)] = [:]
    private let onLine: (String, String) -> Void

    init(host: ScreenHost, onLine: @escaping (String, String) -> Void) {
        self.host = host
        self.onLine = onLine
        observeMaps()
    }

    var time: TimeInterval { host.time }
    var size: CGSize { host.rootView.bounds.size }
    var minimumFrameInterval: TimeInterval { GMSMapViewHost.frameInterval }
    var needsFrame: Bool { host.needsFrame }
    /// The screen keeps the scale it was made with (the page stretches its frames).
    func use(scale: Double) {}
    /// A map a touch brings on screen (a pushed controller's) is logged from the next turn.
    func send(_ touch: MapTouch) { host.send(touch) }
    func advance(to time: TimeInterval) {
        host.advance(to: time)
        observeMaps()
    }
    /// A phone's screen keeps its size: the page shows it whole.
    func resize(to size: CGSize) {}
    func renderFrame(scale: Double, offset: CGPoint) -> Bitmap { host.renderFrame() }
    func wheel(at point: CGPoint, delta: Double, pinch: Bool) -> Bool {
        host.scrollWheel(at: point, delta: delta, pinch: pinch)
        return true
    }
    func press(_ key: UIKey) { host.press(key) }
    func detach() {
        for (_, log) in logs.values { log.stop() }
        logs = [:]
    }
    func drainLog() {
        for (_, log) in logs.values { _ = log.drain() }
    }

    /// Starts logging maps that came on screen (a pushed controller's) and forgets those gone.
    private func observeMaps() {
        let maps = host.mapViews
        let live = Set(maps.map(ObjectIdentifier.init))
        for (key, entry) in logs where !live.contains(key) {
            entry.log.stop()
            logs[key] = nil
        }
        for map in maps where logs[ObjectIdentifier(map)] == nil {
            let log = ReplayLog(observing: map, clock: { [weak host] in host?.time ?? 0 }, ids: { marker in
                (marker.userData as? String) ?? marker.title ?? "marker"
            })
            log.onLine = onLine
            logs[ObjectIdentifier(map)] = (map, log)
        }
    }
}
