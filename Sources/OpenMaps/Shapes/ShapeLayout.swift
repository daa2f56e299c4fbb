import Foundation
import MapDrawing
import MapGeometry

/// A shape as it appears on screen now: outlines per visible world copy.
struct ScreenShape {
    /// Closed outlines (filled with the even-odd rule, so holes stay holes).
    var rings: [[CGPoint]] = []
    /// Open runs of a polyline with the style of their span (nil: the line's colour).
    var runs: [(points: [CGPoint], style: GMSStrokeStyle?)] = []
    /// A ground overlay's corners (north-west, north-east, south-east, south-west) per copy,
    /// with the projected corners they came from and the copy's shift.
    var quads: [(screen: [CGPoint], ground: [MercatorPoint], shift: Double)] = []
}

extension ShapeLayer {
    /// The screen geometry of a shape overlay now (empty for shapes with nothing to draw).
    func screenShape(of overlay: GMSOverlay, viewport: Viewport) -> ScreenShape {
        let box = viewport.visibleMercatorBox
        var shape = ScreenShape()
        func addArea(_ rings: [ShapeGeometry.Ring]) {
            guard let outer = rings.first, outer.count >= 3 else { return }
            // Holes follow the outline's copy of the world.
            let aligned = rings.map { ring -> ShapeGeometry.Ring in
                guard let first = ring.first, let anchor = outer.first else { return ring }
                let shift = (anchor.x - first.x).rounded()
                return ring.map { MercatorPoint(x: $0.x + shift, y: $0.y) }
            }
            for k in ShapeGeometry.copies(of: outer, in: box) {
                let shifted = (box.minX - k, box.minY, box.maxX - k, box.maxY)
                for ring in aligned {
                    let clipped = ShapeGeometry.clipPolygon(ring, to: shifted)
                    if clipped.count >= 3 { shape.rings.append(ShapeGeometry.screen(clipped, shift: k, viewport: viewport)) }
                }
            }
        }
        switch overlay {
        case let circle as GMSCircle:
            guard circle.radius > 0, circle.radius.isFinite else { break }
            addArea([ShapeGeometry.project(ShapeGeometry.circle(center: circle.position, radius: min(circle.radius, 2e7)), geodesic: false, closed: true)])
        case let polygon as GMSPolygon:
            guard let path = polygon.path, path.coordinates.count >= 3 else { break }
            let holes = (polygon.holes ?? []).filter { $0.coordinates.count >= 3 }
            addArea(([path] + holes).map { ShapeGeometry.project($0.coordinates, geodesic: polygon.geodesic, closed: true) })
        case let polyline as GMSPolyline:
            guard let path = polyline.path, path.coordinates.count >= 2 else { break }
            for (coordinates, style) in spanPieces(of: polyline, path: path) {
                let line = ShapeGeometry.project(coordinates, geodesic: polyline.geodesic, closed: false)
                for k in ShapeGeometry.copies(of: line, in: box) {
                    let shifted = (box.minX - k, box.minY, box.maxX - k, box.maxY)
                    for piece in ShapeGeometry.clipLine(line, to: shifted) {
                        shape.runs.append((ShapeGeometry.screen(piece, shift: k, viewport: viewport), style))
                    }
                }
            }
        case let ground as GMSGroundOverlay:
            guard let corners = ground.corners else { break }
            for k in ShapeGeometry.copies(of: corners, in: box) {
                // Only where the whole image lies in front of the camera.
                let inside = corners.allSatisfy { $0.x + k >= box.minX - 1 && $0.x + k <= box.maxX + 1 && $0.y >= box.minY && $0.y <= box.maxY }
                guard inside || viewport.tilt == 0 else { continue }
                shape.quads.append((ShapeGeometry.screen(corners, shift: k, viewport: viewport), corners, k))
            }
        default:
            break
        }
        return shape
    }

