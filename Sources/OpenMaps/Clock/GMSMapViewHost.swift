import Foundation
import MapDrawing

/// Hosts a map view outside UIKit: delivers touches, advances its clock frame by frame,
/// resizes it and takes its frames. `openmaps replay`, `openmaps render`, the tests and the
/// playground drive maps only through this API.
///
/// Time runs in frames of 1/60 s. On each frame the map fires due gesture timers, steps
/// camera animations and reports at most one `didChange` (rule 17, docs/behaviour.md).
@MainActor
public final class GMSMapViewHost {
    /// The length of one frame.
    public static let frameInterval: TimeInterval = 1.0 / 60

    /// The hosted map.
    public let mapView: GMSMapView
    private var frameIndex = 0
    private var renderedRevision: Int?
    var scene: MapScene { mapView.scene }

    /// The scale of the screen the hosted window is on, in pixels per point: what
    /// `UIScreen.main.scale` reads while the host runs the map, and so the scale icons, info
    /// windows and basemap tiles are made at. 2 unless set; values outside
    /// 0 < scale ≤ `UIScreen.maximumScale` are ignored with a logged warning. Setting it never
    /// changes a process-wide value: hosts at several scales run side by side.
    public var scale: CGFloat = UIScreen.standardScale {
        didSet {
            guard UIScreen.isUsable(scale: scale) else {
                Subsystems.screen.warning("host scale \(scale) ignored")
                scale = oldValue
                return
            }
            if scale != oldValue { mapView.setNeedsDisplay() }
        }
    }

    /// Hosts a map, optionally resizing it, on a screen of a scale (see ``scale``).
    public init(mapView: GMSMapView, size: CGSize? = nil, scale: CGFloat = UIScreen.standardScale) {
        self.mapView = mapView
        if UIScreen.isUsable(scale: scale) {
            self.scale = scale
        } else {
            Subsystems.screen.warning("host scale \(scale) ignored")
        }
        if let size { resize(to: size) }
    }

    /// Runs work of the map at the host's screen scale (directly when that is the scale in
    /// force already: the common case costs nothing).
    @inline(__always)
    private func onScreen<Result>(_ body: () -> Result) -> Result {
        if scale == UIScreen.standardScale, !UIScreen.hasScaleScopes { return body() }
        return UIScreen.withScale(scale, operation: body)
    }

    /// The map's clock, in seconds since hosting began.
    public var time: TimeInterval { scene.clock.now }

    /// Resizes the map view (non-finite or negative sizes are ignored).
    public func resize(to size: CGSize) {
        guard size.width.isFinite, size.height.isFinite, size.width >= 0, size.height >= 0 else {
            Subsystems.screen.warning("resize to \(size) ignored")
            return
        }
        mapView.frame = CGRect(origin: .zero, size: size)
    }

    /// The window's safe-area insets (status bar, home indicator): zero unless set. The map's
    /// ``GMSMapView/paddingAdjustmentBehavior`` adds them to its padding.
    public var safeAreaInsets: UIEdgeInsets {
        get { mapView.safeAreaInsets }
        set { mapView.setWindowSafeAreaInsets(newValue) }
    }

    /// The window's light or dark appearance (`.unspecified`: light).
    public var userInterfaceStyle: UIUserInterfaceStyle {
        get { mapView.traitCollection.userInterfaceStyle }
        set { mapView.setWindowUserInterfaceStyle(newValue) }
    }

    /// Sets the device location: the map shows it with My Location on, and it is the
    /// `SimulatedLocation` location managers report.
    public func setMyLocation(_ location: CLLocation?) {
        guard location !== scene.myLocation.location else { return }
        scene.events.propertyWillChange(\.myLocation)
        scene.myLocation.location = location
        SimulatedLocation.shared.location = location
        scene.events.propertyChanged(\.myLocation)
        mapView.setNeedsDisplay()
    }

    /// Delivers a touch at its timestamp: frames up to that moment run first. A timestamp
    /// before the current time is delivered now.
    public func send(_ touch: MapTouch) {
        if touch.timestamp.isFinite { advance(to: touch.timestamp) }
        onScreen { scene.gestures.handle(touch) }
    }

