import MapTestSupport
import Foundation
import MapDrawing
import OpenMapsTesting
import OpenMapsUtils
import Testing

/// The cluster manager with a hierarchical algorithm: clusters found off the main actor, and
/// markers kept by identity (OpenMaps additions).
@MainActor
@Suite struct HierarchicalClusterManagerTests {
    struct Scene {
        let map: GMSMapView
        let driver: MapDriver
        let renderer: GMUDefaultClusterRenderer
        let manager: GMUClusterManager
        let algorithm: HierarchicalClusterAlgorithm
    }

    /// A map over Helsinki with a hierarchical manager; markers reused unless told otherwise.
    func scene(zoom: Float = 10, items: [GMUClusterItem], reuses: Bool = true, animates: Bool = true) -> Scene {
        let map = makeMapView(frame: CGRect(x: 0, y: 0, width: 400, height: 600), camera: GMSCameraPosition(latitude: 60.17, longitude: 24.94, zoom: zoom))
        let driver = MapDriver(mapView: map)
        let renderer = GMUDefaultClusterRenderer(mapView: map, clusterIconGenerator: GMUDefaultClusterIconGenerator())
        renderer.reusesMarkers = reuses
        renderer.animatesClusters = animates
        let algorithm = HierarchicalClusterAlgorithm()
        let manager = GMUClusterManager(map: map, algorithm: algorithm, renderer: renderer)
        manager.add(items)
        return Scene(map: map, driver: driver, renderer: renderer, manager: manager, algorithm: algorithm)
    }

    /// Items round Helsinki: clumps and a scatter, repeatable.
    func helsinki(_ count: Int) -> [POIItem] {
        var random = SeededGenerator(seed: 42)
        return (0..<count).map { index in
            let spread = index % 3 == 0 ? 0.3 : 0.02
            return POIItem(
                position: CLLocationCoordinate2D(
                    latitude: 60.17 + Double.random(in: -spread...spread, using: &random),
                    longitude: 24.94 + Double.random(in: -2 * spread...2 * spread, using: &random)),
                name: "item \(index)")
        }
    }

    @Test func rule76HierarchicalClustersAreFoundInTheBackgroundAndShownOnAFrame() {
        let s = scene(items: helsinki(3_000))
        #expect(s.manager.clustersInBackground)
        s.manager.cluster()
        #expect(s.renderer.markers.isEmpty, "nothing until a frame applies the result")
        #expect(!s.driver.host.isIdle, "work under way keeps the map busy")
        s.driver.settle()
        #expect(!s.renderer.markers.isEmpty)
        // What is shown is what the index gives for the region and half a screen round it.
        let visible = GMSCoordinateBounds(region: s.map.projection.visibleRegion())
        let expected = s.algorithm.clusters(in: visible, atZoom: 10).filter { $0.count >= 4 }.count
        let shownClusters = s.renderer.markers.filter { $0.userData is GMUCluster }.count
        #expect(shownClusters >= expected)
        // Other algorithms cluster at once, as in the library.
        let other = GMUClusterManager(map: s.map, algorithm: GMUNonHierarchicalDistanceBasedAlgorithm(), renderer: s.renderer)
        #expect(!other.clustersInBackground)
    }

    @Test func rule76InRealTimeFramesGoOnWhileClustersAreFound() async {
        let s = scene(items: helsinki(200_000))
        s.driver.host.rendersTilesInBackground = true
        s.manager.cluster()
        s.driver.advance(by: 1.0 / 60)
        #expect(s.renderer.markers.isEmpty, "the frame did not wait for 200,000 items to be indexed")
        let clock = ContinuousClock()
        let started = clock.now
        while s.renderer.markers.isEmpty, started.duration(to: clock.now) < .seconds(30) {
            try? await Task.sleep(for: .milliseconds(20))
            s.driver.advance(by: 1.0 / 60)
        }
        #expect(!s.renderer.markers.isEmpty, "shown at a frame after they were ready")
    }

    @Test func rule76APanPastTheRegionAskedForAsksAgainAndAStaleZoomIsNotShown() {
        let s = scene(zoom: 12, items: helsinki(3_000))
        s.manager.cluster()
        s.driver.settle()
        // Far east along the clumps' latitude: the scatter reaches there.
        s.map.camera = GMSCameraPosition(latitude: 60.17, longitude: 25.2, zoom: 12)
        s.driver.settle()
        let visible = GMSCoordinateBounds(region: s.map.projection.visibleRegion())
        let inView = s.renderer.markers.filter { visible.contains($0.position) }
        #expect(!inView.isEmpty, "markers for the new region")
        // A result for a zoom the camera has left is dropped; the new zoom's follows.
        s.manager.cluster()
        s.map.camera = GMSCameraPosition(latitude: 60.17, longitude: 24.94, zoom: 15)
        s.driver.settle()
        let level15 = Set(s.algorithm.clusters(atZoom: 15).filter { $0.count >= 4 }.map { $0.count })
        let shown = s.renderer.markers.compactMap { ($0.userData as? GMUCluster)?.count }
        #expect(shown.allSatisfy { level15.contains($0) }, "only zoom 15's clusters")
    }

