import OpenMaps
import OpenMapsTesting
import Testing

@MainActor
@Suite("Guide: controls and gestures")
struct ControlsAndGesturesSnippetTests {
  /// The screen hosted at phone size over no basemap (no places under the fingers).
  private func screen() -> (GestureSettingsViewController, MapDriver) {
    let controller = GestureSettingsViewController()
    return (controller, hostWithoutBasemap(controller, controller.mapView))
  }

  @Test("The settings the guide sets are the settings the map has")
  func settingsAreKept() {
    let (controller, _) = screen()
    let settings = controller.mapView.settings
    #expect(!settings.scrollGestures && settings.zoomGestures && !settings.tiltGestures && settings.rotateGestures)
    #expect(!settings.allowScrollGesturesDuringRotateOrZoom && settings.consumesGesturesInView)
    #expect(settings.compassButton && settings.myLocationButton && !settings.indoorPicker)
  }

  @Test("With scrollGestures off, dragging does not move the camera")
  func scrollGesturesOffStopsDragging() {
    let (controller, driver) = screen()
    let before = controller.mapView.camera.target
    driver.pan(from: CGPoint(x: 100, y: 400), to: CGPoint(x: 300, y: 500))
    driver.settle()
    #expect(same(controller.mapView.camera.target, before))
  }

  @Test("With zoomGestures on, a double tap zooms in by one about the tapped point")
  func doubleTapZoomsInByOne() {
    let (controller, driver) = screen()
    driver.doubleTap(at: phoneCentre)
    driver.settle()
    #expect(abs(controller.mapView.camera.zoom - 16) < 1e-3)
  }

  @Test("setAllGesturesEnabled(false) stops gestures but not the app's own camera moves")
  func allGesturesOffLeavesProgrammaticMoves() {
    let (controller, driver) = screen()
    controller.freezeMap()
    let settings = controller.mapView.settings
    #expect(!settings.scrollGestures && !settings.zoomGestures && !settings.tiltGestures && !settings.rotateGestures)
    driver.doubleTap(at: phoneCentre)
    driver.settle()
    #expect(controller.mapView.camera.zoom == 15)
    controller.mapView.animate(toZoom: 17)
    driver.settle()
    #expect(abs(controller.mapView.camera.zoom - 17) < 1e-4)
    controller.unfreezeMap()
    #expect(settings.scrollGestures && settings.zoomGestures && settings.tiltGestures && settings.rotateGestures)
  }

  @Test("The compass shows only while the map is turned; tapping it turns the map north")
  func compassShowsWhenTurnedAndTurnsNorth() {
    let (controller, driver) = screen()
    #expect(!driver.host.isShown(.compass))
    controller.mapView.camera = GMSCameraPosition(
      target: controller.mapView.camera.target, zoom: 15, bearing: 90, viewingAngle: 0)
    #expect(driver.host.isShown(.compass))
    #expect(driver.tap(.compass))
    driver.settle()
    #expect(abs(controller.mapView.camera.bearing) < 1e-6)
    #expect(!driver.host.isShown(.compass))
  }

  @Test("The My Location button shows while it and My Location are both on")
  func myLocationButtonNeedsMyLocation() {
    let (controller, driver) = screen()
    #expect(driver.host.isShown(.myLocationButton))
    controller.mapView.isMyLocationEnabled = false
    #expect(!driver.host.isShown(.myLocationButton))
  }

  @Test("Padding moves the controls clear of the app's own views")
  func paddingMovesTheControls() throws {
    let (controller, driver) = screen()
    let before = try #require(driver.host.center(of: .myLocationButton))
    controller.keepControlsAbove(toolbarHeight: 120)
    let after = try #require(driver.host.center(of: .myLocationButton))
    #expect(abs(after.x - before.x) < 1e-9 && abs(after.y - (before.y - 120)) < 1e-9)
  }
}
