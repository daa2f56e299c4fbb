import OpenMaps
import OpenMapsTesting
import Testing

/// OpenMaps has no indoor data: the indoor display never has a focused building.
@MainActor
@Suite("Guide: indoor maps")
struct IndoorSnippetTests {
  private func mall() -> MallFloorsViewController {
    let controller = MallFloorsViewController()
    controller.loadViewIfNeeded()
    return controller
  }

  @Test("The indoor display has no active building and so no active level")
  func noFocusedBuilding() {
    let controller = mall()
    #expect(controller.mapView.isIndoorEnabled)
    #expect(!controller.mapView.settings.indoorPicker)
    #expect(controller.mapView.indoorDisplay.activeBuilding == nil)
    #expect(controller.mapView.indoorDisplay.activeLevel == nil)
    #expect(controller.mapView.indoorDisplay.delegate === controller)
  }

  @Test("Choosing a floor without an active building does nothing")
  func choosingAFloorWithoutABuilding() {
    let controller = mall()
    #expect(!controller.showFloor(named: "2"))
    #expect(controller.defaultFloorName() == nil)
    controller.mapView.indoorDisplay.activeLevel = nil
    #expect(controller.mapView.indoorDisplay.activeLevel == nil)
    #expect(controller.buildingChanges == 0 && controller.levelChanges == 0)
  }

  @Test("Moving over buildings tells the indoor delegate nothing when none has floors")
  func noIndoorCallbacksWhileMoving() {
    let controller = mall()
    controller.mapView.mapType = .none
    let driver = drive(controller.mapView)
    controller.mapView.animate(toZoom: 19)
    driver.settle()
    driver.pan(from: CGPoint(x: 100, y: 400), to: CGPoint(x: 300, y: 400))
    driver.settle()
    #expect(controller.buildingChanges == 0 && controller.levelChanges == 0)
    #expect(controller.floorNames.isEmpty && controller.activeFloorName == nil)
  }

  @Test("Turning indoor maps off keeps the display empty")
  func indoorOff() {
    let controller = mall()
    controller.turnIndoorMapsOff()
    #expect(!controller.mapView.isIndoorEnabled)
    #expect(controller.mapView.indoorDisplay.activeBuilding == nil)
  }
}
