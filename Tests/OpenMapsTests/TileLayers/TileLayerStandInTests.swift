import Foundation
import MapGeometry
import Testing

@testable import OpenMaps

/// Rule 83 for tile layers: a tile still to arrive shows its nearest arrived ancestor's part,
/// held while it stands in.
@MainActor
@Suite("Tile layer stand-ins")
struct TileLayerStandInTests {
    private func image() -> UIImage {
        UIGraphicsImageRenderer(size: CGSize(width: 4, height: 4)).image { context in
            context.fill(CGRect(x: 0, y: 0, width: 4, height: 4))
        }
    }

    @Test func rule83AnAncestorStandsInForALayerTileAndIsHeldWhenTheCacheDropsIt() throws {
        let store = TileLayerStore()
        let tile = TileKey(z: 12, x: 2_000, y: 1_000), parent = tile.ancestor(levels: 1)
        // The parent arrived; the tile is asked for and not yet answered.
        #expect(store.tile(parent).shouldRequest)
        store.receiveTileWith(x: UInt(parent.x), y: UInt(parent.y), zoom: UInt(parent.z), image: image())
        #expect(store.tile(tile).shouldRequest)
        store.holdStandIns(for: [tile])
        #expect(store.heldStandInCount == 1)
        // More arrivals than the layer keeps drop the parent from the cache.
        for index in 0..<TileLayerStore.limit + 4 {
            let other = TileKey(z: 14, x: index, y: 0)
            _ = store.tile(other)
            store.receiveTileWith(x: UInt(other.x), y: UInt(other.y), zoom: UInt(other.z), image: image())
        }
        #expect(!store.tile(parent).arrived, "dropped by the cache")
        let shown = try #require(store.shown(tile, at: 0))
        #expect(shown.levels == 1, "the held parent stands in")
        // Once the tile arrives, nothing stands in.
        store.receiveTileWith(x: UInt(tile.x), y: UInt(tile.y), zoom: UInt(tile.z), image: image())
        store.holdStandIns(for: [tile])
        #expect(store.heldStandInCount == 0)
        #expect(store.shown(tile, at: 0)?.levels == 0)
    }
}
