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
        canvas.clear(backgroundColor?.color ?? MapPalette.land)
        if mapType != .none { drawGraticule(in: canvas, viewport: viewport) }
        drawShapes(in: canvas, viewport: viewport)
        drawSky(in: canvas, viewport: viewport)
        for marker in markers(visibleIn: viewport) where marker.opacity > 0 {
            let image = icons.image(for: marker, scale: scale)
            if marker.iconView != nil { markerStore.noteIcon(of: marker) }  // its view may have grown
            let appear = appearance(of: marker)
            for placement in placements(of: marker, in: viewport) {
                canvas.withSavedState {
                    canvas.translate(x: placement.anchor.x, y: placement.anchor.y)
                    canvas.scale(x: placement.scaleX, y: placement.scaleY)
                    canvas.rotate(by: placement.rotation)
                    canvas.scale(x: appear.scale, y: appear.scale)
                    let rect = CGRect(
                        x: -placement.groundOffset.x, y: -placement.groundOffset.y, width: placement.size.width,
                        height: placement.size.height)
                    canvas.draw(image.bitmap, in: rect, opacity: Double(marker.opacity) * appear.opacity)
                }
            }
        }
        drawMyLocation(in: canvas)
        if let frame = windowFrame(), let window = selection.window {
            canvas.draw(window.image.bitmap, in: frame.image)
        }
        drawControls(in: canvas)
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

    private func drawGraticule(in canvas: Canvas, viewport: Viewport) {
        // Lines roughly 60-150 points apart: 1, 2 or 5 times a power of ten degrees.
        let degreesPerPoint = 360 / viewport.worldSize
        let wanted = degreesPerPoint * 100
        let power = pow(10, (log10(wanted)).rounded(.down))
        let step = [1.0, 2, 5, 10].map { $0 * power }.first { $0 >= wanted } ?? power * 10
        let corners = [(0.0, 0.0), (viewport.width, 0), (0, viewport.height), (viewport.width, viewport.height)]
            .map { viewport.mercator(for: $0.0, $0.1) }
        guard let minX = corners.map(\.x).min(), let maxX = corners.map(\.x).max(),
            let minY = corners.map(\.y).min(), let maxY = corners.map(\.y).max()
        else { return }
        var lines = Path()
        let west = (minX * 360 - 180), east = (maxX * 360 - 180)
        var longitude = (west / step).rounded(.down) * step
        var count = 0
        while longitude <= east && count < 400 {
            let x = (longitude + 180) / 360
            let a = viewport.point(forMercator: MercatorPoint(x: x, y: max(0, minY)))
            let b = viewport.point(forMercator: MercatorPoint(x: x, y: min(1, maxY)))
            lines.move(to: CGPoint(x: a.x, y: a.y))
            lines.line(to: CGPoint(x: b.x, y: b.y))
            longitude += step
            count += 1
        }
        let north = WebMercator.unproject(MercatorPoint(x: 0, y: max(0, minY))).latitude
        let south = WebMercator.unproject(MercatorPoint(x: 0, y: min(1, maxY))).latitude
        var latitude = (south / step).rounded(.down) * step
        while latitude <= north && count < 800 {
            let y = WebMercator.project(CLLocationCoordinate2D(latitude: latitude, longitude: 0)).y
            let a = viewport.point(forMercator: MercatorPoint(x: minX, y: y))
            let b = viewport.point(forMercator: MercatorPoint(x: maxX, y: y))
            lines.move(to: CGPoint(x: a.x, y: a.y))
            lines.line(to: CGPoint(x: b.x, y: b.y))
            latitude += step
            count += 1
        }
        canvas.stroke(lines, with: MapPalette.graticule, style: StrokeStyle(width: 1))
    }
}

/// How long a marker's appear animation lasts.
enum MarkerAppearance {
    static let duration: TimeInterval = 0.25
}
