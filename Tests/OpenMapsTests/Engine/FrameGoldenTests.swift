import Foundation
import OpenMapsTesting
import MapTestSupport
import OpenMaps
import Testing

@MainActor
@Suite("Frame goldens")
struct FrameGoldenTests {
    @Test func markersWindowAndDotUnderBearing() {
        let map = makeMapView(frame: CGRect(x: 0, y: 0, width: 390, height: 300), camera: GMSCameraPosition(latitude: 60.17, longitude: 24.94, zoom: 14, bearing: 30, viewingAngle: 0))
        let host = GMSMapViewHost(mapView: map)
        func marker(_ lat: Double, _ lon: Double, _ configure: (GMSMarker) -> Void) {
            let m = GMSMarker(position: CLLocationCoordinate2D(latitude: lat, longitude: lon))
            configure(m)
            m.map = map
        }
        marker(60.170, 24.940) {
            $0.title = "Helsinki"
            $0.snippet = "Capital of Finland"
        }
        marker(60.172, 24.930) { $0.icon = GMSMarker.markerImage(with: .systemGreen) }
        marker(60.168, 24.952) {
            $0.isFlat = true
            $0.rotation = 90
        }
        marker(60.166, 24.930) {
            $0.rotation = 45
            $0.opacity = 0.5
            $0.zIndex = 3
        }
        map.isMyLocationEnabled = true
        host.setMyLocation(
            CLLocation(
                coordinate: CLLocationCoordinate2D(latitude: 60.1735, longitude: 24.948), altitude: 0, horizontalAccuracy: 60,
                verticalAccuracy: -1, timestamp: Date(timeIntervalSince1970: 0)))
        // Select the first marker and let everything settle.
        let first = GMSMarker(position: CLLocationCoordinate2D(latitude: 60.170, longitude: 24.940))
        first.title = "Helsinki"
        first.snippet = "Capital of Finland"
        first.map = map
        map.selectedMarker = first
        host.runUntilIdle()
        let result = GoldenImage.check(host.renderFrame(scale: 2), named: "frame-bearing-markers-window")
        #expect(result.passed, "\(result.message)")
    }
}
