import OpenMaps

/// Markers over Helsinki with one info window open: the playground's first page.
final class MarkersSample: UIViewController, GMSMapViewDelegate {
    override func loadView() {
        let mapView = Helsinki.mapView(delegate: self)
        var first: GMSMarker?
        for place in Helsinki.places {
            let marker = GMSMarker(position: place.coordinate)
            marker.title = place.name
            marker.snippet = place.snippet
            marker.appearAnimation = .pop
            marker.map = mapView
            first = first ?? marker
        }
        mapView.selectedMarker = first
        view = mapView
    }
}
