import Foundation
import MapGeometry

/// Turns shapes into screen geometry: outlines in projected space (densified along great
/// circles when geodesic, unwrapped across the antimeridian), clipped to the visible ground,
/// then projected once per visible copy of the world.
enum ShapeGeometry {
    /// A projected outline, continuous in x (it may leave 0...1 across the antimeridian).
    typealias Ring = [MercatorPoint]

    /// Points of a path in projected space, along great circles when `geodesic`.
    static func project(_ coordinates: [CLLocationCoordinate2D], geodesic: Bool, closed: Bool) -> Ring {
        let valid = coordinates.filter { $0.latitude.isFinite && $0.longitude.isFinite }
        guard var previous = valid.first else { return [] }
        var dense: [CLLocationCoordinate2D] = [previous]
        let tail = closed && valid.count > 2 ? Array(valid.dropFirst()) + [previous] : Array(valid.dropFirst())
        for next in tail {
            if geodesic {
                let degrees = Geodesy.distance(from: previous, to: next) / Geodesy.earthRadius * 180 / .pi
                let steps = min(Int(saturating: degrees.rounded(.up)), 180)
                if steps > 1 {
                    for step in 1..<steps {
                        dense.append(Geodesy.interpolate(from: previous, to: next, fraction: Double(step) / Double(steps)))
                    }
                }
            }
            dense.append(next)
            previous = next
        }
        if closed && valid.count > 2 { dense.removeLast() }
        return unwrap(dense.map(WebMercator.project))
    }

    /// Shifts x by whole worlds so each point is within half a world of the one before.
    static func unwrap(_ points: [MercatorPoint]) -> Ring {
        guard var last = points.first else { return [] }
        var result = [last]
        result.reserveCapacity(points.count)
        for point in points.dropFirst() {
            var p = point
            p.x -= (p.x - last.x).rounded()
            result.append(p)
            last = p
        }
        return result
    }

    /// The world copies (whole-number x shifts) on which a ring's box meets the visible box.
    static func copies(of ring: Ring, in box: (minX: Double, minY: Double, maxX: Double, maxY: Double)) -> [Double] {
        guard let low = ring.map(\.x).min(), let high = ring.map(\.x).max() else { return [] }
        let first = (box.minX - high).rounded(.down), last = (box.maxX - low).rounded(.up)
        guard last - first < 8 else { return [] }
        return stride(from: first, through: last, by: 1).filter { k in high + k >= box.minX && low + k <= box.maxX }
    }

    /// Clips a closed ring to a box (Sutherland-Hodgman).
    static func clipPolygon(_ ring: Ring, to box: (minX: Double, minY: Double, maxX: Double, maxY: Double)) -> Ring {
        var output = ring
        let edges: [(MercatorPoint) -> Double] = [
            { $0.x - box.minX }, { box.maxX - $0.x }, { $0.y - box.minY }, { box.maxY - $0.y },
        ]
        for inside in edges {
            let input = output
            output = []
            guard let last = input.last else { return [] }
            var previous = last
            for current in input {
                let a = inside(previous), b = inside(current)
                if b >= 0 {
                    if a < 0 { output.append(intersection(previous, current, a, b)) }
                    output.append(current)
                } else if a >= 0 {
                    output.append(intersection(previous, current, a, b))
                }
                previous = current
            }
        }
        return output
    }

    /// Clips an open line to a box, giving the pieces inside.
    static func clipLine(_ line: Ring, to box: (minX: Double, minY: Double, maxX: Double, maxY: Double)) -> [Ring] {
        var pieces: [Ring] = []
        var current: Ring = []
        for (a, b) in zip(line, line.dropFirst()) {
            guard let (p, q) = clipSegment(a, b, box) else {
                if !current.isEmpty { pieces.append(current) }
                current = []
                continue
            }
            if current.isEmpty { current.append(p) }
            current.append(q)
            if q != b {
                pieces.append(current)
                current = []
            }
        }
        if current.count > 1 { pieces.append(current) }
        return pieces.filter { $0.count > 1 }
    }

    /// Liang-Barsky clipping of one segment.
    private static func clipSegment(
        _ a: MercatorPoint, _ b: MercatorPoint, _ box: (minX: Double, minY: Double, maxX: Double, maxY: Double)
    ) -> (MercatorPoint, MercatorPoint)? {
        var t0 = 0.0, t1 = 1.0
        let dx = b.x - a.x, dy = b.y - a.y
        for (p, q) in [(-dx, a.x - box.minX), (dx, box.maxX - a.x), (-dy, a.y - box.minY), (dy, box.maxY - a.y)] {
            if p == 0 {
                if q < 0 { return nil }
            } else {
                let r = q / p
                if p < 0 { if r > t1 { return nil } else if r > t0 { t0 = r } } else { if r < t0 { return nil } else if r < t1 { t1 = r } }
            }
        }
        return (MercatorPoint(x: a.x + t0 * dx, y: a.y + t0 * dy), MercatorPoint(x: a.x + t1 * dx, y: a.y + t1 * dy))
    }

    private static func intersection(_ p: MercatorPoint, _ q: MercatorPoint, _ a: Double, _ b: Double) -> MercatorPoint {
        let t = a / (a - b)
        return MercatorPoint(x: p.x + (q.x - p.x) * t, y: p.y + (q.y - p.y) * t)
    }

    /// A ring shifted by whole worlds and projected to the view.
    static func screen(_ ring: Ring, shift: Double, viewport: Viewport) -> [CGPoint] {
        ring.map { p in
            let s = viewport.point(forMercator: MercatorPoint(x: p.x + shift, y: p.y))
            return CGPoint(x: s.x, y: s.y)
        }
    }

    /// The 180-point outline of a geodesic circle.
    static func circle(center: CLLocationCoordinate2D, radius: Double) -> [CLLocationCoordinate2D] {
        (0..<180).map { Geodesy.offset(from: center, distance: radius, heading: Double($0) * 2) }
    }
}

