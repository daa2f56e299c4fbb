import Foundation

/// A 3-d tree over places as points on the unit sphere: the nearest place by chord length is
/// the nearest by great-circle distance.
struct PlaceTree: Sendable {
    /// The points in tree order, x, y and z of each together (a search reads them in runs,
    /// not through the order).
    private let xyz: [Double]
    /// Place indices in tree order: each range's middle element splits it on its depth's axis.
    private let order: [Int32]
    /// The pack's index of each point (the points may be a subset, such as one country's).
    private let globalIndex: [Int]
    /// Each node's box (see `boxes(count:xyz:)`).
    private let boxes: [Double]

    /// A tree over places; `indices` gives each point's index in the pack (by default its position).
    init(latitudes: [Double], longitudes: [Double], indices: [Int]? = nil) {
        globalIndex = indices ?? Array(0..<latitudes.count)
        var xs: [Double] = [], ys: [Double] = [], zs: [Double] = []
        xs.reserveCapacity(latitudes.count)
        ys.reserveCapacity(latitudes.count)
        zs.reserveCapacity(latitudes.count)
        for (lat, lon) in zip(latitudes, longitudes) {
            let (x, y, z) = PlaceTree.unit(lat, lon)
            xs.append(x)
            ys.append(y)
            zs.append(z)
        }
        var order = (0..<latitudes.count).map { Int32($0) }
        let coordinates = [xs, ys, zs]
        PlaceTree.build(&order, 0, order.count, 0, coordinates)
        var xyz: [Double] = []
        xyz.reserveCapacity(3 * order.count)
        for index in order {
            xyz.append(xs[Int(index)])
            xyz.append(ys[Int(index)])
            xyz.append(zs[Int(index)])
        }
        self.xyz = xyz
        self.order = order
        boxes = PlaceTree.boxes(count: order.count, xyz: xyz)
    }

    static func unit(_ lat: Double, _ lon: Double) -> (Double, Double, Double) {
        let phi = lat * .pi / 180, lambda = lon * .pi / 180
        return (cos(phi) * cos(lambda), cos(phi) * sin(lambda), sin(phi))
    }

    /// Ranges this short are leaves, read point by point (their order is left as it is): 16
    /// measured fastest of 1, 8 and 16 (`make geocoder-compare`).
    static let leafSize = 16

    private static func build(_ order: inout [Int32], _ low: Int, _ high: Int, _ depth: Int, _ c: [[Double]]) {
        guard high - low > leafSize else { return }
        let axis = depth % 3, middle = (low + high) / 2
        select(&order, low, high - 1, middle, c[axis])
        build(&order, low, middle, depth + 1, c)
        build(&order, middle + 1, high, depth + 1, c)
    }

    /// Quickselect: puts the k-th smallest (by `key`) at k, smaller before, larger after.
    private static func select(_ order: inout [Int32], _ lowIn: Int, _ highIn: Int, _ k: Int, _ key: [Double]) {
        var low = lowIn, high = highIn
        while high > low {
            let pivot = key[Int(order[(low + high) / 2])]
            var i = low, j = high
            while i <= j {
                while key[Int(order[i])] < pivot { i += 1 }
                while key[Int(order[j])] > pivot { j -= 1 }
                if i <= j {
                    order.swapAt(i, j)
                    i += 1
                    j -= 1
                }
            }
            if k <= j { high = j } else if k >= i { low = i } else { return }
        }
    }

    /// The nearest place accepted by `accept` (within `maxChord`, when given), with its chord
    /// distance on the unit sphere.
    func nearest(
        latitude: Double, longitude: Double, maxChord: Double = .infinity, accept: (Int) -> Bool = { _ in true }
    ) -> (index: Int, chord: Double)? {
        guard !order.isEmpty else { return nil }
        return withoutActuallyEscaping(accept) { accept in
            var best = NearestOne(bound: maxChord.isFinite ? maxChord * maxChord : .infinity, accept: accept)
            search(PlaceTree.unit(latitude, longitude), &best)
            return best.slot.map { (globalIndex[Int(order[$0])], sqrt(best.bound)) }
        }
    }

