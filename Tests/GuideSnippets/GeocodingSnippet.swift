// Guide topic: "Geocoding": reverse geocoding with GMSGeocoder, as the events guide does when
// the map is long-pressed.
import OpenMaps

/// Long-press Helsinki to see the address there.
class AddressLookupViewController: UIViewController {
  private(set) var mapView: GMSMapView!
  private let geocoder = GMSGeocoder()

  private(set) var addressMarkers: [GMSMarker] = []
  private(set) var lastAddress: GMSAddress?
  private(set) var lastError: Error?
  /// How many answers came back, and how many had no address.
  private(set) var answers = 0
  private(set) var nothingFound = 0

  override func loadView() {
    let options = GMSMapViewOptions()
    options.camera = GMSCameraPosition(latitude: 60.1687, longitude: 24.9505, zoom: 15)
    let mapView = GMSMapView(options: options)
    mapView.delegate = self
    self.mapView = mapView
    view = mapView
  }

  /// Puts a marker at `coordinate` titled with the first line of the address there.
  func lookUpAddress(at coordinate: CLLocationCoordinate2D) {
    geocoder.reverseGeocodeCoordinate(coordinate) { [weak self] response, error in
      guard let self else { return }
      self.answers += 1
      if let error {
        self.lastError = error
        return
      }
      guard let address = response?.firstResult() else {
        self.nothingFound += 1
        return
      }
      self.lastAddress = address
      let marker = GMSMarker(position: coordinate)
      marker.title = address.lines?.first
      marker.snippet = address.lines?.dropFirst().joined(separator: ", ")
      marker.appearAnimation = .pop
      marker.map = self.mapView
      self.mapView.selectedMarker = marker
      self.addressMarkers.append(marker)
    }
  }
}

extension AddressLookupViewController: GMSMapViewDelegate {
  func mapView(_ mapView: GMSMapView, didLongPressAt coordinate: CLLocationCoordinate2D) {
    lookUpAddress(at: coordinate)
  }
}