    /// A wheel turn (or a trackpad's scroll or pinch) over the map at a view point, now:
    /// `delta` in pixels, positive away from the user (zoom out), as a browser's `deltaY`;
    /// `pinch` for a trackpad pinch (ctrl+wheel). The map zooms about the point, eased. An
    /// OpenMaps addition (a phone has no wheel).
    public func scrollWheel(at point: CGPoint, delta: Double, pinch: Bool = false) {
        onScreen { scene.gestures.wheel.scroll(at: point, delta: delta, pinch: pinch) }
    }

    /// Runs the frames of the next `seconds`.
    public func advance(by seconds: TimeInterval) {
        guard seconds.isFinite, seconds > 0 else { return }
        advance(to: time + seconds)
    }

    /// Runs every frame up to a time, then sets the clock to it.
    public func advance(to target: TimeInterval) {
        guard target.isFinite, target > time else { return }
        onScreen { while runFrame(before: target) {} }
        scene.clock.now = max(scene.clock.now, target)
    }

    /// Runs frames until the map is idle or `limit` seconds have passed; returns whether it
    /// became idle.
    @discardableResult
    public func runUntilIdle(limit: TimeInterval = 60) -> Bool {
        let end = time + limit
        onScreen { while !isIdle && time < end { runFrame() } }
        return isIdle
    }

    /// Loads and draws the basemap tiles the camera needs now, without advancing time (a host
    /// calls it before showing the first frame; tile callbacks come as usual).
    public func prepareTiles() {
        onScreen { scene.stepTiles() }
    }

    /// Runs the next frame when it falls at or before `target` (any next frame when nil);
    /// returns whether it ran. Callers run it at the host's scale (``onScreen(_:)``).
    @discardableResult
    private func runFrame(before target: TimeInterval? = nil) -> Bool {
        let next = Double(frameIndex + 1) * GMSMapViewHost.frameInterval
        if let target, next > target + 1e-9 { return false }
        frameIndex += 1
        scene.tick(at: next)
        return true
    }

    // MARK: Waiting for tile layers

    /// How long, in real time, ``awaitTiles()`` waits for one frame's tiles (10 s unless set;
    /// taken within 0...3600, NaN as 0). A tile not delivered by then is left blank, as a
    /// failed tile is, at that frame.
    public var tileWaitPerFrame: TimeInterval = 10
    /// How long, in real time, the `…AwaitingTiles` calls wait for tiles in all over the
    /// host's life (30 s unless set; taken within 0...3600, NaN as 0); once it is spent, frames wait no more and their tiles
    /// are left blank at once. Together the two bound a replay's wall-clock time against tile
    /// servers that answer slowly or never.
    public var tileWaitBudget: TimeInterval = 30
    /// The real time spent awaiting tiles so far.
    public private(set) var tileWaitSpent: TimeInterval = 0

    /// Waits, suspending the task and never blocking a thread, for the tiles the last frame
    /// asked tile layers for (at most ``tileWaitPerFrame``, within what is left of
    /// ``tileWaitBudget``), then takes what arrived into the same frame; what did not arrive
    /// is a failed tile of that frame. The clock does not move, so a run with tile layers gives
    /// the same callbacks every time, and the same frames while the servers answer in time.
    /// Returns at once when nothing is awaited.
    public func awaitTiles() async {
        guard scene.isAwaitingLayerTiles else { return }
        func bounded(_ seconds: TimeInterval) -> TimeInterval { seconds.isNaN ? 0 : seconds.clamped(to: 0...3_600) }
        let left = max(0, min(bounded(tileWaitPerFrame), bounded(tileWaitBudget) - tileWaitSpent))
        if left > 0 {
            let clock = ContinuousClock()
            let started = clock.now
            await scene.tileOverlays.awaitRequests(for: .seconds(left))
            let waited = started.duration(to: clock.now)
            tileWaitSpent += Double(waited.components.seconds) + Double(waited.components.attoseconds) * 1e-18
        }
        let abandoned = scene.tileOverlays.abandonRequests()
        if abandoned > 0 {
            Subsystems.screen.warning("\(abandoned) tile(s) not delivered in time left blank at t = \(time)")
        }
        onScreen { scene.stepTiles() }
    }

