import Basemap
import Foundation
import MapGeometry
import Testing

/// Labels placed ahead of drawing (while a map's tiles render) are the ones the next placement
/// for the same camera gives, and one for a camera never drawn leaves no trace: a placement
/// starts from the one before (a short pan shifts it), so an extra one would change later labels.
@MainActor
@Suite("Labels placed ahead")
struct LabelsPlacedAheadTests {
    private static let start = Viewport(target: CLLocationCoordinate2D(latitude: 60.1687, longitude: 24.9445), zoom: 16.2, width: 640, height: 400)

    /// The camera moved by `dx` points to the right.
    private static func panned(_ dx: Double) -> Viewport {
        var viewport = start
        viewport.target = start.coordinate(for: start.width / 2 + dx, start.height / 2)
        return viewport
    }

    private static func names(_ labels: [PlacedLabel]) -> [String] {
        labels.map { "\($0.text) \(($0.anchor.x * 100).rounded()),\(($0.anchor.y * 100).rounded())" }
    }

    private static func mismatches(_ a: [PlacedLabel], _ b: [PlacedLabel]) -> Int {
        let (x, y) = (names(a), names(b))
        return x.count == y.count ? zip(x, y).count { $0 != $1 } : max(x.count, y.count)
    }

    @Test func aPlacementMadeAheadForACameraNotDrawnLeavesNoTrace() {
        let tiles = BasemapTiles()
        // Placed at the start, then 30 points on: a shift of the first placement.
        let drawnOnly = LabelPlacer()
        _ = drawnOnly.labels(for: Self.start, tiles: tiles)
        let expected = drawnOnly.labels(for: Self.panned(30), tiles: tiles)
        // The same, with a placement ahead for a camera 130 points on, never drawn.
        let ahead = LabelPlacer()
        _ = ahead.labels(for: Self.start, tiles: tiles)
        _ = ahead.placeAhead(for: Self.panned(130), tiles: tiles)
        let withAhead = ahead.labels(for: Self.panned(30), tiles: tiles)
        #expect(expected.count > 30)
        #expect(Self.mismatches(withAhead, expected) == 0)
        // Had it been placed (not ahead), the labels 30 points on would be a fresh placement:
        // other labels, which the test would see.
        let placed = LabelPlacer()
        _ = placed.labels(for: Self.start, tiles: tiles)
        _ = placed.labels(for: Self.panned(130), tiles: tiles)
        let fresh = placed.labels(for: Self.panned(30), tiles: tiles)
        #expect(Self.mismatches(fresh, expected) > 0)
    }

    @Test func aPlacementMadeAheadIsTheNextPlacementForItsCamera() {
        let tiles = BasemapTiles()
        let ahead = LabelPlacer(), now = LabelPlacer()
        for placer in [ahead, now] { _ = placer.labels(for: Self.start, tiles: tiles) }
        let madeAhead = ahead.placeAhead(for: Self.panned(130), tiles: tiles)
        let given = ahead.labels(for: Self.panned(130), tiles: tiles)
        let placedNow = now.labels(for: Self.panned(130), tiles: tiles)
        #expect(Self.mismatches(given, placedNow) == 0 && Self.mismatches(madeAhead, placedNow) == 0)
        // And it is the history from there on: a short pan shifts it.
        #expect(Self.mismatches(ahead.labels(for: Self.panned(150), tiles: tiles), now.labels(for: Self.panned(150), tiles: tiles)) == 0)
    }
}
