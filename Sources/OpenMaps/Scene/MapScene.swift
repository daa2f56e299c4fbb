import Foundation
import MapDrawing
import MapGeometry
import MapUIKit

/// A map's working parts, composed: one clock, one camera (``CameraController``), one event
/// sink (``MapEvents``), the gestures (``TouchRecognizer``) and the layers that draw and
/// answer touches. ``GMSMapView`` is a facade over it.
///
/// Drawing goes bottom up through ``drawOrder``; hit testing goes top down through
/// ``hitOrder``, which is the reverse of drawing but for one rule: the app's shapes are hit
/// before the basemap's POI labels drawn above them (rules 6 and 7).
@MainActor
final class MapScene {
    let clock = MapClock()
    let timers = MapTimers()
    let background = MapBackgroundWork()
    let events = MapEvents()
    /// What taps, long presses and drags do (rules 1-14).
    let taps: TapPolicy
    let camera: CameraController
    let settings: GMSUISettings
    let viewAnimations: ViewAnimationRunner

    let basemap = BasemapLayer()
    let boundaries = BoundaryLayer()
    let tileOverlays: TileOverlayLayer
    let shapes = ShapeLayer()
    let labels: BasemapLabelLayer
    let markers: MarkerLayer
    let myLocation: MyLocationLayer
    let infoWindow: InfoWindowLayer
    let controls: ControlsLayer
    let gestures: TouchRecognizer

    /// Bottom to top.
    let drawOrder: [MapLayer]
    /// Top to bottom.
    let hitOrder: [MapLayer]

    /// Whether background tile work is under way (between the start and finish callbacks).
    private var tilesInFlight = false
    /// Whether `mapViewSnapshotReady` was reported for the current still picture.
    private var snapshotReported = false
    /// Whether a frame in virtual time asked layers for work still under way (a tile
    /// layer's fetches), which a host may await.
    private(set) var isAwaitingLayerWork = false
    /// Whether the map runs in real time (its window's timing): layers' work (basemap tiles)
    /// and work in the background (the utilities' clustering) finish on other threads and
    /// ask for a frame when ready; in virtual time a frame waits for them.
    var runsInRealTime = false {
        didSet {
            guard runsInRealTime != oldValue else { return }
            let realTime = runsInRealTime
            for layer in drawOrder { layer.useRealTime(realTime) { [weak self] in self?.invalidate() } }
            background.waitsForWork = !realTime
            if realTime {
                background.onReady = { [weak self] in self?.invalidate() }
            } else {
                background.onReady = nil
            }
        }
    }
    /// Asks for a new frame.
    var invalidate: () -> Void = {} {
        didSet {
            markers.invalidate = invalidate
            infoWindow.invalidate = invalidate
            viewAnimations.invalidate = invalidate
            myLocation.invalidate = invalidate
        }
    }

    /// The view's size, as the parts read it (the map view sets itself, once it exists).
    let viewSize: ViewSize

    init(camera position: GMSCameraPosition, settings: GMSUISettings) {
        self.settings = settings
        let size = ViewSize()
        viewSize = size
        camera = CameraController(camera: position, size: size, clock: clock, events: events)
        taps = TapPolicy(events: events)
        viewAnimations = ViewAnimationRunner { [clock] in clock.now }
        myLocation = MyLocationLayer(clock: clock)
        tileOverlays = TileOverlayLayer(clock: clock)
        labels = BasemapLabelLayer(basemap: basemap)
        markers = MarkerLayer(clock: clock)
        infoWindow = InfoWindowLayer(markers: markers, camera: camera, events: events)
        controls = ControlsLayer(settings: settings, camera: camera, myLocation: myLocation, size: size)
        drawOrder = [
            basemap, boundaries, tileOverlays, shapes, labels, SkyLayer(), markers, AttributionLayer(basemap: basemap), myLocation, infoWindow,
            controls,
        ]
        hitOrder = [controls, infoWindow, myLocation, markers, shapes, labels, boundaries]
        gestures = TouchRecognizer(camera: camera, taps: taps, settings: settings, controls: controls)
        taps.scene = self
        markers.adopt = { [viewAnimations] in viewAnimations.adopt($0) }
        infoWindow.adopt = { [viewAnimations] in viewAnimations.adopt($0) }
        markers.isDragging = { [gestures] in gestures.isDragging($0) }
        basemap.tileDecorator = { [unowned boundaries] key, bitmap in boundaries.decorate(key, bitmap) }
        basemap.alongsideTiles = { [unowned labels] viewport, scale in labels.prepare(viewport, scale: scale) }
        labels.blockers = { [unowned markers] viewport in markers.collisions(in: viewport).labelBlockers }
    }

    /// The frame of the moment.
    var frame: MapFrame { MapFrame(viewport: camera.viewport, now: clock.now) }

