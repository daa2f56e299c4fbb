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
        // Rendering in the background, the work waits for the frame's own turn.
        let background = BasemapTiles()
        background.rendersInBackground = true
        _ = background.prepare(keys, scale: 1, willRender: {}, whileRendering: { alongside += 1 })
        #expect(alongside == 1)
    }
}
