import Foundation
import Geocoding
import MapGeometry

/// The boundaries of one kind in projected space, simplified once per zoom level on first use
/// (Douglas-Peucker to a quarter point at that zoom; rings smaller than that are dropped).
@MainActor
final class BoundaryGeometry {
    /// A projected box: x and y in 0...1.
    typealias Box = (minX: Double, minY: Double, maxX: Double, maxY: Double)

    /// The boundaries, in the data's order.
    let boundaries: [Boundary]
    /// Each boundary's projected box.
    let boxes: [Box]
    /// Levels above this one draw the data as it is.
    static let finestLevel = 10
    /// The simplification tolerance, in points at a level's zoom.
    static let tolerance = 0.25

    private var projected: [[[MercatorPoint]]?]
    private var simplified: [Int: [[[MercatorPoint]]?]] = [:]

    init(_ boundaries: [Boundary]) {
        self.boundaries = boundaries
        boxes = boundaries.map { boundary in
            let northWest = WebMercator.project(
                CLLocationCoordinate2D(latitude: boundary.box.maxLatitude, longitude: boundary.box.minLongitude))
            let southEast = WebMercator.project(
                CLLocationCoordinate2D(latitude: boundary.box.minLatitude, longitude: boundary.box.maxLongitude))
            return (northWest.x, northWest.y, southEast.x, southEast.y)
        }
        projected = Array(repeating: nil, count: boundaries.count)
    }

    /// The indices of the boundaries whose box meets a projected box.
    func indices(meeting box: Box) -> [Int] {
        boxes.indices.filter { i in
            let b = boxes[i]
            return b.maxX >= box.minX && b.minX <= box.maxX && b.maxY >= box.minY && b.minY <= box.maxY
        }
    }

    /// A boundary's rings in projected space, as fine as a zoom level needs.
    func rings(of index: Int, level: Int) -> [[MercatorPoint]] {
        let full = projectedRings(of: index)
        guard level <= BoundaryGeometry.finestLevel else { return full }
        let level = max(level, 0)
        if let cached = simplified[level]?[index] ?? nil { return cached }
        let tolerance = BoundaryGeometry.tolerance / (256 * pow(2, Double(level)))
        let result = full.compactMap { ring -> [MercatorPoint]? in
            var low = (x: Double.infinity, y: Double.infinity), high = (x: -Double.infinity, y: -Double.infinity)
            for p in ring {
                low = (min(low.x, p.x), min(low.y, p.y))
                high = (max(high.x, p.x), max(high.y, p.y))
            }
            guard high.x - low.x > tolerance || high.y - low.y > tolerance else { return nil }
            let kept = BoundaryGeometry.simplify(ring, tolerance: tolerance)
            return kept.count >= 3 ? kept : nil
        }
        if simplified[level] == nil { simplified[level] = Array(repeating: nil, count: boundaries.count) }
        simplified[level]?[index] = result
        return result
    }

    private func projectedRings(of index: Int) -> [[MercatorPoint]] {
        if let cached = projected[index] { return cached }
        let rings = boundaries[index].rings.map { $0.map(WebMercator.project) }
        projected[index] = rings
        return rings
    }

    /// Douglas-Peucker: the points of a line within `tolerance` of it, ends kept.
    static func simplify(_ points: [MercatorPoint], tolerance: Double) -> [MercatorPoint] {
        guard points.count > 2 else { return points }
        var keep = [Bool](repeating: false, count: points.count)
        keep[0] = true
        keep[points.count - 1] = true
        var stack = [(0, points.count - 1)]
        let limit = tolerance * tolerance
        while let (first, last) = stack.popLast() {
            guard last > first + 1 else { continue }
            let a = points[first], b = points[last]
            var farthest = first, distance = -1.0
            for i in (first + 1)..<last {
                let d = squaredDistance(points[i], a, b)
                if d > distance {
                    distance = d
                    farthest = i
                }
            }
            if distance > limit {
                keep[farthest] = true
                stack.append((first, farthest))
                stack.append((farthest, last))
            }
        }
        return points.indices.compactMap { keep[$0] ? points[$0] : nil }
    }

    /// The squared distance from a point to a segment (to the point, when the segment has no
    /// length).
    private static func squaredDistance(_ p: MercatorPoint, _ a: MercatorPoint, _ b: MercatorPoint) -> Double {
        let dx = b.x - a.x, dy = b.y - a.y
        let length = dx * dx + dy * dy
        var t = length > 0 ? ((p.x - a.x) * dx + (p.y - a.y) * dy) / length : 0
        t = min(max(t, 0), 1)
        let x = a.x + t * dx - p.x, y = a.y + t * dy - p.y
        return x * x + y * y
    }
}
