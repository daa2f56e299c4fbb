import OpenMaps

/// Markers over Helsinki with one info window open: the playground's first page.
final class MarkersSample: UIViewController, GMSMapViewDelegate {
    override func loadView() {
        let camera = GMSCameraPosition.camera(withTarget: Helsinki.centre, zoom: 16)
        let mapView = GMSMapView(frame: .zero, camera: camera)
        mapView.delegate = self
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
