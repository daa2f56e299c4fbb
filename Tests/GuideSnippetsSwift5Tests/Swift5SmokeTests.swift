// Compiled with the guide snippets (Tests/GuideSnippets) in Swift 5 language mode: the same
// app code must build in both modes, as ported apps do. This only loads every screen.
import OpenMaps
import Testing

@MainActor
@Suite("Guide snippets in Swift 5 mode")
struct Swift5SmokeTests {
  @Test("Every snippet controller loads its view: a map, or a panorama for Street View")
  func everyControllerLoadsItsView() {
    let controllers: [UIViewController] = [
      HarbourMapViewController(),
      CameraTourViewController(),
      GestureSettingsViewController(),
      EventLogViewController(),
      NightModeViewController(),
      CloudMapViewController(),
      HarbourMarkersViewController(),
      WharfCalloutViewController(),
      PinGlyphViewController(),
      PlaceTapViewController(),
      RouteShapesViewController(),
      CampusPlanViewController(),
      TransitTilesViewController(),
      HarbourPanoramaViewController(),
      MallFloorsViewController(),
      CityBoundariesViewController(),
      AddressLookupViewController(),
      WhereAmIViewController(),
      WalkPlannerViewController(),
    ]
    for controller in controllers {
      controller.loadViewIfNeeded()
      #expect(controller.isViewLoaded, "\(type(of: controller))")
      #expect(controller.view is GMSMapView || controller.view is GMSPanoramaView, "\(type(of: controller))")
    }
    SimulatedLocation.shared.reset()
  }

  @Test("The nonisolated helpers build model objects")
  func helpersBuildModelObjects() {
    let sydney = CLLocationCoordinate2D(latitude: -33.8688, longitude: 151.2093)
    #expect(makeLandmarkMarker(at: sydney, title: "Sydney").title == "Sydney")
    #expect(makeParkWithPond().holes?.count == 1)
    #expect(makeTasmanCrossing().geodesic)
    #expect(HarbourFerryRoute(name: "F1", stops: [sydney, sydney]).legCount == 1)
    #expect(WalkingTrack([sydney, sydney]).length == 0)
    #expect(makeSquareLawn(around: sydney, side: 10).count() == 4)
    #expect(transitTileURL(x: 0, y: 0, zoom: 18) != nil)
    #expect(makeLetterPin("S", colour: .blue).size.width > 0)
  }
}
