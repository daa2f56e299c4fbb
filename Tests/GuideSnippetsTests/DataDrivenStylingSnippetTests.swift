import OpenMaps
import OpenMapsTesting
import Testing

/// OpenMaps has no boundary data: feature layers exist but are not available.
@MainActor
@Suite("Guide: data-driven styling")
struct DataDrivenStylingSnippetTests {
  private func seattle() -> CityBoundariesViewController {
    let controller = CityBoundariesViewController()
    controller.loadViewIfNeeded()
    return controller
  }

  @Test("The locality feature layer is there but unavailable, and the app says so")
  func featureLayerUnavailable() throws {
    let controller = seattle()
    let layer = try #require(controller.localities)
    #expect(layer.featureType == .locality)
    #expect(!layer.isAvailable)
    #expect(controller.unavailableMessage != nil)
    #expect(!controller.mapView.mapCapabilities.contains(.dataDrivenStyling))
  }

  @Test("The style closure styles the chosen places and leaves the rest unstyled")
  func styleClosure() throws {
    let controller = seattle()
    let style = try #require(controller.localities?.style)
    let seattlePlace = PlaceFeature(featureType: .locality, placeID: CityBoundariesViewController.seattlePlaceID)
    let styled = try #require(style(seattlePlace))
    #expect(styled.fillColor != nil && styled.strokeColor == .orange && styled.strokeWidth == 2)
    #expect(style(PlaceFeature(featureType: .locality, placeID: "ChIJsomewhereElse")) == nil)
  }

  @Test("Feature taps reach the delegate with the tapped places")
  func featureTaps() {
    let controller = seattle()
    let features: [any Feature] = [
      PlaceFeature(featureType: .locality, placeID: CityBoundariesViewController.bellevuePlaceID)
    ]
    controller.mapView(
      controller.mapView, didTap: features, in: FeatureLayer<any Feature>(featureType: .locality),
      atLocation: CLLocationCoordinate2D(latitude: 47.61, longitude: -122.20))
    #expect(controller.tappedPlaceIDs == [CityBoundariesViewController.bellevuePlaceID])
  }

  @Test("Tapping the map where boundaries would be gives no feature taps while the layer is unavailable")
  func noFeatureTapsWhenUnavailable() {
    let controller = seattle()
    controller.mapView.mapType = .none
    let driver = drive(controller.mapView)
    driver.tap(at: phoneCentre)
    driver.settle()
    #expect(controller.tappedPlaceIDs.isEmpty)
  }
}
