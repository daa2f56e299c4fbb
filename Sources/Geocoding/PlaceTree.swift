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
        nearest(1, latitude: latitude, longitude: longitude, maxChord: maxChord, accept: accept).first
    }

    /// Up to `k` nearest places accepted by `accept` (within `maxChord`), nearest first, with
    /// chord distances. An iterative search over the tree's arrays, so nothing is retained
    /// or released per node.
    func nearest(
        _ k: Int, latitude: Double, longitude: Double, maxChord: Double = .infinity, accept: (Int) -> Bool
    ) -> [(index: Int, chord: Double)] {
        guard k > 0, !order.isEmpty else { return [] }
        let q = PlaceTree.unit(latitude, longitude)
        var found: [(index: Int, squared: Double)] = []
        found.reserveCapacity(k + 1)
        let limit = maxChord.isFinite ? maxChord * maxChord : Double.infinity
        xyz.withUnsafeBufferPointer { xyz in
                    order.withUnsafeBufferPointer { order in
                        globalIndex.withUnsafeBufferPointer { global in
                            // Ranges still to visit, with their depth, the per-axis offsets from the
                            // query to the range's cell and their squared sum (the cell's squared
                            // distance, a lower bound for every point in it: Arya and Mount's
                            // incremental distance).
                            typealias Entry = (low: Int, high: Int, depth: Int, offsets: (Double, Double, Double), distance: Double)
                            // The stack never holds more than two entries per level of the tree.
                            withUnsafeTemporaryAllocation(of: Entry.self, capacity: 2 * 64 + 2) { stack in
                            var top = 0
                            stack[0] = (0, order.count, 0, (0, 0, 0), 0)
                            top = 1
                            while top > 0 {
                                top -= 1
                                let (low, high, depth, offsets, cell) = stack[top]
                                let bound = found.count == k ? found[k - 1].squared : limit
                                guard high > low, cell < bound else { continue }
                                @inline(__always) func consider(_ slot: Int, _ squared: Double) {
                                    let bound = found.count == k ? found[k - 1].squared : limit
                                    let index = Int(order[slot])
                                    guard squared < bound, accept(global[index]) else { return }
                                    let position = found.firstIndex { $0.squared > squared } ?? found.count
                                    found.insert((index, squared), at: position)
                                    if found.count > k { found.removeLast() }
                                }
                                if high - low <= PlaceTree.leafSize {
                                    // A leaf: each of its points in turn.
                                    for slot in low..<high {
                                        let dx = xyz[3 * slot] - q.0, dy = xyz[3 * slot + 1] - q.1, dz = xyz[3 * slot + 2] - q.2
                                        consider(slot, dx * dx + dy * dy + dz * dz)
                                    }
                                    continue
                                }
                                let middle = (low + high) / 2
                                let px = xyz[3 * middle], py = xyz[3 * middle + 1], pz = xyz[3 * middle + 2]
                                let dx = px - q.0, dy = py - q.1, dz = pz - q.2
                                consider(middle, dx * dx + dy * dy + dz * dz)
                                let axis = depth % 3
                                let delta = axis == 0 ? q.0 - px : axis == 1 ? q.1 - py : q.2 - pz
                                let lower = (low, middle), upper = (middle + 1, high)
                                let (near, far) = delta < 0 ? (lower, upper) : (upper, lower)
                                var farOffsets = offsets
                                let previous: Double
                                switch axis {
                                case 0: previous = offsets.0; farOffsets.0 = delta
                                case 1: previous = offsets.1; farOffsets.1 = delta
                                default: previous = offsets.2; farOffsets.2 = delta
                                }
                                let farCell = cell - previous * previous + delta * delta
                                // Far side first onto the stack, so the near side is searched first.
                                guard top + 2 <= stack.count else { continue }
                                stack[top] = (far.0, far.1, depth + 1, farOffsets, farCell)
                                stack[top + 1] = (near.0, near.1, depth + 1, offsets, cell)
                                top += 2
                            }
                            }
                        }
                    }
        }
        return found.map { (globalIndex[$0.index], sqrt($0.squared)) }
    }

    /// Converts a chord on the unit sphere to metres on the Earth.
    static func metres(chord: Double) -> Double {
        2 * 6_371_009 * asin(min(1, chord / 2))
    }
}
