import Foundation
import OpenMaps

/// The library's cluster renderer, `GMUDefaultClusterRenderer`: a cluster of at least
/// `minimumClusterSize` items shows as one marker with the icon generator's icon (anchored at
/// its centre) while the camera's zoom is at most `maximumClusterZoom`; other clusters show
/// their items as markers (a `GMSMarker` item is put on the map as it is). Only clusters in
/// view, or with an item in view, get markers; `update()` adds those that came into view.
///
/// With `animatesClusters`, zooming in splits: new markers fly out over `animationDuration`
/// from the old cluster that held their first item; zooming out merges: old markers fly to
/// the new cluster holding their item, then go. Moves run in a `CATransaction` on the map's
/// clock.
@preconcurrency @MainActor
open class GMUDefaultClusterRenderer: NSObject, GMUClusterRenderer {
    /// Whether clusters split and merge with animations (true).
    open var animatesClusters = true
    /// The fewest items a cluster shows as one marker (4).
    open var minimumClusterSize: UInt = 4
    /// The highest camera zoom at which clusters show as one marker (20).
    open var maximumClusterZoom: UInt = 20
    /// How long a split or merge takes, in seconds (0.5).
    open var animationDuration: Double = 0.5
    /// The z-index of the markers made (1).
    open var zIndex: Int32 = 1
    /// The delegate.
    open weak var delegate: GMUClusterRendererDelegate?
    /// Whether a cluster or item shown by one clustering and the next keeps its marker (an
    /// OpenMaps addition; false, as the library, which makes every marker anew each time).
    /// A kept marker neither moves nor blinks, and keeps its info window open; clusters that
    /// split or merge still fly apart or together. A hierarchical algorithm's cluster is the
    /// same cluster while it holds the same points; another algorithm's while it has the same
    /// size and position.
    open var reusesMarkers = false {
        didSet { if !reusesMarkers { markersByKey = [:] } }
    }

    /// The markers shown now (a copy).
    open var markers: [GMSMarker] { shownMarkers }

    private weak var mapView: GMSMapView?
    private let iconGenerator: GMUClusterIconGenerator
    private var shownMarkers: [GMSMarker] = []
    private var clusters: [GMUCluster] = []
    private var renderedClusters: Set<ObjectKey> = []
    private var renderedClusterItems: Set<ObjectKey> = []
    private var previousZoom: Float = 0
    private var itemToOldCluster: [ObjectKey: GMUCluster]?
    private var itemToNewCluster: [ObjectKey: GMUCluster]?
    /// A hierarchical algorithm's split and merge partners, found through its index rather
    /// than through every item (OpenMaps' own: 100,000 items would hold a frame): the old
    /// clusters (zooming in) or new ones (zooming out) shown as clusters, and their level.
    private var lineage: (partners: [HierarchicalCluster: GMUCluster], level: Int)?
    /// The hierarchical cluster each item marker was shown for.
    private var itemMarkerCluster: [ObjectIdentifier: HierarchicalCluster] = [:]
    /// The markers shown, by what they show (when markers are reused).
    private var markersByKey: [RenderKey: GMSMarker] = [:]
    private var reusable: [RenderKey: GMSMarker] = [:]

    /// What a marker shows, to find it again in the next clustering.
    private enum RenderKey: Hashable {
        case hierarchical(HierarchicalCluster)
        case cluster(count: UInt, latitude: UInt64, longitude: UInt64)
        case item(ObjectKey)

        init(_ cluster: GMUCluster) {
            if let cluster = cluster as? HierarchicalCluster {
                self = .hierarchical(cluster)
            } else {
                self = .cluster(count: cluster.count, latitude: cluster.position.latitude.bitPattern, longitude: cluster.position.longitude.bitPattern)
            }
        }
    }

    /// A renderer for a map, with icons from a generator.
    public init(mapView: GMSMapView, clusterIconGenerator iconGenerator: GMUClusterIconGenerator) {
        self.mapView = mapView
        self.iconGenerator = iconGenerator
        super.init()
    }

    /// Whether a cluster shows as one marker at a zoom: at least `minimumClusterSize` items,
    /// and the zoom at most `maximumClusterZoom`.
    open func shouldRender(as cluster: GMUCluster, atZoom zoom: Float) -> Bool {
        cluster.count >= minimumClusterSize && zoom <= Float(maximumClusterZoom)
    }