    // MARK: Time

    /// Runs one frame at a time: gesture timers, the camera (one `didChange` at most), the
    /// layers' own animations, views' animations, then the tiles the camera needs.
    func tick(at time: TimeInterval) {
        clock.now = time
        CATransaction.runDueCompletions()
        background.run()
        timers.run(now: time)
        gestures.step(now: time)
        camera.step()
        viewAnimations.step()
        let frame = frame
        for layer in drawOrder { layer.advance(to: frame) }
        stepTiles(frame.viewport)
    }

    /// Whether nothing moves, animates, waits on a timer (a gesture's or ``timers``), on work
    /// in the background, or for tiles.
    var isIdle: Bool {
        camera.isIdle && !CATransaction.hasDueCompletions && timers.isIdle && background.isIdle && !gestures.isDeciding && viewAnimations.isIdle && drawOrder.allSatisfy(\.isIdle) && !tilesInFlight
            && !drawOrder.contains { $0.hasWork(at: camera.viewport) }
    }

    // MARK: Drawing and hits

    /// Draws every layer into a canvas whose origin is the view's top left.
    func draw(in canvas: Canvas) {
        let frame = frame
        for layer in drawOrder { layer.draw(in: canvas, frame: frame) }
    }

    /// What a touch at a view point hits: the first answer of the layers, top down (of the
    /// layers given, or all).
    func hitTest(_ point: CGPoint, in layers: [MapLayer]? = nil) -> MapHit? {
        let frame = frame
        for layer in layers ?? hitOrder {
            if let hit = layer.hitTest(point, frame: frame) { return hit }
        }
        return nil
    }

    // MARK: Layers' work

    /// Whether layers' work runs on other threads now.
    var isWorkingInBackground: Bool { drawOrder.contains(where: \.isWorkingInBackground) }

    /// Whether a layer changes on every frame just now.
    var wantsFrames: Bool { drawOrder.contains(where: \.wantsFrames) }

    /// Waits up to a time for the layers' awaited work.
    func awaitLayerWork(for duration: Duration) async {
        for layer in drawOrder { await layer.awaitWork(for: duration) }
    }

    /// Gives up the layers' awaited work; returns how much it was.
    func abandonLayerWork() -> Int {
        drawOrder.reduce(0) { $0 + $1.abandonWork() }
    }

    // MARK: Tiles

    /// Whether this tile step reported the start of tile work.
    private var tileWorkStarted = false

    /// Reports the start of tile work, once, unless work was already under way.
    private func startTileWork() {
        guard !tilesInFlight, !tileWorkStarted else { return }
        tileWorkStarted = true
        snapshotReported = false
        events.tileRenderingStarted()
    }

    /// Takes the light or dark appearance: the basemap's scheme (unless a map style is set),
    /// the default info window, the controls and the attribution follow it.
    func useAppearance(dark: Bool) {
        guard basemap.isDark != dark else { return }
        basemap.isDark = dark
        controls.isDark = dark
        infoWindow.style = dark ? .dark : .standard
        basemapChanged()
    }

    /// What the basemap shows changed (file or style): the next still picture is reported.
    func basemapChanged() {
        snapshotReported = false
        invalidate()
    }

    /// Has every layer prepare what the camera needs (the basemap renders its tiles, tile
    /// layers ask for theirs), reporting the work (`mapViewDidStartTileRendering`,
    /// `mapViewDidFinishTileRendering`), and `mapViewSnapshotReady` once the camera is idle
    /// and everything is drawn.
    func stepTiles(_ current: Viewport? = nil) {
        let viewport = current ?? camera.viewport
        guard viewport.width > 0, viewport.height > 0 else { return }
        let wasBusy = tilesInFlight
        tileWorkStarted = false
        var busy = false, awaited = false, arrived = false
        let preparation = LayerPreparation(viewport: viewport, realTime: runsInRealTime, willRender: startTileWork)
        for layer in drawOrder {
            let work = layer.prepare(preparation)
            busy = busy || work.isBusy
            awaited = awaited || work.isAwaited
            arrived = arrived || work.arrived
        }
        isAwaitingLayerWork = awaited
        if arrived { invalidate() }
        if busy { startTileWork() }
        tilesInFlight = busy
        if !busy, wasBusy || tileWorkStarted { events.tileRenderingFinished() }
        if !busy, !snapshotReported, !camera.isMoving, camera.motion == nil {
            snapshotReported = true
            events.snapshotReady()
        }
    }
}

/// The view's size as the scene's parts read it.
@MainActor
final class ViewSize {
    weak var view: UIView? { didSet { whenMade = current } }
    var current: CGSize { view?.bounds.size ?? .zero }
    /// The size the map was made with: what the camera's first observers saw.
    private(set) var whenMade = CGSize.zero
}
