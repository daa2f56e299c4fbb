import MapTestSupport
import Foundation
import MapDrawing
import OpenMapsTesting
import OpenMapsUtils
import Testing

/// The cluster manager, the default renderer and the icon generator on a hosted map.
@MainActor
@Suite struct ClusterRenderingTests {
    /// Records the renderer's and the manager's delegate calls.
    final class Recorder: NSObject, GMUClusterRendererDelegate, GMUClusterManagerDelegate, GMSMapViewDelegate {
        var log: [String] = []
        var handlesClusterTaps = true
        func renderer(_ renderer: GMUClusterRenderer, markerFor object: Any) -> GMSMarker? {
            log.append(object is GMUCluster ? "markerFor cluster" : "markerFor item")
            return nil
        }
        func renderer(_ renderer: GMUClusterRenderer, willRenderMarker marker: GMSMarker) { log.append("will") }
        func renderer(_ renderer: GMUClusterRenderer, didRenderMarker marker: GMSMarker) {
            log.append(marker.map == nil ? "did (off the map)" : "did")
        }
        func clusterManager(_ clusterManager: GMUClusterManager, didTap cluster: GMUCluster) -> Bool {
            log.append("tap cluster \(cluster.count)")
            return handlesClusterTaps
        }
        func clusterManager(_ clusterManager: GMUClusterManager, didTap clusterItem: GMUClusterItem) -> Bool {
            log.append("tap item \((clusterItem as? POIItem)?.name ?? "?")")
            return false
        }
        func mapView(_ mapView: GMSMapView, didTap marker: GMSMarker) -> Bool {
            log.append("map didTap marker")
            return false
        }
        func mapView(_ mapView: GMSMapView, didTapAt coordinate: CLLocationCoordinate2D) { log.append("map didTapAt") }
        func mapView(_ mapView: GMSMapView, idleAt position: GMSCameraPosition) { log.append("map idleAt") }
        var logsSnapshots = false
        func mapViewSnapshotReady(_ mapView: GMSMapView) { if logsSnapshots { log.append("map snapshotReady") } }
        func mapView(_ mapView: GMSMapView, didTapMyLocation location: CLLocationCoordinate2D) { log.append("map didTapMyLocation") }
    }

    struct Scene {
        let map: GMSMapView
        let driver: MapDriver
        let renderer: GMUDefaultClusterRenderer
        let manager: GMUClusterManager
        let recorder: Recorder
    }

    /// A map over Helsinki with a manager, the default algorithm, icons and renderer.
    func scene(zoom: Float = 10, items: [GMUClusterItem]) -> Scene {
        let map = makeMapView(frame: CGRect(x: 0, y: 0, width: 400, height: 600), camera: GMSCameraPosition(latitude: 60.17, longitude: 24.94, zoom: zoom))
        let driver = MapDriver(mapView: map)
        let renderer = GMUDefaultClusterRenderer(mapView: map, clusterIconGenerator: GMUDefaultClusterIconGenerator())
        let recorder = Recorder()
        renderer.delegate = recorder
        let manager = GMUClusterManager(map: map, algorithm: GMUNonHierarchicalDistanceBasedAlgorithm(), renderer: renderer)
        manager.setDelegate(recorder, mapDelegate: recorder)
        manager.add(items)
        return Scene(map: map, driver: driver, renderer: renderer, manager: manager, recorder: recorder)
    }

    /// Twelve items: ten in a grid about 120 points apart at zoom 17 (all in view there, and
    /// one cluster at zoom 10) and two apart.
    func items() -> [POIItem] {
        var list = (0..<10).map { index in
            let row = Double(index / 3) - 1.5, column = Double(index % 3) - 1
            return POIItem(
                position: CLLocationCoordinate2D(latitude: 60.17 + row * 0.00065, longitude: 24.94 + column * 0.0013), name: "near \(index)")
        }
        list.append(POIItem(position: CLLocationCoordinate2D(latitude: 60.25, longitude: 24.7), name: "west"))
        list.append(POIItem(position: CLLocationCoordinate2D(latitude: 60.10, longitude: 25.2), name: "east"))
        return list
    }

