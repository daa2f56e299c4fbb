import OpenMaps
import OpenMapsTesting
import Testing

/// The device's location is one per process (``SimulatedLocation``); these tests set it, so they
/// run one at a time and put it back as it starts.
@MainActor
@Suite("Guide: My Location", .serialized)
struct MyLocationSnippetTests {
  private let buckinghamPalace = CLLocationCoordinate2D(latitude: 51.5014, longitude: -0.1419)
  private let bigBen = CLLocationCoordinate2D(latitude: 51.5007, longitude: -0.1246)

  private func london() -> (WhereAmIViewController, MapDriver) {
    SimulatedLocation.shared.reset()
    let controller = WhereAmIViewController()
    return (controller, hostWithoutBasemap(controller, controller.mapView))
  }

  private func fix(_ coordinate: CLLocationCoordinate2D) -> CLLocation {
    CLLocation(latitude: coordinate.latitude, longitude: coordinate.longitude)
  }

  @Test("myLocation is nil until the device's location is known")
  func noLocationAtFirst() {
    let (controller, _) = london()
    #expect(controller.mapView.isMyLocationEnabled)
    #expect(controller.mapView.myLocation == nil)
    #expect(controller.observedFixes.isEmpty && !controller.didCentreOnFirstFix)
    SimulatedLocation.shared.reset()
  }

  @Test("myLocation is observable: the first fix centres the map there, later ones do not")
  func observingMyLocation() {
    let (controller, driver) = london()
    driver.host.setMyLocation(fix(buckinghamPalace))
    #expect(controller.observedFixes.count == 1)
    #expect(controller.mapView.myLocation.map { same($0.coordinate, buckinghamPalace) } == true)
    #expect(same(controller.mapView.camera.target, buckinghamPalace))
    #expect(controller.mapView.camera.zoom == 14)
    driver.host.setMyLocation(fix(bigBen))
    #expect(controller.observedFixes.count == 2)
    #expect(same(controller.mapView.camera.target, buckinghamPalace), "only the first fix moves the camera")
    controller.stopObservingMyLocation()
    driver.host.setMyLocation(fix(buckinghamPalace))
    #expect(controller.observedFixes.count == 2, "an invalidated observation hears nothing")
    SimulatedLocation.shared.reset()
  }

  @Test("The location manager asks for when-in-use authorization, then reports locations")
  func locationManagerReports() async {
    let (controller, driver) = london()
    #expect(controller.locationManager.delegate === controller)
    #expect(controller.locationManager.desiredAccuracy == kCLLocationAccuracyBest)
    #expect(await eventually { controller.locationManager.authorizationStatus == .authorizedWhenInUse })
    #expect(await eventually { controller.authorizationChanges > 0 })
    // Once updating, a new device location reaches the delegate at once.
    driver.host.setMyLocation(fix(bigBen))
    #expect(controller.managerUpdates.contains { same($0.coordinate, bigBen) })
    #expect(controller.locationErrors == 0)
    SimulatedLocation.shared.reset()
  }

  @Test("Following the device, the camera goes where the manager says")
  func followingTheDevice() async {
    let (controller, driver) = london()
    #expect(await eventually { controller.locationManager.authorizationStatus == .authorizedWhenInUse })
    controller.stopObservingMyLocation()
    controller.followsDevice = true
    driver.host.setMyLocation(fix(bigBen))
    #expect(controller.managerUpdates.last.map { same($0.coordinate, bigBen) } == true)
    driver.settle()
    #expect(same(controller.mapView.camera.target, bigBen, within: 1e-7))
    SimulatedLocation.shared.reset()
  }

  @Test("A refused request turns My Location off and stops the updates")
  func deniedAuthorization() async {
    SimulatedLocation.shared.reset()
    SimulatedLocation.shared.answerToRequests = .denied
    let controller = WhereAmIViewController()
    controller.loadViewIfNeeded()
    #expect(await eventually { controller.locationManager.authorizationStatus == .denied })
    #expect(await eventually { !controller.mapView.isMyLocationEnabled })
    #expect(controller.managerUpdates.isEmpty)
    SimulatedLocation.shared.reset()
  }

  @Test("The My Location button centres the map on the device")
  func myLocationButton() {
    let (controller, driver) = london()
    driver.host.setMyLocation(fix(buckinghamPalace))
    controller.mapView.camera = GMSCameraPosition(latitude: 51.52, longitude: -0.10, zoom: 14)
    #expect(driver.tap(.myLocationButton))
    driver.settle()
    #expect(controller.myLocationButtonTaps == 1)
    #expect(same(controller.mapView.camera.target, buckinghamPalace, within: 1e-7))
    SimulatedLocation.shared.reset()
  }

  @Test("A tap on the blue dot reports the device's location")
  func myLocationDot() {
    let (controller, driver) = london()
    driver.host.setMyLocation(fix(buckinghamPalace))
    #expect(driver.tap(.myLocationDot))
    driver.settle()
    #expect(controller.dotTaps.count == 1)
    #expect(controller.dotTaps.first.map { same($0, buckinghamPalace) } == true)
    SimulatedLocation.shared.reset()
  }
}
