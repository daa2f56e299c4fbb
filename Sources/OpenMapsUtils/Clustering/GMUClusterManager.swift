import Foundation
import OpenMaps

/// What a cluster manager tells about taps, as the library's `GMUClusterManagerDelegate`.
/// Both methods are optional; return true when the tap was handled (the map then does not
/// select the marker).
@preconcurrency @MainActor
public protocol GMUClusterManagerDelegate: NSObjectProtocol {
    /// A cluster's marker was tapped.
    func clusterManager(_ clusterManager: GMUClusterManager, didTap cluster: GMUCluster) -> Bool
    /// An item's marker was tapped.
    func clusterManager(_ clusterManager: GMUClusterManager, didTap clusterItem: GMUClusterItem) -> Bool
}

extension GMUClusterManagerDelegate {
    public func clusterManager(_ clusterManager: GMUClusterManager, didTap cluster: GMUCluster) -> Bool { false }
    public func clusterManager(_ clusterManager: GMUClusterManager, didTap clusterItem: GMUClusterItem) -> Bool { false }
}

/// Clusters items on a map, as the library's `GMUClusterManager`: items go to the algorithm;
/// `cluster()` asks it for the clusters at the camera's zoom rounded to the nearest level
/// and hands them to the renderer. It watches the map's camera: when the rounded zoom
/// changes it clusters again 0.2 s (of the map's clock) after the last such change;
/// otherwise the renderer updates. Made the map's delegate by `setDelegate(_:mapDelegate:)`
/// or `setMapDelegate(_:)`, it reports taps on clusters and items to its delegate and passes
/// every map callback on to the app's map delegate.
@preconcurrency @MainActor
open class GMUClusterManager: NSObject, GMSMapViewDelegate {
    /// How long the manager waits after a change of the rounded zoom before clustering.
    public static let clusterWaitInterval: TimeInterval = 0.2

    /// The algorithm.
    public let algorithm: GMUClusterAlgorithm
    /// The delegate told of taps on clusters and items.
    public private(set) weak var delegate: GMUClusterManagerDelegate?
    /// The app's map delegate, which hears every map callback.
    public private(set) weak var mapDelegate: GMSMapViewDelegate?

    private weak var mapView: GMSMapView?
    private let renderer: GMUClusterRenderer
    private var previousZoom: Float
    private var cameraObservation: NSKeyValueObservation?
    private var clusterRequests = 0
    /// Clustering in the background: the region last asked for, whether a query is under
    /// way, and whether another is wanted when it ends.
    private var queriedRegion: QueryRegion?
    private var queryInFlight = false
    private var queryWanted = false

    /// Whether clustering runs off the main actor (an OpenMaps addition): true when the
    /// algorithm is a ``HierarchicalClusterAlgorithm``, which is safe to read from any
    /// thread. Its clusters in and around the visible region (half a screen more on every
    /// side) are then found in the background and shown at the map's first frame after they
    /// are ready (in virtual time, the next frame); a pan past that region asks again. Other
    /// algorithms cluster at once, as in the library.
    public var clustersInBackground: Bool { algorithm is HierarchicalClusterAlgorithm }

    /// A manager of items on a map, clustered by an algorithm and shown by a renderer. It
    /// does not become the map's delegate until `setDelegate` or `setMapDelegate` is called.
    public init(map mapView: GMSMapView, algorithm: GMUClusterAlgorithm, renderer: GMUClusterRenderer) {
        self.mapView = mapView
        self.algorithm = algorithm
        self.renderer = renderer
        previousZoom = mapView.camera.zoom
        super.init()
        cameraObservation = mapView.observe(\.camera, options: [.new]) { [weak self] _, _ in
            MainActor.assumeIsolated { self?.cameraChanged() }
        }
    }

    /// Makes the manager the map's delegate, passing the map's callbacks on to this one.
    open func setMapDelegate(_ mapDelegate: GMSMapViewDelegate?) {
        mapView?.delegate = self
        self.mapDelegate = mapDelegate
    }

    /// Sets the delegate told of taps, and makes the manager the map's delegate, passing the
    /// map's callbacks on to `mapDelegate`.
    open func setDelegate(_ delegate: GMUClusterManagerDelegate?, mapDelegate: GMSMapViewDelegate?) {
        self.delegate = delegate
        mapView?.delegate = self
        self.mapDelegate = mapDelegate
    }

    /// Adds an item (shown at the next `cluster()`).
    open func add(_ item: GMUClusterItem) { algorithm.add([item]) }

