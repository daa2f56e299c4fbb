import OpenMaps

/// The events guide's map over Singapore, listening to every camera and tap event (the page's
/// event log shows them).
final class MapEventsSample: UIViewController, GMSMapViewDelegate {
    override func loadView() {
        let camera = GMSCameraPosition.camera(withLatitude: 1.285, longitude: 103.848, zoom: 12)
        let options = GMSMapViewOptions()
        options.camera = camera
        let mapView = GMSMapView(options: options)
        mapView.delegate = self
        let marker = GMSMarker(position: CLLocationCoordinate2D(latitude: 1.2839, longitude: 103.8607))
        marker.title = "Marina Bay Sands"
        marker.map = mapView
        view = mapView
    }

    func mapView(_ mapView: GMSMapView, didTapAt coordinate: CLLocationCoordinate2D) {
        print("You tapped at \(coordinate.latitude), \(coordinate.longitude)")
    }
}
