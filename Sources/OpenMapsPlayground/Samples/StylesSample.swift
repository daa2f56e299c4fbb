import OpenMaps

/// Map styles in Google's JSON: tap the map to go from the default to night mode to POIs hidden.
final class StylesSample: UIViewController, GMSMapViewDelegate {
    static let night = """
        [
          {"elementType": "geometry", "stylers": [{"color": "#242f3e"}]},
          {"elementType": "labels.text.stroke", "stylers": [{"color": "#242f3e"}]},
          {"elementType": "labels.text.fill", "stylers": [{"color": "#746855"}]},
          {"featureType": "road", "elementType": "geometry", "stylers": [{"color": "#38414e"}]},
          {"featureType": "road", "elementType": "geometry.stroke", "stylers": [{"color": "#212a37"}]},
          {"featureType": "water", "elementType": "geometry", "stylers": [{"color": "#17263c"}]},
          {"featureType": "poi.park", "elementType": "geometry", "stylers": [{"color": "#263c3f"}]}
        ]
        """
    static let hidePOIs = """
        [{"featureType": "poi", "stylers": [{"visibility": "off"}]}]
        """
    private var index = 0

    override func loadView() {
        let mapView = Helsinki.mapView(delegate: self)
        view = mapView
    }

    func mapView(_ mapView: GMSMapView, didTapAt coordinate: CLLocationCoordinate2D) {
        index = (index + 1) % 3
        do {
            switch index {
            case 1: mapView.mapStyle = try GMSMapStyle(jsonString: StylesSample.night)
            case 2: mapView.mapStyle = try GMSMapStyle(jsonString: StylesSample.hidePOIs)
            default: mapView.mapStyle = nil
            }
        } catch {
            print("One or more of the map styles failed to load. \(error)")
        }
    }
}
