import Foundation
import OpenMapsTesting
import MapTestSupport
import OpenMaps
import Testing

/// The basemap under bearing and tilt: tiles at the zoom their distance needs, labels upright,
/// POIs tappable where drawn.
@MainActor
@Suite("Rotated and tilted basemap")
struct RotatedBasemapTests {
    final class POIRecorder: GMSMapViewDelegate {
        var names: [String] = []
        func mapView(_ mapView: GMSMapView, didTapPOIWithPlaceID placeID: String, name: String, location: CLLocationCoordinate2D) {
            names.append(name)
        }
    }

    private func helsinki(bearing: Double, tilt: Double) -> (GMSMapView, GMSMapViewHost) {
        let map = makeMapView(frame: CGRect(x: 0, y: 0, width: 640, height: 400), camera: GMSCameraPosition(latitude: 60.1687, longitude: 24.9445, zoom: 16, bearing: bearing, viewingAngle: tilt))
        map.settings.zoomGestures = false
        return (map, GMSMapViewHost(mapView: map))
    }

    @Test func flatMapDrawsEveryTileAtTheCameraZoom() {
        let (_, host) = helsinki(bearing: 30, tilt: 0)
        let zooms = Set(host.visibleTileAddresses.map(\.z))
        #expect(zooms == [16])
    }

    @Test func tiltedMapDrawsFarTilesAtLowerZooms() {
        let (_, host) = helsinki(bearing: 30, tilt: 45)
        let tiles = host.visibleTileAddresses
        let zooms = tiles.map(\.z)
        #expect(zooms.max() == 16)
        #expect((zooms.min() ?? 16) < 16)
        #expect(tiles.count <= 96)
        // No two tiles overlap: a tile and one of its ancestors are never both drawn.
        let keys = Set(tiles.map { "\($0.z)/\($0.x)/\($0.y)" })
        for tile in tiles {
            for up in 1...tile.z {
                #expect(!keys.contains("\(tile.z - up)/\(tile.x >> up)/\(tile.y >> up)"))
            }
        }
    }

    @Test func poisAreTappableWhereDrawnUnderBearingAndTilt() throws {
        let (map, host) = helsinki(bearing: 30, tilt: 45)
        let recorder = POIRecorder()
        map.delegate = recorder
        host.prepareTiles()
        let pois = host.pointsOfInterest().filter { $0.point.y > 150 && $0.point.x > 40 && $0.point.x < 600 }
        let poi = try #require(pois.first)
        host.send(MapTouch(id: 1, phase: .began, location: poi.point, timestamp: host.time))
        host.send(MapTouch(id: 1, phase: .ended, location: poi.point, timestamp: host.time + 0.05))
        host.runUntilIdle()
        #expect(recorder.names == [poi.name])
    }

    @Test func bearing30Tilt45FrameGolden() {
        let (map, host) = helsinki(bearing: 30, tilt: 45)
        let marker = GMSMarker(position: CLLocationCoordinate2D(latitude: 60.1687, longitude: 24.9445))
        marker.title = "Rautatientori"
        marker.map = map
        host.prepareTiles()
        host.runUntilIdle()
        let result = GoldenImage.check(host.renderFrame(scale: 2), named: "helsinki-bearing30-tilt45")
        #expect(result.passed, "\(result.message)")
    }
}
