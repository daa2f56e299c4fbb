import Basemap
import Foundation
import OpenMapsTesting
import MapDrawing
import Testing

/// Tiles drawn in the basemap style (geometry; labels come with the label placer).
@Suite("Tile rendering")
struct TileRenderingTests {
    private func reader() throws -> MBTilesReader {
        try MBTilesReader(path: try #require(EmbeddedBasemap.url).path)
    }

    @Test func helsinkiZoom15Golden() throws {
        let tile = try #require(try reader().tile(z: 15, x: 18654, y: 9484))
        let bitmap = TileRenderer().render(tile, zoom: 15, scale: 2)
        let result = GoldenImage.check(bitmap, named: "tile-helsinki-15")
        #expect(result.passed, "\(result.message)")
    }

    @Test func worldZoom3Golden() throws {
        let tile = try #require(try reader().tile(z: 3, x: 4, y: 2))
        let result = GoldenImage.check(TileRenderer().render(tile, zoom: 3, scale: 2), named: "tile-world-3")
        #expect(result.passed, "\(result.message)")
    }

    @Test func overzoomDrawsTheParentsQuarter() throws {
        let parent = try #require(try reader().tile(z: 6, x: 36, y: 18))
        // The top-left quarter of the parent fills the whole child.
        let child = TileRenderer().render(parent, zoom: 7, scale: 1, source: (0, 0, 2048))
        let whole = TileRenderer().render(parent, zoom: 6, scale: 1)
        #expect(child.width == 256 && whole.width == 256)
        #expect(child.pixel(x: 0, y: 0) == whole.pixel(x: 0, y: 0))
    }
}
