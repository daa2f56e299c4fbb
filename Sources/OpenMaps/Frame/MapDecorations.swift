import Foundation
import MapDrawing
import MapGeometry

/// The colours of the map outside the basemap.
enum MapPalette {
    static let land = Color(rgb: 0xF5F3EE)
    static let sky = Color(rgb: 0xC9DCF0)
    static let horizon = Color(rgb: 0xEEF2F5)
}

/// Under a steep tilt the horizon can come into view: above it, a pale sky fading into haze.
@MainActor
final class SkyLayer: MapLayer {
    func draw(in canvas: Canvas, frame: MapFrame) {
        let viewport = frame.viewport
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
}

/// The basemap data's sources, small at the bottom left inside the padding, as their
/// licences ask.
@MainActor
final class AttributionLayer: MapLayer {
    private let basemap: BasemapLayer

    init(basemap: BasemapLayer) {
        self.basemap = basemap
    }

    /// The text laid out for the last frame, kept while its text, scheme and width stay.
    private var laidOut: (text: String, isDark: Bool, width: Double, layout: TextLayout)?

    func draw(in canvas: Canvas, frame: MapFrame) {
        guard basemap.isShown else { return }
        let viewport = frame.viewport
        let layout = layout(basemap.attribution, isDark: basemap.isDark, width: viewport.width)
        let origin = CGPoint(x: viewport.padding.left + 4, y: viewport.height - viewport.padding.bottom - layout.size.height - 3)
        canvas.fill(
            .roundedRect(CGRect(x: origin.x - 2, y: origin.y - 1, width: layout.size.width + 4, height: layout.size.height + 2), cornerRadius: 2),
            with: basemap.isDark ? Color(rgb: 0x202124).withAlpha(0.7) : Color(white: 1, alpha: 0.7))
        layout.draw(in: canvas, at: origin)
    }

    private func layout(_ text: String, isDark: Bool, width: Double) -> TextLayout {
        if let laidOut, laidOut.text == text, laidOut.isDark == isDark, laidOut.width == width { return laidOut.layout }
        let layout = TextLayout(
            text: text, style: TextStyle(font: Font(size: 9), color: isDark ? Color(rgb: 0xBDC1C6) : Color(rgb: 0x5F6368), maximumLines: 1),
            width: width)
        laidOut = (text, isDark, width, layout)
        return layout
    }
}