    /// ``send(_:)``, with every frame on the way awaiting its tile layers' tiles
    /// (``awaitTiles()``).
    public func sendAwaitingTiles(_ touch: MapTouch) async {
        if touch.timestamp.isFinite { await advanceAwaitingTiles(to: touch.timestamp) }
        onScreen { scene.gestures.handle(touch) }
    }

    /// ``advance(to:)``, with every frame awaiting its tile layers' tiles (``awaitTiles()``).
    public func advanceAwaitingTiles(to target: TimeInterval) async {
        guard target.isFinite, target > time else { return }
        await awaitTiles()
        while onScreen({ runFrame(before: target) }) { await awaitTiles() }
        scene.clock.now = max(scene.clock.now, target)
    }

    /// ``runUntilIdle(limit:)``, with every frame awaiting its tile layers' tiles
    /// (``awaitTiles()``).
    @discardableResult
    public func runUntilIdleAwaitingTiles(limit: TimeInterval = 60) async -> Bool {
        let end = time + limit
        await awaitTiles()
        while !isIdle && time < end {
            _ = onScreen { runFrame() }
            await awaitTiles()
        }
        return isIdle
    }

    /// Whether nothing moves, animates, waits on a timer or waits for tiles (rendering, or a
    /// tile layer's fetches).
    public var isIdle: Bool { scene.isIdle }

    /// Whether what the map shows changed since the last frame taken.
    public var needsFrame: Bool {
        renderedRevision != mapView.displayRevision || scene.markers.isAppearing || scene.tileOverlays.isFading
    }

    /// Draws the map as it is now (premultiplied ARGB pixels at `scale`). The map shows what
    /// its screen (``scale``) asked for, drawn at the given scale.
    public func renderFrame(scale: CGFloat) -> Bitmap {
        renderFrame(scale: scale, offset: .zero)
    }

    /// Draws the map as ``renderFrame(scale:)`` does, its picture moved by `offset` points
    /// (ours): a live view keeps a panned map at whole pixels from its last frame, as web maps
    /// place their tiles, by moving it less than a pixel. Touches and the camera are not moved.
    public func renderFrame(scale: CGFloat, offset: CGPoint) -> Bitmap {
        renderedRevision = mapView.displayRevision
        // The basemap layer, drawn first, paints every pixel: the bitmap need not be cleared.
        let canvas = Canvas(size: mapView.bounds.size, scale: scale, cleared: false)
        guard !canvas.bitmap.isEmpty else { return canvas.bitmap }
        if offset != .zero, offset.isFinite { canvas.translate(x: offset.x, y: offset.y) }
        onScreen { scene.draw(in: canvas) }
        return canvas.bitmap
    }

    /// Draws the map as it is now at the host's ``scale``.
    public func renderFrame() -> Bitmap {
        renderFrame(scale: scale)
    }

    /// The map as it is now, as an image.
    public func snapshot(scale: CGFloat) -> UIImage {
        UIImage(bitmap: renderFrame(scale: scale), scale: scale)
    }

    /// Whether basemap tiles render on other cores (as in real time) instead of at once within
    /// the frame that needs them (virtual time: deterministic). Until a tile arrives, its
    /// nearest rendered ancestor is shown. Its data is read and decoded there too, on threads
    /// below the frame path's priority, newest request first: a tile's labels show once its
    /// data has arrived, and no frame waits for the file. Other work in the background (the utilities'
    /// clustering) follows: in real time its results apply when ready; in virtual time a
    /// frame waits for it.
    public var rendersTilesInBackground: Bool {
        get { scene.basemap.tiles.rendersInBackground }
        set {
            scene.basemap.tiles.rendersInBackground = newValue
            scene.basemap.tiles.onTileArrived = newValue ? { [weak self] in self?.mapView.setNeedsDisplay() } : nil
            // Work in the background (the utilities' clustering) follows the same time.
            scene.background.waitsForWork = !newValue
            if newValue {
                scene.background.onReady = { [weak self] in self?.mapView.setNeedsDisplay() }
            } else {
                scene.background.onReady = nil
            }
        }
    }

    /// Whether background tile renders are under way.
    public var hasTilesInFlight: Bool { scene.basemap.tiles.isRendering || scene.tileOverlays.isFetching }
}
