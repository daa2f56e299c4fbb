import Foundation
import MapGeometry
import Testing

@testable import Basemap

/// Rule 83: what stands in for a basemap tile still rendering in the background.
@MainActor
@Suite("Stand-in tiles")
struct StandInTileTests {
    /// A tile over central Helsinki, with data in the embedded basemap.
    let tile = TileKey(z: 13, x: 4663, y: 2371)

    @Test func rule83ZoomingOutTheChildrenStandInUntilTheTileArrives() {
        let tiles = BasemapTiles()
        for child in TilePyramid.children(of: tile) { _ = tiles.bitmap(for: child, scale: 1) }
        tiles.rendersInBackground = true
        let shown = tiles.shownTiles(for: tile, scale: 1)
        #expect(shown.map(\.key) == TilePyramid.children(of: tile), "the four children, each in its quarter")
        #expect(shown.allSatisfy { $0.part == nil })
        #expect(tiles.prepare([tile], scale: 1, willRender: {}))
        #expect(tiles.heldStandInCount == 4, "held while they stand in")
    }

    @Test func rule83AnAncestorStandsInBelowTheChildrenAndIsHeldWhenTheCacheDropsIt() {
        let tiles = BasemapTiles()
        let parent = tile.ancestor(levels: 1)
        _ = tiles.bitmap(for: parent, scale: 1)
        let child = TilePyramid.children(of: tile)[0]
        _ = tiles.bitmap(for: child, scale: 1)
        tiles.rendersInBackground = true
        #expect(tiles.prepare([tile], scale: 1, willRender: {}))
        #expect(tiles.heldStandInCount == 2)
        // More tiles than the cache keeps (open sea: quick to draw) push the stand-ins out of it.
        tiles.rendersInBackground = false
        let sea = (0..<BasemapTiles.cacheLimit + 8).map { TileKey(z: 12, x: 1_000 + $0, y: 1_500) }
        for key in sea { _ = tiles.bitmap(for: key, scale: 1) }
        #expect(!tiles.isCached(parent, scale: 1) && !tiles.isCached(child, scale: 1), "dropped by the cache")
        tiles.rendersInBackground = true
        let shown = tiles.shownTiles(for: tile, scale: 1)
        #expect(shown.map(\.key) == [tile, child], "the ancestor's part first, the child over it")
        #expect(shown.first?.part == tile.part(ofAncestor: 1, width: 256, height: 256))
    }

    @Test func rule83StandInsAreLetGoOnceNoTileNeedsThem() async throws {
        let tiles = BasemapTiles()
        _ = tiles.bitmap(for: tile.ancestor(levels: 2), scale: 1)
        tiles.rendersInBackground = true
        #expect(tiles.prepare([tile], scale: 1, willRender: {}))
        #expect(tiles.heldStandInCount == 1)
        // Its data is read, then it renders (each asked for again by the next frame's prepare).
        for _ in 0..<3_000 where !tiles.isCached(tile, scale: 1) {
            _ = tiles.prepare([tile], scale: 1, willRender: {})
            try await Task.sleep(nanoseconds: 10_000_000)
        }
        #expect(tiles.isCached(tile, scale: 1))
        #expect(!tiles.prepare([tile], scale: 1, willRender: {}))
        #expect(tiles.heldStandInCount == 0, "the tile arrived: nothing stands in")
        #expect(tiles.shownTiles(for: tile, scale: 1).map(\.key) == [tile])
    }

    @Test func rule83InVirtualTimeNothingStandsIn() {
        let tiles = BasemapTiles()
        #expect(!tiles.prepare([tile], scale: 1, willRender: {}))
        #expect(tiles.heldStandInCount == 0)
        #expect(tiles.shownTiles(for: tile, scale: 1).map(\.key) == [tile])
    }
}