    /// Adds items (shown at the next `cluster()`).
    open func add(_ items: [GMUClusterItem]) { algorithm.add(items) }

    /// Removes an item (gone at the next `cluster()`).
    open func remove(_ item: GMUClusterItem) { algorithm.remove(item) }

    /// Removes every item, and clusters again 0.2 s later.
    open func clearItems() {
        algorithm.clearItems()
        requestCluster()
    }

    /// Clusters the items at the camera's zoom (rounded to the nearest level) and shows them.
    open func cluster() {
        guard let mapView else { return }
        let zoom = mapView.camera.zoom
        if let hierarchical = algorithm as? HierarchicalClusterAlgorithm {
            previousZoom = zoom
            queryInBackground(hierarchical)
            return
        }
        let level = Self.roundedZoom(zoom)
        renderer.renderClusters(algorithm.clusters(atZoom: level))
        previousZoom = zoom
    }

    /// Asks for the clusters in and around the visible region off the main actor, one query
    /// at a time; a result for a zoom the camera has left is not shown.
    private func queryInBackground(_ hierarchical: HierarchicalClusterAlgorithm) {
        guard let mapView else { return }
        guard !queryInFlight else {
            queryWanted = true
            return
        }
        let level = Self.roundedZoom(mapView.camera.zoom)
        let region = QueryRegion(around: GMSCoordinateBounds(region: mapView.projection.visibleRegion()))
        queriedRegion = region
        queryInFlight = true
        mapView.runInBackground({
            let found = hierarchical.clusters(south: region.south, north: region.north, west: region.west, east: region.east, atZoom: level)
            hierarchical.prepareLineage()
            return found
        }) { [weak self] clusters in
            guard let self else { return }
            self.queryInFlight = false
            if let mapView = self.mapView, Self.roundedZoom(mapView.camera.zoom) == level {
                self.renderer.renderClusters(clusters)
            } else {
                self.queryWanted = true
            }
            if self.queryWanted {
                self.queryWanted = false
                self.queryInBackground(hierarchical)
            }
        }
    }

    /// A zoom rounded to the nearest level, as the library rounds it (`floor(zoom + 0.5)`).
    private static func roundedZoom(_ zoom: Float) -> Float {
        guard zoom.isFinite else { return 0 }
        return max(0, (zoom + 0.5).rounded(.down))
    }

    private func cameraChanged() {
        guard let mapView else { return }
        if Self.roundedZoom(previousZoom) != Self.roundedZoom(mapView.camera.zoom) {
            requestCluster()
        } else {
            renderer.update()
            if let hierarchical = algorithm as? HierarchicalClusterAlgorithm, let queriedRegion,
                !queriedRegion.contains(GMSCoordinateBounds(region: mapView.projection.visibleRegion()))
            {
                queryInBackground(hierarchical)
            }
        }
    }

    /// Clusters 0.2 s from now unless another request comes first.
    private func requestCluster() {
        guard let mapView else { return }
        clusterRequests += 1
        let request = clusterRequests
        mapView.runAfter(Self.clusterWaitInterval) { [weak self] in
            guard let self, self.clusterRequests == request else { return }
            self.cluster()
        }
    }

    // MARK: GMSMapViewDelegate

    /// A tap on a cluster's or an item's marker goes to the delegate first; unhandled, to the
    /// map delegate.
    open func mapView(_ mapView: GMSMapView, didTap marker: GMSMarker) -> Bool {
        if let cluster = marker.userData as? GMUCluster, delegate?.clusterManager(self, didTap: cluster) == true { return true }
        if let item = marker.userData as? GMUClusterItem, delegate?.clusterManager(self, didTap: item) == true { return true }
        return mapDelegate?.mapView(mapView, didTap: marker) ?? false
    }

