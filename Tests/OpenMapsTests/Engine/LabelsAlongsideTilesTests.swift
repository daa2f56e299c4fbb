import MapTestSupport
import Foundation
import MapDrawing
@testable import OpenMaps
import OpenMapsTesting
import Testing

/// The main thread places the basemap's labels (and draws their sprites) while the other cores
/// draw its tiles under tilt, or render the tiles a frame needs at once (docs/architecture.md):
/// the frames are the ones drawn with the labels placed in their own turn.
@MainActor
@Suite("Labels placed while the tiles draw")
struct LabelsAlongsideTilesTests {
    /// A map over central Helsinki, 640 x 400 points.
    private func helsinki(zoom: Float, bearing: Double = 0, tilt: Double = 0) -> (GMSMapView, GMSMapViewHost) {
        let map = makeMapView(frame: CGRect(x: 0, y: 0, width: 640, height: 400), camera: GMSCameraPosition(latitude: 60.1687, longitude: 24.9445, zoom: zoom, bearing: bearing, viewingAngle: tilt))
        return (map, GMSMapViewHost(mapView: map))
    }

    /// Counts the map's work alongside its tiles from now on (it still does it).
    @MainActor
    private final class Alongside {
        var count = 0
        init(_ map: GMSMapView) {
            let place = map.scene.basemap.alongsideTiles
            map.scene.basemap.alongsideTiles = { [unowned self] viewport, scale in
                count += 1
                place?(viewport, scale)
            }
        }
    }

    private func differingBytes(_ a: Bitmap, _ b: Bitmap) -> Int {
        a.withUnsafeBytes { a in b.withUnsafeBytes { b in a.count == b.count ? zip(a, b).count { $0 != $1 } : max(a.count, b.count) } }
    }

    @Test func aTiltedMapPlacesItsLabelsWhileItsTilesDrawAndDrawsTheSameFrame() {
        let (map, host) = helsinki(zoom: 15.4, bearing: 30, tilt: 45)
        host.prepareTiles()
        let alongside = Alongside(map)
        let overlapped = host.renderFrame(scale: 2)
        #expect(alongside.count == 1)
        #expect(!host.pointsOfInterest().isEmpty, "the frame has labels")

        // The same frame from a map whose labels are placed when they are drawn.
        let (alone, aloneHost) = helsinki(zoom: 15.4, bearing: 30, tilt: 45)
        aloneHost.prepareTiles()
        alone.scene.basemap.alongsideTiles = nil
        #expect(differingBytes(overlapped, aloneHost.renderFrame(scale: 2)) == 0)
    }

    @Test func aMapWhoseTilesRenderAtOncePlacesItsLabelsWhileTheyRenderAndDrawsTheSameFrame() {
        let (map, host) = helsinki(zoom: 15.4)
        let alongside = Alongside(map)
        host.prepareTiles()
        #expect(alongside.count == 1, "placed while the tiles rendered")
        let overlapped = host.renderFrame(scale: 2)
        #expect(!host.pointsOfInterest().isEmpty, "the frame has labels")

        let (alone, aloneHost) = helsinki(zoom: 15.4)
        alone.scene.basemap.alongsideTiles = nil
        aloneHost.prepareTiles()
        #expect(differingBytes(overlapped, aloneHost.renderFrame(scale: 2)) == 0)
    }

    /// Tiles rendered at ticks no frame is drawn for (a replay drawn once at its end) place
    /// labels ahead for cameras never drawn: the frame at the end is the one drawn without.
    @Test func labelsPlacedAheadAtTicksNeverDrawnLeaveTheFramesAsTheyWere() {
        func pannedFrame(placingAhead: Bool) -> (Bitmap, [String]) {
            let (map, host) = helsinki(zoom: 16.2)
            let alongside = Alongside(map)
            if !placingAhead { map.scene.basemap.alongsideTiles = nil }
            _ = host.renderFrame(scale: 1)
            // 130 points on (new tiles, rendered at once, labels placed ahead; no frame), then
            // back to 30 points on: the labels drawn are the first frame's, shifted.
            map.moveCamera(GMSCameraUpdate.scrollBy(x: 130, y: 0))
            let before = alongside.count
            host.prepareTiles()
            if placingAhead { #expect(alongside.count == before + 1, "labels placed ahead for the camera 130 points on") }
            map.moveCamera(GMSCameraUpdate.scrollBy(x: -100, y: 0))
            host.prepareTiles()
            let frame = host.renderFrame(scale: 1)
            // The labels placed, past the view's edges too (where a placement's history shows first).
            let labels = map.scene.labels.labels(in: map.scene.camera.viewport).map { "\($0.text) \($0.anchor.x),\($0.anchor.y)" }
            return (frame, labels)
        }
        let (ahead, labelsAhead) = pannedFrame(placingAhead: true), (without, labelsWithout) = pannedFrame(placingAhead: false)
        #expect(labelsAhead.count > 30)
        #expect(labelsAhead.count == labelsWithout.count && zip(labelsAhead, labelsWithout).allSatisfy { $0 == $1 })
        #expect(differingBytes(ahead, without) == 0)
    }
}
