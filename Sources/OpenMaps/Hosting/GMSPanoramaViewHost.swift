import Foundation
import MapDrawing
import MapGeometry
import MapUIKit

/// Hosts a ``GMSPanoramaView`` headless, as ``GMSMapViewHost`` hosts a map: touches in
/// (``send(_:)``), delegate callbacks and frames out (``renderFrame(scale:)``). An OpenMaps
/// addition, for tests, replays and the playground: a panorama's view of a ``ScreenHost``
/// (the view's window, or one made for it).
@MainActor
public final class GMSPanoramaViewHost {
    /// The hosted view.
    public let panoramaView: GMSPanoramaView
    /// The host of the view's window.
    public let screen: ScreenHost

    /// Hosts a view, resized when a size is given. A view in a window is hosted in it;
    /// otherwise its hierarchy's root goes into a window of the root's size.
    public init(panoramaView: GMSPanoramaView, size: CGSize? = nil) {
        self.panoramaView = panoramaView
        screen = ScreenHost(windowOf: panoramaView)
        if let size { resize(to: size) }
    }

    /// The window's clock, in seconds: the latest touch's timestamp, or later (0 before any).
    public var time: TimeInterval { screen.time }

    /// Delivers one touch (in the view's points) through the window to the view's gestures.
    public func send(_ touch: MapTouch) {
        var moved = touch
        if panoramaView.superview != nil { moved.location = panoramaView.convert(touch.location, to: screen.window) }
        screen.send(moved)
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
        panoramaView.layoutIfNeeded()
        return screen.window.drawFrame(of: panoramaView, scale: scale)
    }

    /// Whether the view changed since the last frame (or none was drawn).
    public var needsFrame: Bool { screen.needsFrame }

    /// Resizes the view (a size with no area, or not finite, is ignored); a view that is its
    /// window's content resizes the window with it.
    public func resize(to size: CGSize) {
        guard size.width.isFinite, size.height.isFinite, size.width > 0, size.height > 0 else { return }
        if panoramaView.superview === screen.window { screen.window.frame = CGRect(origin: .zero, size: size) }
        panoramaView.frame = CGRect(origin: panoramaView.frame.origin, size: size)
        panoramaView.setNeedsDisplay()
    }
}
