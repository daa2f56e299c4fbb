import Foundation
import MapGeometry
import Testing

@testable import Basemap

/// A view's label candidates, gathered from each data tile's labels ordered once and merged:
/// the same list as sorting the tiles' labels afresh at every zoom.
@MainActor
@Suite("Label gathering")
struct LabelGatheringTests {
    /// What a gather gives, worked out plainly: every tile's labels shown at the zoom, in the
    /// tiles' order (each place or POI once, the first), sorted by priority then text, equal
    /// labels in that order.
    func reference(_ tiles: BasemapTiles, _ viewport: Viewport) -> [LabelCandidate] {
        let reader = LabelPlacer()
        var all: [LabelCandidate] = []
        var seen: Set<String> = []
        var read: Set<SIMD4<Int>> = []
        for (key, shift) in TileCover.tiles(viewport, zoom: TileCover.displayZoom(viewport.zoom)) {
            let (data, levels) = tiles.readyData(for: key)
            guard data != nil else { continue }
            let dataKey = SIMD4(key.z - levels, key.x >> levels, key.y >> levels, shift)
            guard read.insert(dataKey).inserted else { continue }
            // One tile's labels as read, by a placer of their own.
            _ = reader.gatherCandidates(tiles, tiles: [(key, shift)], zoom: -1)
            let tileLabels = reader.tileCandidates[dataKey]?.candidates ?? []
            for candidate in tileLabels where candidate.zooms.contains(viewport.zoom) && all.count < LabelPlacer.maximumCandidates {
                if let id = candidate.placeID, !seen.insert(id).inserted { continue }
                all.append(candidate)
            }
        }
        return all.indices.sorted {
            let a = all[$0], b = all[$1]
            if a.priority != b.priority { return a.priority > b.priority }
            if a.text != b.text { return a.text < b.text }
            return $0 < $1
        }.map { all[$0] }
    }

    @Test func aGatherMergesEachTilesOrderIntoTheOrderOfSortingAllTheirLabels() {
        let tiles = BasemapTiles(), placer = LabelPlacer()
        var compared = 0
        // Dense Helsinki over several data tiles, flat and tilted, zooming in and out.
        for (zoom, tilt) in [(15.5, 0.0), (14.2, 0.0), (16.3, 0.0), (15.5, 55.0), (12.0, 0.0)] {
            var viewport = Viewport(target: CLLocationCoordinate2D(latitude: 60.1690, longitude: 24.9440), zoom: zoom, width: 1280, height: 800)
            viewport.tilt = tilt
            let gathered = placer.gatherCandidates(tiles, tiles: TileCover.tiles(viewport, zoom: TileCover.displayZoom(zoom)), zoom: zoom)
            let expected = reference(tiles, viewport)
            #expect(gathered.count == expected.count, "zoom \(zoom) tilt \(tilt)")
            let same = zip(gathered, expected).allSatisfy { $0.text == $1.text && $0.priority == $1.priority && $0.placeID == $1.placeID && $0.point == $1.point }
            #expect(same, "zoom \(zoom) tilt \(tilt)")
            compared += gathered.count
        }
        #expect(compared > 5_000)
    }

    @Test func mergingKeepsEqualLabelsInTheirListsOrder() {
        func label(_ text: String, _ priority: Double, _ id: String) -> LabelCandidate {
            LabelCandidate(kind: .poi, text: text, fontSlot: 0, placeID: id, category: "cafe", priority: priority)
        }
        let first = [label("B", 9, "1"), label("A", 5, "2"), label("A", 5, "3")]
        let second = [label("C", 9, "4"), label("A", 5, "5"), label("0", 1, "6")]
        let merged = LabelPlacer.merge([first, [], second])
        #expect(merged.map { $0.placeID ?? "" } == ["1", "4", "2", "3", "5", "6"])
        #expect(LabelPlacer.merge([]).isEmpty)
        #expect(LabelPlacer.merge([first]).map { $0.placeID ?? "" } == ["1", "2", "3"])
    }
}
