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
        let level = Self.roundedZoom(zoom)
        renderer.renderClusters(algorithm.clusters(atZoom: level))
        previousZoom = zoom
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
}
