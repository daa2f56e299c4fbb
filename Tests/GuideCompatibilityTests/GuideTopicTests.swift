import OpenMaps
import Testing

@MainActor
@Suite("Guide topics behave as the guides say")
struct GuideTopicTests {
    @Test func mapWithMarker() throws {
        let controller = MapWithMarkerViewController()
        let mapView = try #require(controller.view as? GMSMapView)
        #expect(mapView.camera.target.latitude == -33.86)
    }

    @Test func iconViewAnimatesOnTheMapClockThenStopsTracking() throws {
        let controller = IconViewMarkerController()
        controller.loadViewIfNeeded()
        let host = GMSMapViewHost(mapView: try #require(controller.mapView))
        controller.mapView(controller.mapView, idleAt: controller.mapView.camera)
        #expect(controller.london?.tracksViewChanges == true)
        host.runUntilIdle(limit: 10)
        #expect(controller.finished && controller.london?.tracksViewChanges == false)
        #expect(controller.londonView?.alpha == 0.5)
    }

    @Test func shapesAndGroundOverlaysDrawAndTap() throws {
        let mapView = GMSMapView(
            frame: CGRect(x: 0, y: 0, width: 390, height: 844), camera: GMSCameraPosition(latitude: -33.8, longitude: 151.2, zoom: 10))
        let controller = POITopics()
        controller.loadViewIfNeeded()
        mapView.delegate = controller
        let shapes = ShapeTopics.draw(on: mapView)
        let ground = GroundOverlayTopics.add(to: mapView)
        let markers = MarkerTopics.customize(mapView)
        #expect(shapes.allSatisfy { $0.map === mapView } && ground.map === mapView && markers.count == 2)
        let host = GMSMapViewHost(mapView: mapView)
        _ = host.renderFrame(scale: 1)
        let polygon = try #require(shapes[1] as? GMSPolygon)
        polygon.isTappable = true
        let inside = mapView.projection.point(for: CLLocationCoordinate2D(latitude: -33.79, longitude: 151.12))
        host.send(MapTouch(id: 1, phase: .began, location: inside, timestamp: host.time))
        host.send(MapTouch(id: 1, phase: .ended, location: inside, timestamp: host.time + 0.05))
        host.runUntilIdle()
        // The copy drawn later is on top, untappable; the tap reaches the tappable original.
        #expect(polygon.fillColor == .red)
        mapView.clear()
        #expect(polygon.map == nil && ground.map == nil && markers[0].map == nil)
    }

    @Test func cameraAndControls() throws {
        let camera = CameraAndViewTopics()
        camera.loadViewIfNeeded()
        #expect(camera.mapView.minZoom == 12 && camera.mapView.cameraTargetBounds != nil)
        let controls = ControlsAndGesturesTopics()
        let mapView = try #require(controls.view as? GMSMapView)
        #expect(mapView.settings.compassButton && mapView.settings.scrollGestures)
    }
}
