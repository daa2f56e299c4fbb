import Foundation
import MapGeometry
import Testing

@testable import Basemap

/// Rendering in the background (apps, the playground), a frame never waits for a tile to be
/// read and decoded: that is done off the frame path too, and what needs the data (tiles,
/// labels, the data zoom) has it once it arrives.
@MainActor
@Suite("Background decoding")
struct BackgroundDecodingTests {
    /// Waits, letting the main actor run, until `done` holds (at most 30 s).
    func waitUntil(_ done: () -> Bool) async throws {
        for _ in 0..<3_000 where !done() { try await Task.sleep(nanoseconds: 10_000_000) }
    }

    @Test func tileDataIsReadAndDecodedOffTheFramePathThenUsedByLabels() async throws {
        let tiles = BasemapTiles()
        tiles.rendersInBackground = true
        let helsinki = CLLocationCoordinate2D(latitude: 60.1699, longitude: 24.9455)
        let viewport = Viewport(target: helsinki, zoom: 15, width: 640, height: 400)
        let key = TileKey(z: 15, x: 18654, y: 9484)
        // Nothing decoded yet: no data, no labels, the data zoom not known; all started.
        #expect(tiles.readyData(for: key).tile == nil)
        #expect(tiles.dataZoomIfReady(at: helsinki) == .none)
        #expect(LabelPlacer().labels(for: viewport, tiles: tiles).isEmpty)
        #expect(tiles.isRendering)
        try await waitUntil { !tiles.isRendering }
        #expect(tiles.dataRevision > 0)
        // Arrived: the same data a synchronous read gives.
        let ready = tiles.readyData(for: key)
        #expect(ready.tile != nil && ready.shift == 1)
        #expect(ready.tile?.layers.map(\.name) == tiles.data(for: key).tile?.layers.map(\.name))
        #expect(tiles.dataZoomIfReady(at: helsinki) == .some(14))
        #expect(!LabelPlacer().labels(for: viewport, tiles: tiles).isEmpty)
    }

    @Test func renderingAtOnceReadsAtOnce() {
        let tiles = BasemapTiles()
        let helsinki = CLLocationCoordinate2D(latitude: 60.1699, longitude: 24.9455)
        #expect(tiles.readyData(for: TileKey(z: 15, x: 18654, y: 9484)).tile != nil)
        #expect(tiles.dataZoomIfReady(at: helsinki) == .some(14))
        #expect(!tiles.isRendering)
    }
}