    open func renderClusters(_ clusters: [GMUCluster]) {
        renderedClusters.removeAll()
        renderedClusterItems.removeAll()
        guard let mapView else { return }
        let zoom = mapView.camera.zoom
        let zoomingIn = zoom > previousZoom
        if animatesClusters {
            prepareAnimation(to: clusters, zoom: zoom, zoomingIn: zoomingIn)
            previousZoom = zoom
        }
        self.clusters = clusters
        let existing = shownMarkers
        shownMarkers = []
        if reusesMarkers {
            reusable = markersByKey
            markersByKey = [:]
        } else if !animatesClusters {
            clearMarkers(existing)
        }
        addOrUpdate(clusters, animated: animatesClusters && zoomingIn)
        reusable = [:]
        guard animatesClusters || reusesMarkers else { return }
        // The markers shown before and not kept leave: at once, or fading out when zooming out.
        let staying = Set(shownMarkers.map(ObjectIdentifier.init))
        let leaving = existing.filter { !staying.contains(ObjectIdentifier($0)) }
        if animatesClusters && !zoomingIn {
            clearMarkersAnimated(leaving)
        } else {
            clearMarkers(leaving)
        }
    }

    open func update() {
        addOrUpdate(clusters, animated: false)
    }

    // MARK: Animation

    private func prepareAnimation(to newClusters: [GMUCluster], zoom: Float, zoomingIn: Bool) {
        lineage = nil
        if let first = newClusters.first as? HierarchicalCluster,
            clusters.allSatisfy({ ($0 as? HierarchicalCluster)?.sharesIndex(with: first) == true }),
            newClusters.allSatisfy({ ($0 as? HierarchicalCluster)?.sharesIndex(with: first) == true })
        {
            var partners: [HierarchicalCluster: GMUCluster] = [:]
            let side = zoomingIn ? clusters : newClusters
            for cluster in side where shouldRender(as: cluster, atZoom: zoom) || (zoomingIn && shouldRender(as: cluster, atZoom: previousZoom)) {
                if let key = cluster as? HierarchicalCluster { partners[key] = cluster }
            }
            let level = ((side.first as? HierarchicalCluster) ?? first).level
            lineage = (partners, level)
            itemToOldCluster = zoomingIn ? [:] : nil
            itemToNewCluster = zoomingIn ? nil : [:]
            return
        }
        if zoomingIn {
            var map: [ObjectKey: GMUCluster] = [:]
            for old in clusters where shouldRender(as: old, atZoom: zoom) || shouldRender(as: old, atZoom: previousZoom) {
                for item in old.items { map[ObjectKey(item)] = old }
            }
            itemToOldCluster = map
            itemToNewCluster = nil
        } else {
            var map: [ObjectKey: GMUCluster] = [:]
            for new in newClusters where shouldRender(as: new, atZoom: zoom) {
                for item in new.items { map[ObjectKey(item)] = new }
            }
            itemToOldCluster = nil
            itemToNewCluster = map
        }
    }

    /// The partner of a hierarchical cluster at the other level: the cluster holding its
    /// points there, when it is shown as a cluster.
    private func partner(of cluster: GMUCluster) -> GMUCluster? {
        guard let lineage, let cluster = cluster as? HierarchicalCluster, let above = cluster.ancestor(atLevel: lineage.level) else { return nil }
        return lineage.partners[above]
    }

    /// The old cluster an item (of a cluster) was in, zooming in.
    private func oldCluster(of item: GMUClusterItem, in cluster: GMUCluster) -> GMUCluster? {
        lineage != nil ? partner(of: cluster) : itemToOldCluster?[ObjectKey(item)]
    }

    /// Old markers fly to the new cluster holding their item (or their cluster's first
    /// item found in one), then go; those without one, out of view, or whose item has a
    /// marker of its own now go at once.
    private func clearMarkersAnimated(_ leaving: [GMSMarker]) {
        guard let mapView, !leaving.isEmpty else { return }
        let visible = GMSCoordinateBounds(region: mapView.projection.visibleRegion())
        CATransaction.begin()
        CATransaction.setAnimationDuration(animationDuration)
        CATransaction.setCompletionBlock { [weak self] in self?.clearMarkers(leaving) }
        for marker in leaving {
            if let item = marker.userData as? GMUClusterItem, renderedClusterItems.contains(ObjectKey(item)) {
                marker.map = nil
                continue
            }
            guard visible.contains(marker.position), let target = newCluster(for: marker) else {
                marker.map = nil
                continue
            }
            marker.position = target.position
        }
        CATransaction.commit()
    }

    private func newCluster(for marker: GMSMarker) -> GMUCluster? {
        if lineage != nil {
            if let cluster = marker.userData as? GMUCluster { return partner(of: cluster) }
            return itemMarkerCluster[ObjectIdentifier(marker)].flatMap(partner(of:))
        }
        guard let map = itemToNewCluster else { return nil }
        if let cluster = marker.userData as? GMUCluster {
            for item in cluster.items { if let found = map[ObjectKey(item)] { return found } }
            return nil
        }
        if let item = marker.userData as? GMUClusterItem { return map[ObjectKey(item)] }
        return nil
    }

