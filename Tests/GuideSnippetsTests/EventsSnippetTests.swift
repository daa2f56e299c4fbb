import OpenMaps
import OpenMapsTesting
import Testing

@MainActor
@Suite("Guide: events")
struct EventsSnippetTests {
  /// A spot with nothing on it: no marker, overlay, window or control.
  private let emptySpot = CGPoint(x: 60, y: 700)

  /// The event log hosted at phone size over no basemap (no places under the fingers), with
  /// its log emptied.
  private func screen() -> (EventLogViewController, MapDriver) {
    let controller = EventLogViewController()
    let driver = hostWithoutBasemap(controller, controller.mapView)
    driver.settle()
    controller.clearLog()
    return (controller, driver)
  }

  @Test("The controller is the map's delegate through its @MainActor conformance")
  func theControllerIsTheDelegate() {
    let (controller, _) = screen()
    #expect(controller.mapView.delegate === controller)
  }

  @Test("A tap on the map gives didTapAt and nothing else")
  func mapTapGivesDidTapAt() {
    let (controller, driver) = screen()
    driver.tap(at: emptySpot)
    driver.settle()
    #expect(controller.log == ["didTapAt"])
  }

  @Test("A marker tap: didTap, the window's views, then the camera centres it (not a gesture)")
  func markerTapSelectsOpensAndCentres() {
    let (controller, driver) = screen()
    #expect(driver.tap(controller.pier))
    driver.settle()
    #expect(folded(controller.log) == [
      "didTap:Pier", "markerInfoWindow:Pier", "markerInfoContents:Pier", "willMove(false)", "didChange", "idle",
    ])
    #expect(controller.mapView.selectedMarker === controller.pier)
    #expect(driver.host.isInfoWindowOpen(for: controller.pier))
    #expect(same(controller.mapView.camera.target, controller.pier.position, within: 1e-7))
  }

  @Test("Returning true from didTap stops the selection, the window and the camera move")
  func handledMarkerTapDoesNothingElse() {
    let (controller, driver) = screen()
    let before = controller.mapView.camera.target
    #expect(driver.tap(controller.handledMarker))
    driver.settle()
    #expect(controller.log == ["didTap:Handled"])
    #expect(controller.mapView.selectedMarker == nil)
    #expect(same(controller.mapView.camera.target, before))
  }

  @Test("A tap on the map closes the open window after didTapAt")
  func mapTapClosesTheWindowAfterDidTapAt() {
    let (controller, driver) = screen()
    controller.mapView.selectedMarker = controller.pier
    #expect(controller.log == ["markerInfoWindow:Pier", "markerInfoContents:Pier"], "selection in code: no didTap")
    controller.clearLog()
    driver.tap(at: emptySpot)
    driver.settle()
    #expect(controller.log == ["didTapAt", "didCloseInfoWindow:Pier"])
    #expect(controller.mapView.selectedMarker == nil)
  }

  @Test("Taps and long presses on the info window are reported, and it stays open")
  func infoWindowTapAndLongPress() throws {
    let (controller, driver) = screen()
    controller.mapView.selectedMarker = controller.pier
    controller.clearLog()
    #expect(driver.tapInfoWindow(of: controller.pier))
    #expect(controller.log == ["didTapInfoWindow:Pier"])
    driver.longPress(at: try #require(driver.host.infoWindowCenter(of: controller.pier)))
    driver.settle()
    #expect(controller.log == ["didTapInfoWindow:Pier", "didLongPressInfoWindow:Pier"])
    #expect(driver.host.isInfoWindowOpen(for: controller.pier))
  }

  @Test("A long press on the map gives didLongPressAt")
  func longPressOnTheMap() {
    let (controller, driver) = screen()
    driver.longPress(at: emptySpot)
    driver.settle()
    #expect(controller.log == ["didLongPressAt"])
  }

  @Test("A long press on a draggable marker drags it: begin, drag..., end, and no didLongPressAt")
  func longPressDragsADraggableMarker() {
    let (controller, driver) = screen()
    let before = controller.buoy.position
    driver.drag(controller.buoy, to: CGPoint(x: 100, y: 560))
    driver.settle()
    let log = folded(controller.log)
    #expect(log.first == "didBeginDragging:Buoy")
    #expect(log.contains("didDrag:Buoy"))
    #expect(log.last == "didEndDragging:Buoy")
    #expect(!log.contains("didLongPressAt"))
    #expect(controller.buoy.position.latitude < before.latitude && controller.buoy.position.longitude < before.longitude)
  }

  @Test("A pan is a gesture: willMove(true), didChange..., idle")
  func panIsAGesture() {
    let (controller, driver) = screen()
    driver.pan(from: emptySpot, to: CGPoint(x: 220, y: 700))
    driver.settle()
    #expect(folded(controller.log) == ["willMove(true)", "didChange", "idle"])
  }

  @Test("A camera set in code is willMove(false), one didChange, idle")
  func settingTheCameraIsOneBracket() {
    let (controller, driver) = screen()
    controller.mapView.camera = GMSCameraPosition(latitude: -33.87, longitude: 151.22, zoom: 15)
    driver.settle()
    #expect(controller.log == ["willMove(false)", "didChange", "idle"])
  }

  @Test("A tap on a tappable overlay gives didTapOverlay and no didTapAt")
  func overlayTap() {
    let (controller, driver) = screen()
    driver.tap(at: controller.mapView.projection.point(for: controller.swimmingArea.position))
    driver.settle()
    #expect(controller.log == ["didTapOverlay:Swimming area"])
  }

  @Test("A tap on the My Location dot gives didTapMyLocation and no didTapAt")
  func myLocationDotTap() {
    let (controller, driver) = screen()
    driver.host.setMyLocation(CLLocation(latitude: -33.8580, longitude: 151.2150))
    controller.clearLog()
    #expect(driver.tap(.myLocationDot))
    driver.settle()
    #expect(controller.log == ["didTapMyLocation"])
  }

  @Test("The My Location button: didTapMyLocationButton, then the camera moves to the location")
  func myLocationButtonTap() {
    let (controller, driver) = screen()
    let here = CLLocationCoordinate2D(latitude: -33.8580, longitude: 151.2150)
    driver.host.setMyLocation(CLLocation(latitude: here.latitude, longitude: here.longitude))
    controller.clearLog()
    #expect(driver.tap(.myLocationButton))
    driver.settle()
    #expect(folded(controller.log) == ["didTapMyLocationButton", "willMove(false)", "didChange", "idle"])
    #expect(same(controller.mapView.camera.target, here, within: 1e-7))
  }

  @Test("Callbacks reach a recorder wrapped around the controller, which still answers")
  func aRecorderSeesWhatTheControllerSees() {
    let (controller, driver) = screen()
    let recorder = DelegateRecorder(forwardingTo: controller, clock: { driver.host.time })
    recorder.ignoredSelectors = ["mapViewDidStartTileRendering:", "mapViewDidFinishTileRendering:", "mapViewSnapshotReady:"]
    controller.mapView.delegate = recorder
    driver.tap(controller.handledMarker)
    driver.settle()
    #expect(recorder.events == ["didTap:Handled"])
    #expect(controller.log == ["didTap:Handled"])
    #expect(controller.mapView.selectedMarker == nil, "the controller's true still stops the selection")
  }
}
