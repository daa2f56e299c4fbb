import Foundation
import OpenMaps

/// The library's `GMUGridBasedClusterAlgorithm`: the world at a zoom is cut into square cells
/// about 100 points wide (`ceil(256 × 2^zoom / 100)` a side, in `GMSProject` space); the
/// items of a cell make one cluster at the cell's centre. The library returns clusters in no
/// set order; here they come in the order their cells were first filled.
public final class GMUGridBasedClusterAlgorithm: NSObject, GMUClusterAlgorithm {
    /// The cells' width in points.
    public static let gridCellSizePoints: Double = 100

    private var items: [GMUClusterItem] = []

    public override init() {
        super.init()
    }

    public func add(_ items: [GMUClusterItem]) { self.items.append(contentsOf: items) }

    public func remove(_ item: GMUClusterItem) { items.removeAll { $0.isEqual(item) } }

    public func clearItems() { items.removeAll() }

    public func clusters(atZoom zoom: Float) -> [GMUCluster] {
        let cells = Int((256 * pow(2, ClusterZoom.usable(zoom)) / Self.gridCellSizePoints).rounded(.up))
        var clusterOfCell: [SIMD2<Int>: GMUStaticCluster] = [:]
        var order: [GMUStaticCluster] = []
        for item in items {
            let point = GMSProject(item.position)
            guard point.x.isFinite, point.y.isFinite else { continue }
            // Truncation toward zero, as the library's C casts, held to one cell outside the
            // grid (at zoom 30 a side has 2.7 billion cells): a position far outside the world,
            // which the C cast leaves undefined, lands in a cell beside the edge.
            func truncated(_ value: Double) -> Int { Int(min(max(value, -1), Double(cells))) }
            let column = truncated(Double(cells) * (1 + point.x) / 2), row = truncated(Double(cells) * (1 + point.y) / 2)
            let key = SIMD2(column, row)
            if let cluster = clusterOfCell[key] {
                cluster.add(item)
                continue
            }
            let centre = GMSMapPoint(
                x: (Double(column) + 0.5) * 2 / Double(cells) - 1, y: (Double(row) + 0.5) * 2 / Double(cells) - 1)
            let cluster = GMUStaticCluster(position: GMSUnproject(centre))
            cluster.add(item)
            clusterOfCell[key] = cluster
            order.append(cluster)
        }
        return order
    }
}