    @Test func rule69TheRendererHasTheLibrarysDefaults() {
        let s = scene(items: [])
        #expect(s.renderer.animatesClusters)
        #expect(s.renderer.animationDuration == 0.5)
        #expect(s.renderer.minimumClusterSize == 4)
        #expect(s.renderer.maximumClusterZoom == 20)
        #expect(s.renderer.zIndex == 1)
        let four = GMUStaticCluster(position: CLLocationCoordinate2D())
        for _ in 0..<4 { four.add(BareItem(CLLocationCoordinate2D())) }
        #expect(s.renderer.shouldRender(as: four, atZoom: 20), "at zoom 20 clusters still show")
        #expect(!s.renderer.shouldRender(as: four, atZoom: 20.01))
        four.remove(four.items[0])
        #expect(!s.renderer.shouldRender(as: four, atZoom: 5), "three items show as themselves")
    }

    @Test func rule68AddingItemsShowsNothingUntilClusterIsCalled() {
        let s = scene(items: items())
        s.driver.settle()
        #expect(s.renderer.markers.isEmpty)
        s.manager.cluster()
        // One cluster marker of ten (an icon, anchored at its centre) and two item markers.
        let markers = s.renderer.markers
        #expect(markers.count == 3)
        let clusterMarker = markers.first { $0.userData is GMUCluster }
        #expect((clusterMarker?.userData as? GMUCluster)?.count == 10)
        #expect(clusterMarker?.icon != nil)
        #expect(clusterMarker?.groundAnchor == CGPoint(x: 0.5, y: 0.5))
        #expect(markers.allSatisfy { $0.map === s.map && $0.zIndex == 1 })
        #expect(markers.filter { $0.userData is POIItem }.count == 2)
        #expect(s.recorder.log.prefix(3) == ["markerFor cluster", "will", "did"])
    }

    @Test func rule69AGMSMarkerItemIsPutOnTheMapAsItIs() {
        let pin = GMSMarker(position: CLLocationCoordinate2D(latitude: 60.2, longitude: 24.9))
        pin.title = "Mine"
        pin.userData = "app data"
        let s = scene(items: [pin])
        s.manager.cluster()
        #expect(s.renderer.markers.first === pin)
        #expect(pin.map === s.map)
        #expect(pin.userData as? String == "app data")
        #expect(s.recorder.log.isEmpty, "no delegate calls for a marker item")
    }

    @Test func rule69ItemMarkersTakeTheItemsTitleAndSnippet() {
        final class Titled: NSObject, GMUClusterItem {
            let position = CLLocationCoordinate2D(latitude: 60.2, longitude: 24.9)
            let title: String? = "Café"
            let snippet: String? = "Open"
        }
        let s = scene(items: [Titled()])
        s.manager.cluster()
        #expect(s.renderer.markers.first?.title == "Café")
        #expect(s.renderer.markers.first?.snippet == "Open")
    }

    @Test func rule68TheManagerClustersAgainWhenTheRoundedZoomChangesAfterAPause() {
        let s = scene(zoom: 10, items: items())
        s.manager.cluster()
        #expect(s.renderer.markers.count == 3)
        // 10.4 rounds to 10: the renderer only updates.
        s.map.camera = GMSCameraPosition(latitude: 60.17, longitude: 24.94, zoom: 10.4)
        s.driver.settle()
        #expect(s.renderer.markers.count == 3)
        // 16.6 rounds to 17: clustering again 0.2 s later, where the ten come apart.
        s.map.camera = GMSCameraPosition(latitude: 60.17, longitude: 24.94, zoom: 16.6)
        s.driver.advance(by: 0.1)
        #expect(s.renderer.markers.count == 3, "not yet: the manager waits 0.2 s")
        s.driver.advance(by: 0.15)
        #expect(s.renderer.markers.filter { $0.userData is GMUCluster }.isEmpty)
        #expect(s.renderer.markers.count >= 10)
        #expect(s.driver.settle())
    }

