import Foundation

/// A 3-d tree over places as points on the unit sphere: the nearest place by chord length is
/// the nearest by great-circle distance.
struct PlaceTree: Sendable {
    private let xs: [Double], ys: [Double], zs: [Double]
    /// Place indices in tree order: each range's middle element splits it on its depth's axis.
    private let order: [Int32]

    init(latitudes: [Double], longitudes: [Double]) {
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
        self.xs = xs
        self.ys = ys
        self.zs = zs
        self.order = order
    }

    static func unit(_ lat: Double, _ lon: Double) -> (Double, Double, Double) {
        let phi = lat * .pi / 180, lambda = lon * .pi / 180
        return (cos(phi) * cos(lambda), cos(phi) * sin(lambda), sin(phi))
    }

    private static func build(_ order: inout [Int32], _ low: Int, _ high: Int, _ depth: Int, _ c: [[Double]]) {
        guard high - low > 1 else { return }
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

    /// The nearest place accepted by `accept`, with its chord distance on the unit sphere.
    func nearest(latitude: Double, longitude: Double, accept: (Int) -> Bool = { _ in true }) -> (index: Int, chord: Double)? {
        let q = PlaceTree.unit(latitude, longitude)
        var best: (index: Int, squared: Double)?
        search(0, order.count, 0, q, accept, &best)
        return best.map { ($0.index, sqrt($0.squared)) }
    }

    private func search(
        _ low: Int, _ high: Int, _ depth: Int, _ q: (Double, Double, Double), _ accept: (Int) -> Bool,
        _ best: inout (index: Int, squared: Double)?
    ) {
        guard high > low else { return }
        let middle = (low + high) / 2
        let index = Int(order[middle])
        let dx = xs[index] - q.0, dy = ys[index] - q.1, dz = zs[index] - q.2
        let squared = dx * dx + dy * dy + dz * dz
        if squared < (best?.squared ?? .infinity), accept(index) { best = (index, squared) }
        let axis = depth % 3
        let split = axis == 0 ? xs[index] : axis == 1 ? ys[index] : zs[index]
        let value = axis == 0 ? q.0 : axis == 1 ? q.1 : q.2
        let delta = value - split
        let (near, far) = delta < 0 ? ((low, middle), (middle + 1, high)) : ((middle + 1, high), (low, middle))
        search(near.0, near.1, depth + 1, q, accept, &best)
        if delta * delta < (best?.squared ?? .infinity) { search(far.0, far.1, depth + 1, q, accept, &best) }
    }

    /// Converts a chord on the unit sphere to metres on the Earth.
    static func metres(chord: Double) -> Double {
        2 * 6_371_009 * asin(min(1, chord / 2))
    }
}
