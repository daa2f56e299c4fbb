import Foundation
import OpenMaps
import OpenMapsTesting
import Testing

/// OpenMaps has no Street View imagery: every request takes the SDK's no-coverage path.
@MainActor
@Suite("Guide: Street View")
struct StreetViewSnippetTests {
  private func circularQuay() -> HarbourPanoramaViewController {
    let controller = HarbourPanoramaViewController()
    controller.loadViewIfNeeded()
    return controller
  }

  @Test("The controller's view is a panorama view")
  func theViewIsAPanoramaView() {
    let controller = circularQuay()
    #expect(controller.view is GMSPanoramaView)
    #expect(controller.panoramaView.delegate === controller)
  }

  @Test("With no coverage, panorama(withFrame:nearCoordinate:) ends in the error callback for that coordinate")
  func noCoverageErrorForTheFirstRequest() async {
    let controller = circularQuay()
    #expect(controller.coverageFailures.isEmpty, "the answer comes later, not inside the call")
    #expect(await eventually { !controller.coverageFailures.isEmpty })
    let failed = controller.coverageFailures.first
    #expect(failed.map { same($0, HarbourPanoramaViewController.circularQuay) } == true)
    #expect(controller.panoramaView.panorama == nil)
    #expect(controller.panoramaMoves.isEmpty, "no didMoveTo without a panorama")
    // The values the SDK was observed to give where it has no coverage.
    let error = controller.lastCoverageError.map { $0 as NSError }
    #expect(error?.domain == "com.google.maps.GMSPanoramaService" && error?.code == 0)
  }

  @Test("moveNearCoordinate reports its own failure, with the coordinate asked for")
  func moveNearCoordinateFails() async {
    let controller = circularQuay()
    #expect(await eventually { controller.coverageFailures.count == 1 })
    let bondi = CLLocationCoordinate2D(latitude: -33.8908, longitude: 151.2743)
    controller.move(near: bondi)
    #expect(await eventually { controller.coverageFailures.count == 2 })
    #expect(controller.coverageFailures.last.map { same($0, bondi) } == true)
    #expect(controller.panoramaView.panorama == nil)
  }

  @Test("GMSPanoramaService answers once, with an error and no panorama")
  func panoramaServiceNoCoverage() async {
    let controller = circularQuay()
    controller.checkCoverage(near: CLLocationCoordinate2D(latitude: 30, longitude: -40))
    #expect(await eventually { !controller.serviceAnswers.isEmpty })
    let answer = controller.serviceAnswers.first
    #expect(answer?.found == false)
    #expect(answer?.error != nil)
    try? await Task.sleep(nanoseconds: 50_000_000)
    #expect(controller.serviceAnswers.count == 1)
  }

  @Test("Setting the camera jumps to it and tells the delegate didMove")
  func settingTheCamera() {
    let controller = circularQuay()
    let camera = controller.panoramaView.camera
    #expect(camera.orientation.heading == 20 && camera.orientation.pitch == -5 && camera.zoom == 1)
    let before = controller.cameraChanges
    controller.panoramaView.camera = GMSPanoramaCamera(heading: 200, pitch: 10, zoom: 2)
    #expect(controller.panoramaView.camera.orientation.heading == 200)
    #expect(controller.panoramaView.camera.zoom == 2)
    #expect(controller.cameraChanges == before + 1)
  }

  @Test("Panorama cameras clamp their zoom to 1...5 and field of view to 1...160")
  func panoramaCameraClamps() {
    #expect(GMSPanoramaCamera(heading: 0, pitch: 0, zoom: 0).zoom == 1)
    let wide = GMSPanoramaCamera(orientation: GMSOrientation(heading: 10, pitch: 0), zoom: 9, fov: 500)
    #expect(wide.zoom == 5 && wide.fov == 160)
    #expect(GMSPanoramaCamera(heading: 0, pitch: 0, zoom: 1).fov == 90)
  }

  @Test("A marker can be shown on a panorama, and taken off it")
  func markersOnAPanorama() {
    let controller = circularQuay()
    #expect(controller.ferryMarker.panoramaView === controller.panoramaView)
    controller.hideFerryMarker()
    #expect(controller.ferryMarker.panoramaView == nil)
  }

  @Test("setAllGesturesEnabled(false) turns off looking, zooming and walking")
  func lockingTheView() {
    let controller = circularQuay()
    #expect(controller.panoramaView.orientationGestures && controller.panoramaView.zoomGestures)
    #expect(controller.panoramaView.navigationGestures)
    controller.lockView()
    #expect(!controller.panoramaView.orientationGestures && !controller.panoramaView.zoomGestures)
    #expect(!controller.panoramaView.navigationGestures)
  }
}
