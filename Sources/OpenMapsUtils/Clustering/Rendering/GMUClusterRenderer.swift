import Foundation
import OpenMaps

/// Shows clusters on a map, as the library's `GMUClusterRenderer`.
@preconcurrency @MainActor
public protocol GMUClusterRenderer: NSObjectProtocol {
    /// Shows these clusters in place of the last ones.
    func renderClusters(_ clusters: [GMUCluster])
    /// The camera moved without changing the rounded zoom: clusters that came into view
    /// should show.
    func update()
}

/// What a default cluster renderer asks and tells as it makes markers, as the library's
/// `GMUClusterRendererDelegate`. Every method is optional.
@preconcurrency @MainActor
public protocol GMUClusterRendererDelegate: NSObjectProtocol {
    /// A marker for a cluster or an item (nil: a new `GMSMarker`). The renderer then sets its
    /// position, icon, ground anchor, z-index and `userData`; set those in `willRenderMarker`.
    func renderer(_ renderer: GMUClusterRenderer, markerFor object: Any) -> GMSMarker?
    /// A marker is about to be added to the map.
    func renderer(_ renderer: GMUClusterRenderer, willRenderMarker marker: GMSMarker)
    /// A marker was added to the map (and its animation started).
    func renderer(_ renderer: GMUClusterRenderer, didRenderMarker marker: GMSMarker)
}

extension GMUClusterRendererDelegate {
    public func renderer(_ renderer: GMUClusterRenderer, markerFor object: Any) -> GMSMarker? { nil }
    public func renderer(_ renderer: GMUClusterRenderer, willRenderMarker marker: GMSMarker) {}
    public func renderer(_ renderer: GMUClusterRenderer, didRenderMarker marker: GMSMarker) {}
}

/// An object used as a key by `isEqual` and `hash`, as the library's sets and maps key items.
struct ObjectKey: Hashable {
    let object: NSObjectProtocol

    init(_ object: NSObjectProtocol) { self.object = object }

    static func == (a: ObjectKey, b: ObjectKey) -> Bool { a.object.isEqual(b.object) }
    func hash(into hasher: inout Hasher) { hasher.combine(object.hash) }
}
