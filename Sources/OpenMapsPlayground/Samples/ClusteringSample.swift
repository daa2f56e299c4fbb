import OpenMaps
import OpenMapsUtils

/// 10,000 places over southern Finland clustered with the utility library's manager, the
/// distance-based algorithm, default icons and renderer, in the manner of the library's demo
/// (our own code): tap a cluster to zoom in on it, tap a place for its info window.
final class ClusteringSample: UIViewController, GMUClusterManagerDelegate, GMSMapViewDelegate {
    private var clusterManager: GMUClusterManager?

    override func loadView() {
        let options = GMSMapViewOptions()
        options.camera = GMSCameraPosition.camera(withLatitude: 61.2, longitude: 25.5, zoom: 6)
        let mapView = GMSMapView(options: options)
        let iconGenerator = GMUDefaultClusterIconGenerator()
        let algorithm = GMUNonHierarchicalDistanceBasedAlgorithm()
        let renderer = GMUDefaultClusterRenderer(mapView: mapView, clusterIconGenerator: iconGenerator)
        let manager = GMUClusterManager(map: mapView, algorithm: algorithm, renderer: renderer)
        manager.add(SamplePlaces.finland(count: 10_000))
        manager.cluster()
        manager.setDelegate(self, mapDelegate: self)
        clusterManager = manager
        view = mapView
    }

    func clusterManager(_ clusterManager: GMUClusterManager, didTap cluster: GMUCluster) -> Bool {
        guard let mapView = view as? GMSMapView else { return false }
        let camera = GMSCameraPosition.camera(withTarget: cluster.position, zoom: mapView.camera.zoom + 1)
        mapView.animate(with: GMSCameraUpdate.setCamera(camera))
        return true
    }

    func mapView(_ mapView: GMSMapView, didTap marker: GMSMarker) -> Bool {
        if let place = marker.userData as? SamplePlace { print("Did tap \(place.name)") }
        return false
    }
}

/// A place of the samples' data: a position and a name.
final class SamplePlace: NSObject, GMUClusterItem {
    let position: CLLocationCoordinate2D
    let name: String
    var title: String? { name }

    init(position: CLLocationCoordinate2D, name: String) {
        self.position = position
        self.name = name
    }
}

/// Seeded places: the same ones on every visit.
enum SamplePlaces {
    /// Places around Finland's towns (more near the larger ones), with a scatter between.
    static func finland(count: Int) -> [SamplePlace] {
        let towns: [(String, Double, Double, Double)] = [
            ("Helsinki", 60.17, 24.94, 6), ("Espoo", 60.21, 24.66, 3), ("Tampere", 61.50, 23.76, 3), ("Turku", 60.45, 22.27, 2.5),
            ("Oulu", 65.01, 25.47, 2), ("Jyväskylä", 62.24, 25.75, 1.5), ("Kuopio", 62.89, 27.68, 1.5), ("Lahti", 60.98, 25.66, 1.5),
            ("Pori", 61.49, 21.80, 1), ("Joensuu", 62.60, 29.76, 1), ("Vaasa", 63.10, 21.62, 1), ("Rovaniemi", 66.50, 25.73, 0.8),
        ]
        let total = towns.reduce(0) { $0 + $1.3 }
        var seed: UInt64 = 2_024
        func next() -> Double {
            seed = seed &* 6364136223846793005 &+ 1442695040888963407
            return Double(seed >> 11) / Double(1 << 53)
        }
        return (0..<count).map { index in
            var pick = next() * (total + 2)
            for (name, latitude, longitude, weight) in towns {
                pick -= weight
                if pick < 0 {
                    // Denser near the centre: a distance that falls off.
                    let distance = next() * next() * 0.25, angle = next() * 2 * Double.pi
                    return SamplePlace(
                        position: CLLocationCoordinate2D(latitude: latitude + distance * sin(angle), longitude: longitude + 2 * distance * cos(angle)),
                        name: "\(name) \(index)")
                }
            }
            return SamplePlace(
                position: CLLocationCoordinate2D(latitude: 60 + next() * 7, longitude: 21.5 + next() * 9), name: "Place \(index)")
        }
    }
}
