import OpenMaps
import OpenMapsTesting
import Testing

@MainActor
@Suite("The guides' code behaves as the guides say")
struct GuideBehaviourTests {
    @Test func eventsGuideClearsTheMapWhileTheCameraMoves() throws {
        let controller = Events()
        let mapView = try #require(controller.view as? GMSMapView)
        #expect(mapView.camera.target.latitude == 1.285 && mapView.camera.zoom == 12)
        let host = GMSMapViewHost(mapView: mapView, size: CGSize(width: 390, height: 844))
        let marker = GMSMarker(position: CLLocationCoordinate2D(latitude: 1.29, longitude: 103.85))
        marker.map = mapView
        mapView.animate(toZoom: 14)
        #expect(marker.map == nil)
        host.runUntilIdle()
        #expect(mapView.camera.zoom == 14)
    }

    @Test func infoWindowsGuideShowsAndHides() {
        let mapView = GMSMapView(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
        let london = InfoWindowsGuide.addAnInfoWindow(mapView: mapView)
        InfoWindowsGuide.addASnippet(london: london, mapView: mapView)
        let seen = InfoWindowsGuide.showAndHide(london: london, mapView: mapView)
        #expect(seen[0] === london && seen[1] == nil)
        InfoWindowsGuide.refreshAutomatically(london: london)
        InfoWindowsGuide.changePosition(london: london, mapView: mapView)
        #expect(london.tracksInfoWindowChanges && london.infoWindowAnchor == CGPoint(x: 0.5, y: 0.5))
    }

    @Test func customInfoWindowsFollowWindowThenContentsPrecedence() throws {
        let controller = MarkerInfoWindowViewController()
        let mapView = try #require(controller.view as? GMSMapView)
        let host = GMSMapViewHost(mapView: mapView, size: CGSize(width: 390, height: 844))
        var sizes: [String: CGSize] = [:]
        for name in ["Sydney", "Melbourne", "Brisbane"] {
            let marker = try #require(controller.markers[name])
            mapView.selectedMarker = marker
            #expect(host.isInfoWindowOpen(for: marker))
            let centre = try #require(host.infoWindowCenter(of: marker))
            let anchor = mapView.projection.point(for: marker.position)
            sizes[name] = CGSize(width: abs(centre.x - anchor.x), height: anchor.y - centre.y)
        }
        // Sydney's custom 220 x 70 window sits right on the pin's top; Brisbane's contents and
        // Melbourne's text sit in the default bubble.
        #expect(abs((sizes["Sydney"]?.height ?? 0) - (43 + 35)) < 0.001)
        mapView.selectedMarker = nil
        #expect(controller.closed == ["Sydney", "Melbourne", "Brisbane"])
    }
}

@MainActor
@Suite("The events guide's geocoder")
struct EventsGeocoderTests {
    @Test func idleReverseGeocodesAndMarksTheAddress() async throws {
        let controller = EventsWithGeocoder()
        let mapView = GMSMapView(
            frame: CGRect(x: 0, y: 0, width: 390, height: 844), camera: GMSCameraPosition(latitude: 1.285, longitude: 103.848, zoom: 12))
        mapView.delegate = controller
        let host = GMSMapViewHost(mapView: mapView)
        mapView.animate(toLocation: CLLocationCoordinate2D(latitude: 60.1687, longitude: 24.9505))
        host.runUntilIdle()
        // The geocoder answers asynchronously on the main actor; its first answer loads its
        // data, which a busy machine takes a while over.
        for _ in 0..<12_000 where host.marker(at: CGPoint(x: 195, y: 422 - 20)) == nil {
            try await Task.sleep(nanoseconds: 10_000_000)
        }
        let marker = try #require(host.marker(at: CGPoint(x: 195, y: 422 - 20)))
        #expect(marker.title?.hasPrefix("Aleksanterinkatu") == true)
        #expect(marker.snippet == "00100 Helsinki")
    }
}