    /// Up to `k` nearest places accepted by `accept` (within `maxChord`), nearest first, with
    /// chord distances.
    func nearest(
        _ k: Int, latitude: Double, longitude: Double, maxChord: Double = .infinity, accept: (Int) -> Bool
    ) -> [(index: Int, chord: Double)] {
        guard k > 0, !order.isEmpty else { return [] }
        return withoutActuallyEscaping(accept) { accept in
            var best = NearestFew(k: k, limit: maxChord.isFinite ? maxChord * maxChord : .infinity, accept: accept)
            search(PlaceTree.unit(latitude, longitude), &best)
            return best.found.map { (globalIndex[Int(order[$0.slot])], sqrt($0.squared)) }
        }
    }

    /// The search: an iterative walk over the tree's arrays, so nothing is retained or released
    /// per node. Ranges are visited near side first (by the splitting plane), points in tree
    /// order, and a range is skipped when its box is no nearer than the collector's bound: a
    /// box holds its points, so a skipped range holds nothing the collector would take.
    private func search<Collector: NearestCollector>(_ q: (Double, Double, Double), _ collector: inout Collector) {
        xyz.withUnsafeBufferPointer { xyz in
            order.withUnsafeBufferPointer { order in
                globalIndex.withUnsafeBufferPointer { global in
                    boxes.withUnsafeBufferPointer { boxes in
                        /// The squared distance from the query to a node's box.
                        @inline(__always) func boxDistance(_ node: Int) -> Double {
                            let b = 6 * node
                            let gx = max(boxes[b] - q.0, 0, q.0 - boxes[b + 3])
                            let gy = max(boxes[b + 1] - q.1, 0, q.1 - boxes[b + 4])
                            let gz = max(boxes[b + 2] - q.2, 0, q.2 - boxes[b + 5])
                            return gx * gx + gy * gy + gz * gz
                        }
                        @inline(__always) func consider(_ slot: Int) {
                            let dx = xyz[3 * slot] - q.0, dy = xyz[3 * slot + 1] - q.1, dz = xyz[3 * slot + 2] - q.2
                            let squared = dx * dx + dy * dy + dz * dz
                            guard squared < collector.bound else { return }
                            collector.offer(slot: slot, place: global[Int(order[slot])], squared: squared)
                        }
                        // Ranges still to visit: their bounds, node number and depth.
                        typealias Entry = (low: Int, high: Int, node: Int, depth: Int)
                        // The stack never holds more than two entries per level of the tree.
                        withUnsafeTemporaryAllocation(of: Entry.self, capacity: 2 * 64 + 2) { stack in
                            stack[0] = (0, order.count, 0, 0)
                            var top = 1
                            while top > 0 {
                                top -= 1
                                let (low, high, node, depth) = stack[top]
                                guard high > low, boxDistance(node) < collector.bound else { continue }
                                if high - low <= PlaceTree.leafSize {
                                    // A leaf: each of its points in turn.
                                    for slot in low..<high { consider(slot) }
                                    continue
                                }
                                let middle = (low + high) / 2
                                consider(middle)
                                let axis = depth % 3
                                let delta = (axis == 0 ? q.0 : axis == 1 ? q.1 : q.2) - xyz[3 * middle + axis]
                                let lower = (low, middle, 2 * node + 1), upper = (middle + 1, high, 2 * node + 2)
                                let (near, far) = delta < 0 ? (lower, upper) : (upper, lower)
                                // Far side first onto the stack, so the near side is searched first.
                                guard top + 2 <= stack.count else { continue }
                                stack[top] = (far.0, far.1, far.2, depth + 1)
                                stack[top + 1] = (near.0, near.1, near.2, depth + 1)
                                top += 2
                            }
                        }
                    }
                }
            }
        }
    }

