// Guide topic: "Add a map with a marker".
//
// OpenMaps' own code, written the way the Maps SDK for iOS guides write theirs. On iOS only
// `import OpenMaps` would change (to `import GoogleMaps`). It compiles in Swift 5 and Swift 6
// language modes.
import OpenMaps

/// A full-screen map of Sydney Harbour with one marker on the Opera House.
class HarbourMapViewController: UIViewController {
  private(set) var mapView: GMSMapView!
  private(set) var operaHouseMarker: GMSMarker?

  override func loadView() {
    // An app usually does this once, in its application delegate.
    GMSServices.provideAPIKey("OPENMAPS_SNIPPETS_KEY")

    let options = GMSMapViewOptions()
    options.camera = GMSCameraPosition.camera(withLatitude: -33.8587, longitude: 151.2140, zoom: 14)
    options.frame = .zero
    let mapView = GMSMapView(options: options)
    self.mapView = mapView
    view = mapView

    let marker = makeLandmarkMarker(
      at: CLLocationCoordinate2D(latitude: -33.8568, longitude: 151.2153),
      title: "Sydney Opera House",
      snippet: "Bennelong Point")
    marker.map = mapView
    operaHouseMarker = marker
  }
}

/// Builds a titled marker. Markers are model objects with no actor of their own, so this is an
/// ordinary function that can run anywhere; the marker joins a map later, on the main thread.
func makeLandmarkMarker(at position: CLLocationCoordinate2D, title: String, snippet: String? = nil) -> GMSMarker {
  let marker = GMSMarker(position: position)
  marker.title = title
  marker.snippet = snippet
  marker.appearAnimation = .fadeIn
  return marker
}
