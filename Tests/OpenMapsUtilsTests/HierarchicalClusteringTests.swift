import Foundation
import OpenMapsTesting
import OpenMapsUtils
import Testing

/// The hierarchical (Supercluster) algorithm, against a naive reference written from
/// Supercluster's description: every point against every other, in the same order.
@Suite struct HierarchicalClusteringTests {
    struct Entry: Hashable {
        let x: Double, y: Double, count: Int
    }

    /// Supercluster's clustering, naively: levels from maxZoom + 1 (the points) down.
    static func reference(_ items: [POIItem], radius: Double = 40, extent: Double = 512, minZoom: Int = 0, maxZoom: Int = 16, minPoints: Int = 2)
        -> [Int: [Entry]]
    {
        struct Node {
            var x: Double, y: Double, count: Int, mark: Int
        }
        func y(_ latitude: Double) -> Double {
            let s = sin(latitude * .pi / 180)
            return min(max(0.5 - 0.25 * log((1 + s) / (1 - s)) / .pi, 0), 1)
        }
        var level = items.map { Node(x: $0.position.longitude / 360 + 0.5, y: y($0.position.latitude), count: 1, mark: Int.max) }
        var result: [Int: [Entry]] = [maxZoom + 1: level.map { Entry(x: $0.x, y: $0.y, count: $0.count) }]
        for zoom in stride(from: maxZoom, through: minZoom, by: -1) {
            let r = radius / (extent * pow(2, Double(zoom)))
            var next: [Node] = []
            for i in level.indices where level[i].mark > zoom {
                level[i].mark = zoom
                var neighbours: [Int] = []
                var total = level[i].count
                for j in level.indices where level[j].mark > zoom {
                    let dx = level[j].x - level[i].x, dy = level[j].y - level[i].y
                    if dx * dx + dy * dy <= r * r {
                        neighbours.append(j)
                        total += level[j].count
                    }
                }
                if total > level[i].count, total >= minPoints {
                    var wx = level[i].x * Double(level[i].count), wy = level[i].y * Double(level[i].count)
                    for j in neighbours {
                        level[j].mark = zoom
                        wx += level[j].x * Double(level[j].count)
                        wy += level[j].y * Double(level[j].count)
                    }
                    next.append(Node(x: wx / Double(total), y: wy / Double(total), count: total, mark: Int.max))
                } else {
                    next.append(level[i])
                    if total > 1 {
                        for j in neighbours where level[j].mark > zoom {
                            level[j].mark = zoom
                            next.append(level[j])
                        }
                    }
                }
            }
            level = next
            result[zoom] = level.map { Entry(x: $0.x, y: $0.y, count: $0.count) }
        }
        return result
    }

    static func entries(_ clusters: [GMUCluster]) -> [Entry] {
        clusters.map { cluster in
            let s = sin(cluster.position.latitude * .pi / 180)
            return Entry(
                x: cluster.position.longitude / 360 + 0.5, y: min(max(0.5 - 0.25 * log((1 + s) / (1 - s)) / .pi, 0), 1),
                count: Int(cluster.count))
        }
    }

    /// Whether two lists hold the same entries (positions within 1e-9).
    static func same(_ a: [Entry], _ b: [Entry]) -> Bool {
        guard a.count == b.count else { return false }
        let key = { (e: Entry) in "\(e.count):\((e.x * 1e7).rounded()):\((e.y * 1e7).rounded())" }
        return a.map(key).sorted() == b.map(key).sorted()
    }

    @Test func rule74HierarchicalClustersMatchSuperclustersAtEveryZoom() {
        let items = seededItems(count: 1_500, seed: 77)
        let algorithm = HierarchicalClusterAlgorithm()
        algorithm.add(items)
        let expected = Self.reference(items)
        for zoom in 0...17 {
            let found = Self.entries(algorithm.clusters(atZoom: Float(zoom)))
            #expect(Self.same(found, expected[zoom] ?? []), "zoom \(zoom): \(found.count) against \(expected[zoom]?.count ?? 0)")
            #expect(found.reduce(0) { $0 + $1.count } == items.count, "every item at zoom \(zoom)")
        }
        // Fractional zooms round down; past maxZoom + 1 every item is alone.
        #expect(Self.same(Self.entries(algorithm.clusters(atZoom: 5.9)), expected[5] ?? []))
        #expect(algorithm.clusters(atZoom: 25).count == items.count)
        #expect(Self.same(Self.entries(algorithm.clusters(atZoom: -3)), expected[0] ?? []))
    }

