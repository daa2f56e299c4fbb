import Foundation
import OpenMapsTesting
import MapTestSupport
import OpenMaps
import Testing

/// docs/behaviour.md rules 5, 14 and 18 for the on-map controls.
@MainActor
@Suite("On-map controls")
struct ControlTests {
    final class ButtonDelegate: GMSMapViewDelegate {
        var consume = false
        var events: [String] = []
        func didTapMyLocationButton(for mapView: GMSMapView) -> Bool {
            events.append("button")
            return consume
        }
        func mapView(_ mapView: GMSMapView, didTapAt coordinate: CLLocationCoordinate2D) { events.append("didTapAt") }
        func mapView(_ mapView: GMSMapView, willMove gesture: Bool) { events.append("willMove(\(gesture))") }
        func mapView(_ mapView: GMSMapView, idleAt position: GMSCameraPosition) { events.append("idle") }
    }

    private func tap(_ host: GMSMapViewHost, _ point: CGPoint) {
        host.send(MapTouch(id: Int(host.time * 1000), phase: .began, location: point, timestamp: host.time))
        host.send(MapTouch(id: Int(host.time * 1000), phase: .ended, location: point, timestamp: host.time + 0.05))
        host.runUntilIdle()
    }

    @Test func compassTurnsTheCameraNorthWithoutAGesture() throws {
        let map = makeMapView(frame: CGRect(x: 0, y: 0, width: 390, height: 844), camera: GMSCameraPosition(latitude: 51.5, longitude: -0.1, zoom: 12, bearing: 90, viewingAngle: 0))
        let host = GMSMapViewHost(mapView: map)
        let delegate = ButtonDelegate()
        map.delegate = delegate
        #expect(!host.isShown(.compass))
        tap(host, try #require(host.center(of: .compass)))
        #expect(delegate.events == ["didTapAt"])
        map.settings.compassButton = true
        #expect(host.isShown(.compass))
        delegate.events = []
        let start = host.time
        tap(host, try #require(host.center(of: .compass)))
        #expect(delegate.events == ["willMove(false)", "idle"])
        #expect(map.camera.bearing == 0 && !host.isShown(.compass))
        #expect(host.time - start < 0.4)
    }

    @Test func myLocationButtonMovesToTheLocationUnlessConsumed() throws {
        let map = makeMapView(frame: CGRect(x: 0, y: 0, width: 390, height: 844), camera: GMSCameraPosition(latitude: 51.5, longitude: -0.1, zoom: 12))
        let host = GMSMapViewHost(mapView: map)
        let delegate = ButtonDelegate()
        map.delegate = delegate
        map.settings.myLocationButton = true
        #expect(!host.isShown(.myLocationButton))
        map.isMyLocationEnabled = true
        host.setMyLocation(CLLocation(latitude: 51.52, longitude: -0.08))
        delegate.consume = true
        tap(host, try #require(host.center(of: .myLocationButton)))
        #expect(delegate.events == ["button"])
        delegate.consume = false
        delegate.events = []
        tap(host, try #require(host.center(of: .myLocationButton)))
        #expect(delegate.events == ["button", "willMove(false)", "idle"])
        #expect(abs(map.camera.target.latitude - 51.52) < 1e-9)
    }

    @Test func controlsRespectPadding() throws {
        let map = makeMapView(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
        let host = GMSMapViewHost(mapView: map)
        let before = try #require(host.center(of: .myLocationButton))
        map.padding = UIEdgeInsets(top: 50, left: 0, bottom: 200, right: 30)
        let after = try #require(host.center(of: .myLocationButton))
        #expect(after.x == before.x - 30 && after.y == before.y - 200)
        #expect(try #require(host.center(of: .compass)).y == 50 + 12 + 20)
    }

    @Test func controlsAndTiltGolden() {
        let map = makeMapView(frame: CGRect(x: 0, y: 0, width: 390, height: 420), camera: GMSCameraPosition(latitude: 60.17, longitude: 24.94, zoom: 16, bearing: 45, viewingAngle: 60))
        let host = GMSMapViewHost(mapView: map)
        map.settings.compassButton = true
        map.settings.myLocationButton = true
        map.isMyLocationEnabled = true
        host.setMyLocation(
            CLLocation(coordinate: CLLocationCoordinate2D(latitude: 60.1702, longitude: 24.9405), altitude: 0, horizontalAccuracy: 30,
                       verticalAccuracy: -1, timestamp: Date(timeIntervalSince1970: 0)))
        for (lat, lon) in [(60.171, 24.94), (60.1725, 24.944), (60.169, 24.938)] {
            let marker = GMSMarker(position: CLLocationCoordinate2D(latitude: lat, longitude: lon))
            marker.map = map
        }
        let flat = GMSMarker(position: CLLocationCoordinate2D(latitude: 60.1695, longitude: 24.942))
        flat.isFlat = true
        flat.map = map
        host.runUntilIdle()
        let result = GoldenImage.check(host.renderFrame(scale: 2), named: "controls-and-tilt")
        #expect(result.passed, "\(result.message)")
    }
}
