import Foundation

/// A tile of the Web Mercator pyramid: zoom `z`, column `x` (west to east) and row `y`
/// (north to south), each in `0..<2^z`.
public struct TileKey: Hashable, Sendable {
    public let z: Int
    public let x: Int
    public let y: Int

    public init(z: Int, x: Int, y: Int) {
        self.z = z
        self.x = x
        self.y = y
    }

    /// The tile `levels` zooms up that contains this one.
    public func ancestor(levels: Int) -> TileKey {
        TileKey(z: z - levels, x: x >> levels, y: y >> levels)
    }

    /// The part of an ancestor's image (`levels` up, `width` x `height` in its units) that
    /// covers this tile.
    public func part(ofAncestor levels: Int, width: Double, height: Double) -> CGRect {
        let cells = Double(1 << levels), mask = (1 << levels) - 1
        let w = width / cells, h = height / cells
        return CGRect(x: Double(x & mask) * w, y: Double(y & mask) * h, width: w, height: h)
    }
}

/// The tile pyramid's one fallback: what to show for a tile that has nothing of its own.
public enum TilePyramid {
    /// How far up a stand-in ancestor is looked for: four levels (the ancestor's part is then
    /// a sixteenth of its side, blurred but placed right), as web maps do.
    public static let standInAncestorLevels = 1...4

    /// The four tiles one level down that make up a tile, in row order (none past zoom 30).
    public static func children(of key: TileKey) -> [TileKey] {
        guard key.z >= 0, key.z < 30 else { return [] }
        let z = key.z + 1, x = key.x << 1, y = key.y << 1
        return [TileKey(z: z, x: x, y: y), TileKey(z: z, x: x + 1, y: y), TileKey(z: z, x: x, y: y + 1), TileKey(z: z, x: x + 1, y: y + 1)]
    }

    /// The nearest ancestor within `levels` (1 up first, then 2...) for which `lookup` has a
    /// value, with how many levels up it is; nil when none has. The tile itself is not asked.
    public static func nearestAncestor<Value>(
        of key: TileKey, within levels: ClosedRange<Int>, _ lookup: (TileKey) -> Value?
    ) -> (value: Value, levels: Int)? {
        for up in levels where up >= 1 && key.z - up >= 0 {
            if let value = lookup(key.ancestor(levels: up)) { return (value, up) }
        }
        return nil
    }
}
