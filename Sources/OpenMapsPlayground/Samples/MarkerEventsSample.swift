import OpenMaps

/// Marker taps: one the delegate handles (no window, the camera stays), the default ones
/// (centre and open), and a window that tracks its marker's changes (a live counter).
final class MarkerEventsSample: UIViewController, GMSMapViewDelegate {
    private var counter: GMSMarker?
    private var taps = 0

    override func loadView() {
        let mapView = Helsinki.mapView(delegate: self)
        let handled = GMSMarker(position: Helsinki.places[0].coordinate)
        handled.title = "Handled by the delegate"
        handled.userData = "handled"
        handled.icon = GMSMarker.markerImage(with: .systemGreen)
        handled.map = mapView
        let plain = GMSMarker(position: Helsinki.places[1].coordinate)
        plain.title = "Default tap"
        plain.snippet = "Centres the camera and opens the window; a tap on the map closes it"
        plain.map = mapView
        let counter = GMSMarker(position: Helsinki.places[2].coordinate)
        counter.title = "Marker taps: 0"
        counter.snippet = "Counts taps on every marker; tracksInfoWindowChanges redraws the window as it changes"
        counter.tracksInfoWindowChanges = true
        counter.icon = GMSMarker.markerImage(with: .systemOrange)
        counter.map = mapView
        self.counter = counter
        view = mapView
    }

    func mapView(_ mapView: GMSMapView, didTap marker: GMSMarker) -> Bool {
        taps += 1
        counter?.title = "Marker taps: \(taps)"
        print("Marker tapped: \(marker.title ?? "untitled") (\(taps) so far)")
        // Returning true: the delegate handled it; no camera move, no window.
        return marker.userData as? String == "handled"
    }
}
