import Basemap
import Foundation
import Testing

/// The embedded basemap: reading MBTiles, inflating and decoding vector tiles, bad input.
@Suite("Basemap tiles")
struct BasemapReadingTests {
    private func reader() throws -> MBTilesReader {
        let url = try #require(EmbeddedBasemap.url)
        return try MBTilesReader(path: url.path)
    }

    /// The XYZ tile containing a coordinate at a zoom.
    private func tile(_ lat: Double, _ lon: Double, _ z: Int) -> (Int, Int) {
        let n = Double(1 << z)
        let x = Int((lon + 180) / 360 * n)
        let r = lat * .pi / 180
        let y = Int((1 - log(tan(r) + 1 / cos(r)) / .pi) / 2 * n)
        return (x, y)
    }

    @Test func worldTileHasOceanBordersAndPlaces() throws {
        let tile = try #require(try reader().tile(z: 2, x: 2, y: 1))
        let water = try #require(tile.layer("water"))
        #expect(water.extent == 4096)
        #expect(water.features.contains { $0.type == .polygon && $0.properties["class"]?.string == "ocean" })
        #expect(tile.layer("boundary") != nil)
        let places = try #require(tile.layer("place"))
        #expect(places.features.contains { $0.properties["name"]?.string == "Helsinki" })
    }

    @Test func helsinkiAtZoom14HasStreetsBuildingsPOIsAndHouseNumbers() throws {
        let (x, y) = tile(60.1695, 24.9455, 14)
        let tile = try #require(try reader().tile(z: 14, x: x, y: y))
        let roads = try #require(tile.layer("transportation"))
        #expect(roads.features.contains { $0.type == .lineString && $0.properties["class"]?.string == "primary" })
        #expect(
            try #require(tile.layer("transportation_name")).features.contains { OpenMapTilesSchema.name($0.properties) == "Aleksanterinkatu" })
        #expect((tile.layer("building")?.features.count ?? 0) > 20)
        let pois = try #require(tile.layer("poi"))
        // tilemaker's IDs name the OSM object (its type in bits 40-41): POI place IDs.
        #expect(pois.features.allSatisfy { $0.type == .point && OpenMapTilesSchema.placeID(id: $0.id, properties: $0.properties)?.hasPrefix("osm:") == true })
        #expect(pois.features.count > 10)
        #expect((tile.layer("housenumber")?.features.count ?? 0) > 100)
    }

    @Test func metadataNamesTheSourcesAndZooms() throws {
        let reader = try reader()
        #expect(reader.maximumZoom == 14)
        #expect(reader.metadata["attribution"]?.contains("OpenStreetMap") == true)
        #expect(reader.metadata["description"]?.contains("Liechtenstein") == true)
    }

    @Test func missingTilesAndBadAddressesAreNil() throws {
        let reader = try reader()
        #expect(try reader.tile(z: 16, x: 0, y: 0) == nil)
        #expect(reader.blob(z: -1, x: 0, y: 0) == nil)
        #expect(reader.blob(z: 3, x: 8, y: 0) == nil)
        #expect(reader.blob(z: 99, x: 0, y: 0) == nil)
    }

    @Test func corruptTilesAreErrors() throws {
        #expect(throws: VectorTileError.self) { try VectorTile(data: Data([0x1A, 0xFF, 0xFF, 0xFF, 0x0F])) }
        #expect(throws: VectorTileError.self) { try VectorTile(data: Data([0x1A, 0x05, 0x12, 0x03, 0x08])) }
        let blob = try #require(try reader().blob(z: 0, x: 0, y: 0))
        // A truncated gzip stream: no crash, a clear error.
        #expect(throws: (any Error).self) { try VectorTile(data: try inflateForTest(blob.prefix(blob.count / 2))) }
    }

    @Test func unreadableFilesAreClearErrors() {
        #expect(throws: MBTilesError.self) { try MBTilesReader(path: "/nonexistent.mbtiles") }
        let junk = FileManager.default.temporaryDirectory.appendingPathComponent("junk-\(getpid()).mbtiles")
        try? Data("not sqlite".utf8).write(to: junk)
        defer { try? FileManager.default.removeItem(at: junk) }
        #expect(throws: MBTilesError.self) { try MBTilesReader(path: junk.path) }
    }

    private func inflateForTest(_ data: Data) throws -> Data {
        try MBTilesReader.inflate(data)
    }
}