    private func clearMarkers(_ markers: [GMSMarker]) {
        for marker in markers {
            itemMarkerCluster[ObjectIdentifier(marker)] = nil
            if marker.userData is GMUCluster { marker.userData = nil }
            marker.map = nil
        }
    }

    // MARK: Showing

    private func addOrUpdate(_ clusters: [GMUCluster], animated: Bool) {
        guard let mapView else { return }
        let visible = GMSCoordinateBounds(region: mapView.projection.visibleRegion())
        let zoom = mapView.camera.zoom
        for cluster in clusters where !renderedClusters.contains(ObjectKey(cluster)) {
            var show = visible.contains(cluster.position)
            if !show {
                let expanded = !shouldRender(as: cluster, atZoom: zoom)
                if animated, lineage != nil, let old = partner(of: cluster), visible.contains(old.position) {
                    show = true
                } else if expanded || (animated && lineage == nil) {
                    for item in cluster.items {
                        if expanded, visible.contains(item.position) {
                            show = true
                            break
                        }
                        if animated, let old = itemToOldCluster?[ObjectKey(item)], visible.contains(old.position) {
                            show = true
                            break
                        }
                    }
                }
            }
            if show { render(cluster, animated: animated, zoom: zoom) }
        }
    }

    private func render(_ cluster: GMUCluster, animated: Bool, zoom: Float) {
        if shouldRender(as: cluster, atZoom: zoom) {
            if reusesMarkers {
                let key = RenderKey(cluster)
                if let kept = reusable.removeValue(forKey: key) ?? markersByKey[key] {
                    kept.userData = cluster
                    // Back on the map if something took it off (`clear()`).
                    if kept.map !== mapView { kept.map = mapView }
                    markersByKey[key] = kept
                    shownMarkers.append(kept)
                    renderedClusters.insert(ObjectKey(cluster))
                    return
                }
            }
            var from: CLLocationCoordinate2D?
            if animated, lineage != nil {
                from = partner(of: cluster)?.position
            } else if animated {
                for item in cluster.items {
                    if let old = itemToOldCluster?[ObjectKey(item)] {
                        from = old.position
                        break
                    }
                }
            }
            let icon = iconGenerator.icon(forSize: cluster.count)
            let made = marker(at: cluster.position, from: from, userData: cluster, icon: icon)
            if reusesMarkers { markersByKey[RenderKey(cluster)] = made }
            shownMarkers.append(made)
        } else {
            for item in cluster.items {
                if let marker = item as? GMSMarker {
                    marker.map = mapView
                    shownMarkers.append(marker)
                } else if reusesMarkers, let kept = reusable.removeValue(forKey: .item(ObjectKey(item))) ?? markersByKey[.item(ObjectKey(item))] {
                    markersByKey[.item(ObjectKey(item))] = kept
                    if kept.map !== mapView { kept.map = mapView }
                    if let cluster = cluster as? HierarchicalCluster { itemMarkerCluster[ObjectIdentifier(kept)] = cluster }
                    shownMarkers.append(kept)
                } else {
                    let from = animated ? oldCluster(of: item, in: cluster)?.position : nil
                    let marker = marker(at: item.position, from: from, userData: item, icon: nil)
                    if let title = item.title { marker.title = title }
                    if let snippet = item.snippet { marker.snippet = snippet }
                    if reusesMarkers { markersByKey[.item(ObjectKey(item))] = marker }
                    if let cluster = cluster as? HierarchicalCluster { itemMarkerCluster[ObjectIdentifier(marker)] = cluster }
                    shownMarkers.append(marker)
                }
                renderedClusterItems.insert(ObjectKey(item))
            }
        }
        renderedClusters.insert(ObjectKey(cluster))
    }

    /// A marker at a position (flying there from `from` when given), as the library makes it.
    private func marker(at position: CLLocationCoordinate2D, from: CLLocationCoordinate2D?, userData: Any, icon: UIImage?) -> GMSMarker {
        let marker = delegate?.renderer(self, markerFor: userData) ?? GMSMarker()
        marker.position = from ?? position
        marker.userData = userData
        if let icon {
            marker.icon = icon
            marker.groundAnchor = CGPoint(x: 0.5, y: 0.5)
        }
        marker.zIndex = zIndex
        delegate?.renderer(self, willRenderMarker: marker)
        marker.map = mapView
        if from != nil {
            CATransaction.begin()
            CATransaction.setAnimationDuration(animationDuration)
            marker.position = position
            CATransaction.commit()
        }
        delegate?.renderer(self, didRenderMarker: marker)
        return marker
    }
}
