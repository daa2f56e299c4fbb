import Basemap
import Foundation
import HostileData
import Testing

/// docs/limits.md: what one tile may cost to decode and draw.
@Suite("Limits of one tile")
struct TileLimitTests {
    @Test func limitTileFeaturesPastTheLimitAreDropped() throws {
        let tile = try VectorTile(data: HostileTiles.places(VectorTile.maximumFeatures + 100))
        #expect(tile.isTruncated)
        #expect(tile.layers.first?.features.count == VectorTile.maximumFeatures)
        let small = try VectorTile(data: HostileTiles.places(100))
        #expect(!small.isTruncated && small.layers.first?.features.count == 100)
        #expect(small.estimatedBytes > 0 && small.estimatedBytes < tile.estimatedBytes)
    }

    @Test func limitTilePointsPastTheLimitAreDropped() throws {
        let tile = try VectorTile(data: HostileTiles.randomWalk(points: VectorTile.maximumPoints + 1_000))
        #expect(tile.isTruncated)
        #expect(tile.layers.first?.features.first?.parts.reduce(0) { $0 + $1.count } == VectorTile.maximumPoints)
    }

    @Test func limitTileCoordinatesThatOverflowDoNotTrap() throws {
        // Deltas that add up past Int64 wrap instead of trapping.
        var geometry = [UInt64(1 | 1 << 3), HostileTiles.zigzag(.max), HostileTiles.zigzag(.max)]
        geometry += [UInt64(2 | 1 << 3), HostileTiles.zigzag(.max), HostileTiles.zigzag(.max)]
        var feature = HostileTiles.Message()
        feature.field(3, varint: 2)
        feature.field(4, packed: geometry)
        let data = HostileTiles.tile(layer: "transportation", features: [feature.bytes])
        let tile = try VectorTile(data: data)
        #expect(tile.layers.first?.features.first?.parts.first?.count == 2)
    }

    @Test func limitDrawnPointsAMillionPointLineDrawsInBoundedWork() throws {
        let tile = try VectorTile(data: HostileTiles.randomWalk(points: 200_000))
        let started = ContinuousClock.now
        let bitmap = TileRenderer().render(tile, zoom: 14, scale: 1)
        #expect(bitmap.width == 256)
        // A hang guard, not a figure: unsimplified, this line took minutes.
        #expect(ContinuousClock.now - started < .seconds(30))
    }
}
