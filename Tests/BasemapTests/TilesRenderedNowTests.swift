import Basemap
import Foundation
import MapGeometry
import Testing

/// Tiles rendered at once go to every core, with the caller's own work alongside
/// (docs/architecture.md): the same tiles as rendered one by one.
@MainActor
@Suite("Tiles rendered at once on every core")
struct TilesRenderedNowTests {
    /// Six zoom-15 tiles of central Helsinki (two data tiles' parts).
    private let keys = (18_653...18_655).flatMap { x in (9_484...9_485).map { y in TileKey(z: 15, x: x, y: y) } }

    @Test(arguments: [1, 6]) func tilesRenderedAtOnceOnEveryCoreAreTheTilesRenderedOneByOne(count: Int) throws {
        let keys = Array(keys.prefix(count))
        let tiles = BasemapTiles()
        var alongside = 0
        let busy = tiles.prepare(keys + [keys[0]], scale: 2, willRender: {}, whileRendering: { alongside += 1 })
        #expect(!busy && alongside == 1)
        let oneByOne = BasemapTiles()
        for key in keys {
            #expect(tiles.isCached(key, scale: 2))
            let now = try #require(tiles.bitmap(for: key, scale: 2)), alone = try #require(oneByOne.bitmap(for: key, scale: 2))
            let same = now.withUnsafeBytes { a in alone.withUnsafeBytes { b in a.count == b.count && a.elementsEqual(b) } }
            #expect(same, "tile \(key.x)/\(key.y)")
        }
    }

    @Test func theWorkAlongsideRunsOnlyWhenTilesAreRenderedAtOnce() {
        let tiles = BasemapTiles()
        var alongside = 0, willRender = 0
        _ = tiles.prepare(keys, scale: 1, willRender: { willRender += 1 }, whileRendering: { alongside += 1 })
        // Every tile ready: nothing is rendered, nothing runs.
        _ = tiles.prepare(keys, scale: 1, willRender: { willRender += 1 }, whileRendering: { alongside += 1 })
        #expect(alongside == 1 && willRender == 1)
    }

    /// Work alongside that restyles the map: the tiles rendered meanwhile, in the style before,
    /// are not kept.
    @Test func tilesRenderedWhileTheStyleChangedAreNotKept() {
        let tiles = BasemapTiles()
        _ = tiles.prepare(keys, scale: 1, willRender: {}, whileRendering: { tiles.style = .dark })
        #expect(keys.allSatisfy { !tiles.isCached($0, scale: 1) })
    }

    /// Rendered at once, the tiles enter the cache as rendered one by one: in order, and a key
    /// asked for twice is used again (the most recent).
    @Test func tilesRenderedAtOnceEnterTheCacheAsOneByOne() {
        let many = (18_640..<18_700).map { TileKey(z: 15, x: $0, y: 9_484) } + (18_640..<18_700).map { TileKey(z: 15, x: $0, y: 9_485) }
        // The first key again at the end: one by one, it is a hit that keeps it.
        let asked = many + [many[0]]
        let now = BasemapTiles(), oneByOne = BasemapTiles()
        _ = now.prepare(asked, scale: 1, willRender: {})
        for key in asked { _ = oneByOne.bitmap(for: key, scale: 1) }
        #expect(many.count > BasemapTiles.cacheLimit)
        let kept = many.filter { now.isCached($0, scale: 1) }, keptOneByOne = many.filter { oneByOne.isCached($0, scale: 1) }
        #expect(kept.count == BasemapTiles.cacheLimit && kept == keptOneByOne)
        #expect(now.isCached(many[0], scale: 1))
    }
}
