import OpenMaps
import OpenMapsTesting
import Testing

@MainActor
@Suite("Guide: points of interest")
struct PointsOfInterestSnippetTests {
  private func helsinki() -> (PlaceTapViewController, MapDriver) {
    let controller = PlaceTapViewController()
    controller.loadViewIfNeeded()
    let driver = drive(controller.mapView)
    driver.host.prepareTiles()
    return (controller, driver)
  }

  @Test("A tap on a place reports its ID, name and own location; the invisible marker shows its window")
  func tappingAPlace() throws {
    let (controller, driver) = helsinki()
    let place = try #require(driver.host.pointsOfInterest().first {
      $0.point.x > 40 && $0.point.x < 350 && $0.point.y > 150 && $0.point.y < 700
    })
    driver.tap(at: place.point)
    driver.settle()
    let tapped = try #require(controller.tappedPlaces.first)
    #expect(controller.tappedPlaces.count == 1)
    #expect(tapped.name == place.name && !tapped.placeID.isEmpty)
    #expect(same(controller.placeMarker.position, place.coordinate))
    #expect(controller.placeMarker.title == place.name && controller.placeMarker.opacity == 0)
    #expect(controller.mapView.selectedMarker === controller.placeMarker)
    #expect(driver.host.isInfoWindowOpen(for: controller.placeMarker), "a window opened in the POI callback stays open")
  }

  @Test("A style that hides places takes them off the map, and they cannot be tapped")
  func hiddenPlacesCannotBeTapped() throws {
    let (controller, driver) = helsinki()
    let place = try #require(driver.host.pointsOfInterest().first)
    controller.hideAllPlaces()
    #expect(driver.host.pointsOfInterest().isEmpty)
    driver.tap(at: place.point)
    driver.settle()
    #expect(controller.tappedPlaces.isEmpty)
  }

  @Test("Hiding businesses leaves other places")
  func hidingBusinessesOnly() {
    let (controller, driver) = helsinki()
    let before = driver.host.pointsOfInterest().count
    controller.hideBusinesses()
    #expect(controller.mapView.mapStyle != nil)
    #expect(driver.host.pointsOfInterest().count <= before)
  }
}