    @Test func rule68TapsOnClustersAndItemsGoToTheDelegateThenTheMapDelegate() throws {
        let s = scene(items: items())
        s.manager.cluster()
        s.driver.settle()
        s.recorder.log = []
        let clusterMarker = try #require(s.renderer.markers.first { $0.userData is GMUCluster })
        #expect(s.driver.tap(clusterMarker))
        #expect(s.recorder.log == ["tap cluster 10"])
        #expect(s.map.selectedMarker == nil, "handled: not selected")
        s.recorder.log = []
        let itemMarker = try #require(s.renderer.markers.first { ($0.userData as? POIItem)?.name == "west" })
        #expect(s.driver.tap(itemMarker))
        #expect(s.recorder.log == ["tap item west", "map didTap marker"])
        #expect(s.map.selectedMarker === itemMarker)
        // Other callbacks pass through to the map delegate.
        s.recorder.log = []
        s.driver.tap(at: CGPoint(x: 20, y: 580))
        #expect(s.recorder.log.contains("map didTapAt"))
    }

    @Test func rule69ZoomingInSplitsClustersFromWhereTheyWere() throws {
        let s = scene(zoom: 10, items: items())
        s.manager.cluster()
        s.driver.settle()
        let clusterMarker = try #require(s.renderer.markers.first { $0.userData is GMUCluster })
        s.map.camera = GMSCameraPosition(latitude: 60.17, longitude: 24.94, zoom: 17)
        s.driver.advance(by: 0.21)
        let split = s.renderer.markers.filter { ($0.userData as? POIItem)?.name.hasPrefix("near") == true }
        #expect(split.count == 10, "every item of the old cluster, which is in view, gets a marker")
        #expect(clusterMarker.map == nil, "the old cluster marker goes at once when zooming in")
        func drawn() -> [CGPoint] { split.compactMap { s.driver.host.iconCenter(of: $0) } }
        // They start together, where the cluster was, and fly apart.
        let start = drawn()
        let spreadAtStart = (start.map(\.y).max() ?? 0) - (start.map(\.y).min() ?? 0)
        s.driver.advance(by: 0.6)
        let end = drawn()
        let spreadAtEnd = (end.map(\.y).max() ?? 0) - (end.map(\.y).min() ?? 0)
        #expect(spreadAtStart < spreadAtEnd / 5, "\(spreadAtStart) then \(spreadAtEnd)")
        s.driver.advance(by: 0.1)
        #expect(drawn() == end, "at rest at their own positions")
    }

    @Test func rule69ZoomingOutMergesMarkersIntoTheNewClusterThenTheyGo() throws {
        let s = scene(zoom: 17, items: items())
        s.manager.cluster()
        s.driver.settle()
        let near = s.renderer.markers.filter { ($0.userData as? POIItem)?.name.hasPrefix("near") == true }
        #expect(near.count == 10)
        s.map.camera = GMSCameraPosition(latitude: 60.17, longitude: 24.94, zoom: 10)
        s.driver.advance(by: 0.21)
        let cluster = try #require(s.renderer.markers.first { $0.userData is GMUCluster })
        // The old markers fly to the cluster and stay on the map until they get there.
        #expect(near.contains { $0.map === s.map })
        #expect(near.allSatisfy { $0.position.latitude == cluster.position.latitude || $0.map == nil })
        s.driver.advance(by: 0.6)
        #expect(near.allSatisfy { $0.map == nil }, "gone after the merge")
        #expect(s.renderer.markers.count == 3)
    }

    @Test func rule69WithoutAnimationClustersAreReplacedAtOnce() {
        let s = scene(zoom: 17, items: items())
        s.renderer.animatesClusters = false
        s.manager.cluster()
        let before = s.renderer.markers
        s.map.camera = GMSCameraPosition(latitude: 60.17, longitude: 24.94, zoom: 10)
        s.driver.advance(by: 0.21)
        #expect(before.allSatisfy { $0.map == nil })
        #expect(s.renderer.markers.count == 3)
    }

    @Test func rule68ClearItemsClustersAgainAfterThePause() {
        let s = scene(items: items())
        s.manager.cluster()
        s.manager.clearItems()
        #expect(s.renderer.markers.count == 3)
        s.driver.advance(by: 0.25)
        #expect(s.renderer.markers.isEmpty)
    }

