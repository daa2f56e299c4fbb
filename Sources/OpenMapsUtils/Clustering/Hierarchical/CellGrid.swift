import Foundation

/// Square cells over 0 ... 1: a coordinate's cell is `floor(v × scale)`, offset by one so a
/// neighbouring cell's number never goes below zero. A zoom's scale is twice the scale of the
/// zoom above it (so its cells are those cells halved) until cells would be finer than 2^-30.
/// A key orders cells by row, then column.
struct CellGrid: Sendable {
    let scale: Double
    let columnBits: UInt64

    /// The cells of a zoom: a little wider than the zoom's radius, so every neighbour within
    /// it is in the nine cells around.
    init(options: ClusterIndex.Options, zoom: Int) {
        var scale = options.extent / (options.radius * (1 + 0x1p-20))
        if !scale.isFinite || scale > 0x1p30 { scale = 0x1p30 }
        for _ in 0..<max(zoom, 0) {
            if scale * 2 > 0x1p30 { break }
            scale *= 2
        }
        self.scale = scale
        let widest = UInt64(scale.rounded(.down)) + 3
        columnBits = UInt64(64 - widest.leadingZeroBitCount)
    }

    /// A coordinate's cell number (1 ... floor(scale) + 2).
    @inline(__always) func index(_ value: Double) -> UInt64 {
        let product = value * scale
        return UInt64(product > 0 ? min(product, scale + 1) : 0) + 1
    }

    @inline(__always) func key(x: Double, y: Double) -> UInt64 {
        index(y) << columnBits | index(x)
    }
}