    open func mapView(_ mapView: GMSMapView, willMove gesture: Bool) { mapDelegate?.mapView(mapView, willMove: gesture) }
    open func mapView(_ mapView: GMSMapView, didChange position: GMSCameraPosition) { mapDelegate?.mapView(mapView, didChange: position) }
    open func mapView(_ mapView: GMSMapView, idleAt position: GMSCameraPosition) { mapDelegate?.mapView(mapView, idleAt: position) }
    open func mapView(_ mapView: GMSMapView, didTapAt coordinate: CLLocationCoordinate2D) {
        mapDelegate?.mapView(mapView, didTapAt: coordinate)
    }
    open func mapView(_ mapView: GMSMapView, didLongPressAt coordinate: CLLocationCoordinate2D) {
        mapDelegate?.mapView(mapView, didLongPressAt: coordinate)
    }
    open func mapView(_ mapView: GMSMapView, didTapInfoWindowOf marker: GMSMarker) {
        mapDelegate?.mapView(mapView, didTapInfoWindowOf: marker)
    }
    open func mapView(_ mapView: GMSMapView, didLongPressInfoWindowOf marker: GMSMarker) {
        mapDelegate?.mapView(mapView, didLongPressInfoWindowOf: marker)
    }
    open func mapView(_ mapView: GMSMapView, didTap overlay: GMSOverlay) { mapDelegate?.mapView(mapView, didTap: overlay) }
    open func mapView(_ mapView: GMSMapView, markerInfoWindow marker: GMSMarker) -> UIView? {
        mapDelegate?.mapView(mapView, markerInfoWindow: marker)
    }
    open func mapView(_ mapView: GMSMapView, didTapPOIWithPlaceID placeID: String, name: String, location: CLLocationCoordinate2D) {
        mapDelegate?.mapView(mapView, didTapPOIWithPlaceID: placeID, name: name, location: location)
    }
    open func mapView(_ mapView: GMSMapView, markerInfoContents marker: GMSMarker) -> UIView? {
        mapDelegate?.mapView(mapView, markerInfoContents: marker)
    }
    open func mapView(_ mapView: GMSMapView, didCloseInfoWindowOf marker: GMSMarker) {
        mapDelegate?.mapView(mapView, didCloseInfoWindowOf: marker)
    }
    open func mapView(_ mapView: GMSMapView, didBeginDragging marker: GMSMarker) { mapDelegate?.mapView(mapView, didBeginDragging: marker) }
    open func mapView(_ mapView: GMSMapView, didEndDragging marker: GMSMarker) { mapDelegate?.mapView(mapView, didEndDragging: marker) }
    open func mapView(_ mapView: GMSMapView, didDrag marker: GMSMarker) { mapDelegate?.mapView(mapView, didDrag: marker) }
    open func didTapMyLocationButton(for mapView: GMSMapView) -> Bool { mapDelegate?.didTapMyLocationButton(for: mapView) ?? false }
    open func mapViewDidStartTileRendering(_ mapView: GMSMapView) { mapDelegate?.mapViewDidStartTileRendering(mapView) }
    open func mapViewDidFinishTileRendering(_ mapView: GMSMapView) { mapDelegate?.mapViewDidFinishTileRendering(mapView) }
    open func mapView(_ mapView: GMSMapView, didTapMyLocation location: CLLocationCoordinate2D) {
        mapDelegate?.mapView(mapView, didTapMyLocation: location)
    }
    open func mapViewSnapshotReady(_ mapView: GMSMapView) { mapDelegate?.mapViewSnapshotReady(mapView) }
    open func mapView(
        _ mapView: GMSMapView, didTap features: [any Feature], in featureLayer: FeatureLayer<any Feature>,
        atLocation location: CLLocationCoordinate2D
    ) {
        mapDelegate?.mapView(mapView, didTap: features, in: featureLayer, atLocation: location)
    }
    open func mapView(_ mapView: GMSMapView, didChangeMapCapabilities mapCapabilities: GMSMapCapabilityFlags) {
        mapDelegate?.mapView(mapView, didChangeMapCapabilities: mapCapabilities)
    }
}

/// The region a cluster manager asks a hierarchical algorithm for: the visible bounds grown by
/// half their size on every side, longitudes unwrapped (`east` at least `west`).
struct QueryRegion: Sendable {
    let south: Double
    let north: Double
    let west: Double
    let east: Double

    init(around bounds: GMSCoordinateBounds) {
        let south = bounds.southWest.latitude, north = bounds.northEast.latitude
        let west = bounds.southWest.longitude
        var east = bounds.northEast.longitude
        if east < west { east += 360 }
        let height = north - south, width = east - west
        self.south = max(-90, south - height / 2)
        self.north = min(90, north + height / 2)
        self.west = west - width / 2
        self.east = east + width / 2
    }

    /// Whether bounds lie inside the region.
    func contains(_ bounds: GMSCoordinateBounds) -> Bool {
        guard bounds.southWest.latitude >= south, bounds.northEast.latitude <= north else { return false }
        guard east - west < 360 else { return true }
        var from = bounds.southWest.longitude, to = bounds.northEast.longitude
        if to < from { to += 360 }
        // The bounds' west moved by whole turns to just east of the region's west.
        let shift = 360 * ((from - west) / 360).rounded(.down)
        from -= shift
        to -= shift
        return to <= east
    }
}