    /// Each node's box around its points (minimum x, y, z, then maximum), by node number:
    /// the whole tree is node 0 and node n's ranges are nodes 2n + 1 and 2n + 2.
    private static func boxes(count: Int, xyz: [Double]) -> [Double] {
        var nodes = 0
        func countNodes(_ low: Int, _ high: Int, _ node: Int) {
            nodes = max(nodes, node + 1)
            guard high - low > leafSize else { return }
            let middle = (low + high) / 2
            countNodes(low, middle, 2 * node + 1)
            countNodes(middle + 1, high, 2 * node + 2)
        }
        countNodes(0, count, 0)
        var boxes = [Double](repeating: 0, count: 6 * nodes)
        func fill(_ low: Int, _ high: Int, _ node: Int) {
            var box = (Double.infinity, Double.infinity, Double.infinity, -Double.infinity, -Double.infinity, -Double.infinity)
            func include(_ slot: Int) {
                box.0 = min(box.0, xyz[3 * slot])
                box.1 = min(box.1, xyz[3 * slot + 1])
                box.2 = min(box.2, xyz[3 * slot + 2])
                box.3 = max(box.3, xyz[3 * slot])
                box.4 = max(box.4, xyz[3 * slot + 1])
                box.5 = max(box.5, xyz[3 * slot + 2])
            }
            if high - low <= leafSize {
                for slot in low..<high { include(slot) }
            } else {
                let middle = (low + high) / 2
                include(middle)
                for child in [(low, middle, 2 * node + 1), (middle + 1, high, 2 * node + 2)] {
                    fill(child.0, child.1, child.2)
                    let b = 6 * child.2
                    box.0 = min(box.0, boxes[b])
                    box.1 = min(box.1, boxes[b + 1])
                    box.2 = min(box.2, boxes[b + 2])
                    box.3 = max(box.3, boxes[b + 3])
                    box.4 = max(box.4, boxes[b + 4])
                    box.5 = max(box.5, boxes[b + 5])
                }
            }
            let b = 6 * node
            (boxes[b], boxes[b + 1], boxes[b + 2], boxes[b + 3], boxes[b + 4], boxes[b + 5]) = box
        }
        fill(0, count, 0)
        return boxes
    }

    /// Converts a chord on the unit sphere to metres on the Earth.
    static func metres(chord: Double) -> Double {
        2 * 6_371_009 * asin(min(1, chord / 2))
    }
}

/// What a search keeps of the points it passes: its bound is the squared chord a point must
/// beat to be offered.
private protocol NearestCollector {
    var bound: Double { get }
    mutating func offer(slot: Int, place: Int, squared: Double)
}

/// The nearest accepted point; the first found wins a tie.
private struct NearestOne: NearestCollector {
    var bound: Double
    let accept: (Int) -> Bool
    var slot: Int?

    init(bound: Double, accept: @escaping (Int) -> Bool) {
        self.bound = bound
        self.accept = accept
    }

    mutating func offer(slot: Int, place: Int, squared: Double) {
        guard accept(place) else { return }
        self.slot = slot
        bound = squared
    }
}

/// The k nearest accepted points, nearest first; of equals, the first found comes first.
private struct NearestFew: NearestCollector {
    let k: Int
    let limit: Double
    let accept: (Int) -> Bool
    var found: [(slot: Int, squared: Double)] = []

    init(k: Int, limit: Double, accept: @escaping (Int) -> Bool) {
        self.k = k
        self.limit = limit
        self.accept = accept
        found.reserveCapacity(k + 1)
    }

    var bound: Double { found.count == k ? found[k - 1].squared : limit }

    mutating func offer(slot: Int, place: Int, squared: Double) {
        guard accept(place) else { return }
        let position = found.firstIndex { $0.squared > squared } ?? found.count
        found.insert((slot, squared), at: position)
        if found.count > k { found.removeLast() }
    }
}
