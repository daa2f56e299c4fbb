import OpenMaps

/// My Location: the blue dot and its button, with a simulated location walking along
/// Esplanadi (the session moves it; see ``LocationSimulation``).
final class MyLocationSample: UIViewController, GMSMapViewDelegate {
    override func loadView() {
        let options = GMSMapViewOptions()
        options.camera = GMSCameraPosition.camera(withLatitude: 60.1675, longitude: 24.9470, zoom: 16)
        let mapView = GMSMapView(options: options)
        mapView.delegate = self
        mapView.isMyLocationEnabled = true
        mapView.settings.myLocationButton = true
        view = mapView
    }

    func mapView(_ mapView: GMSMapView, didTapMyLocation location: CLLocationCoordinate2D) {
        let marker = GMSMarker(position: location)
        marker.title = "You are here"
        marker.snippet = String(format: "%.5f, %.5f", location.latitude, location.longitude)
        marker.opacity = 0
        marker.map = mapView
        mapView.selectedMarker = marker
    }
}

/// A device location moving back and forth along a street, as a phone walking would report it.
struct LocationSimulation {
    /// The street's points (Pohjoisesplanadi, west to east).
    static let esplanadi: [CLLocationCoordinate2D] = [
        CLLocationCoordinate2D(latitude: 60.16790, longitude: 24.94170),
        CLLocationCoordinate2D(latitude: 60.16775, longitude: 24.94600),
        CLLocationCoordinate2D(latitude: 60.16760, longitude: 24.95000),
        CLLocationCoordinate2D(latitude: 60.16760, longitude: 24.95260),
    ]
    /// Walking pace, metres per second.
    static let speed = 1.4

    /// The location at a time (seconds since the walk began).
    static func location(at time: TimeInterval) -> CLLocation {
        let points = esplanadi
        let legs = zip(points, points.dropFirst()).map { GMSGeometryDistance($0.0, $0.1) }
        let total = legs.reduce(0, +)
        guard total > 0, time.isFinite else { return CLLocation(latitude: points[0].latitude, longitude: points[0].longitude) }
        // There and back again.
        var distance = (time * speed).truncatingRemainder(dividingBy: 2 * total)
        if distance > total { distance = 2 * total - distance }
        for (index, leg) in legs.enumerated() {
            if distance <= leg || index == legs.count - 1 {
                let at = GMSGeometryInterpolate(points[index], points[index + 1], leg > 0 ? min(distance / leg, 1) : 0)
                return CLLocation(latitude: at.latitude, longitude: at.longitude)
            }
            distance -= leg
        }
        return CLLocation(latitude: points[0].latitude, longitude: points[0].longitude)
    }
}
