import Foundation
import MapDrawing
import MapGeometry
import MapUIKit

/// Hosts a ``GMSPanoramaView`` headless, as ``GMSMapViewHost`` hosts a map: touches in
/// (``send(_:)``), delegate callbacks and frames out (``renderFrame(scale:)``). An OpenMaps
/// addition, for tests, replays and the playground.
///
/// Touches carry their own timestamps; the host keeps the latest as ``time``, so helpers can
/// place the next touch after it.
@MainActor
public final class GMSPanoramaViewHost {
    /// The hosted view.
    public let panoramaView: GMSPanoramaView
    /// The latest touch's timestamp, in seconds (0 before any).
    public private(set) var time: TimeInterval = 0

    /// Hosts a view, resized when a size is given.
    public init(panoramaView: GMSPanoramaView, size: CGSize? = nil) {
        self.panoramaView = panoramaView
        if let size, size.width.isFinite, size.height.isFinite, size.width > 0, size.height > 0 {
            panoramaView.frame = CGRect(origin: .zero, size: size)
        }
    }

    /// Delivers one touch to the view's gestures.
    public func send(_ touch: MapTouch) {
        if touch.timestamp.isFinite { time = max(time, touch.timestamp) }
        panoramaView.gestures.handle(touch, in: panoramaView)
    }

    /// A tap: one finger down and up 0.05 s later, after ``time``.
    public func tap(at point: CGPoint) {
        let start = time + 0.1
        send(MapTouch(id: 1, phase: .began, location: point, timestamp: start))
        send(MapTouch(id: 1, phase: .ended, location: point, timestamp: start + 0.05))
    }

    /// A one-finger drag in `steps` moves at 60 a second, after ``time``.
    public func drag(from start: CGPoint, to end: CGPoint, steps: Int = 20) {
        let count = min(max(steps, 1), 1_000)
        let begin = time + 0.1
        send(MapTouch(id: 1, phase: .began, location: start, timestamp: begin))
        for step in 1...count {
            let t = CGFloat(step) / CGFloat(count)
            let point = CGPoint(x: start.x + (end.x - start.x) * t, y: start.y + (end.y - start.y) * t)
            send(MapTouch(id: 1, phase: .moved, location: point, timestamp: begin + Double(step) / 60))
        }
        send(MapTouch(id: 1, phase: .ended, location: end, timestamp: begin + Double(count) / 60))
    }

    /// The view as it looks now, at a scale (the screen's when nil).
    public func renderFrame(scale: CGFloat? = nil) -> Bitmap {
        drawnRevision = panoramaView.hierarchyRevision
        return panoramaView.renderedImage(scale: scale).bitmap
    }

    /// What the view showed at the last frame.
    private var drawnRevision: Int?

    /// Whether the view changed since the last frame (or none was drawn).
    public var needsFrame: Bool { panoramaView.hierarchyRevision != drawnRevision }

    /// Resizes the view (a size with no area, or not finite, is ignored).
    public func resize(to size: CGSize) {
        guard size.width.isFinite, size.height.isFinite, size.width > 0, size.height > 0 else { return }
        panoramaView.frame = CGRect(origin: .zero, size: size)
        panoramaView.setNeedsDisplay()
    }
}
