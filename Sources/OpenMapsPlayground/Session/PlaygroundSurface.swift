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
    func renderFrame(scale: Double) -> Bitmap
    /// Stops the view's late callbacks reaching the log (the sample is going).
    func detach()
    /// Forgets the log's lines (they went to the page as they came).
    func drainLog()
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
    func renderFrame(scale: Double) -> Bitmap { host.renderFrame(scale: scale) }
    func detach() { host.mapView.delegate = nil }
    func drainLog() { _ = log.drain() }
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
    func renderFrame(scale: Double) -> Bitmap { host.renderFrame(scale: scale) }
    func detach() { host.panoramaView.delegate = nil }
    func drainLog() { _ = log.drain() }
}
