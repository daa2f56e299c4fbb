import Foundation

/// A 3-d tree over places as points on the unit sphere: the nearest place by chord length is
/// the nearest by great-circle distance.
struct PlaceTree: Sendable {
    /// The points in tree order, x, y and z of each together (a search reads them in runs,
    /// not through the order).
    private let xyz: [Double]
    /// The pack's index of each point in tree order (the points may be a subset, such as one
    /// country's): each range's middle point splits it on the range's axis (`axes`).
    private let places: [Int]
    /// Each node's box (see `boxes(count:xyz:)`).
    private let boxes: [Double]
    /// The axis each node's range is split on (0, 1, 2: x, y, z), by node number.
    private let axes: [UInt8]
    /// Per cell of a grid of `seedCellSize` degrees over the places' box, the slots of the
    /// `seedCount` places nearest the cell's centre (-1 where there are fewer). A search starts
    /// from its cell's (or the nearest cell's): where they are near, it skips at once what is
    /// farther (far out at sea, or in a desert, most of the tree).
    private var seeds: [Int32] = []
    private var seedGrid = (minLatitude: 0.0, minLongitude: 0.0, rows: 0, columns: 0)
    static let seedCellSize = 2.0
    static let seedCount = 4
    /// A tree over places; `indices` gives each point's index in the pack (by default its
    /// position). With `seeded`, searches start from a grid of seeds (a search more per cell
    /// to make the tree, at most 16,200 cells).
    init(latitudes: [Double], longitudes: [Double], indices: [Int]? = nil, seeded: Bool = false) {
        let globalIndex = indices ?? Array(0..<latitudes.count)
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
        var axes: [UInt8] = []
        PlaceTree.build(&order, &axes, 0, order.count, 0, coordinates)
        self.axes = axes
        var xyz: [Double] = []
        xyz.reserveCapacity(3 * order.count)
        for index in order {
            xyz.append(xs[Int(index)])
            xyz.append(ys[Int(index)])
            xyz.append(zs[Int(index)])
        }
        self.xyz = xyz
        places = order.map { globalIndex[Int($0)] }
        boxes = PlaceTree.boxes(count: order.count, xyz: xyz)
        if seeded, !order.isEmpty { makeSeeds(latitudes: latitudes, longitudes: longitudes) }
    }

    /// Each seed cell's nearest places to its centre, found row by row, each search starting
    /// from the last cell's.
    private mutating func makeSeeds(latitudes: [Double], longitudes: [Double]) {
        let finite = zip(latitudes, longitudes).filter { $0.0.isFinite && $0.1.isFinite }
        guard let minLatitude = finite.map(\.0).min(), let maxLatitude = finite.map(\.0).max(),
            let minLongitude = finite.map(\.1).min(), let maxLongitude = finite.map(\.1).max()
        else { return }
        // At most 90 x 180 cells, whatever the box.
        let rows = min(Int(((maxLatitude - minLatitude) / PlaceTree.seedCellSize).rounded(.down)) + 1, 90)
        let columns = min(Int(((maxLongitude - minLongitude) / PlaceTree.seedCellSize).rounded(.down)) + 1, 180)
        var seeds: [Int32] = []
        seeds.reserveCapacity(rows * columns * PlaceTree.seedCount)
        var previous: [Int32] = []
        for row in 0..<rows {
            for column in 0..<columns {
                let latitude = minLatitude + (Double(row) + 0.5) * PlaceTree.seedCellSize
                let longitude = minLongitude + (Double(column) + 0.5) * PlaceTree.seedCellSize
                var best = NearestFew(k: PlaceTree.seedCount, limit: .infinity, accept: { _ in true })
                search(PlaceTree.unit(min(latitude, 90), min(longitude, 180)), from: previous, &best)
                previous = best.found.map { Int32(truncatingIfNeeded: $0.slot) }
                seeds += previous + [Int32](repeating: -1, count: PlaceTree.seedCount - previous.count)
            }
        }
        self.seeds = seeds
        seedGrid = (minLatitude, minLongitude, rows, columns)
    }

