import Foundation
import MapDrawing
import MapGeometry

/// The shape overlays of a map (circles, polylines, polygons, ground overlays), in the order
/// added: drawn by `zIndex` below the markers, tappable when `isTappable` (rule 6).
@MainActor
final class ShapeLayer: MapLayer {
    /// The shapes, in the order added.
    private(set) var overlays: [GMSOverlay] = []

    /// Puts a shape on top of the others (again on top if it was there already).
    func add(_ overlay: GMSOverlay) {
        overlays.removeAll { $0 === overlay }
        overlays.append(overlay)
    }

    func remove(_ overlay: GMSOverlay) {
        overlays.removeAll { $0 === overlay }
    }

    /// Draws every shape in drawing order.
    func draw(in canvas: Canvas, frame: MapFrame) {
        let viewport = frame.viewport
        for overlay in inDrawingOrder {
            let shape = screenShape(of: overlay, viewport: viewport)
            switch overlay {
            case let circle as GMSCircle:
                drawArea(shape.rings, fill: circle.fillColor, stroke: circle.strokeColor, width: circle.strokeWidth, in: canvas)
            case let polygon as GMSPolygon:
                drawArea(shape.rings, fill: polygon.fillColor, stroke: polygon.strokeColor, width: polygon.strokeWidth, in: canvas)
            case let polyline as GMSPolyline:
                drawLine(shape.runs, polyline: polyline, in: canvas)
            case let ground as GMSGroundOverlay:
                drawGround(ground, shape.quads, viewport: viewport, in: canvas)
            default:
                break
            }
        }
    }
}

extension ShapeLayer {
    private func outline(_ rings: [[CGPoint]]) -> Path {
        var path = Path()
        for ring in rings where ring.count >= 2 {
            path.move(to: ring[0])
            for point in ring.dropFirst() { path.line(to: point) }
            path.close()
        }
        return path
    }

    private func drawArea(_ rings: [[CGPoint]], fill: UIColor?, stroke: UIColor?, width: CGFloat, in canvas: Canvas) {
        guard !rings.isEmpty else { return }
        let path = outline(rings)
        if let fill, fill.color.alpha > 0 { canvas.fill(path, with: fill.color, rule: .evenOdd) }
        if let stroke, width > 0, width.isFinite, stroke.color.alpha > 0 {
            canvas.stroke(path, with: stroke.color, style: StrokeStyle(width: width, cap: .round, join: .round))
        }
    }

    private func drawLine(_ runs: [(points: [CGPoint], style: GMSStrokeStyle?)], polyline: GMSPolyline, in canvas: Canvas) {
        let width = polyline.strokeWidth
        guard width > 0, width.isFinite else { return }
        let stroke = StrokeStyle(width: width, cap: .round, join: .round)
        for run in runs where run.points.count >= 2 {
            var path = Path()
            path.move(to: run.points[0])
            for point in run.points.dropFirst() { path.line(to: point) }
            switch run.style?.kind {
            case nil:
                canvas.stroke(path, with: polyline.strokeColor.color, style: stroke)
            case .solid(let color)?:
                if color.color.alpha > 0 { canvas.stroke(path, with: color.color, style: stroke) }
            case .gradient(let from, let to)?:
                let gradient = Gradient.linear(
                    from: run.points[0], to: run.points[run.points.count - 1],
                    stops: [GradientStop(location: 0, color: from.color), GradientStop(location: 1, color: to.color)])
                canvas.stroke(path, with: gradient, style: stroke)
            }
            if let stamp = run.style?.stampStyle { drawStamps(stamp, along: run.points, width: width, in: canvas) }
        }
    }

    /// Images placed along a line, turned with it: sprites at their size, textures scaled to
    /// the line's width.
    private func drawStamps(_ stamp: GMSStampStyle, along line: [CGPoint], width: CGFloat, in canvas: Canvas) {
        let image = stamp.stampImage
        guard image.size.width > 0, image.size.height > 0 else { return }
        let size = stamp is GMSTextureStyle
            ? CGSize(width: image.size.width * width / image.size.height, height: width) : image.size
        let spacing = max(size.width, 1)
        var carried: CGFloat = spacing / 2
        var placed = 0
        for (a, b) in zip(line, line.dropFirst()) {
            let length = hypot(b.x - a.x, b.y - a.y)
            guard length > 0 else { continue }
            let angle = atan2(b.y - a.y, b.x - a.x)
            var at = carried
            while at <= length && placed < 10_000 {
                let p = CGPoint(x: a.x + (b.x - a.x) * at / length, y: a.y + (b.y - a.y) * at / length)
                canvas.withSavedState {
                    canvas.translate(x: p.x, y: p.y)
                    canvas.rotate(by: angle)
                    canvas.draw(image.bitmap, in: CGRect(x: -size.width / 2, y: -size.height / 2, width: size.width, height: size.height))
                }
                at += spacing
                placed += 1
            }
            carried = at - length
        }
    }

    /// The image mapped onto its corners; under tilt, in a grid of cells so the perspective holds.
    private func drawGround(
        _ overlay: GMSGroundOverlay, _ quads: [(screen: [CGPoint], ground: [MercatorPoint], shift: Double)], viewport: Viewport,
        in canvas: Canvas
    ) {
        guard let image = overlay.icon?.bitmap, !image.isEmpty else { return }
        let w = Double(image.width), h = Double(image.height)
        let cells = viewport.tilt > 0 ? 8 : 1
        for quad in quads {
            let c = quad.ground
            func ground(_ u: Double, _ v: Double) -> CGPoint {
                // Bilinear over the (parallelogram) corners.
                let top = MercatorPoint(x: c[0].x + (c[1].x - c[0].x) * u, y: c[0].y + (c[1].y - c[0].y) * u)
                let bottom = MercatorPoint(x: c[3].x + (c[2].x - c[3].x) * u, y: c[3].y + (c[2].y - c[3].y) * u)
                let p = viewport.point(forMercator: MercatorPoint(x: top.x + (bottom.x - top.x) * v + quad.shift, y: top.y + (bottom.y - top.y) * v))
                return CGPoint(x: p.x, y: p.y)
            }
            // Cells overlap a little inside the image, so no seams show between them; the
            // overlay's opacity applies to the whole image at once.
            let overlap = cells > 1 ? 0.35 / Double(max(image.width, image.height)) * Double(cells) : 0
            canvas.withTransparencyLayer(opacity: Double(overlay.opacity)) {
                for row in 0..<cells {
                    for column in 0..<cells {
                        let u0 = max(0, Double(column) / Double(cells) - (column > 0 ? overlap : 0))
                        let u1 = min(1, Double(column + 1) / Double(cells) + (column < cells - 1 ? overlap : 0))
                        let v0 = max(0, Double(row) / Double(cells) - (row > 0 ? overlap : 0))
                        let v1 = min(1, Double(row + 1) / Double(cells) + (row < cells - 1 ? overlap : 0))
                        canvas.draw(
                            image, source: CGRect(x: u0 * w, y: v0 * h, width: (u1 - u0) * w, height: (v1 - v0) * h),
                            topLeft: ground(u0, v0), topRight: ground(u1, v0), bottomLeft: ground(u0, v1))
                    }
                }
            }
        }
    }
}
