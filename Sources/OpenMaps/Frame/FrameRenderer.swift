import Foundation
import MapDrawing
import MapGeometry

extension GMSMapView {
    /// Draws the map as it is now into a new bitmap at a scale: land and a graticule, the
    /// markers in drawing order on every visible world copy, and the shown info window.
    func renderFrame(scale: CGFloat) -> Bitmap {
        let canvas = Canvas(size: bounds.size, scale: scale)
        guard !canvas.bitmap.isEmpty else { return canvas.bitmap }
        draw(in: canvas, scale: scale)
        return canvas.bitmap
    }

    /// Draws the map into a canvas whose origin is the view's top left.
    func draw(in canvas: Canvas, scale: CGFloat) {
        let viewport = viewport
        canvas.clear(mapType == .none ? (backgroundColor?.color ?? MapPalette.land) : basemap.renderer.style.land)
        // `.none` is an empty map: the background alone.
        if mapType != .none { drawBasemap(in: canvas, viewport: viewport, scale: scale) }
        drawTileLayers(in: canvas, viewport: viewport)
        let placedLabels = labels.labels(for: self)
        drawShapes(in: canvas, viewport: viewport)
        labels.draw(placedLabels, style: basemap.renderer.style, in: canvas)
        drawSky(in: canvas, viewport: viewport)
        for marker in markers(visibleIn: viewport) where marker.opacity > 0 {
            let image = icons.image(for: marker, scale: scale)
            if marker.iconView != nil { markerStore.noteIcon(of: marker) }  // its view may have grown
            let appear = appearance(of: marker)
            for placement in placements(of: marker, in: viewport) {
                let opacity = Double(marker.opacity) * appear.opacity
                // Upright at its own size (most pins): one pixel-aligned copy, the fast path.
                if placement.rotation == 0, placement.scaleX == 1, placement.scaleY == 1, appear.scale == 1,
                    image.bitmap.width == Int((placement.size.width * scale).rounded()),
                    image.bitmap.height == Int((placement.size.height * scale).rounded())
                {
                    canvas.blit(
                        image.bitmap, at: CGPoint(x: placement.anchor.x - placement.groundOffset.x, y: placement.anchor.y - placement.groundOffset.y),
                        opacity: opacity)
                    continue
                }
                canvas.withSavedState {
                    canvas.translate(x: placement.anchor.x, y: placement.anchor.y)
                    canvas.scale(x: placement.scaleX, y: placement.scaleY)
                    canvas.rotate(by: placement.rotation)
                    canvas.scale(x: appear.scale, y: appear.scale)
                    let rect = CGRect(
                        x: -placement.groundOffset.x, y: -placement.groundOffset.y, width: placement.size.width,
                        height: placement.size.height)
                    canvas.draw(image.bitmap, in: rect, opacity: opacity)
                }
            }
        }
        drawAttribution(in: canvas)
        drawMyLocation(in: canvas)
        // A window opened at another scale (by work outside the host's) is drawn again at this one.
        if let window = selection.window, window.image.scale != scale { renderWindow(scale: scale) }
        if let frame = windowFrame(), let window = selection.window {
            canvas.draw(window.image.bitmap, in: frame.image)
        }
        drawControls(in: canvas)
    }

    /// The data's sources, small at the bottom left inside the padding, as their licences ask.
    private func drawAttribution(in canvas: Canvas) {
        guard mapType != .none else { return }
        let text = basemap.attribution
        let layout = TextLayout(text: text, style: TextStyle(font: Font(size: 9), color: Color(rgb: 0x5F6368), maximumLines: 1), width: bounds.width)
        let origin = CGPoint(x: padding.left + 4, y: bounds.height - padding.bottom - layout.size.height - 3)
        canvas.fill(
            .roundedRect(CGRect(x: origin.x - 2, y: origin.y - 1, width: layout.size.width + 4, height: layout.size.height + 2), cornerRadius: 2),
            with: Color(white: 1, alpha: 0.7))
        layout.draw(in: canvas, at: origin)
    }

    /// Under a steep tilt the horizon can come into view: above it, a pale sky fading into haze.
    private func drawSky(in canvas: Canvas, viewport: Viewport) {
        let horizon = viewport.focus.y + viewport.horizonOffset
        guard horizon > 0, horizon.isFinite else { return }
        let haze = min(horizon + 24, viewport.height)
        canvas.fill(
            .rect(CGRect(x: 0, y: 0, width: viewport.width, height: haze)),
            with: Gradient.linear(
                from: CGPoint(x: 0, y: 0), to: CGPoint(x: 0, y: haze),
                stops: [
                    GradientStop(location: 0, color: MapPalette.sky),
                    GradientStop(location: max(0, (horizon - 1) / haze), color: MapPalette.horizon),
                    GradientStop(location: 1, color: MapPalette.horizon.withAlpha(0)),
                ]))
    }

    /// Scale and opacity of a marker's appear animation at the current time.
    func appearance(of marker: GMSMarker) -> (scale: Double, opacity: Double) {
        guard let added = marker.addedAt else { return (1, 1) }
        let t = (now - added) / MarkerAppearance.duration
        guard t < 1 else { return (1, 1) }
        switch marker.appearAnimation {
        case .none: return (1, 1)
        case .fadeIn: return (1, max(0, t))
        case .pop:
            // Grows past full size, then settles (ease-out-back).
            let s = 1.70158, u = max(0, t) - 1
            return (max(0.01, 1 + (s + 1) * u * u * u + s * u * u), 1)
        }
    }

    /// Whether a marker's appear animation is still running.
    var isAnimatingMarkers: Bool {
        markerStore.hasAppearing(at: now)
    }
}

/// How long a marker's appear animation lasts.
enum MarkerAppearance {
    static let duration: TimeInterval = 0.25
}
