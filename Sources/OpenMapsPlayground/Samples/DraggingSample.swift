import OpenMaps

/// Draggable markers: long press one, then move it; the delegate hears each step.
final class DraggingSample: UIViewController, GMSMapViewDelegate {
    override func loadView() {
        let mapView = Helsinki.mapView(delegate: self)
        for place in Helsinki.places.prefix(3) {
            let marker = GMSMarker(position: place.coordinate)
            marker.title = place.name
            marker.isDraggable = true
            marker.map = mapView
        }
        view = mapView
    }

    func mapView(_ mapView: GMSMapView, didEndDragging marker: GMSMarker) {
        marker.snippet = String(format: "%.5f, %.5f", marker.position.latitude, marker.position.longitude)
    }
}
