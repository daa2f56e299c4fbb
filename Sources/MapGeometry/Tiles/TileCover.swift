import Foundation

/// A tile covering part of the view, on the world copy `shift` whole worlds east of the first.
public typealias CoveringTile = (key: TileKey, shift: Int)

/// The tiles that cover what a camera shows.
public enum TileCover {
    /// The most tiles a cover holds by default: past it, tiles stay coarser.
    public static let defaultLimit = 96

    /// The tiles covering the visible ground, at `zoom` where the ground is at the camera's
    /// scale and at lower zooms where perspective shrinks it (farther away under tilt), as
    /// MapLibre does; each with the world copy it lies on. At most `limit` tiles: past that,
    /// tiles stay coarser (the near ones finer, as the cover is built breadth first).
    public static func tiles(_ viewport: Viewport, zoom: Int, limit: Int = defaultLimit) -> [CoveringTile] {
        let box = viewport.visibleMercatorBox
        // Eight world copies at most; a box that is not finite or spans more covers nothing.
        guard box.maxX - box.minX < 8, box.minY < 1, box.maxY > 0 else { return [] }
        let first = Int(saturating: box.minX.rounded(.down)), last = Int(saturating: box.maxX.rounded(.down))
        guard first <= last, last - first < 8 else { return [] }
        var result: [CoveringTile] = []
        var level: [CoveringTile] = (first...last).map { (TileKey(z: 0, x: 0, y: 0), $0) }
        while !level.isEmpty {
            var next: [CoveringTile] = []
            for (index, (key, shift)) in level.enumerated() {
                let n = Double(1 << key.z)
                let minX = Double(key.x) / n + Double(shift), minY = Double(key.y) / n
                guard minX < box.maxX, minX + 1 / n > box.minX, minY < box.maxY, minY + 1 / n > box.minY else { continue }
                if key.z >= min(zoom, wantedZoom(of: key, shift: shift, viewport: viewport, zoom: zoom))
                    || result.count + next.count + 4 + (level.count - index - 1) > limit
                {
                    result.append((key, shift))
                    continue
                }
                for dy in 0..<2 {
                    for dx in 0..<2 {
                        next.append((TileKey(z: key.z + 1, x: key.x * 2 + dx, y: key.y * 2 + dy), shift))
                    }
                }
            }
            level = next
        }
        return result
    }

    /// The display zoom of tiles for a camera zoom: rounded, within 0...22.
    public static func displayZoom(_ zoom: Double) -> Int {
        Int(zoom.rounded().clamped(to: 0...22))
    }

    /// The zoom a tile's ground needs: the camera's, less where perspective shrinks the tile's
    /// nearest visible row.
    private static func wantedZoom(of key: TileKey, shift: Int, viewport: Viewport, zoom: Int) -> Int {
        guard viewport.tilt > 0 else { return zoom }
        let n = Double(1 << key.z)
        var nearest = -Double.infinity
        for (u, v) in [(0.0, 0.0), (1, 0), (0, 1), (1, 1)] {
            let p = viewport.point(forMercator: MercatorPoint(x: (Double(key.x) + u) / n + Double(shift), y: (Double(key.y) + v) / n))
            nearest = max(nearest, p.y)
        }
        let row = nearest.clamped(to: 0...viewport.height)
        let scale = viewport.groundScale(atViewY: row)
        guard scale > 0 else { return 0 }
        return zoom + Int(saturating: log2(scale).rounded()).clamped(to: -32...32)
    }
}

extension Viewport {
    /// The ground the view shows, as a projected box with a quarter's margin each way.
    public var visibleMercatorBox: (minX: Double, minY: Double, maxX: Double, maxY: Double) {
        let corners = [(0.0, 0.0), (width, 0), (0, height), (width, height)].map { mercator(for: $0.0, $0.1) }
        let xs = corners.map(\.x), ys = corners.map(\.y)
        let minX = xs.min() ?? 0, maxX = xs.max() ?? 0, minY = ys.min() ?? 0, maxY = ys.max() ?? 0
        let mx = (maxX - minX) * 0.25 + 1e-9, my = (maxY - minY) * 0.25 + 1e-9
        return (minX - mx, minY - my, maxX + mx, maxY + my)
    }
}