    @Test func rule74OptionsMeanWhatSuperclustersMean() {
        let items = seededItems(count: 600, seed: 5)
        let options = HierarchicalClusterAlgorithm(radius: 60, extent: 256, minZoom: 2, maxZoom: 12, minPoints: 3)
        options.add(items)
        let expected = Self.reference(items, radius: 60, extent: 256, minZoom: 2, maxZoom: 12, minPoints: 3)
        for zoom in 2...13 {
            #expect(Self.same(Self.entries(options.clusters(atZoom: Float(zoom))), expected[zoom] ?? []), "zoom \(zoom)")
        }
        #expect(Self.same(Self.entries(options.clusters(atZoom: 0)), expected[2] ?? []), "below minZoom: minZoom's clusters")
    }

    /// With `minPoints` above 2, points near a seed too few for a cluster stay just after it
    /// in Supercluster's order, which decides the clusters of the zooms above.
    @Test func rule74PointsLeftBesideASeedTakeTheirPlaceInTheOrder() {
        let items = seededItems(count: 900, seed: 41)
        for minPoints in [4, 7] {
            let algorithm = HierarchicalClusterAlgorithm(radius: 50, extent: 512, minZoom: 0, maxZoom: 14, minPoints: minPoints)
            algorithm.add(items)
            let expected = Self.reference(items, radius: 50, extent: 512, minZoom: 0, maxZoom: 14, minPoints: minPoints)
            for zoom in 0...15 {
                let found = Self.entries(algorithm.clusters(atZoom: Float(zoom)))
                #expect(Self.same(found, expected[zoom] ?? []), "minPoints \(minPoints), zoom \(zoom)")
            }
        }
    }

    @Test func rule74ViewportQueriesGiveTheClustersInsideAndAClustersItemsAreItsPoints() throws {
        let items = seededItems(count: 2_000, seed: 12)
        let algorithm = HierarchicalClusterAlgorithm()
        algorithm.add(items)
        algorithm.buildIndex()
        #expect(algorithm.indexMemoryBytes > 0)
        let bounds = GMSCoordinateBounds(
            coordinate: CLLocationCoordinate2D(latitude: 62, longitude: 27), coordinate: CLLocationCoordinate2D(latitude: 60, longitude: 22))
        for zoom in [3, 7, 10, 15] {
            let all = algorithm.clusters(atZoom: Float(zoom))
            let inside = all.filter { bounds.contains($0.position) }
            let found = algorithm.clusters(in: bounds, atZoom: Float(zoom))
            #expect(Self.same(Self.entries(found), Self.entries(inside)), "zoom \(zoom)")
        }
        // Across the antimeridian.
        let wrapped = GMSCoordinateBounds(
            coordinate: CLLocationCoordinate2D(latitude: 60, longitude: -170), coordinate: CLLocationCoordinate2D(latitude: -60, longitude: 170))
        let across = algorithm.clusters(in: wrapped, atZoom: 4)
        #expect(across.allSatisfy { $0.position.longitude >= 170 || $0.position.longitude <= -170 })
        let big = try #require(algorithm.clusters(atZoom: 4).max { $0.count < $1.count })
        #expect(big.items.count == Int(big.count))
        #expect(Set(big.items.compactMap { ($0 as? POIItem)?.name }).count == Int(big.count))
        // A change rebuilds the index.
        algorithm.remove(items[0])
        #expect(algorithm.clusters(atZoom: 0).reduce(0) { $0 + Int($1.count) } == items.count - 1)
        algorithm.clearItems()
        #expect(algorithm.clusters(atZoom: 3).isEmpty)
    }

