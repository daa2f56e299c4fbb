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
    private var scene: MapScene { mapView.scene }

    /// Hosts a map, optionally resizing it.
    public init(mapView: GMSMapView, size: CGSize? = nil) {
        self.mapView = mapView
        if let size { resize(to: size) }
    }

    /// The map's clock, in seconds since hosting began.
    public var time: TimeInterval { scene.clock.now }

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
        scene.myLocation.location = location
        mapView.setNeedsDisplay()
    }

    /// Delivers a touch at its timestamp: frames up to that moment run first. A timestamp
    /// before the current time is delivered now.
    public func send(_ touch: MapTouch) {
        if touch.timestamp.isFinite { advance(to: touch.timestamp) }
        scene.gestures.handle(touch)
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
            scene.tick(at: next)
        }
        scene.clock.now = max(scene.clock.now, target)
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
        scene.stepTiles()
    }

    /// Whether nothing moves, animates, waits on a timer or waits for tiles (rendering, or a
    /// tile layer's fetches).
    public var isIdle: Bool { scene.isIdle }

    /// Whether what the map shows changed since the last frame taken.
    public var needsFrame: Bool {
        renderedRevision != mapView.displayRevision || scene.markers.isAppearing || scene.tileOverlays.isFading
    }

    /// Draws the map as it is now (premultiplied ARGB pixels at `scale`).
    public func renderFrame(scale: CGFloat) -> Bitmap {
        renderedRevision = mapView.displayRevision
        let canvas = Canvas(size: mapView.bounds.size, scale: scale)
        guard !canvas.bitmap.isEmpty else { return canvas.bitmap }
        scene.draw(in: canvas)
        return canvas.bitmap
    }

    /// The map as it is now, as an image.
    public func snapshot(scale: CGFloat) -> UIImage {
        UIImage(bitmap: renderFrame(scale: scale), scale: scale)
    }

    /// Whether basemap tiles render on other cores (as in real time) instead of at once within
    /// the frame that needs them (virtual time: deterministic). Until a tile arrives, its
    /// nearest rendered ancestor is shown.
    public var rendersTilesInBackground: Bool {
        get { scene.basemap.tiles.rendersInBackground }
        set {
            scene.basemap.tiles.rendersInBackground = newValue
            scene.basemap.tiles.onTileArrived = newValue ? { [weak self] in self?.mapView.setNeedsDisplay() } : nil
        }
    }

    /// Whether background tile renders are under way.
    public var hasTilesInFlight: Bool { scene.basemap.tiles.isRendering || scene.tileOverlays.isFetching }
}