    /// The seed slots of a coordinate's cell (or the nearest cell's); none when the tree has
    /// no seeds.
    private func seeds(latitude: Double, longitude: Double) -> ArraySlice<Int32> {
        guard !seeds.isEmpty, latitude.isFinite, longitude.isFinite else { return [] }
        func cell(_ degrees: Double, _ count: Int) -> Int {
            let position = (degrees / PlaceTree.seedCellSize).rounded(.down)
            return position > 0 ? min(Int(min(position, 1e6)), count - 1) : 0
        }
        let row = cell(latitude - seedGrid.minLatitude, seedGrid.rows)
        let column = cell(longitude - seedGrid.minLongitude, seedGrid.columns)
        let first = (row * seedGrid.columns + column) * PlaceTree.seedCount
        return seeds[first..<first + PlaceTree.seedCount]
    }

    static func unit(_ lat: Double, _ lon: Double) -> (Double, Double, Double) {
        let phi = lat * .pi / 180, lambda = lon * .pi / 180
        return (cos(phi) * cos(lambda), cos(phi) * sin(lambda), sin(phi))
    }

    /// Ranges this short are leaves, read point by point (their order is left as it is): 16
    /// measured fastest of 1, 8 and 16, and 32 alike with 16 within the machine's drift
    /// (`make geocoder-compare`).
    static let leafSize = 32

    /// Splits ranges at their median on the axis along which their points spread widest (the
    /// points lie on a sphere, so cycling the axes would cut some ranges across their thin side).
    private static func build(_ order: inout [Int32], _ axes: inout [UInt8], _ low: Int, _ high: Int, _ node: Int, _ c: [[Double]]) {
        guard high - low > leafSize else { return }
        var widest = 0, spread = -1.0
        for axis in 0..<3 {
            var least = Double.infinity, most = -Double.infinity
            for slot in low..<high {
                let value = c[axis][Int(order[slot])]
                least = min(least, value)
                most = max(most, value)
            }
            if most - least > spread {
                spread = most - least
                widest = axis
            }
        }
        if node >= axes.count { axes += [UInt8](repeating: 0, count: node + 1 - axes.count) }
        axes[node] = UInt8(widest)
        let middle = (low + high) / 2
        select(&order, low, high - 1, middle, c[widest])
        build(&order, &axes, low, middle, 2 * node + 1, c)
        build(&order, &axes, middle + 1, high, 2 * node + 2, c)
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
        guard !places.isEmpty else { return nil }
        return withoutActuallyEscaping(accept) { accept in
            var best = NearestOne(bound: maxChord.isFinite ? maxChord * maxChord : .infinity, accept: accept)
            search(PlaceTree.unit(latitude, longitude), from: seeds(latitude: latitude, longitude: longitude), &best)
            return best.slot.map { (places[$0], sqrt(best.bound)) }
        }
    }

    /// Up to `k` nearest places accepted by `accept` (within `maxChord`), nearest first, with
    /// chord distances.
    func nearest(
        _ k: Int, latitude: Double, longitude: Double, maxChord: Double = .infinity, accept: (Int) -> Bool
    ) -> [(index: Int, chord: Double)] {
        guard k > 0, !places.isEmpty else { return [] }
        return withoutActuallyEscaping(accept) { accept in
            var best = NearestFew(k: k, limit: maxChord.isFinite ? maxChord * maxChord : .infinity, accept: accept)
            search(PlaceTree.unit(latitude, longitude), from: seeds(latitude: latitude, longitude: longitude), &best)
            return best.found.map { (places[$0.slot], sqrt($0.squared)) }
        }
    }

