import Foundation
import OpenMaps

/// The library's default clustering, `GMUNonHierarchicalDistanceBasedAlgorithm`: items in
/// the order they were added; each item not yet taken seeds a cluster at its own position;
/// every item inside the square of half-side `distance × 2 / 2^(zoom + 8)` around it (in
/// `GMSProject` space, edges included) is taken and joins it, unless it is already strictly
/// closer to an earlier seed (ties move to the new one). A cluster keeps its seed's
/// position; clusters come back in their seeds' order, each with its items in the order they
/// joined, even when all its items moved on (then empty). An item whose position is not
/// finite is a cluster of its own.
public final class GMUNonHierarchicalDistanceBasedAlgorithm: NSObject, GMUClusterAlgorithm {
    /// The library's distance: 100 points.
    public static let defaultClusterDistancePoints: UInt = 100

    private let clusterDistancePoints: UInt
    private var entries: [ClusterItemEntry] = []
    private let tree = GQTPointQuadTree()

    /// Clusters items within 100 points of each other.
    public override convenience init() {
        self.init(clusterDistancePoints: Self.defaultClusterDistancePoints)
    }

    /// Clusters items within a distance of each other, in points at the zoom clustered.
    public init(clusterDistancePoints: UInt) {
        self.clusterDistancePoints = clusterDistancePoints
        super.init()
    }

    public func add(_ items: [GMUClusterItem]) {
        for item in items {
            let entry = ClusterItemEntry(item)
            entries.append(entry)
            tree.add(entry)
        }
    }

    public func remove(_ item: GMUClusterItem) {
        entries.removeAll { $0.item.isEqual(item) }
        tree.remove(ClusterItemEntry(item))
    }

    public func clearItems() {
        entries.removeAll()
        tree.clear()
    }

    public func clusters(atZoom zoom: Float) -> [GMUCluster] {
        for (slot, entry) in entries.enumerated() { entry.slot = slot }
        let radius = Double(clusterDistancePoints) * 2 / pow(2, ClusterZoom.usable(zoom) + 8)
        var taken = [Bool](repeating: false, count: entries.count)
        var distance = [Double](repeating: .infinity, count: entries.count)
        var owner = [Int](repeating: -1, count: entries.count)
        var seeds: [Int] = []
        var joined: [[Int]] = []
        for (slot, seed) in entries.enumerated() where !taken[slot] {
            let cluster = seeds.count
            seeds.append(slot)
            joined.append([])
            let p = seed.projected
            // A seed whose position is not finite is not looked up: a box of NaNs would visit
            // the whole tree, for each such item.
            let box = GQTBounds(minX: p.x - radius, minY: p.y - radius, maxX: p.x + radius, maxY: p.y + radius)
            let near = p.x.isFinite && p.y.isFinite ? tree.search(with: box) : []
            for case let found as ClusterItemEntry in near {
                let other = found.slot
                guard other < entries.count, entries[other] === found else { continue }
                taken[other] = true
                let dx = found.projected.x - p.x, dy = found.projected.y - p.y
                let d2 = dx * dx + dy * dy
                // Strictly closer to an earlier seed: it stays there.
                if owner[other] >= 0, distance[other] < d2 { continue }
                distance[other] = d2
                owner[other] = cluster
                joined[cluster].append(other)
            }
            // A seed the tree refused (a position that is not finite) is a cluster of its own.
            if owner[slot] < 0 {
                taken[slot] = true
                owner[slot] = cluster
                distance[slot] = 0
                joined[cluster].append(slot)
            }
        }
        return seeds.enumerated().map { cluster, seed in
            let result = GMUStaticCluster(position: entries[seed].item.position)
            for slot in joined[cluster] where owner[slot] == cluster { result.add(entries[slot].item) }
            return result
        }
    }
}
