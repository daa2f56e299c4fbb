import OpenMaps
import OpenMapsUtils

/// 100,000 places over Finland clustered by the hierarchical algorithm (OpenMaps additions):
/// indexed once off the main actor, every zoom read from the index, markers kept from one
/// clustering to the next. Tap a cluster to zoom in on it, a place for its info window.
final class HierarchicalClusteringSample: UIViewController, GMUClusterManagerDelegate, GMSMapViewDelegate {
    private var clusterManager: GMUClusterManager?

    override func loadView() {
        let mapView = GMSMapView(options: GMSMapViewOptions())
        mapView.camera = GMSCameraPosition.camera(withLatitude: 62.5, longitude: 25.5, zoom: 5)
        let renderer = GMUDefaultClusterRenderer(mapView: mapView, clusterIconGenerator: GMUDefaultClusterIconGenerator())
        renderer.reusesMarkers = true
        let manager = GMUClusterManager(map: mapView, algorithm: HierarchicalClusterAlgorithm(), renderer: renderer)
        manager.add(SamplePlaces.finland(count: 100_000))
        manager.cluster()
        manager.setDelegate(self, mapDelegate: self)
        clusterManager = manager
        view = mapView
    }

    func clusterManager(_ clusterManager: GMUClusterManager, didTap cluster: GMUCluster) -> Bool {
        guard let mapView = view as? GMSMapView else { return false }
        mapView.animate(with: GMSCameraUpdate.setTarget(cluster.position, zoom: mapView.camera.zoom + 2))
        return true
    }

    func mapView(_ mapView: GMSMapView, didTap marker: GMSMarker) -> Bool {
        if let place = marker.userData as? SamplePlace { print("Did tap \(place.name)") }
        return false
    }
}
