import OpenMaps
import OpenMapsTesting
import Testing

@MainActor
@Suite("Guide: info windows")
struct InfoWindowsSnippetTests {
  /// The wharves hosted at phone size over no basemap.
  private func wharves() -> (WharfCalloutViewController, MapDriver) {
    let controller = WharfCalloutViewController()
    let driver = hostWithoutBasemap(controller, controller.mapView)
    driver.settle()
    controller.clearLog()
    return (controller, driver)
  }

  @Test("markerInfoWindow's view replaces the whole window, and markerInfoContents is not asked")
  func customWindowReplacesTheWindow() {
    let (controller, driver) = wharves()
    controller.mapView.selectedMarker = controller.circularQuay
    #expect(controller.log == ["window:Circular Quay"])
    #expect(driver.host.isInfoWindowOpen(for: controller.circularQuay))
  }

  @Test("When markerInfoWindow gives nil, markerInfoContents' view fills the default frame")
  func customContentsFillTheDefaultFrame() {
    let (controller, driver) = wharves()
    controller.mapView.selectedMarker = controller.barangaroo
    #expect(controller.log == ["window:Barangaroo", "contents:Barangaroo"])
    #expect(driver.host.isInfoWindowOpen(for: controller.barangaroo))
  }

  @Test("When both give nil, the default window shows the title and snippet")
  func defaultWindowFromTitleAndSnippet() {
    let (controller, driver) = wharves()
    controller.mapView.selectedMarker = controller.milsonsPoint
    #expect(controller.log == ["window:Milsons Point", "contents:Milsons Point"])
    #expect(driver.host.isInfoWindowOpen(for: controller.milsonsPoint))
  }

  @Test("Only one info window at a time: opening another closes the first")
  func oneWindowAtATime() {
    let (controller, driver) = wharves()
    controller.mapView.selectedMarker = controller.circularQuay
    controller.mapView.selectedMarker = controller.barangaroo
    #expect(controller.log == ["window:Circular Quay", "close:Circular Quay", "window:Barangaroo", "contents:Barangaroo"])
    #expect(!driver.host.isInfoWindowOpen(for: controller.circularQuay))
    #expect(driver.host.isInfoWindowOpen(for: controller.barangaroo))
  }

  @Test("Tapping a marker opens its window the same way as selecting it in code")
  func tappingAMarkerOpensItsWindow() {
    let (controller, driver) = wharves()
    #expect(driver.tap(controller.barangaroo))
    driver.settle()
    #expect(controller.log == ["window:Barangaroo", "contents:Barangaroo"])
    #expect(controller.mapView.selectedMarker === controller.barangaroo)
  }

  @Test("A tap on the window is reported and the window stays open")
  func windowTap() {
    let (controller, driver) = wharves()
    controller.mapView.selectedMarker = controller.circularQuay
    controller.clearLog()
    #expect(driver.tapInfoWindow(of: controller.circularQuay))
    #expect(controller.log == ["tap:Circular Quay"])
    #expect(driver.host.isInfoWindowOpen(for: controller.circularQuay))
  }

  @Test("A long press on the window is reported and the window stays open")
  func windowLongPress() throws {
    let (controller, driver) = wharves()
    controller.mapView.selectedMarker = controller.circularQuay
    controller.clearLog()
    driver.longPress(at: try #require(driver.host.infoWindowCenter(of: controller.circularQuay)))
    driver.settle()
    #expect(controller.log == ["longPress:Circular Quay"])
    #expect(driver.host.isInfoWindowOpen(for: controller.circularQuay))
  }

  @Test("Setting selectedMarker to nil closes the window with didCloseInfoWindowOf")
  func deselectingCloses() {
    let (controller, driver) = wharves()
    controller.mapView.selectedMarker = controller.milsonsPoint
    controller.mapView.selectedMarker = nil
    #expect(controller.log.last == "close:Milsons Point")
    #expect(!driver.host.isInfoWindowOpen(for: controller.milsonsPoint))
  }

  @Test("With no title, no snippet and no view, no window opens; the marker is still selected")
  func nothingToShowNoWindow() {
    let (controller, driver) = wharves()
    controller.mapView.selectedMarker = controller.unnamed
    #expect(controller.mapView.selectedMarker === controller.unnamed)
    #expect(!driver.host.isInfoWindowOpen(for: controller.unnamed))
    controller.mapView.selectedMarker = nil
    #expect(!controller.log.contains { $0.hasPrefix("close:") }, "no window was shown, so none closes")
  }

  @Test("A window is a snapshot; with tracksInfoWindowChanges it follows the marker")
  func windowsAreSnapshotsUnlessTracked() throws {
    let (controller, driver) = wharves()
    controller.mapView.selectedMarker = controller.milsonsPoint
    driver.settle()
    let opened = try #require(driver.host.snapshot(scale: 1).pngData())
    controller.updateMilsonsPointDepartures("Next ferry 10:35, then every 20 minutes")
    driver.advance(by: 0.1)
    #expect(driver.host.snapshot(scale: 1).pngData() == opened, "not redrawn while untracked")
    controller.startLiveDepartures()
    driver.advance(by: 0.1)
    #expect(driver.host.snapshot(scale: 1).pngData() != opened, "redrawn once tracked")
    controller.stopLiveDepartures()
    #expect(!controller.milsonsPoint.tracksInfoWindowChanges)
  }

  @Test("selectedMarker is observable: observers hear each selection and the deselection")
  func selectedMarkerIsObservable() {
    let (controller, _) = wharves()
    final class Seen { var titles: [String?] = [] }
    let seen = Seen()
    let observation = controller.mapView.observe(\.selectedMarker, options: [.new]) { _, change in
      seen.titles.append((change.newValue ?? nil)?.title)
    }
    controller.mapView.selectedMarker = controller.circularQuay
    controller.mapView.selectedMarker = controller.barangaroo
    controller.mapView.selectedMarker = nil
    #expect(seen.titles == ["Circular Quay", "Barangaroo", nil])
    observation.invalidate()
  }
}
