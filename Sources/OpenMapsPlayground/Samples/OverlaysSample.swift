import OpenMaps

/// Overlays: a tappable circle, a polygon with a hole, a polyline and a ground overlay.
final class OverlaysSample: UIViewController, GMSMapViewDelegate {
    override func loadView() {
        let mapView = Helsinki.mapView(zoom: 14.5, delegate: self)

        let circle = GMSCircle(position: Helsinki.places[4].coordinate, radius: 250)
        circle.fillColor = UIColor(red: 0.9, green: 0.2, blue: 0.2, alpha: 0.25)
        circle.strokeColor = .red
        circle.strokeWidth = 2
        // The route below passes through the circle's centre: above it, the circle takes the
        // taps there (overlays of equal zIndex stack in the order they were added).
        circle.zIndex = 1
        show(circle, titled: "circle", on: mapView)

        let polygon = GMSPolygon(path: path([(60.1745, 24.9250), (60.1745, 24.9350), (60.1680, 24.9350), (60.1680, 24.9250)]))
        polygon.holes = [path([(60.1725, 24.9280), (60.1725, 24.9320), (60.1700, 24.9320), (60.1700, 24.9280)])]
        polygon.fillColor = UIColor(red: 0.2, green: 0.5, blue: 0.9, alpha: 0.3)
        polygon.strokeColor = .blue
        polygon.strokeWidth = 2
        show(polygon, titled: "polygon", on: mapView)

        let route = GMSMutablePath()
        for place in Helsinki.places { route.add(place.coordinate) }
        let polyline = GMSPolyline(path: route)
        polyline.strokeWidth = 5
        polyline.strokeColor = UIColor(red: 0.1, green: 0.6, blue: 0.3, alpha: 0.9)
        polyline.geodesic = true
        show(polyline, titled: "polyline", on: mapView)

        let southWest = CLLocationCoordinate2D(latitude: 60.1640, longitude: 24.9380)
        let northEast = CLLocationCoordinate2D(latitude: 60.1665, longitude: 24.9460)
        let ground = GMSGroundOverlay(bounds: GMSCoordinateBounds(coordinate: southWest, coordinate: northEast), icon: OverlaysSample.groundImage())
        ground.opacity = 0.7
        show(ground, titled: "ground overlay", on: mapView)

        view = mapView
    }

    /// Puts a tappable overlay with a title on the map.
    private func show(_ overlay: GMSOverlay, titled title: String, on mapView: GMSMapView) {
        overlay.isTappable = true
        overlay.title = title
        overlay.map = mapView
    }

    /// A path through (latitude, longitude) pairs.
    private func path(_ points: [(Double, Double)]) -> GMSMutablePath {
        let path = GMSMutablePath()
        for (lat, lng) in points { path.add(CLLocationCoordinate2D(latitude: lat, longitude: lng)) }
        return path
    }

    /// A small picture for the ground overlay, drawn with the views it is made of.
    private static func groundImage() -> UIImage {
        let view = UIView(frame: CGRect(x: 0, y: 0, width: 160, height: 60))
        view.backgroundColor = UIColor(red: 1, green: 0.85, blue: 0.3, alpha: 1)
        let label = UILabel(frame: view.bounds)
        label.text = "GMSGroundOverlay"
        label.textAlignment = .center
        label.font = .boldSystemFont(ofSize: 16)
        view.addSubview(label)
        return view.renderedImage(scale: 2)
    }

    func mapView(_ mapView: GMSMapView, didTap overlay: GMSOverlay) {
        if let circle = overlay as? GMSCircle {
            // Each tap toggles the circle's colour.
            let red = circle.strokeColor == .red
            circle.strokeColor = red ? .purple : .red
            circle.fillColor = red ? UIColor(red: 0.5, green: 0.2, blue: 0.8, alpha: 0.25) : UIColor(red: 0.9, green: 0.2, blue: 0.2, alpha: 0.25)
        }
    }
}
