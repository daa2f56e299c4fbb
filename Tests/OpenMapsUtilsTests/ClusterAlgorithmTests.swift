import Foundation
import OpenMapsUtils
import Testing

/// The library's three algorithms, against references written from their descriptions
/// (docs/utils.md), on seeded data at several zooms.
@Suite struct ClusterAlgorithmTests {
    /// A cluster as compared: its position and its items' names, in any order.
    struct Summary: Equatable, CustomStringConvertible {
        let latitude: Double, longitude: Double
        let names: Set<String>
        var description: String { "(\(latitude), \(longitude)) \(names.count)" }
    }

    static func summary(_ cluster: GMUCluster) -> Summary {
        Summary(
            latitude: cluster.position.latitude, longitude: cluster.position.longitude,
            names: Set(cluster.items.compactMap { ($0 as? POIItem)?.name }))
    }

    /// The distance-based algorithm, naively: every item against every seed, no tree.
    static func referenceDistanceBased(_ items: [POIItem], zoom: Double, distance: Double = 100) -> [Summary] {
        let points = items.map { GMSProject($0.position) }
        let radius = distance * 2 / pow(2, zoom + 8)
        var taken = [Bool](repeating: false, count: items.count)
        var best = [Double](repeating: .infinity, count: items.count)
        var owner = [Int](repeating: -1, count: items.count)
        var seeds: [Int] = []
        for seed in items.indices where !taken[seed] {
            let cluster = seeds.count
            seeds.append(seed)
            for other in items.indices
            where abs(points[other].x - points[seed].x) <= radius && abs(points[other].y - points[seed].y) <= radius {
                taken[other] = true
                let dx = points[other].x - points[seed].x, dy = points[other].y - points[seed].y
                let d2 = dx * dx + dy * dy
                if owner[other] >= 0, best[other] < d2 { continue }
                best[other] = d2
                owner[other] = cluster
            }
        }
        return seeds.enumerated().map { cluster, seed in
            Summary(
                latitude: items[seed].position.latitude, longitude: items[seed].position.longitude,
                names: Set(items.indices.filter { owner[$0] == cluster }.map { items[$0].name }))
        }
    }

    @Test(arguments: [2.0, 5.0, 8.0, 11.0, 15.0])
    func rule66DistanceBasedClustersMatchTheReference(zoom: Double) {
        let items = seededItems(count: 3_000, seed: 42)
        let algorithm = GMUNonHierarchicalDistanceBasedAlgorithm()
        algorithm.add(items)
        let clusters = algorithm.clusters(atZoom: Float(zoom))
        let expected = Self.referenceDistanceBased(items, zoom: zoom)
        #expect(clusters.count == expected.count)
        #expect(clusters.map(Self.summary) == expected, "clusters, their seeds' positions and their items, in seed order")
        #expect(clusters.reduce(0) { $0 + Int($1.count) } == items.count, "every item in one cluster")
    }

    @Test func rule66DistanceBasedUsesItsDistanceAndTakesItemsRemoved() {
        let items = seededItems(count: 800, seed: 7)
        let near = GMUNonHierarchicalDistanceBasedAlgorithm(clusterDistancePoints: 40)
        near.add(items)
        #expect(near.clusters(atZoom: 6).map(Self.summary) == Self.referenceDistanceBased(items, zoom: 6, distance: 40))
        near.remove(items[0])
        near.remove(items[10])
        let rest = items.enumerated().filter { $0.offset != 0 && $0.offset != 10 }.map(\.element)
        #expect(near.clusters(atZoom: 6).map(Self.summary) == Self.referenceDistanceBased(rest, zoom: 6, distance: 40))
        near.clearItems()
        #expect(near.clusters(atZoom: 6).isEmpty)
    }

