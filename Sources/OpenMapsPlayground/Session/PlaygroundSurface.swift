import Foundation
import MapDrawing
import MapReplay
import OpenMaps

/// What a session shows and drives: one window, through its ``ScreenHost`` (a sample's
/// controller at the canvas's size, or an app's screen on a phone), with the events of every
/// map and panorama view in it logged for the page by observing them (the app's delegates
/// still answer).
@MainActor
final class PlaygroundSurface {
    let host: ScreenHost
    /// Whether the window keeps its size and scale (a phone's screen: the page fits it in).
    let isPhone: Bool
    private let onLine: (String, String) -> Void
    /// The logs of the maps and panoramas seen in the window, by view.
    private var mapLogs: [ObjectIdentifier: ReplayLog] = [:]
    private var panoramaLogs: [ObjectIdentifier: PanoramaLog] = [:]

    init(host: ScreenHost, isPhone: Bool, onLine: @escaping (_ selector: String, _ line: String) -> Void) {
        self.host = host
        self.isPhone = isPhone
        self.onLine = onLine
        observeViews()
    }

    /// Seconds on the window's clock.
    var time: TimeInterval { host.time }
    /// The window's size, in points.
    var size: CGSize { host.rootView.bounds.size }
    /// The maps in the window, in the order of the tree.
    var maps: [GMSMapView] { host.mapViews }
    /// The panorama views in the window.
    var panoramas: [GMSPanoramaView] { host.views(of: GMSPanoramaView.self) }
    /// The shortest time between two frames: the highest frame rate a map in the window
    /// prefers (60 a second without maps).
    var minimumFrameInterval: TimeInterval {
        maps.map(\.preferredFrameRate.minimumFrameInterval).min() ?? GMSMapViewHost.frameInterval
    }
    /// Whether something changed since the last frame.
    var needsFrame: Bool { host.needsFrame }

    /// Pixels per point of the frames (a phone keeps the scale it was made with; the page
    /// stretches its frames).
    func use(scale: Double) {
        guard !isPhone else { return }
        host.scale = scale
    }

    func send(_ touch: MapTouch) { host.send(touch) }

    /// A wheel turn at a point (pixels, positive away from the user; `pinch`: a trackpad
    /// pinch); false when no view under it takes wheels in a sample (a panorama: the session
    /// then sends pinching fingers). A phone's screen takes every turn (one no view takes
    /// does nothing, as a wheel over a button does).
    func wheel(at point: CGPoint, delta: Double, pinch: Bool) -> Bool {
        host.scrollWheel(at: point, delta: delta, pinch: pinch) || isPhone
    }

    /// A key of the page's keyboard, to the first responder.
    func press(_ key: UIKey) { host.press(key) }

    /// Runs the window's frames up to a time; maps and panoramas that came into the window (a
    /// pushed controller's) are logged from then on.
    func advance(to time: TimeInterval) {
        host.advance(to: time)
        observeViews()
    }

    /// Resizes the window (a phone's keeps its size).
    func resize(to size: CGSize) {
        guard !isPhone else { return }
        host.resize(to: size)
    }

    /// A frame; `offset` (points) moves the picture off its exact place (see ``anchor``).
    func renderFrame(scale: Double, offset: CGPoint) -> Bitmap {
        host.renderFrame(scale: isPhone ? host.scale : scale, offset: isPhone ? .zero : offset)
    }

    /// Stops the views' late callbacks reaching the logs and the sample's delegates (the
    /// content is going).
    func detach() {
        for map in maps { map.delegate = nil }
        for panorama in panoramas { panorama.delegate = nil }
        for log in mapLogs.values { log.stop() }
        for log in panoramaLogs.values { log.stop() }
        mapLogs = [:]
        panoramaLogs = [:]
    }

    /// Forgets the logs' lines (they went to the page as they came).
    func drainLog() {
        for log in mapLogs.values { _ = log.drain() }
        for log in panoramaLogs.values { _ = log.drain() }
    }

    /// Starts logging maps and panoramas that came into the window and forgets those gone.
    private func observeViews() {
        // One walk of the tree for both kinds (this runs every turn).
        let views = host.views(of: UIView.self)
        let maps = views.compactMap { $0 as? GMSMapView }, panoramas = views.compactMap { $0 as? GMSPanoramaView }
        let liveMaps = Set(maps.map(ObjectIdentifier.init)), livePanoramas = Set(panoramas.map(ObjectIdentifier.init))
        for (key, log) in mapLogs where !liveMaps.contains(key) {
            log.stop()
            mapLogs[key] = nil
        }
        for (key, log) in panoramaLogs where !livePanoramas.contains(key) {
            log.stop()
            panoramaLogs[key] = nil
        }
        for map in maps where mapLogs[ObjectIdentifier(map)] == nil {
            let log = ReplayLog(observing: map, clock: { [weak host] in host?.time ?? 0 }, ids: { marker in
                (marker.userData as? String) ?? marker.title ?? "marker"
            })
            log.onLine = onLine
            mapLogs[ObjectIdentifier(map)] = log
        }
        for panorama in panoramas where panoramaLogs[ObjectIdentifier(panorama)] == nil {
            let log = PanoramaLog(observing: panorama)
            log.clock = { [weak host] in host?.time ?? 0 }
            log.onLine = onLine
            panoramaLogs[ObjectIdentifier(panorama)] = log
        }
    }

    // MARK: Moving content

    /// The one map filling the window, whose picture moves as a whole when it pans.
    private var fillingMap: GMSMapView? {
        guard !isPhone, let map = maps.first, maps.count == 1, map.frame == host.rootView.bounds else { return nil }
        return map
    }

    /// Where the content is now, for telling how it moves between frames: the camera of a
    /// map that fills the window (nil for other content, which never moves as a whole).
    var anchor: ContentAnchor? {
        fillingMap.map { ContentAnchor(camera: $0.camera, size: size) }
    }

    /// How far (points) the content at `anchor` has moved since, as a whole: zero when it has
    /// not; nil when it changed in another way (zoomed, turned, tilted, resized). A flat map
    /// panned moves as a whole; under tilt only a camera that stayed put keeps its picture.
    func movement(since anchor: ContentAnchor) -> CGPoint? {
        guard let map = fillingMap else { return nil }
        let camera = map.camera, then = anchor.camera
        guard anchor.size == size, camera.zoom == then.zoom, camera.bearing == then.bearing, camera.viewingAngle == then.viewingAngle else {
            return nil
        }
        if camera.target.latitude == then.target.latitude, camera.target.longitude == then.target.longitude { return .zero }
        guard camera.viewingAngle == 0 else { return nil }
        let projection = map.projection
        let was = projection.point(for: then.target), now = projection.point(for: camera.target)
        return CGPoint(x: was.x - now.x, y: was.y - now.y)
    }
}

/// Where a surface's content was when a frame was drawn: a map's camera, and the window's size.
struct ContentAnchor {
    let camera: GMSCameraPosition
    let size: CGSize
}
