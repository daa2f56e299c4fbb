import OpenMaps

/// 10,000 markers over London (no clustering yet): hit tests use the marker index, drawing only
/// what is in view.
final class ManyMarkersSample: UIViewController, GMSMapViewDelegate {
    override func loadView() {
        let options = GMSMapViewOptions()
        options.camera = GMSCameraPosition.camera(withLatitude: 51.507, longitude: -0.1275, zoom: 11)
        let mapView = GMSMapView(options: options)
        mapView.delegate = self
        // A fixed sequence, so every visit shows the same markers.
        var seed: UInt64 = 42
        func next() -> Double {
            seed = seed &* 6364136223846793005 &+ 1442695040888963407
            return Double(seed >> 11) / Double(1 << 53)
        }
        let colours: [UIColor] = [.red, .systemBlue, .systemGreen, .systemOrange, .purple]
        let icons = colours.map { GMSMarker.markerImage(with: $0) }
        for index in 0..<10_000 {
            let marker = GMSMarker(position: CLLocationCoordinate2D(latitude: 51.35 + next() * 0.32, longitude: -0.45 + next() * 0.65))
            marker.title = "Marker \(index + 1)"
            marker.icon = icons[index % icons.count]
            marker.map = mapView
        }
        view = mapView
    }
}
