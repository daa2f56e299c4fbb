// The Swift code of the Maps SDK for iOS events guide, as published, with only
// `import GoogleMaps` changed to `import OpenMaps`. (The guide's reverse-geocoding
// `idleAt` handler joins when GMSGeocoder lands.)
import OpenMaps

class Events: UIViewController, GMSMapViewDelegate {
  // ...

  override func loadView() {
    super.loadView()
    let camera = GMSCameraPosition.camera(
      withLatitude: 1.285,
      longitude: 103.848,
      zoom: 12
    )
    let mapView = GMSMapView.map(withFrame: .zero, camera: camera)
    mapView.delegate = self
    self.view = mapView
  }

  // MARK: GMSMapViewDelegate

  func mapView(_ mapView: GMSMapView, didTapAt coordinate: CLLocationCoordinate2D) {
    print("You tapped at \(coordinate.latitude), \(coordinate.longitude)")
  }

  func mapView(_ mapView: GMSMapView, willMove gesture: Bool) {
    mapView.clear()
  }
}

// The guide's idle handler: reverse-geocode where the camera comes to rest and put a marker
// there with the address's first two lines.
class EventsWithGeocoder: UIViewController, GMSMapViewDelegate {
  let geocoder = GMSGeocoder()

  func mapView(_ mapView: GMSMapView, willMove gesture: Bool) {
    mapView.clear()
  }

  func mapView(_ mapView: GMSMapView, idleAt cameraPosition: GMSCameraPosition) {
    geocoder.reverseGeocodeCoordinate(cameraPosition.target) { (response, error) in
      guard error == nil else {
        return
      }

      if let result = response?.firstResult() {
        let marker = GMSMarker()
        marker.position = cameraPosition.target
        marker.title = result.lines?[0]
        marker.snippet = result.lines?[1]
        marker.map = mapView
      }
    }
  }
}
