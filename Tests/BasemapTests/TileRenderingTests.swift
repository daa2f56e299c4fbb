import Basemap
import Foundation
import OpenMapsTesting
import MapDrawing
import MapGeometry
import Testing

/// Tiles drawn in the basemap style (geometry; labels come with the label placer).
@Suite("Tile rendering")
struct TileRenderingTests {
    private func reader() throws -> MBTilesReader {
        try MBTilesReader(path: try #require(EmbeddedBasemap.url).path)
    }

    @MainActor
    @Test func helsinkiZoom15Golden() throws {
        // Zoom 15 is drawn from the zoom-14 tile's vectors (rule 39).
        let bitmap = try #require(BasemapTiles().bitmap(for: TileKey(z: 15, x: 18654, y: 9484), scale: 2))
        let result = GoldenImage.check(bitmap, named: "tile-helsinki-15")
        #expect(result.passed, "\(result.message)")
    }

    @Test func worldZoom3Golden() throws {
        let tile = try #require(try reader().tile(z: 3, x: 4, y: 2))
        let result = GoldenImage.check(TileRenderer().render(tile, zoom: 3, scale: 2), named: "tile-world-3")
        #expect(result.passed, "\(result.message)")
    }

    /// Rule 39: a tile past the data's highest zoom is the ancestor's vectors drawn at the
    /// tile's own zoom, not a scaled picture of the ancestor.
    @MainActor
    @Test func rule39TilesPastTheDatasZoomAreDrawnFromVectorsAtTheirOwnZoom() throws {
        let tiles = BasemapTiles()
        let key = TileKey(z: 18, x: 149_240, y: 75_878)  // central Helsinki
        let (data, shift) = tiles.data(for: key)
        let ancestor = try #require(data)
        #expect(shift == 4, "the embedded data stops at zoom 14")
        let drawn = try #require(tiles.bitmap(for: key, scale: 2))
        let part = key.part(ofAncestor: shift, width: 4096, height: 4096)
        let vectors = TileRenderer().render(ancestor, zoom: 18, scale: 2, source: (Double(part.minX), Double(part.minY), Double(part.width)))
        #expect(drawn.withUnsafeBytes { Data($0) } == vectors.withUnsafeBytes { Data($0) })
        #expect(drawn.width == 512, "drawn at the screen's scale, not scaled up")
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