    @Test func rule69GoldenFramesOfASplitAndAMerge() {
        let split = scene(zoom: 15, items: items())
        split.manager.cluster()
        split.driver.settle()
        split.map.camera = GMSCameraPosition(latitude: 60.17, longitude: 24.94, zoom: 17)
        split.driver.advance(by: 0.2 + 0.25)
        let splitting = split.driver.matchesGolden(named: "cluster-split", scale: 1)
        #expect(splitting.passed, "\(splitting.message)")
        let merge = scene(zoom: 17, items: items())
        merge.manager.cluster()
        merge.driver.settle()
        merge.map.camera = GMSCameraPosition(latitude: 60.17, longitude: 24.94, zoom: 15)
        merge.driver.advance(by: 0.2 + 0.25)
        let merging = merge.driver.matchesGolden(named: "cluster-merge", scale: 1)
        #expect(merging.passed, "\(merging.message)")
    }

    @Test func rule68EveryMapCallbackReachesTheMapDelegateThroughTheManager() throws {
        // The manager is the map's delegate before the map's first frame.
        let map = makeMapView(frame: CGRect(x: 0, y: 0, width: 400, height: 600), camera: GMSCameraPosition(latitude: 60.3, longitude: 24.94, zoom: 10))
        let renderer = GMUDefaultClusterRenderer(mapView: map, clusterIconGenerator: GMUDefaultClusterIconGenerator())
        let manager = GMUClusterManager(map: map, algorithm: GMUNonHierarchicalDistanceBasedAlgorithm(), renderer: renderer)
        let recorder = Recorder()
        recorder.logsSnapshots = true
        manager.setMapDelegate(recorder)
        map.isMyLocationEnabled = true
        let driver = MapDriver(mapView: map)
        driver.host.setMyLocation(CLLocation(latitude: 60.3, longitude: 24.94))
        driver.advance(by: 0.1)
        #expect(map.delegate === manager)
        #expect(recorder.log.contains("map snapshotReady"), "mapViewSnapshotReady")
        driver.tap(at: map.projection.point(for: CLLocationCoordinate2D(latitude: 60.3, longitude: 24.94)))
        #expect(recorder.log.contains("map didTapMyLocation"), "mapView(_:didTapMyLocation:)")
        withExtendedLifetime(manager) {}
    }

    /// Google's clustering demo: the map made in `loadView` at zero size, clustered at once in
    /// the manner of `viewDidLoad`. Its clusters show once the screen gives the map its size
    /// (docs/behaviour.md rule 15: a new size tells the manager, which observes `camera`), for
    /// the distance-based algorithm and the hierarchical one, which queries in the background.
    @Test(arguments: [false, true])
    func rule15AMapClusteredBeforeItHadASizeShowsItsClustersOnceItHasOne(hierarchical: Bool) {
        final class Demo: UIViewController {
            var hierarchical = false
            var renderer: GMUDefaultClusterRenderer?
            var manager: GMUClusterManager?
            override func loadView() {
                let mapView = GMSMapView(options: GMSMapViewOptions())
                mapView.camera = GMSCameraPosition(latitude: 61.2, longitude: 25.5, zoom: 6)
                let renderer = GMUDefaultClusterRenderer(mapView: mapView, clusterIconGenerator: GMUDefaultClusterIconGenerator())
                let algorithm: GMUClusterAlgorithm = hierarchical ? HierarchicalClusterAlgorithm() : GMUNonHierarchicalDistanceBasedAlgorithm()
                let manager = GMUClusterManager(map: mapView, algorithm: algorithm, renderer: renderer)
                manager.add(seededItems(count: 2_000, seed: 15))
                manager.cluster()
                self.renderer = renderer
                self.manager = manager
                view = mapView
            }
        }
        let demo = Demo()
        demo.hierarchical = hierarchical
        let screen = ScreenHost(rootViewController: demo)
        #expect(screen.runUntilIdle())
        let markers = demo.renderer?.markers ?? []
        #expect(markers.count > 3, "clusters on the screen: \(markers.count)")
        #expect(markers.allSatisfy { $0.map != nil })
    }
}
