import Foundation
import OpenMaps
import OpenMapsTesting
import Testing

@MainActor
@Suite("Guide: map objects, map types and styling")
struct MapTypesAndStylingSnippetTests {
  private func night() -> NightModeViewController {
    let controller = NightModeViewController()
    controller.loadViewIfNeeded()
    return controller
  }

  @Test("Map objects keep what the app set")
  func mapObjectsKeepTheirSettings() {
    let controller = night()
    let mapView = controller.mapView!
    #expect(mapView.isTrafficEnabled && !mapView.isBuildingsEnabled && !mapView.isIndoorEnabled)
    #expect(mapView.delegate === controller)
  }

  @Test("mapType is .normal unless set, and steps through every type")
  func mapTypesStepThrough() {
    let controller = night()
    #expect(controller.mapView.mapType == .normal)
    var seen: [GMSMapViewType] = []
    for _ in 0..<5 {
      controller.showNextMapType()
      seen.append(controller.mapView.mapType)
    }
    #expect(seen == [.satellite, .hybrid, .terrain, .none, .normal])
  }

  @Test("A valid JSON style is applied")
  func aValidStyleIsApplied() {
    let controller = night()
    #expect(controller.mapView.mapStyle != nil)
    #expect(controller.styleProblem == nil)
  }

  @Test("An invalid style is refused and the map keeps the style it had")
  func anInvalidStyleIsRefused() {
    let controller = night()
    let before = controller.mapView.mapStyle
    #expect(!controller.applyStyle(json: #"[{"featureType": "roads", "stylers": []}]"#))
    #expect(controller.styleProblem != nil)
    #expect(controller.mapView.mapStyle === before)
    #expect(!controller.applyStyle(json: "{"))
  }

  @Test("A style can come from a file; a missing file is refused")
  func aStyleFromAFile() throws {
    let controller = night()
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("snippets-style-\(UUID().uuidString).json")
    try Data(NightModeViewController.noPlacesStyle.utf8).write(to: url)
    defer { try? FileManager.default.removeItem(at: url) }
    #expect(controller.applyStyle(fileURL: url))
    #expect(!controller.applyStyle(fileURL: url.appendingPathExtension("missing")))
    controller.applyBundledStyle()
  }

  @Test("A style that hides points of interest takes them off the map; removing it brings them back")
  func hidingPlacesWithAStyle() {
    let controller = night()
    let driver = drive(controller.mapView)
    driver.host.prepareTiles()
    #expect(!driver.host.pointsOfInterest().isEmpty)
    #expect(controller.applyStyle(json: NightModeViewController.noPlacesStyle))
    #expect(driver.host.pointsOfInterest().isEmpty)
    controller.removeStyle()
    #expect(controller.mapView.mapStyle == nil)
    #expect(!driver.host.pointsOfInterest().isEmpty)
  }

  @Test("overrideUserInterfaceStyle = .dark makes the map dark whatever the window's appearance")
  func darkModeOverride() {
    let controller = night()
    let driver = drive(controller.mapView)
    driver.host.userInterfaceStyle = .light
    #expect(controller.mapView.overrideUserInterfaceStyle == .dark)
    #expect(controller.mapView.traitCollection.userInterfaceStyle == .dark)
    controller.followSystemAppearance()
    #expect(controller.mapView.traitCollection.userInterfaceStyle == .light)
    driver.host.userInterfaceStyle = .dark
    #expect(controller.mapView.traitCollection.userInterfaceStyle == .dark)
  }

  @Test("Tile rendering is bracketed by start and finish, then the snapshot is ready")
  func tileRenderingCallbacks() {
    let controller = night()
    let driver = drive(controller.mapView)
    driver.host.prepareTiles()
    #expect(controller.renderingLog == ["start", "finish", "ready"])
  }

  @Test("A map ID gives the map its capabilities; a map without one has none")
  func mapIDCapabilities() {
    let controller = CloudMapViewController()
    controller.loadViewIfNeeded()
    #expect(controller.canShowAdvancedMarkers)
    #expect(GMSMapView().mapCapabilities.isEmpty)
  }
}
