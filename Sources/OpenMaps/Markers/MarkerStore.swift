import Foundation
import MapGeometry

/// The markers of a map: in the order they were added, indexed by where they stand (a
/// quadtree over their positions) so hit tests and culling look only near the place asked.
@MainActor
final class MarkerStore {
    /// Markers by insertion key (keys are never reused; removed markers leave nil).
    private var slots: [GMSMarker?] = []
    private var live = 0
    private var keys: [ObjectIdentifier: Int] = [:]
    private var index = PointQuadtree()
    private var nextKey = 0
    /// Markers whose appear animation may still run.
    private var appearing: Set<Int> = []
    /// The largest icon side seen, in points.
    private(set) var largestIcon: CGFloat = DefaultMarkerIcon.size.height
    /// How far an icon reaches from its anchor to the left, right, up and down, at most over
    /// every marker seen: the anchor of any icon covering a point lies within these of it.
    private(set) var reach = IconReach(left: 13.5, right: 13.5, up: 43, down: 0)

    struct IconReach {
        var left: CGFloat, right: CGFloat, up: CGFloat, down: CGFloat
    }

    var count: Int { live }

    /// Every marker, in the order added.
    var all: [GMSMarker] { slots.compactMap { $0 } }

    func contains(_ marker: GMSMarker) -> Bool { keys[ObjectIdentifier(marker)] != nil }

    /// Adds a marker on top of the others (again on top if it was there already).
    func add(_ marker: GMSMarker, appearing isAppearing: Bool) {
        remove(marker)
        let key = nextKey
        nextKey += 1
        slots.append(marker)
        live += 1
        keys[ObjectIdentifier(marker)] = key
        index.insert(key, at: WebMercator.project(marker.position))
        if isAppearing { appearing.insert(key) }
        noteIcon(of: marker)
    }

    func remove(_ marker: GMSMarker) {
        guard let key = keys.removeValue(forKey: ObjectIdentifier(marker)) else { return }
        slots[key] = nil
        live -= 1
        index.remove(key)
        appearing.remove(key)
    }

    /// Re-indexes a marker that moved.
    func moved(_ marker: GMSMarker) {
        guard let key = keys[ObjectIdentifier(marker)] else { return }
        index.insert(key, at: WebMercator.project(marker.position))
    }

    /// Widens the hit-test reach for a marker's icon, anchor, rotation and flatness.
    func noteIcon(of marker: GMSMarker) {
        guard contains(marker) else { return }
        let size = marker.iconView?.bounds.size ?? marker.icon?.size ?? DefaultMarkerIcon.size
        guard size.width.isFinite, size.height.isFinite else { return }
        let w = min(max(size.width, 0), 4_096), h = min(max(size.height, 0), 4_096)
        largestIcon = max(largestIcon, w, h)
        let gx = min(max(marker.groundAnchor.x.isFinite ? marker.groundAnchor.x : 0.5, -4), 4)
        let gy = min(max(marker.groundAnchor.y.isFinite ? marker.groundAnchor.y : 1, -4), 4)
        if marker.isFlat || marker.rotation != 0 {
            // Turned icons reach as far as their farthest corner, every way; flat ones grow
            // under tilt, which the hit test allows for separately.
            let r = hypot(max(gx, 1 - gx) * w, max(gy, 1 - gy) * h)
            reach = IconReach(left: max(reach.left, r), right: max(reach.right, r), up: max(reach.up, r), down: max(reach.down, r))
        } else {
            reach = IconReach(
                left: max(reach.left, gx * w), right: max(reach.right, (1 - gx) * w), up: max(reach.up, gy * h),
                down: max(reach.down, (1 - gy) * h))
        }
    }

    /// Markers standing in a projected box, in drawing order: lowest zIndex first, then in
    /// the order they were added.
    func markers(inMinX minX: Double, minY: Double, maxX: Double, maxY: Double) -> [GMSMarker] {
        // Sorted as plain numbers (each marker's zIndex and key, read once), not by reading
        // the markers in every comparison: a frame with thousands of markers sorts them.
        var order: [DrawingOrder] = []
        index.forEach(inMinX: minX, minY: minY, maxX: maxX, maxY: maxY) { key, _ in
            if let marker = slots[key] { order.append(DrawingOrder(zIndex: marker.zIndex, key: key)) }
        }
        order.sort()
        return order.compactMap { slots[$0.key] }
    }

    /// Where a marker is drawn among others: by zIndex, then in the order added (keys are
    /// unique, so no two are equal).
    private struct DrawingOrder: Comparable {
        let zIndex: Int32
        let key: Int

        static func < (a: DrawingOrder, b: DrawingOrder) -> Bool {
            a.zIndex != b.zIndex ? a.zIndex < b.zIndex : a.key < b.key
        }
    }

    /// Calls `body` with each marker standing in a projected box, its insertion key and its
    /// indexed projected position, in no particular order.
    func forEach(inMinX minX: Double, minY: Double, maxX: Double, maxY: Double, _ body: (Int, GMSMarker, MercatorPoint) -> Void) {
        index.forEach(inMinX: minX, minY: minY, maxX: maxX, maxY: maxY) { key, point in
            if let marker = slots[key] { body(key, marker, point) }
        }
    }

    /// Whether an appear animation is running at a time; forgets finished ones.
    func hasAppearing(at now: TimeInterval) -> Bool {
        appearing = appearing.filter { key in
            guard let marker = slots[key], let added = marker.addedAt else { return false }
            return now - added < MarkerLayer.appearDuration
        }
        return !appearing.isEmpty
    }
}