    /// The search: an iterative walk over the tree's arrays, so nothing is retained or released
    /// per node. Ranges are visited near side first (by the splitting plane), points in tree
    /// order, and a range is skipped when its box is no nearer than the collector's bound: a
    /// box holds its points, so a skipped range holds nothing the collector would take.
    /// The `seeds` slots are offered first: where they are near, the search skips more from
    /// the start; the answer is the same (of places equally near, the first in the pack wins,
    /// and a place offered twice is taken once).
    private func search<Collector: NearestCollector, Seeds: Collection<Int32>>(
        _ q: (Double, Double, Double), from seeds: Seeds, _ collector: inout Collector
    ) {
        xyz.withUnsafeBufferPointer { xyz in
            places.withUnsafeBufferPointer { places in
                boxes.withUnsafeBufferPointer { boxes in
                    axes.withUnsafeBufferPointer { axes in
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
                            guard squared <= collector.bound else { return }
                            collector.offer(slot: slot, place: places[slot], squared: squared)
                        }
                        for seed in seeds where seed >= 0 && Int(seed) < places.count { consider(Int(seed)) }
                        // Ranges still to visit: their bounds and node number.
                        typealias Entry = (low: Int, high: Int, node: Int)
                        // The stack never holds more than two entries per level of the tree.
                        withUnsafeTemporaryAllocation(of: Entry.self, capacity: 2 * 64 + 2) { stack in
                            stack[0] = (0, places.count, 0)
                            var top = 1
                            while top > 0 {
                                top -= 1
                                let (low, high, node) = stack[top]
                                guard high > low, boxDistance(node) <= collector.bound else { continue }
                                if high - low <= PlaceTree.leafSize {
                                    // A leaf: each of its points in turn.
                                    for slot in low..<high { consider(slot) }
                                    continue
                                }
                                let middle = (low + high) / 2
                                consider(middle)
                                let axis = Int(axes[node])
                                let delta = (axis == 0 ? q.0 : axis == 1 ? q.1 : q.2) - xyz[3 * middle + axis]
                                let lower = (low, middle, 2 * node + 1), upper = (middle + 1, high, 2 * node + 2)
                                let (near, far) = delta < 0 ? (lower, upper) : (upper, lower)
                                // Far side first onto the stack, so the near side is searched first.
                                guard top + 2 <= stack.count else { continue }
                                stack[top] = far
                                stack[top + 1] = near
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

/// What a search keeps of the points it passes: a point farther than its bound is not
/// offered. Of places equally near, the one first in the pack is nearer, whatever the tree's
/// shape.
private protocol NearestCollector {
    var bound: Double { get }
    mutating func offer(slot: Int, place: Int, squared: Double)
}

/// The nearest accepted point.
private struct NearestOne: NearestCollector {
    /// The limit until a point is found, then the point's squared chord.
    var bound: Double
    let accept: (Int) -> Bool
    var slot: Int?
    var place = Int.max

    init(bound: Double, accept: @escaping (Int) -> Bool) {
        self.bound = bound
        self.accept = accept
    }

    mutating func offer(slot: Int, place: Int, squared: Double) {
        guard self.slot == nil ? squared < bound : squared < bound || place < self.place, accept(place) else { return }
        self.slot = slot
        self.place = place
        bound = squared
    }
}

/// The k nearest accepted points, nearest first.
private struct NearestFew: NearestCollector {
    let k: Int
    let limit: Double
    let accept: (Int) -> Bool
    var found: [(slot: Int, place: Int, squared: Double)] = []

    init(k: Int, limit: Double, accept: @escaping (Int) -> Bool) {
        self.k = k
        self.limit = limit
        self.accept = accept
        found.reserveCapacity(k + 1)
    }

    var bound: Double { found.count == k ? found[k - 1].squared : limit }

    mutating func offer(slot: Int, place: Int, squared: Double) {
        // A seed is offered again when the search reaches it.
        if found.contains(where: { $0.slot == slot }) { return }
        if found.count == k {
            let last = found[k - 1]
            guard squared < last.squared || place < last.place else { return }
        } else {
            guard squared < limit else { return }
        }
        guard accept(place) else { return }
        let position = found.firstIndex { $0.squared > squared || ($0.squared == squared && $0.place > place) } ?? found.count
        found.insert((slot, place, squared), at: position)
        if found.count > k { found.removeLast() }
    }
}
