import OpenMaps
import OpenMapsTesting
import Testing

/// The guide's map has a map ID, so its locality layer is available; OpenMaps has no locality
/// polygon for Seattle (docs/behaviour.md, rule 28), so nothing there is drawn or tapped.
@MainActor
@Suite("Guide: data-driven styling")
struct DataDrivenStylingSnippetTests {
  private func seattle() -> CityBoundariesViewController {
    let controller = CityBoundariesViewController()
    controller.loadViewIfNeeded()
    return controller
  }

  @Test("The locality feature layer is available on the guide's map, which has a map ID")
  func featureLayerAvailable() throws {
    let controller = seattle()
    let layer = try #require(controller.localities)
    #expect(layer.featureType == .locality)
    #expect(layer.isAvailable)
    #expect(controller.unavailableMessage == nil)
    #expect(controller.mapView.mapCapabilities.contains(.dataDrivenStyling))
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

  @Test("Tapping Seattle gives no feature taps: OpenMaps has no locality polygon there")
  func noFeatureTapsWithoutLocalityData() {
    let controller = seattle()
    controller.mapView.mapType = .none
    let driver = drive(controller.mapView)
    driver.tap(at: phoneCentre)
    driver.settle()
    #expect(controller.tappedPlaceIDs.isEmpty)
  }
}
