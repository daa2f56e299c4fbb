import Foundation
import MapDrawing

/// Hosts a map view outside UIKit: delivers touches, advances its clock frame by frame,
/// resizes it and takes its frames. `openmaps replay`, `openmaps render`, the tests and the
/// playground drive maps only through this API.
///
/// Time runs in frames of 1/60 s. On each frame the map fires due gesture timers, steps
/// camera animations and reports at most one `didChange` (decisions.md rule 17).
@MainActor
public final class GMSMapViewHost {
    /// The length of one frame.
    public static let frameInterval: TimeInterval = 1.0 / 60

    /// The hosted map.
    public let mapView: GMSMapView
    private var frameIndex = 0
    private var renderedRevision: Int?
    private var realTimeTimer: Timer?

    /// Hosts a map, optionally resizing it.
    public init(mapView: GMSMapView, size: CGSize? = nil) {
        self.mapView = mapView
        if let size { resize(to: size) }
    }

    /// The map's clock, in seconds since hosting began.
    public var time: TimeInterval { mapView.now }

    /// Resizes the map view (non-finite or negative sizes are ignored).
    public func resize(to size: CGSize) {
        guard size.width.isFinite, size.height.isFinite, size.width >= 0, size.height >= 0 else {
            GMSMapView.logger.warning("resize to \(size) ignored")
            return
        }
        mapView.frame = CGRect(origin: .zero, size: size)
    }

    /// Sets the device location the map shows with My Location on.
    public func setMyLocation(_ location: CLLocation?) {
        mapView.myLocation = location
        mapView.setNeedsDisplay()
    }

    /// Delivers a touch at its timestamp: frames up to that moment run first. A timestamp
    /// before the current time is delivered now.
    public func send(_ touch: MapTouch) {
        if touch.timestamp.isFinite { advance(to: touch.timestamp) }
        mapView.touches.handle(touch)
    }

    /// Runs the frames of the next `seconds`.
    public func advance(by seconds: TimeInterval) {
        guard seconds.isFinite, seconds > 0 else { return }
        advance(to: time + seconds)
    }

    /// Runs every frame up to a time, then sets the clock to it.
    public func advance(to target: TimeInterval) {
        guard target.isFinite, target > time else { return }
        while true {
            let next = Double(frameIndex + 1) * GMSMapViewHost.frameInterval
            guard next <= target + 1e-9 else { break }
            frameIndex += 1
            tick(at: next)
        }
        mapView.now = max(mapView.now, target)
    }

    /// Runs frames until the map is idle or `limit` seconds have passed; returns whether it
    /// became idle.
    @discardableResult
    public func runUntilIdle(limit: TimeInterval = 60) -> Bool {
        let end = time + limit
        while !isIdle && time < end {
            advance(to: Double(frameIndex + 1) * GMSMapViewHost.frameInterval)
        }
        return isIdle
    }

    /// Loads and draws the basemap tiles the camera needs now, without advancing time (a host
    /// calls it before showing the first frame; tile callbacks come as usual).
    public func prepareTiles() {
        mapView.stepTiles()
    }

    /// Whether nothing moves, animates, waits on a timer or waits for tiles (rendering, or a
    /// tile layer's fetches).
    public var isIdle: Bool {
        !mapView.motion.isMoving && mapView.motion.animation == nil && !mapView.touches.isBusy
            && !mapView.isAnimatingMarkers && mapView.markerMotions.isEmpty
            && mapView.viewAnimations.isEmpty && !mapView.tilesInFlight && !mapView.hasLayerTileWork
    }

    /// Whether what the map shows changed since the last frame taken.
    public var needsFrame: Bool {
        renderedRevision != mapView.displayRevision || mapView.isAnimatingMarkers || mapView.isFadingTiles
    }

    /// Draws the map as it is now (premultiplied ARGB pixels at `scale`).
    public func renderFrame(scale: CGFloat) -> Bitmap {
        renderedRevision = mapView.displayRevision
        return mapView.renderFrame(scale: scale)
    }

    /// The map as it is now, as an image.
    public func snapshot(scale: CGFloat) -> UIImage {
        UIImage(bitmap: renderFrame(scale: scale), scale: scale)
    }

    /// Drives the map from the system clock on the main run loop, 60 times a second, calling
    /// `onFrame` after each frame in which something changed.
    public func runInRealTime(onFrame: @escaping @MainActor (GMSMapViewHost) -> Void = { _ in }) {
        stopRealTime()
        // Shown to a person: tiles render on the other cores so gestures stay smooth.
        rendersTilesInBackground = true
        let clock = SystemClock()
        let offset = time
        let timer = Timer(timeInterval: GMSMapViewHost.frameInterval, repeats: true) { [weak self] _ in
            MainActor.assumeIsolated {
                guard let self else { return }
                self.advance(to: offset + clock.now)
                if self.needsFrame { onFrame(self) }
            }
        }
        RunLoop.main.add(timer, forMode: .common)
        realTimeTimer = timer
    }

    /// Stops driving the map from the system clock (tiles render at once again).
    public func stopRealTime() {
        realTimeTimer?.invalidate()
        realTimeTimer = nil
        rendersTilesInBackground = false
    }

    /// Whether basemap tiles render on other cores (as in real time) instead of at once within
    /// the frame that needs them (virtual time: deterministic). Until a tile arrives, its
    /// nearest rendered ancestor is shown.
    public var rendersTilesInBackground: Bool {
        get { mapView.basemap.rendersInBackground }
        set {
            mapView.basemap.rendersInBackground = newValue
            mapView.basemap.onTileArrived = newValue ? { [weak self] in self?.mapView.setNeedsDisplay() } : nil
        }
    }

    /// Whether background tile renders are under way.
    public var hasTilesInFlight: Bool { !mapView.basemap.pending.isEmpty || mapView.tileLayers.contains { $0.store.inFlight } }

    private func tick(at time: TimeInterval) {
        mapView.now = time
        mapView.touches.step(now: time)
        mapView.stepCamera()
        _ = mapView.stepMarkerMotions()
        mapView.stepViewAnimations()
        mapView.refreshTrackedWindow()
        mapView.stepTiles()
    }
}
