import Foundation

/// The zooms the algorithms cluster at (docs/limits.md): a zoom that is not finite is 0, and
/// zooms are clamped into 0...30 (past 30 clusters are single items anyway, and the grid's
/// cell count stays in range).
enum ClusterZoom {
    static let range: ClosedRange<Float> = 0...30

    static func usable(_ zoom: Float) -> Double {
        guard zoom.isFinite else { return 0 }
        return Double(min(max(zoom, range.lowerBound), range.upperBound))
    }
}

/// An item in a quadtree: its position projected once, equal to another entry when their
/// items are equal (`isEqual`), so a removal finds it.
final class ClusterItemEntry: NSObject, GQTPointQuadTreeItem {
    let item: GMUClusterItem
    let projected: GQTPoint
    /// The item's place in the algorithm's list, set before each clustering.
    var slot = 0

    init(_ item: GMUClusterItem) {
        self.item = item
        let point = GMSProject(item.position)
        projected = GQTPoint(x: point.x, y: point.y)
        super.init()
    }

    func point() -> GQTPoint { projected }

    override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? ClusterItemEntry else { return false }
        return item.isEqual(other.item)
    }

    override var hash: Int { item.hash }
}