    /// A polyline cut into runs of coordinates by its spans (the last span covers the rest).
    private func spanPieces(of polyline: GMSPolyline, path: GMSPath) -> [([CLLocationCoordinate2D], GMSStrokeStyle?)] {
        let coordinates = path.coordinates
        guard let spans = polyline.spans, !spans.isEmpty else { return [(coordinates, nil)] }
        let segmentCount = Double(coordinates.count - 1)
        func point(at position: Double) -> CLLocationCoordinate2D {
            let index = min(max(0, Int(saturating: position.rounded(.down))), coordinates.count - 2)
            let f = position - Double(index)
            let a = coordinates[index], b = coordinates[index + 1]
            return polyline.geodesic
                ? Geodesy.interpolate(from: a, to: b, fraction: f) : WebMercator.interpolate(from: a, to: b, fraction: f)
        }
        var pieces: [([CLLocationCoordinate2D], GMSStrokeStyle?)] = []
        var cursor = 0.0
        for (index, span) in spans.enumerated() where cursor < segmentCount {
            let end = index == spans.count - 1 ? segmentCount : min(segmentCount, cursor + span.segments)
            guard end > cursor else { continue }
            var run = [point(at: cursor)]
            var vertex = Int(saturating: cursor.rounded(.down)).clamped(to: -1...coordinates.count) + 1
            while Double(vertex) < end {
                run.append(coordinates[vertex])
                vertex += 1
            }
            run.append(point(at: end))
            pieces.append((run, span.style))
            cursor = end
        }
        return pieces
    }

    /// Shapes in drawing order: lowest `zIndex` first, then in the order they were added.
    var inDrawingOrder: [GMSOverlay] {
        overlays.enumerated().sorted { a, b in
            a.element.zIndex != b.element.zIndex ? a.element.zIndex < b.element.zIndex : a.offset < b.offset
        }.map(\.element)
    }

    /// The tappable shape drawn on top at a screen point (rule 6).
    func hitTest(_ point: CGPoint, frame: MapFrame) -> MapHit? {
        let viewport = frame.viewport
        for overlay in inDrawingOrder.reversed() where overlay.isTappable {
            if hits(overlay, point, viewport: viewport) { return .overlay(overlay) }
        }
        return nil
    }

    private func hits(_ overlay: GMSOverlay, _ point: CGPoint, viewport: Viewport) -> Bool {
        let shape = screenShape(of: overlay, viewport: viewport)
        switch overlay {
        case let circle as GMSCircle:
            // By geodesic distance from the centre.
            guard !shape.rings.isEmpty else { return false }
            let coordinate = viewport.coordinate(for: point.x, point.y)
            return Geodesy.distance(from: circle.position, to: coordinate) <= circle.radius
        case is GMSPolygon:
            return ShapeHitTest.evenOddContains(shape.rings, point)
        case let polyline as GMSPolyline:
            let reach = max(polyline.strokeWidth, 0) / 2 + ShapeHitTest.lineSlop
            return shape.runs.contains { ShapeHitTest.distance(from: point, to: $0.points) <= reach }
        case is GMSGroundOverlay:
            return shape.quads.contains { ShapeHitTest.evenOddContains([$0.screen], point) }
        default:
            return false
        }
    }
}

/// Point-in-shape tests on screen geometry.
enum ShapeHitTest {
    /// Points of slop around a line's stroke.
    static let lineSlop: CGFloat = 8

    /// Whether a point is inside rings filled with the even-odd rule (holes excluded).
    static func evenOddContains(_ rings: [[CGPoint]], _ p: CGPoint) -> Bool {
        var inside = false
        for ring in rings where ring.count >= 3 {
            var j = ring.count - 1
            for i in 0..<ring.count {
                let a = ring[i], b = ring[j]
                if (a.y > p.y) != (b.y > p.y), p.x < (b.x - a.x) * (p.y - a.y) / (b.y - a.y) + a.x { inside.toggle() }
                j = i
            }
        }
        return inside
    }

    /// The shortest distance from a point to a polyline.
    static func distance(from p: CGPoint, to line: [CGPoint]) -> CGFloat {
        var best = CGFloat.infinity
        for (a, b) in zip(line, line.dropFirst()) {
            let dx = b.x - a.x, dy = b.y - a.y
            let lengthSquared = dx * dx + dy * dy
            let t = lengthSquared > 0 ? min(max(((p.x - a.x) * dx + (p.y - a.y) * dy) / lengthSquared, 0), 1) : 0
            best = min(best, hypot(a.x + t * dx - p.x, a.y + t * dy - p.y))
        }
        return best
    }
}
