import Foundation

/// The library's demonstration algorithm, `GMUSimpleClusterAlgorithm`, as it behaves: the
/// first ten items each place a cluster (at the item, which the cluster does not hold); the
/// items after them are dealt round the ten clusters in turn. The zoom is ignored.
public final class GMUSimpleClusterAlgorithm: NSObject, GMUClusterAlgorithm {
    /// How many clusters it makes.
    public static let clusterCount = 10

    private var items: [GMUClusterItem] = []

    public override init() {
        super.init()
    }

    public func add(_ items: [GMUClusterItem]) { self.items.append(contentsOf: items) }

    public func remove(_ item: GMUClusterItem) { items.removeAll { $0.isEqual(item) } }

    public func clearItems() { items.removeAll() }

    public func clusters(atZoom zoom: Float) -> [GMUCluster] {
        let clusters = items.prefix(Self.clusterCount).map { GMUStaticCluster(position: $0.position) }
        for (index, item) in items.enumerated().dropFirst(Self.clusterCount) {
            clusters[(index - Self.clusterCount) % Self.clusterCount].add(item)
        }
        return clusters
    }
}
