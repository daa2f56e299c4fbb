import Foundation

/// A mouse wheel, a trackpad's scroll or its pinch zooms about the pointer, as Google Maps on
/// the web and MapLibre do: in proportion to the wheel's delta, eased over the next frames,
/// turns adding up while it eases (so a fast spin never saturates). A notch of 100 pixels is
/// one zoom level; a trackpad pinch (the browser's ctrl+wheel, whose delta is -100 ln of the
/// fingers' scale) zooms as far as the fingers spread. Switched by `zoomGestures`. An OpenMaps
/// addition: a phone has no wheel.
@MainActor
final class WheelZoomHandler: CameraGestureHandler, GestureHandler {
    /// Zoom levels a pixel of wheel delta is worth.
    static let levelsPerPixel = 1.0 / 100
    /// The largest delta one event counts (a page's wheel event beyond it is clamped): 20
    /// levels, the whole zoom range.
    static let maximumDelta = 2_000.0

    var isEnabled: Bool { settings.zoomGestures }

    /// A wheel turn at a view point: `delta` in pixels, positive away from the user (zoom
    /// out); `pinch` for a trackpad pinch.
    func scroll(at point: CGPoint, delta: Double, pinch: Bool) {
        guard isEnabled, delta.isFinite, point.isFinite else { return }
        let clamped = min(max(delta, -Self.maximumDelta), Self.maximumDelta)
        let levels = pinch ? -clamped / (100 * log(2)) : -clamped * Self.levelsPerPixel
        camera.wheelZoom(by: levels, about: point)
    }
}
