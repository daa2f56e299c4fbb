import OpenMaps

/// Reverse geocoding: a long press drops a marker titled with the address there; and, as in
/// the events guide, where the camera comes to rest is geocoded into a marker (one, moved
/// to each new rest).
final class GeocoderSample: UIViewController, GMSMapViewDelegate {
    let geocoder = GMSGeocoder()
    /// The marker at the camera's last rest.
    private(set) var restMarker: GMSMarker?
    /// Markers dropped by long presses, oldest first; at most ``maximumDropped`` stay.
    private(set) var dropped: [GMSMarker] = []
    static let maximumDropped = 50

    override func loadView() {
        let mapView = Helsinki.mapView(delegate: self)
        view = mapView
    }

    func mapView(_ mapView: GMSMapView, didLongPressAt coordinate: CLLocationCoordinate2D) {
        geocoder.reverseGeocodeCoordinate(coordinate) { response, error in
            guard error == nil, let result = response?.firstResult() else { return }
            let marker = GMSMarker(position: coordinate)
            marker.title = result.lines?.first ?? "Unknown address"
            marker.snippet = result.lines.map { $0.dropFirst().joined(separator: ", ") }
            marker.appearAnimation = .pop
            marker.map = mapView
            mapView.selectedMarker = marker
            self.dropped.append(marker)
            if self.dropped.count > GeocoderSample.maximumDropped { self.dropped.removeFirst().map = nil }
        }
    }

    func mapView(_ mapView: GMSMapView, idleAt cameraPosition: GMSCameraPosition) {
        geocoder.reverseGeocodeCoordinate(cameraPosition.target) { response, error in
            guard error == nil, let result = response?.firstResult() else { return }
            let marker = self.restMarker ?? GMSMarker()
            self.restMarker = marker
            marker.position = cameraPosition.target
            marker.title = result.lines?[0]
            marker.snippet = (result.lines?.count ?? 0) > 1 ? result.lines?[1] : nil
            marker.icon = GMSMarker.markerImage(with: .systemBlue)
            marker.map = mapView
        }
    }
}
