import Foundation
import MapDrawing
import MapReplay
import OpenMaps

/// What a session shows and drives: a sample's map, or its panorama view, hosted headless with
/// its delegate's callbacks logged for the page.
@MainActor
protocol PlaygroundSurface: AnyObject {
    /// Seconds on the surface's clock.
    var time: TimeInterval { get }
    /// The view's size, in points.
    var size: CGSize { get }
    /// The shortest time between two frames the view asks for.
    var minimumFrameInterval: TimeInterval { get }
    /// Whether something changed since the last frame.
    var needsFrame: Bool { get }
    /// Pixels per point of the frames.
    func use(scale: Double)
    func send(_ touch: MapTouch)
    /// A wheel turn at a point (pixels, positive away from the user; `pinch`: a trackpad
    /// pinch); false when the surface takes wheels as pinching fingers instead.
    func wheel(at point: CGPoint, delta: Double, pinch: Bool) -> Bool
    /// A key of the page's keyboard.
    func press(_ key: UIKey)
    func advance(to time: TimeInterval)
    func resize(to size: CGSize)
    /// A frame; `offset` (points) moves the content's picture off its exact place (only
    /// content with an ``anchor`` moves).
    func renderFrame(scale: Double, offset: CGPoint) -> Bitmap
    /// Stops the view's late callbacks reaching the log (the sample is going).
    func detach()
    /// Forgets the log's lines (they went to the page as they came).
    func drainLog()
    /// Where the content is now, for telling how it moves between frames (nil: content that
    /// never moves as a whole).
    var anchor: ContentAnchor? { get }
    /// How far (points) the content at `anchor` has moved since, as a whole: zero when it has
    /// not; nil when it changed in another way (zoomed, turned, tilted, resized).
    func movement(since anchor: ContentAnchor) -> CGPoint?
}

/// Where a surface's content was when a frame was drawn: a map's camera, and its view's size.
struct ContentAnchor {
    let camera: GMSCameraPosition
    let size: CGSize
}

extension PlaygroundSurface {
    var anchor: ContentAnchor? { nil }
    func movement(since anchor: ContentAnchor) -> CGPoint? { nil }
}

/// A sample's map.
@MainActor
final class MapSurface: PlaygroundSurface {
    let host: GMSMapViewHost
    private let log: ReplayLog

    init(host: GMSMapViewHost, log: ReplayLog) {
        self.host = host
        self.log = log
    }

    var time: TimeInterval { host.time }
    var size: CGSize { host.mapView.bounds.size }
    var minimumFrameInterval: TimeInterval { host.mapView.preferredFrameRate.minimumFrameInterval }
    var needsFrame: Bool { host.needsFrame }
    func use(scale: Double) { host.scale = scale }
    func send(_ touch: MapTouch) { host.send(touch) }
    func wheel(at point: CGPoint, delta: Double, pinch: Bool) -> Bool {
        host.scrollWheel(at: point, delta: delta, pinch: pinch)
        return true
    }
    /// A map alone has nothing that takes keys.
    func press(_ key: UIKey) {}
    func advance(to time: TimeInterval) { host.advance(to: time) }
    func resize(to size: CGSize) {
        host.resize(to: size)
        host.mapView.setNeedsDisplay()
    }
    func renderFrame(scale: Double, offset: CGPoint) -> Bitmap { host.renderFrame(scale: scale, offset: offset) }
    func detach() {
        host.mapView.delegate = nil
        log.stop()
    }
    func drainLog() { _ = log.drain() }

    var anchor: ContentAnchor? { ContentAnchor(camera: host.mapView.camera, size: size) }

    /// A flat map panned moves as a whole; under tilt only a camera that stayed put keeps
    /// its picture.
    func movement(since anchor: ContentAnchor) -> CGPoint? {
        let camera = host.mapView.camera, then = anchor.camera
        guard anchor.size == size, camera.zoom == then.zoom, camera.bearing == then.bearing, camera.viewingAngle == then.viewingAngle else {
            return nil
        }
        if camera.target.latitude == then.target.latitude, camera.target.longitude == then.target.longitude { return .zero }
        guard camera.viewingAngle == 0 else { return nil }
        let projection = host.mapView.projection
        let was = projection.point(for: then.target), now = projection.point(for: camera.target)
        return CGPoint(x: was.x - now.x, y: was.y - now.y)
    }
}

/// A sample's panorama view (`GMSPanoramaView`, with panoramas the sample registered).
@MainActor
final class PanoramaSurface: PlaygroundSurface {
    let host: GMSPanoramaViewHost
    private let log: PanoramaLog
    private var clock: TimeInterval = 0

    init(host: GMSPanoramaViewHost, log: PanoramaLog) {
        self.host = host
        self.log = log
    }

    var time: TimeInterval { max(clock, host.time) }
    var size: CGSize { host.panoramaView.bounds.size }
    var minimumFrameInterval: TimeInterval { GMSMapViewHost.frameInterval }
    var needsFrame: Bool { host.needsFrame }
    /// Nothing to keep: a panorama frame takes its scale when drawn.
    func use(scale: Double) {}
    func send(_ touch: MapTouch) { host.send(touch) }
    /// A panorama takes a wheel as two fingers pinching.
    func wheel(at point: CGPoint, delta: Double, pinch: Bool) -> Bool { false }
    func press(_ key: UIKey) {}
    func advance(to time: TimeInterval) { clock = max(clock, time) }
    func resize(to size: CGSize) { host.resize(to: size) }
    func renderFrame(scale: Double, offset: CGPoint) -> Bitmap { host.renderFrame(scale: scale) }
    func detach() {
        host.panoramaView.delegate = nil
        log.stop()
    }
    func drainLog() { _ = log.drain() }
}
