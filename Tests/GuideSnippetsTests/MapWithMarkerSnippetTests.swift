import OpenMaps
import OpenMapsTesting
import Testing

@MainActor
@Suite("Guide: a map with a marker")
struct MapWithMarkerSnippetTests {
  @Test("The controller's view is the map, at the camera it was made with")
  func theViewIsTheMapAtItsFirstCamera() throws {
    let controller = HarbourMapViewController()
    let mapView = try #require(controller.view as? GMSMapView)
    #expect(mapView === controller.mapView)
    #expect(same(mapView.camera.target, CLLocationCoordinate2D(latitude: -33.8587, longitude: 151.2140)))
    #expect(mapView.camera.zoom == 14)
    #expect(mapView.camera.bearing == 0 && mapView.camera.viewingAngle == 0)
  }

  @Test("A marker whose map is set is drawn on that map, standing on its position")
  func aMarkerWithAMapIsDrawnOnIt() throws {
    let controller = HarbourMapViewController()
    controller.loadViewIfNeeded()
    let marker = try #require(controller.operaHouseMarker)
    #expect(marker.map === controller.mapView)
    #expect(marker.title == "Sydney Opera House" && marker.snippet == "Bennelong Point")
    let driver = drive(controller.mapView)
    let icon = try #require(driver.host.iconCenter(of: marker))
    let foot = controller.mapView.projection.point(for: marker.position)
    // The default ground anchor is the icon's bottom centre.
    #expect(abs(icon.x - foot.x) < 1)
    #expect(icon.y < foot.y)
  }

  @Test("Tapping the marker selects it and opens its info window")
  func tappingTheMarkerOpensItsInfoWindow() throws {
    let controller = HarbourMapViewController()
    controller.loadViewIfNeeded()
    let marker = try #require(controller.operaHouseMarker)
    let driver = drive(controller.mapView)
    #expect(driver.tap(marker))
    driver.settle()
    #expect(controller.mapView.selectedMarker === marker)
    #expect(driver.host.isInfoWindowOpen(for: marker))
  }

  @Test("Markers are model objects: they can be made off the main actor")
  func markersCanBeMadeOffTheMainActor() async {
    let title = await Task.detached {
      makeLandmarkMarker(at: CLLocationCoordinate2D(latitude: 1, longitude: 2), title: "Made elsewhere").title
    }.value
    #expect(title == "Made elsewhere")
  }

  @Test("provideAPIKey accepts the key")
  func provideAPIKeyAcceptsTheKey() {
    #expect(GMSServices.provideAPIKey("OPENMAPS_SNIPPETS_KEY"))
  }
}
