import Foundation
import OpenMaps
import OpenMapsTesting
import Testing

@MainActor
@Suite("Guide: geocoding")
struct GeocodingSnippetTests {
  private func helsinki() async -> (AddressLookupViewController, MapDriver) {
    await geocoderLoaded()
    let controller = AddressLookupViewController()
    return (controller, hostWithoutBasemap(controller, controller.mapView))
  }

  @Test("A long press reverse-geocodes the spot and marks it with the address")
  func longPressShowsTheAddress() async throws {
    let (controller, driver) = await helsinki()
    driver.longPress(at: phoneCentre)
    driver.settle()
    #expect(await eventually(timeout: 120) { controller.answers > 0 })
    let address = try #require(controller.lastAddress)
    #expect(address.locality == "Helsinki")
    let lines = try #require(address.lines)
    #expect(lines.count >= 2)
    let marker = try #require(controller.addressMarkers.first)
    #expect(marker.title == lines[0])
    #expect(marker.map === controller.mapView)
    #expect(same(marker.position, CLLocationCoordinate2D(latitude: 60.1687, longitude: 24.9505), within: 1e-6))
    #expect(controller.mapView.selectedMarker === marker)
  }

  @Test("The answer comes later, on the main actor, never inside the call")
  func answersComeLater() async {
    let (controller, _) = await helsinki()
    controller.lookUpAddress(at: CLLocationCoordinate2D(latitude: 60.1699, longitude: 24.9384))
    #expect(controller.answers == 0)
    #expect(await eventually(timeout: 120) { controller.answers == 1 })
    #expect(controller.lastError == nil && controller.lastAddress != nil)
  }

  @Test("The open ocean has no address and no error")
  func openOcean() async {
    let (controller, _) = await helsinki()
    controller.lookUpAddress(at: CLLocationCoordinate2D(latitude: -40, longitude: -120))
    #expect(await eventually(timeout: 120) { controller.answers == 1 })
    #expect(controller.nothingFound == 1)
    #expect(controller.lastError == nil && controller.addressMarkers.isEmpty)
  }

  @Test("An invalid coordinate is an error with the invalidCoordinate code")
  func invalidCoordinate() async throws {
    let (controller, _) = await helsinki()
    controller.lookUpAddress(at: CLLocationCoordinate2D(latitude: 100, longitude: 200))
    #expect(await eventually(timeout: 120) { controller.answers == 1 })
    let error = try #require(controller.lastError)
    #expect((error as NSError).code == GMSGeocoderErrorCode.invalidCoordinate.rawValue)
    #expect(controller.addressMarkers.isEmpty)
  }
}