    @Test func rule77AClusteringAgainKeepsTheMarkersAndASelectedOnesInfoWindow() throws {
        let s = scene(zoom: 11, items: helsinki(3_000))
        s.manager.cluster()
        s.driver.settle()
        let before = s.renderer.markers
        #expect(!before.isEmpty)
        let selected = try #require(before.first)
        s.map.selectedMarker = selected
        s.driver.settle()
        s.manager.cluster()
        s.driver.settle()
        let after = s.renderer.markers
        #expect(Set(after.map(ObjectIdentifier.init)) == Set(before.map(ObjectIdentifier.init)), "the same marker objects")
        #expect(s.map.selectedMarker === selected && selected.map === s.map, "the info window stays open")
        // Zooming in one level: clusters and items found at both zooms keep their markers,
        // where they were.
        let positions = Dictionary(uniqueKeysWithValues: before.map { (ObjectIdentifier($0), $0.position) })
        s.map.camera = GMSCameraPosition(latitude: 60.17, longitude: 24.94, zoom: 12)
        s.driver.settle()
        let kept = s.renderer.markers.filter { positions[ObjectIdentifier($0)] != nil }
        #expect(!kept.isEmpty)
        let unmoved = kept.filter { marker in
            guard let was = positions[ObjectIdentifier(marker)] else { return false }
            return was.latitude == marker.position.latitude && was.longitude == marker.position.longitude
        }
        #expect(unmoved.count == kept.count, "kept markers stay where they were")
        // Without reuse, the library's way: every marker is made anew.
        let fresh = scene(zoom: 11, items: helsinki(3_000), reuses: false)
        fresh.manager.cluster()
        fresh.driver.settle()
        let first = Set(fresh.renderer.markers.map(ObjectIdentifier.init))
        fresh.manager.cluster()
        fresh.driver.settle()
        #expect(first.isDisjoint(with: Set(fresh.renderer.markers.filter { $0.userData is GMUCluster }.map(ObjectIdentifier.init))))
    }

    @Test func rule77AnotherAlgorithmsClustersAreKeptBySizeAndPlace() {
        let map = makeMapView(frame: CGRect(x: 0, y: 0, width: 400, height: 600), camera: GMSCameraPosition(latitude: 60.17, longitude: 24.94, zoom: 11))
        let driver = MapDriver(mapView: map)
        let renderer = GMUDefaultClusterRenderer(mapView: map, clusterIconGenerator: GMUDefaultClusterIconGenerator())
        renderer.reusesMarkers = true
        let manager = GMUClusterManager(map: map, algorithm: GMUNonHierarchicalDistanceBasedAlgorithm(), renderer: renderer)
        manager.add(helsinki(500))
        manager.cluster()
        driver.settle()
        let before = Set(renderer.markers.map(ObjectIdentifier.init))
        manager.cluster()
        driver.settle()
        #expect(!before.isEmpty && Set(renderer.markers.map(ObjectIdentifier.init)) == before)
    }

    @Test func rule77GoldenFramesOfAHierarchicalSplitAndMerge() {
        let split = scene(zoom: 11, items: helsinki(600))
        split.manager.cluster()
        split.driver.settle()
        split.map.camera = GMSCameraPosition(latitude: 60.17, longitude: 24.94, zoom: 13)
        split.driver.advance(by: 0.2 + 0.25)
        let splitting = split.driver.matchesGolden(named: "hierarchical-split", scale: 1)
        #expect(splitting.passed, "\(splitting.message)")
        let merge = scene(zoom: 13, items: helsinki(600))
        merge.manager.cluster()
        merge.driver.settle()
        merge.map.camera = GMSCameraPosition(latitude: 60.17, longitude: 24.94, zoom: 11)
        merge.driver.advance(by: 0.2 + 0.25)
        let merging = merge.driver.matchesGolden(named: "hierarchical-merge", scale: 1)
        #expect(merging.passed, "\(merging.message)")
    }

    @Test func rule76AtLowZoomsAndAcrossTheAntimeridianTheRegionAskedForIsTheViewsOwn() {
        // Reykjavik, Helsinki and Delhi (all in view at zoom 1 over Helsinki, whose region
        // grown by half a view each way spans more than 180° of longitude), and a pair either
        // side of the antimeridian.
        let items = [
            POIItem(position: CLLocationCoordinate2D(latitude: 64.15, longitude: -21.94), name: "Reykjavik"),
            POIItem(position: CLLocationCoordinate2D(latitude: 60.17, longitude: 24.94), name: "Helsinki"),
            POIItem(position: CLLocationCoordinate2D(latitude: 28.61, longitude: 77.21), name: "Delhi"),
            POIItem(position: CLLocationCoordinate2D(latitude: -17, longitude: 179.5), name: "Fiji"),
            POIItem(position: CLLocationCoordinate2D(latitude: -14, longitude: -171.8), name: "Samoa"),
        ]
        let world = scene(zoom: 1, items: items)
        world.manager.cluster()
        world.driver.settle()
        let names = Set(world.renderer.markers.compactMap { ($0.userData as? POIItem)?.name })
        #expect(names.isSuperset(of: ["Reykjavik", "Helsinki", "Delhi"]), "\(names)")
        let pacific = scene(zoom: 4, items: items)
        pacific.map.camera = GMSCameraPosition(latitude: -15, longitude: 179.9, zoom: 4)
        pacific.manager.cluster()
        pacific.driver.settle()
        let seen = Set(pacific.renderer.markers.compactMap { ($0.userData as? POIItem)?.name })
        #expect(seen.isSuperset(of: ["Fiji", "Samoa"]), "\(seen)")
        // A small pan inside the region asked for asks nothing more: the map is idle at once.
        pacific.map.camera = GMSCameraPosition(latitude: -15, longitude: 179.95, zoom: 4)
        pacific.driver.advance(by: 1.0 / 60)
        #expect(pacific.driver.host.isIdle)
    }

    @Test func rule77KeptMarkersComeBackAfterTheMapIsCleared() {
        let s = scene(zoom: 11, items: helsinki(3_000))
        s.manager.cluster()
        s.driver.settle()
        s.map.clear()
        s.manager.cluster()
        s.driver.settle()
        #expect(!s.renderer.markers.isEmpty)
        #expect(s.renderer.markers.allSatisfy { $0.map === s.map }, "every kept marker is on the map again")
    }
}
