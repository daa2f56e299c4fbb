import OpenMaps
import OpenMapsUtils

/// The clustering sample's 10,000 places (or the hierarchical one's 100,000) as a heatmap (the
/// utility library's tile layer); tap the map to switch between its gradient and a blue one.
final class HeatmapSample: UIViewController, GMSMapViewDelegate {
    private let heatmap = GMUHeatmapTileLayer()
    private var blue = false
    /// How many places are drawn.
    var count = 10_000

    override func loadView() {
        let options = GMSMapViewOptions()
        options.camera = GMSCameraPosition.camera(withLatitude: 61.2, longitude: 25.5, zoom: 6)
        let mapView = GMSMapView(options: options)
        mapView.delegate = self
        heatmap.weightedData = SamplePlaces.finland(count: count).map { GMUWeightedLatLng(coordinate: $0.position, intensity: 1) }
        heatmap.map = mapView
        view = mapView
    }

    func mapView(_ mapView: GMSMapView, didTapAt coordinate: CLLocationCoordinate2D) {
        blue.toggle()
        heatmap.gradient = blue
            ? GMUGradient(
                colors: [UIColor(red: 0.4, green: 0.8, blue: 1, alpha: 1), UIColor(red: 0, green: 0.1, blue: 0.6, alpha: 1)],
                startPoints: [0.2, 1], colorMapSize: 256)
            : GMUGradient(
                colors: [UIColor(red: 102 / 255, green: 225 / 255, blue: 0, alpha: 1), .red], startPoints: [0.2, 1], colorMapSize: 1_000)
        // As in the library: changes show when the layer goes on the map again.
        heatmap.map = nil
        heatmap.map = mapView
    }
}