    @Test func rule66DistanceBasedTiesMoveToTheLaterSeedAndAClusterKeepsItsSeedsPosition() {
        // At zoom 4 a 100-point square has a half-side of 200 / 2^12 in map units. a and c
        // sit 0.7 of it either side of b: a's square takes b but not c; c then seeds, and b,
        // exactly as far from c as from a, moves to c.
        let half: Double = 0.7 * 200 / pow(2.0, 12) * 180
        let a = POIItem(position: CLLocationCoordinate2D(latitude: 0, longitude: -half), name: "a")
        let b = POIItem(position: CLLocationCoordinate2D(latitude: 0, longitude: 0), name: "b")
        let c = POIItem(position: CLLocationCoordinate2D(latitude: 0, longitude: half), name: "c")
        let algorithm = GMUNonHierarchicalDistanceBasedAlgorithm()
        algorithm.add([a, c, b])
        let clusters = algorithm.clusters(atZoom: 4).map(Self.summary)
        #expect(clusters == [
            Summary(latitude: 0, longitude: -half, names: ["a"]),
            Summary(latitude: 0, longitude: half, names: ["c", "b"]),
        ])
        // A cluster stays where its seed is, whoever joins it.
        let wide = GMUNonHierarchicalDistanceBasedAlgorithm(clusterDistancePoints: 1_000)
        wide.add([b, a, c])
        #expect(wide.clusters(atZoom: 4).map(Self.summary) == [Summary(latitude: 0, longitude: 0, names: ["a", "b", "c"])])
    }

    @Test func rule66DistanceBasedKeepsItemsWithoutAFinitePositionAsClustersOfTheirOwn() {
        let algorithm = GMUNonHierarchicalDistanceBasedAlgorithm()
        let odd = BareItem(CLLocationCoordinate2D(latitude: .nan, longitude: 10))
        algorithm.add([BareItem(CLLocationCoordinate2D(latitude: 1, longitude: 1)), odd])
        let clusters = algorithm.clusters(atZoom: 3)
        #expect(clusters.count == 2)
        #expect(clusters.reduce(0) { $0 + $1.count } == 2, "no item is lost")
        #expect(algorithm.clusters(atZoom: .nan).count == 2, "a zoom that is not finite clusters as 0")
    }

    /// The grid, from its description: cells of 100 points, clusters at cell centres.
    static func referenceGrid(_ items: [POIItem], zoom: Double) -> [Summary] {
        let cells = Int((256 * pow(2, zoom) / 100).rounded(.up))
        var groups: [Int: [POIItem]] = [:]
        var order: [Int] = []
        var centres: [Int: CLLocationCoordinate2D] = [:]
        for item in items {
            let p = GMSProject(item.position)
            let column = Int(Double(cells) * (1 + p.x) / 2), row = Int(Double(cells) * (1 + p.y) / 2)
            let key = cells * row + column
            if groups[key] == nil {
                order.append(key)
                centres[key] = GMSUnproject(
                    GMSMapPoint(x: (Double(column) + 0.5) * 2 / Double(cells) - 1, y: (Double(row) + 0.5) * 2 / Double(cells) - 1))
            }
            groups[key, default: []].append(item)
        }
        return order.map { key in
            Summary(
                latitude: centres[key]?.latitude ?? 0, longitude: centres[key]?.longitude ?? 0,
                names: Set(groups[key, default: []].map(\.name)))
        }
    }

    @Test(arguments: [1.0, 4.0, 9.0, 13.0])
    func rule67GridClustersAtCellCentresMatchTheReference(zoom: Double) {
        let items = seededItems(count: 2_000, seed: 11)
        let algorithm = GMUGridBasedClusterAlgorithm()
        algorithm.add(items)
        let found = algorithm.clusters(atZoom: Float(zoom)).map(Self.summary)
        let expected = Self.referenceGrid(items, zoom: zoom)
        #expect(found.count == expected.count)
        // The library's order is unspecified: compare as sets keyed by position.
        let byPosition = { (list: [Summary]) in Dictionary(uniqueKeysWithValues: list.map { ("\($0.latitude),\($0.longitude)", $0.names) }) }
        #expect(byPosition(found) == byPosition(expected))
    }

    @Test func rule67SimpleAlgorithmLeavesItsFirstTenItemsOutAsTheLibraryDoes() {
        let items = seededItems(count: 35, seed: 3)
        let algorithm = GMUSimpleClusterAlgorithm()
        algorithm.add(items)
        let clusters = algorithm.clusters(atZoom: 12)
        #expect(clusters.count == 10)
        #expect(clusters.map(\.position.latitude) == items.prefix(10).map(\.position.latitude))
        #expect(clusters.map(\.count) == [3, 3, 3, 3, 3, 2, 2, 2, 2, 2])
        #expect((clusters[0].items.first as? POIItem)?.name == "item 10")
        let few = GMUSimpleClusterAlgorithm()
        few.add(Array(items.prefix(4)))
        #expect(few.clusters(atZoom: 3).map(\.count) == [0, 0, 0, 0])
    }

    @Test func rule67AStaticClusterHoldsItsItemsAtItsPosition() {
        let cluster = GMUStaticCluster(position: CLLocationCoordinate2D(latitude: 60, longitude: 25))
        let a = BareItem(CLLocationCoordinate2D(latitude: 1, longitude: 2)), b = BareItem(CLLocationCoordinate2D(latitude: 3, longitude: 4))
        cluster.add(a)
        cluster.add(b)
        cluster.add(a)
        #expect(cluster.count == 3)
        cluster.remove(a)
        #expect(cluster.count == 1, "every equal item goes, as NSMutableArray's removeObject")
        #expect(cluster.items.first === b)
        #expect(cluster.position.latitude == 60)
        // A marker is an item; a class declaring only its position is one too.
        let marker = GMSMarker(position: CLLocationCoordinate2D(latitude: 5, longitude: 6))
        marker.title = "Pin"
        let asItem: GMUClusterItem = marker
        #expect(asItem.title == "Pin")
        #expect((b as GMUClusterItem).title == nil)
        #expect(GMUCurrentVersion() == "7.0.0")
    }

    @Test func limitClusterZoomsAreClampedAndZoomsThatAreNotFiniteAreZero() {
        let items = seededItems(count: 200, seed: 9)
        let grid = GMUGridBasedClusterAlgorithm()
        grid.add(items)
        #expect(grid.clusters(atZoom: 1_000).count == grid.clusters(atZoom: 30).count, "clamped to 30, no overflow")
        #expect(grid.clusters(atZoom: -.infinity).count == grid.clusters(atZoom: 0).count)
        let distance = GMUNonHierarchicalDistanceBasedAlgorithm()
        distance.add(items)
        #expect(distance.clusters(atZoom: .nan).count == distance.clusters(atZoom: 0).count)
        #expect(distance.clusters(atZoom: 1e30).count == items.count)
    }

    @Test func limitGridAlgorithmPositionsFarOutsideTheWorldLandInAnEdgeCell() {
        let grid = GMUGridBasedClusterAlgorithm()
        grid.add([
            BareItem(CLLocationCoordinate2D(latitude: 0, longitude: 1e300)), BareItem(CLLocationCoordinate2D(latitude: -1e300, longitude: 0)),
            BareItem(CLLocationCoordinate2D(latitude: 10, longitude: 10)),
        ])
        let clusters = grid.clusters(atZoom: 12)
        #expect(clusters.reduce(0) { $0 + Int($1.count) } == 3, "no crash; every item in a cell")
    }

    /// docs/limits.md: at zoom 30 (and a zoom past it, clamped to 30) the grid has 2.7 billion
    /// cells a side; items a few hundred metres apart stay in their own cells, each cluster at
    /// its cell, never all in one far away.
    @Test func limitGridAlgorithmAtZoom30KeepsItemsApart() {
        let grid = GMUGridBasedClusterAlgorithm()
        let places = (0..<50).map { CLLocationCoordinate2D(latitude: 60 + Double($0) * 0.01, longitude: 24 + Double($0) * 0.02) }
        grid.add(places.map(BareItem.init))
        for zoom: Float in [30, 1e9] {
            let clusters = grid.clusters(atZoom: zoom)
            #expect(clusters.count == 50, "zoom \(zoom): \(clusters.count) clusters")
            for (cluster, place) in zip(clusters, places) {
                #expect(abs(cluster.position.latitude - place.latitude) < 1e-4 && abs(cluster.position.longitude - place.longitude) < 1e-4)
            }
        }
    }

    /// docs/limits.md: items whose positions are not finite are clusters of their own and are
    /// not looked up in the tree (a box of NaNs once visited every item, for each).
    @Test(.timeLimit(.minutes(1))) func limitDistanceBasedItemsThatAreNotFiniteAreClustersOfTheirOwnQuickly() {
        let algorithm = GMUNonHierarchicalDistanceBasedAlgorithm()
        var items: [BareItem] = []
        for index in 0..<40_000 {
            items.append(BareItem(CLLocationCoordinate2D(latitude: 60 + Double(index % 200) * 0.001, longitude: 24 + Double(index / 200) * 0.001)))
            items.append(BareItem(CLLocationCoordinate2D(latitude: .nan, longitude: Double(index))))
        }
        algorithm.add(items)
        let clusters = algorithm.clusters(atZoom: 12)
        #expect(clusters.reduce(0) { $0 + Int($1.count) } == items.count)
        #expect(clusters.filter { !$0.position.latitude.isFinite }.count == 40_000, "each NaN item a cluster of its own")
    }
}
