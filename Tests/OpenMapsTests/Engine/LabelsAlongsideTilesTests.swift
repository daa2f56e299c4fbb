import Foundation
import MapDrawing
@testable import OpenMaps
import OpenMapsTesting
import Testing

/// Under tilt the main thread places the basemap's labels while the other cores draw its tiles
/// (docs/architecture.md): the frame is the one drawn with the labels placed in their own turn.
@MainActor
@Suite("Labels placed while the tiles draw")
struct LabelsAlongsideTilesTests {
    private func tiltedHelsinki() -> (GMSMapView, GMSMapViewHost) {
        let map = GMSMapView(
            frame: CGRect(x: 0, y: 0, width: 640, height: 400),
            camera: GMSCameraPosition(latitude: 60.1687, longitude: 24.9445, zoom: 15.4, bearing: 30, viewingAngle: 45))
        let host = GMSMapViewHost(mapView: map)
        host.prepareTiles()
        return (map, host)
    }

    @Test func aTiltedMapPlacesItsLabelsWhileItsTilesDrawAndDrawsTheSameFrame() {
        let (map, host) = tiltedHelsinki()
        var placements = 0
        let place = map.scene.basemap.alongsideTiles
        map.scene.basemap.alongsideTiles = { viewport, scale in
            placements += 1
            place?(viewport, scale)
        }
        let overlapped = host.renderFrame(scale: 2)
        #expect(placements == 1)
        #expect(!host.pointsOfInterest().isEmpty, "the frame has labels")

        // The same frame from a map whose labels are placed when they are drawn.
        let (alone, aloneHost) = tiltedHelsinki()
        alone.scene.basemap.alongsideTiles = nil
        let separate = aloneHost.renderFrame(scale: 2)
        let differing = overlapped.withUnsafeBytes { a in
            separate.withUnsafeBytes { b in a.count == b.count ? zip(a, b).count { $0 != $1 } : max(a.count, b.count) }
        }
        #expect(differing == 0)
    }

    /// Tiles rendered at ticks no frame is drawn for (a replay drawn once at its end) place
    /// labels ahead for cameras never drawn: the frame at the end is the one drawn without.
    @Test func labelsPlacedAheadAtTicksNeverDrawnLeaveTheFramesAsTheyWere() {
        var placedAhead = 0
        func pannedFrame(placingAhead: Bool) -> (Bitmap, [String]) {
            let map = GMSMapView(frame: CGRect(x: 0, y: 0, width: 640, height: 400), camera: GMSCameraPosition(latitude: 60.1687, longitude: 24.9445, zoom: 16.2))
            let host = GMSMapViewHost(mapView: map)
            let place = map.scene.basemap.alongsideTiles
            map.scene.basemap.alongsideTiles = placingAhead ? { viewport, scale in
                placedAhead += 1
                place?(viewport, scale)
            } : nil
            _ = host.renderFrame(scale: 1)
            // 130 points on (new tiles, rendered at once, labels placed ahead; no frame), then
            // back to 30 points on: the labels drawn are the first frame's, shifted.
            map.moveCamera(GMSCameraUpdate.scrollBy(x: 130, y: 0))
            let before = placedAhead
            host.prepareTiles()
            if placingAhead { #expect(placedAhead == before + 1, "labels placed ahead for the camera 130 points on") }
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
        let differing = ahead.withUnsafeBytes { a in
            without.withUnsafeBytes { b in a.count == b.count ? zip(a, b).count { $0 != $1 } : max(a.count, b.count) }
        }
        #expect(differing == 0)
    }

    @Test func aMapWhoseTilesRenderAtOncePlacesItsLabelsWhileTheyRenderAndDrawsTheSameFrame() {
        func helsinki() -> (GMSMapView, GMSMapViewHost) {
            let map = GMSMapView(frame: CGRect(x: 0, y: 0, width: 640, height: 400), camera: GMSCameraPosition(latitude: 60.1687, longitude: 24.9445, zoom: 15.4))
            return (map, GMSMapViewHost(mapView: map))
        }
        let (map, host) = helsinki()
        var placements = 0
        let place = map.scene.basemap.alongsideTiles
        map.scene.basemap.alongsideTiles = { viewport, scale in
            placements += 1
            place?(viewport, scale)
        }
        host.prepareTiles()
        #expect(placements == 1, "placed while the tiles rendered")
        let overlapped = host.renderFrame(scale: 2)
        #expect(!host.pointsOfInterest().isEmpty, "the frame has labels")

        let (alone, aloneHost) = helsinki()
        alone.scene.basemap.alongsideTiles = nil
        aloneHost.prepareTiles()
        let separate = aloneHost.renderFrame(scale: 2)
        let differing = overlapped.withUnsafeBytes { a in
            separate.withUnsafeBytes { b in a.count == b.count ? zip(a, b).count { $0 != $1 } : max(a.count, b.count) }
        }
        #expect(differing == 0)
    }
}
