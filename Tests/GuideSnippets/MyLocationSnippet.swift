// Guide topic: "My Location": the blue dot and button, `myLocation` observed with key-value
// observation, and CLLocationManager with a delegate for the app's own use of the location.
import OpenMaps

/// Starts over London; moves to the device the first time its location is known.
class WhereAmIViewController: UIViewController {
  private(set) var mapView: GMSMapView!
  let locationManager = CLLocationManager()
  private var myLocationObservation: NSKeyValueObservation?

  /// Locations the map reported through `myLocation`, in order.
  private(set) var observedFixes: [CLLocation] = []
  private(set) var didCentreOnFirstFix = false
  /// Locations the location manager reported, in order.
  private(set) var managerUpdates: [CLLocation] = []
  private(set) var authorizationChanges = 0
  private(set) var locationErrors = 0
  /// Whether the camera follows the manager's locations.
  var followsDevice = false
  private(set) var myLocationButtonTaps = 0
  private(set) var dotTaps: [CLLocationCoordinate2D] = []

  override func loadView() {
    let options = GMSMapViewOptions()
    options.camera = GMSCameraPosition(latitude: 51.5074, longitude: -0.1278, zoom: 3)
    let mapView = GMSMapView(options: options)
    mapView.settings.myLocationButton = true
    mapView.settings.compassButton = true
    mapView.delegate = self
    self.mapView = mapView
    view = mapView
  }

  override func viewDidLoad() {
    super.viewDidLoad()

    // Centre on the device the first time the map learns where it is.
    myLocationObservation = mapView.observe(\.myLocation, options: [.new]) { [weak self] mapView, change in
      guard let self, let location = change.newValue ?? nil else { return }
      self.observedFixes.append(location)
      if !self.didCentreOnFirstFix {
        self.didCentreOnFirstFix = true
        mapView.camera = GMSCameraPosition(target: location.coordinate, zoom: 14)
      }
    }
    mapView.isMyLocationEnabled = true

    // The app's own use of the location.
    locationManager.delegate = self
    locationManager.desiredAccuracy = kCLLocationAccuracyBest
    locationManager.distanceFilter = 10
    locationManager.requestWhenInUseAuthorization()
    locationManager.startUpdatingLocation()
  }

  func stopObservingMyLocation() {
    myLocationObservation?.invalidate()
    myLocationObservation = nil
  }
}

extension WhereAmIViewController: GMSMapViewDelegate {
  func didTapMyLocationButton(for mapView: GMSMapView) -> Bool {
    myLocationButtonTaps += 1
    // False: the map centres on the device as usual.
    return false
  }

  func mapView(_ mapView: GMSMapView, didTapMyLocation location: CLLocationCoordinate2D) {
    dotTaps.append(location)
  }
}

extension WhereAmIViewController: @MainActor CLLocationManagerDelegate {
  func locationManagerDidChangeAuthorization(_ manager: CLLocationManager) {
    authorizationChanges += 1
    let status = manager.authorizationStatus
    if status == .authorizedWhenInUse || status == .authorizedAlways {
      mapView.isMyLocationEnabled = true
      manager.startUpdatingLocation()
    } else if status == .denied || status == .restricted {
      mapView.isMyLocationEnabled = false
      manager.stopUpdatingLocation()
    }
  }

  func locationManager(_ manager: CLLocationManager, didUpdateLocations locations: [CLLocation]) {
    guard let latest = locations.last else { return }
    managerUpdates.append(latest)
    if followsDevice {
      mapView.animate(toLocation: latest.coordinate)
    }
  }

  func locationManager(_ manager: CLLocationManager, didFailWithError error: any Error) {
    locationErrors += 1
    manager.stopUpdatingLocation()
  }
}