    @Test func limitHierarchicalOptionsAndPositionsOutOfRange() {
        let odd = HierarchicalClusterAlgorithm(radius: .nan, extent: -1, minZoom: -5, maxZoom: 99, minPoints: -3)
        #expect(odd.radius == 40 && odd.extent == 512 && odd.minZoom == 0 && odd.maxZoom == 30 && odd.minPoints == 1)
        odd.add([
            BareItem(CLLocationCoordinate2D(latitude: .nan, longitude: 1)), BareItem(CLLocationCoordinate2D(latitude: 1, longitude: 1)),
            BareItem(CLLocationCoordinate2D(latitude: 89.9999, longitude: 179.9999)),
        ])
        #expect(odd.clusters(atZoom: 40).count == 2, "a position that is not finite is not clustered")
        #expect(odd.clusters(atZoom: .nan).reduce(0) { $0 + $1.count } == 2)
    }

    @Test func rule74CellsStayInOrderWhenTheOutermostPointsShareADigitOfTheirCells() {
        // At zoom 13 and deeper, cells east of 45° have another second digit than those west of
        // it. The northern- and southernmost points (the smallest and largest cell keys) sit
        // west of 45°; a clump east of it must still find its neighbours.
        var items = [
            POIItem(position: CLLocationCoordinate2D(latitude: 70, longitude: 10), name: "north"),
            POIItem(position: CLLocationCoordinate2D(latitude: -50, longitude: 10), name: "south"),
        ]
        var random = SeededGenerator(seed: 3)
        for index in 0..<400 {
            items.append(POIItem(
                position: CLLocationCoordinate2D(
                    latitude: 30 + Double.random(in: -0.002...0.002, using: &random), longitude: 50 + Double.random(in: -0.004...0.004, using: &random)),
                name: "clump \(index)"))
        }
        let algorithm = HierarchicalClusterAlgorithm()
        algorithm.add(items)
        let expected = Self.reference(items)
        for zoom in 10...16 {
            #expect(Self.same(Self.entries(algorithm.clusters(atZoom: Float(zoom))), expected[zoom] ?? []), "zoom \(zoom)")
        }
    }

    @Test func rule74TinyRadiiDeepZoomsAndTheWorldsEdgesStillMatch() {
        // A radius so small that cells stop halving (finer than 2^-30 of the world) from zoom
        // 5 on, a clump tight enough to cluster at the deepest zooms, and points on the
        // antimeridian and past the Mercator limit (clamped to the world's edges).
        var items: [POIItem] = []
        var random = SeededGenerator(seed: 11)
        for index in 0..<300 {
            items.append(POIItem(
                position: CLLocationCoordinate2D(
                    latitude: 60 + Double.random(in: -3e-9...3e-9, using: &random), longitude: 25 + Double.random(in: -6e-9...6e-9, using: &random)),
                name: "clump \(index)"))
        }
        for (index, edge) in [(90.0, 180.0), (89.9, -180.0), (-90, 180), (-89.9, -179.9999), (0, 180), (0, -180)].enumerated() {
            items.append(POIItem(position: CLLocationCoordinate2D(latitude: edge.0, longitude: edge.1), name: "edge \(index)"))
        }
        let algorithm = HierarchicalClusterAlgorithm(radius: 0.00001, extent: 512, minZoom: 0, maxZoom: 30)
        algorithm.add(items)
        let expected = Self.reference(items, radius: 0.00001, maxZoom: 30)
        for zoom in 0...31 {
            #expect(Self.same(Self.entries(algorithm.clusters(atZoom: Float(zoom))), expected[zoom] ?? []), "zoom \(zoom)")
        }
        // The clump clusters at zooms where cells no longer halve.
        #expect(algorithm.clusters(atZoom: 10).count < items.count / 2)
        #expect(algorithm.clusters(atZoom: 14).count > algorithm.clusters(atZoom: 10).count)
    }

    @Test func rule74LongitudesOutsideTheWorldAreWrappedIntoIt() throws {
        let algorithm = HierarchicalClusterAlgorithm()
        algorithm.add([
            BareItem(CLLocationCoordinate2D(latitude: 10, longitude: 200)), BareItem(CLLocationCoordinate2D(latitude: 10, longitude: -160.0001)),
            BareItem(CLLocationCoordinate2D(latitude: 10, longitude: -520)),
        ])
        let clusters = algorithm.clusters(atZoom: 10)
        #expect(clusters.count == 1, "200°, -160.0001° and -520° are the same place")
        let cluster = try #require(clusters.first)
        #expect(cluster.count == 3)
        #expect(abs(cluster.position.longitude + 160) < 0.001)
    }
}
