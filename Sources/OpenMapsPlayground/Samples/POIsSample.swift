import OpenMaps

/// Tapping a point of interest opens an info window with its name, as the events guide shows.
final class POIsSample: UIViewController, GMSMapViewDelegate {
    private let infoMarker = GMSMarker()

    override func loadView() {
        let mapView = Helsinki.mapView(zoom: 17, delegate: self)
        view = mapView
    }

    func mapView(_ mapView: GMSMapView, didTapPOIWithPlaceID placeID: String, name: String, location: CLLocationCoordinate2D) {
        infoMarker.snippet = placeID
        infoMarker.position = location
        infoMarker.title = name
        infoMarker.opacity = 0
        infoMarker.infoWindowAnchor.y = 1
        infoMarker.map = mapView
        mapView.selectedMarker = infoMarker
    }
}
