// Guide topic: "Points of interest": taps on the basemap's places, shown with an info window
// on an invisible marker, and hiding places with a style.
import OpenMaps

/// Central Helsinki; tapping a place names it in an info window.
class PlaceTapViewController: UIViewController {
  private(set) var mapView: GMSMapView!
  /// An invisible marker that carries the info window of the tapped place.
  let placeMarker = GMSMarker()
  private(set) var tappedPlaces: [(placeID: String, name: String)] = []

  static let noBusinessesStyle = #"[{"featureType": "poi.business", "stylers": [{"visibility": "off"}]}]"#
  static let noPlacesStyle = #"[{"featureType": "poi", "stylers": [{"visibility": "off"}]}]"#

  override func loadView() {
    let options = GMSMapViewOptions()
    options.camera = GMSCameraPosition(latitude: 60.1687, longitude: 24.9445, zoom: 16)
    let mapView = GMSMapView(options: options)
    mapView.delegate = self
    self.mapView = mapView
    view = mapView
  }

  func hideBusinesses() {
    mapView.mapStyle = try? GMSMapStyle(jsonString: Self.noBusinessesStyle)
  }

  func hideAllPlaces() {
    mapView.mapStyle = try? GMSMapStyle(jsonString: Self.noPlacesStyle)
  }
}

extension PlaceTapViewController: GMSMapViewDelegate {
  func mapView(
    _ mapView: GMSMapView, didTapPOIWithPlaceID placeID: String, name: String, location: CLLocationCoordinate2D
  ) {
    tappedPlaces.append((placeID: placeID, name: name))
    placeMarker.position = location
    placeMarker.title = name
    placeMarker.snippet = "Place ID \(placeID)"
    placeMarker.opacity = 0
    placeMarker.infoWindowAnchor = CGPoint(x: 0.5, y: 1)
    placeMarker.map = mapView
    mapView.selectedMarker = placeMarker
  }
}
