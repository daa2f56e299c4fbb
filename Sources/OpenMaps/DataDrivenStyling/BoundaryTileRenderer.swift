import Foundation
import Geocoding
import MapDrawing
import MapGeometry
import MapUIKit

/// One styled feature layer as a tile draws it: its boundaries and the style of each.
@MainActor
struct StyledBoundaries {
    let geometry: BoundaryGeometry
    /// The style of a boundary (by index), nil for none.
    let style: (Int) -> FeatureStyle?
}

/// Draws the styled boundaries of a tile into a transparent bitmap, and keeps the bitmaps
/// until the styles change.
@MainActor
final class BoundaryTileRenderer {
    /// The most tiles kept (about 16 MB at @2x); past it the cache starts again.
    static let cacheLimit = 64
    /// The stroke width when a style gives a stroke colour and no width.
    static let defaultStrokeWidth = 1.0
    /// The widest stroke drawn, in points (wider is clamped).
    static let maximumStrokeWidth = 64.0

    private var cache: [TileKey: Bitmap?] = [:]
    private var cacheScale = 0.0

    /// Forgets every tile (the styles or the data changed).
    func reset() {
        cache.removeAll(keepingCapacity: true)
    }

    /// The tile's bitmap, drawn now unless kept; nil when no styled feature reaches it.
    func bitmap(for key: TileKey, scale: Double, layers: [StyledBoundaries]) -> Bitmap? {
        if scale != cacheScale {
            reset()
            cacheScale = scale
        }
        if let kept = cache[key] { return kept }
        if cache.count >= BoundaryTileRenderer.cacheLimit { reset() }
        let bitmap = draw(key, scale: scale, layers: layers)
        cache[key] = bitmap
        return bitmap
    }

    private func draw(_ key: TileKey, scale: Double, layers: [StyledBoundaries]) -> Bitmap? {
        let n = Double(1 << min(key.z, 30))
        let pointsPerWorld = 256 * n
        // Wide enough that strokes along the clipped edge fall outside the tile.
        let margin = (BoundaryTileRenderer.maximumStrokeWidth / 2 + 2) / pointsPerWorld
        let origin = (x: Double(key.x) / n, y: Double(key.y) / n)
        let box: BoundaryGeometry.Box = (origin.x - margin, origin.y - margin, origin.x + 1 / n + margin, origin.y + 1 / n + margin)
        var canvas: Canvas?
        for layer in layers {
            for index in layer.geometry.indices(meeting: box) {
                guard let style = layer.style(index) else { continue }
                let fill = style.fillColor.map(\.color).flatMap { $0.alpha > 0 ? $0 : nil }
                let strokeColor = style.strokeColor.map(\.color).flatMap { $0.alpha > 0 ? $0 : nil }
                let width = BoundaryTileRenderer.strokeWidth(style)
                guard fill != nil || (strokeColor != nil && width > 0) else { continue }
                var area = Path(), outline = Path()
                for ring in layer.geometry.rings(of: index, level: key.z) {
                    let clipped = ShapeGeometry.clipPolygon(ring, to: box)
                    guard clipped.count >= 3 else { continue }
                    let points = clipped.map { CGPoint(x: ($0.x - origin.x) * pointsPerWorld, y: ($0.y - origin.y) * pointsPerWorld) }
                    area.move(to: points[0])
                    for p in points.dropFirst() { area.line(to: p) }
                    area.close()
                    guard strokeColor != nil else { continue }
                    // The cut along the antimeridian is not a border: no stroke there.
                    for (a, b) in zip(clipped, clipped.dropFirst() + [clipped[0]]).lazy
                    where !BoundaryTileRenderer.isAntimeridian(a, b) {
                        outline.move(to: CGPoint(x: (a.x - origin.x) * pointsPerWorld, y: (a.y - origin.y) * pointsPerWorld))
                        outline.line(to: CGPoint(x: (b.x - origin.x) * pointsPerWorld, y: (b.y - origin.y) * pointsPerWorld))
                    }
                }
                guard !area.isEmpty else { continue }
                let target = canvas ?? Canvas(size: CGSize(width: 256, height: 256), scale: scale)
                canvas = target
                if let fill { target.fill(area, with: fill, rule: .evenOdd) }
                if let strokeColor, width > 0, !outline.isEmpty {
                    target.stroke(outline, with: strokeColor, style: StrokeStyle(width: width, cap: .round, join: .round))
                }
            }
        }
        return canvas?.bitmap
    }

    /// The stroke width a style draws: its own (clamped), or the default when unspecified.
    static func strokeWidth(_ style: FeatureStyle) -> Double {
        let width = Double(style.strokeWidth)
        guard width.isFinite else { return 0 }
        if width == Double(FeatureStyle.strokeWidthUnspecified) { return defaultStrokeWidth }
        return min(max(width, 0), maximumStrokeWidth)
    }

    /// Whether a segment runs along the antimeridian (both ends at longitude ±180).
    private static func isAntimeridian(_ a: MercatorPoint, _ b: MercatorPoint) -> Bool {
        let epsilon = 1e-9
        return (abs(a.x) < epsilon && abs(b.x) < epsilon) || (abs(a.x - 1) < epsilon && abs(b.x - 1) < epsilon)
    }
}
