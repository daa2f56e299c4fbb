import OpenMaps

/// Camera animations, zoom limits, fitting bounds and padding.
final class CameraSample: UIViewController, GMSMapViewDelegate {
    private var markers: [GMSMarker] = []

    override func loadView() {
        let mapView = Helsinki.mapView(zoom: 13, delegate: self)
        mapView.setMinZoom(11, maxZoom: 18)
        mapView.padding = UIEdgeInsets(top: 40, left: 20, bottom: 40, right: 20)
        mapView.settings.compassButton = true
        for place in Helsinki.places {
            let marker = GMSMarker(position: place.coordinate)
            marker.title = place.name
            marker.map = mapView
            markers.append(marker)
        }
        view = mapView
    }

    func mapView(_ mapView: GMSMapView, didTap marker: GMSMarker) -> Bool {
        // Fly to the marker, tilted and turned.
        mapView.animate(to: GMSCameraPosition(target: marker.position, zoom: 17, bearing: 30, viewingAngle: 45))
        return true
    }

    func mapView(_ mapView: GMSMapView, didTapAt coordinate: CLLocationCoordinate2D) {
        // Fit every marker, inside the padding.
        var bounds = GMSCoordinateBounds()
        for marker in markers { bounds = bounds.includingCoordinate(marker.position) }
        mapView.animate(with: GMSCameraUpdate.fit(bounds, withPadding: 30))
    }
}
