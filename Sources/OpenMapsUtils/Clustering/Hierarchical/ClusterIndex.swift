import Foundation

/// A hierarchical cluster index over points, built once: Supercluster's clustering (the
/// points are clustered once per zoom, from `maxZoom` down to `minZoom`, each zoom's result
/// the input of the next), with Supercluster's option names, meanings and order of
/// processing, so the same input gives the same clusters. Our own code: neighbours are found
/// in a grid of cells one radius wide (sorted with a radix sort) instead of a k-d tree, and
/// each zoom's clusters are kept as a list of entries sorted by cell for viewport queries.
///
/// Coordinates are Supercluster's: x = longitude / 360 + 0.5 and the Mercator y from 0 (north)
/// to 1 (south). Not changed once built, so clusters read it from any thread.
final class ClusterIndex: @unchecked Sendable {
    struct Options: Equatable, Sendable {
        var radius: Double
        var extent: Double
        var minZoom: Int
        var maxZoom: Int
        var minPoints: Int
    }

    let options: Options
    /// Every entry: the points first (entry i is point i), then the clusters made.
    private(set) var x: [Double] = []
    private(set) var y: [Double] = []
    private(set) var count: [UInt32] = []
    /// A cluster's children are `children[childStart[e] ..< childStart[e] + childCount[e]]`.
    private(set) var childStart: [Int32] = []
    private(set) var childCount: [Int32] = []
    private(set) var children: [Int32] = []
    /// The entries at each zoom (`levels[z - minZoom]`, z up to maxZoom + 1: the points),
    /// sorted by their cell at `cellSize[z - minZoom]`.
    private(set) var levels: [[Int32]] = []
    private(set) var cellSizes: [Double] = []

    /// The number of points.
    let pointCount: Int

    /// Clusters points given in Supercluster's projected coordinates.
    init(x pointX: [Double], y pointY: [Double], options: Options) {
        self.options = options
        pointCount = pointX.count
        let n = pointX.count
        x = pointX
        y = pointY
        count = [UInt32](repeating: 1, count: n)
        childStart = [Int32](repeating: -1, count: n)
        childCount = [Int32](repeating: 0, count: n)
        let levelCount = options.maxZoom + 2 - options.minZoom
        levels = Array(repeating: [], count: levelCount)
        cellSizes = Array(repeating: 1, count: levelCount)
        var current = (0..<n).map { Int32($0) }
        var scratch = Scratch()
        for zoom in stride(from: options.maxZoom, through: options.minZoom, by: -1) {
            let r = options.radius / (options.extent * Double(1 << UInt(min(max(zoom, 0), 40))))
            let input = current
            // This zoom's entries, copied in their order: read in order, and by cell in the grid.
            var level = Level(capacity: input.count)
            for entry in input {
                let e = Int(entry)
                level.x.append(x[e])
                level.y.append(y[e])
                level.count.append(count[e])
            }
            var grid = Grid(level: level, cellSize: r, scratch: &scratch)
            current = cluster(input, level: level, grid: &grid, radius: r, scratch: &scratch)
            // The input of this zoom is the level above, kept grouped by cell for queries.
            levels[zoom + 1 - options.minZoom] = grid.entriesByCell(of: input)
            cellSizes[zoom + 1 - options.minZoom] = r
        }
        // The top level, sorted by cell too.
        let topSize = options.radius / (options.extent * Double(1 << UInt(min(max(options.minZoom, 0), 40))))
        var top = Level(capacity: current.count)
        for entry in current {
            top.x.append(x[Int(entry)])
            top.y.append(y[Int(entry)])
            top.count.append(count[Int(entry)])
        }
        let grid = Grid(level: top, cellSize: topSize, scratch: &scratch)
        levels[0] = grid.entriesByCell(of: current)
        cellSizes[0] = topSize
    }

    /// One zoom's entries in their order: positions, counts.
    struct Level {
        var x: [Double] = []
        var y: [Double] = []
        var count: [UInt32] = []

        init(capacity: Int) {
            x.reserveCapacity(capacity)
            y.reserveCapacity(capacity)
            count.reserveCapacity(capacity)
        }
    }

    /// Reusable buffers of the radix sort.
    struct Scratch {
        var keys: [UInt64] = []
        var order: [Int32] = []
        var keys2: [UInt64] = []
        var order2: [Int32] = []
        var neighbours: [Int32] = []
    }

    /// One zoom's clustering, in the input's order (Supercluster's `_cluster`). Every entry
    /// of the input is untaken at the start of a zoom (carried ones were taken at the zoom
    /// above, new clusters not yet), so "taken" is kept for this zoom only.
    private func cluster(_ input: [Int32], level: Level, grid: inout Grid, radius r: Double, scratch: inout Scratch) -> [Int32] {
        let n = input.count
        var next: [Int32] = []
        next.reserveCapacity(n)
        var taken = [Bool](repeating: false, count: n)
        let r2 = r * r
        let minPoints = UInt32(max(options.minPoints, 0))
        for position in 0..<n where !taken[position] {
            let entry = input[position]
            // A point alone in its nine cells stays as it is (most points, at the deeper zooms).
            if grid.isAlone(position: position) {
                next.append(entry)
                continue
            }
            taken[position] = true
            grid.take(position: position)
            let px = level.x[position], py = level.y[position]
            let origin = level.count[position]
            var total = origin
            scratch.neighbours.removeAll(keepingCapacity: true)
            // Taken entries have left the grid: only untaken ones are read.
            grid.forEachNeighbour(ofPosition: position) { candidate, cx, cy, ccount in
                let dx = cx - px, dy = cy - py
                guard dx * dx + dy * dy <= r2 else { return }
                total += ccount
                scratch.neighbours.append(candidate)
            }
            if total > origin, total >= minPoints {
                var wx = px * Double(origin), wy = py * Double(origin)
                let made = Int32(x.count)
                childStart.append(Int32(children.count))
                childCount.append(Int32(scratch.neighbours.count + 1))
                children.append(entry)
                for neighbour in scratch.neighbours {
                    let q = Int(neighbour)
                    taken[q] = true
                    grid.take(position: q)
                    wx += level.x[q] * Double(level.count[q])
                    wy += level.y[q] * Double(level.count[q])
                    children.append(input[q])
                }
                x.append(wx / Double(total))
                y.append(wy / Double(total))
                count.append(total)
                next.append(made)
            } else {
                next.append(entry)
                if total > 1 {
                    for neighbour in scratch.neighbours where !taken[Int(neighbour)] {
                        taken[Int(neighbour)] = true
                        grid.take(position: Int(neighbour))
                        next.append(input[Int(neighbour)])
                    }
                }
            }
        }
        return next
    }

    /// The zoom's level index for a zoom (Supercluster's `_limitZoom`: floor, then clamped
    /// into minZoom ... maxZoom + 1).
    func level(forZoom zoom: Double) -> Int {
        let floored = zoom.isFinite ? Int(max(min(zoom.rounded(.down), 1e6), -1e6)) : options.minZoom
        return min(max(floored, options.minZoom), options.maxZoom + 1) - options.minZoom
    }

    /// The entries of a zoom inside a box of projected coordinates (edges included).
    func entries(level: Int, minX: Double, minY: Double, maxX: Double, maxY: Double, _ visit: (Int32) -> Void) {
        let list = levels[level]
        let size = cellSizes[level]
        guard !list.isEmpty, minX <= maxX, minY <= maxY else { return }
        let firstRow = Grid.cell(max(minY, -8), size), lastRow = Grid.cell(min(maxY, 9), size)
        let firstColumn = Grid.cell(max(minX, -8), size), lastColumn = Grid.cell(min(maxX, 9), size)
        guard lastRow >= firstRow else { return }
        // Rows in the level are contiguous runs of keys; few rows are scanned.
        var row = firstRow
        while row <= lastRow {
            let low = Grid.key(row: row, column: firstColumn), high = Grid.key(row: row, column: lastColumn)
            var start = lowerBound(list, key: low, size: size)
            while start < list.count {
                let entry = Int(list[start])
                let key = Grid.key(row: Grid.cell(y[entry], size), column: Grid.cell(x[entry], size))
                if key > high { break }
                if x[entry] >= minX, x[entry] <= maxX, y[entry] >= minY, y[entry] <= maxY { visit(list[start]) }
                start += 1
            }
            // Skip straight to the next row that has entries.
            if start >= list.count { break }
            let nextEntry = Int(list[start])
            let nextRow = Grid.cell(y[nextEntry], size)
            row = max(row + 1, nextRow)
        }
    }

    private func lowerBound(_ list: [Int32], key: UInt64, size: Double) -> Int {
        var low = 0, high = list.count
        while low < high {
            let middle = (low + high) / 2
            let entry = Int(list[middle])
            let found = Grid.key(row: Grid.cell(y[entry], size), column: Grid.cell(x[entry], size))
            if found < key { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// The points under an entry (itself when it is a point).
    func points(under entry: Int32, _ visit: (Int32) -> Void) {
        var stack = [entry]
        while let top = stack.popLast() {
            let e = Int(top)
            if e < pointCount {
                visit(top)
                continue
            }
            let start = Int(childStart[e]), length = Int(childCount[e])
            for index in stride(from: start + length - 1, through: start, by: -1) { stack.append(children[index]) }
        }
    }

    /// Bytes the index holds.
    var memoryBytes: Int {
        x.capacity * 8 + y.capacity * 8 + count.capacity * 4 + childStart.capacity * 4 + childCount.capacity * 4
            + children.capacity * 4 + levels.reduce(0) { $0 + $1.capacity * 4 }
    }
}

/// Input positions bucketed in square cells: sorted by (row, column) with a radix sort, the
/// cells' starts, and for each cell the first cell of the rows above and below that could hold
/// a neighbour, so a neighbour search reads at most nine cells. Positions taken (processed or
/// absorbed at the zoom) leave their cell, so searches read only untaken ones.
struct Grid {
    /// Input positions by cell; a cell's untaken ones first.
    private var slots: [Int32]
    /// The positions' coordinates and counts, by slot (read as a cell is scanned).
    private var slotX: [Double]
    private var slotY: [Double]
    private var slotCount: [UInt32]
    /// The slot of each input position.
    private var slotOfPosition: [Int32]
    private let cellKeys: [UInt64]
    private let cellStarts: [Int32]
    /// How many of a cell's positions are untaken.
    private var cellLive: [Int32]
    /// The cell of each input position.
    private let cellOfPosition: [Int32]
    private let above: [Int32]
    private let below: [Int32]
    /// Whether a cell's entry is the only one in its nine cells.
    private let alone: [Bool]

    static func cell(_ value: Double, _ size: Double) -> Int64 {
        let scaled = (value / size).rounded(.down)
        return Int64(max(min(scaled, 1e15), -1e15))
    }

    /// A key that orders cells by row, then column (rows and columns offset to be positive).
    static func key(row: Int64, column: Int64) -> UInt64 {
        let offset: Int64 = 1 << 31
        let r = UInt64(clamping: min(max(row + offset, 0), (1 << 32) - 1))
        let c = UInt64(clamping: min(max(column + offset, 0), (1 << 32) - 1))
        return r << 32 | c
    }

    init(level: ClusterIndex.Level, cellSize: Double, scratch: inout ClusterIndex.Scratch) {
        let n = level.x.count
        scratch.keys.removeAll(keepingCapacity: true)
        scratch.order.removeAll(keepingCapacity: true)
        scratch.keys.reserveCapacity(n)
        scratch.order.reserveCapacity(n)
        for position in 0..<n {
            scratch.keys.append(Grid.key(row: Grid.cell(level.y[position], cellSize), column: Grid.cell(level.x[position], cellSize)))
            scratch.order.append(Int32(position))
        }
        Grid.radixSort(&scratch)
        var slots = [Int32](repeating: 0, count: n)
        var slotX = [Double](repeating: 0, count: n), slotY = [Double](repeating: 0, count: n)
        var slotCount = [UInt32](repeating: 0, count: n)
        var slotOfPosition = [Int32](repeating: 0, count: n)
        var cellOfPosition = [Int32](repeating: 0, count: n)
        var keys: [UInt64] = []
        var starts: [Int32] = []
        for index in 0..<n {
            let key = scratch.keys[index]
            if keys.last != key {
                keys.append(key)
                starts.append(Int32(index))
            }
            let position = Int(scratch.order[index])
            slots[index] = Int32(position)
            slotX[index] = level.x[position]
            slotY[index] = level.y[position]
            slotCount[index] = level.count[position]
            slotOfPosition[position] = Int32(index)
            cellOfPosition[position] = Int32(keys.count - 1)
        }
        starts.append(Int32(n))
        var live = [Int32](repeating: 0, count: keys.count)
        for cell in 0..<keys.count { live[cell] = starts[cell + 1] - starts[cell] }
        // The first cell at or after (row ± 1, column − 1), by two moving pointers.
        var above = [Int32](repeating: 0, count: keys.count), below = [Int32](repeating: 0, count: keys.count)
        var up = 0, down = 0
        for (index, key) in keys.enumerated() {
            let targetUp = key &- (1 << 32) &- 1, targetDown = key &+ (1 << 32) &- 1
            while up < keys.count, keys[up] < targetUp { up += 1 }
            while down < keys.count, keys[down] < targetDown { down += 1 }
            above[index] = Int32(up)
            below[index] = Int32(down)
        }
        var alone = [Bool](repeating: false, count: keys.count)
        for cell in 0..<keys.count where starts[cell + 1] - starts[cell] == 1 {
            let key = keys[cell]
            func population(from first: Int, through last: UInt64) -> Int32 {
                var c = first, total: Int32 = 0
                while c < keys.count, keys[c] <= last, total < 2 {
                    total += starts[c + 1] - starts[c]
                    c += 1
                }
                return total
            }
            let total = population(from: Int(above[cell]), through: key &- (1 << 32) &+ 1)
                + population(from: cell > 0 && keys[cell - 1] == key &- 1 ? cell - 1 : cell, through: key &+ 1)
                + population(from: Int(below[cell]), through: key &+ (1 << 32) &+ 1)
            alone[cell] = total == 1
        }
        self.alone = alone
        self.slots = slots
        self.slotX = slotX
        self.slotY = slotY
        self.slotCount = slotCount
        self.slotOfPosition = slotOfPosition
        cellKeys = keys
        cellStarts = starts
        cellLive = live
        self.cellOfPosition = cellOfPosition
        self.above = above
        self.below = below
    }

    /// Whether an input position is the only entry in its nine cells.
    func isAlone(position: Int) -> Bool { alone[Int(cellOfPosition[position])] }

    /// The input's entries grouped by cell, in key order (a level kept for queries).
    func entriesByCell(of input: [Int32]) -> [Int32] {
        slots.map { input[Int($0)] }
    }

    /// A position leaves its cell's untaken ones.
    mutating func take(position: Int) {
        let cell = Int(cellOfPosition[position])
        let slot = Int(slotOfPosition[position])
        let last = Int(cellStarts[cell]) + Int(cellLive[cell]) - 1
        guard slot <= last else { return }
        let moved = slots[last]
        slots[last] = Int32(position)
        slots[slot] = moved
        slotX.swapAt(slot, last)
        slotY.swapAt(slot, last)
        slotCount.swapAt(slot, last)
        slotOfPosition[Int(moved)] = Int32(slot)
        slotOfPosition[position] = Int32(last)
        cellLive[cell] -= 1
    }

    /// Every untaken position in the nine cells around an input position's cell, with its
    /// coordinates and count.
    func forEachNeighbour(ofPosition position: Int, _ visit: (Int32, Double, Double, UInt32) -> Void) {
        let cell = Int(cellOfPosition[position])
        let key = cellKeys[cell]
        func scan(from first: Int, through last: UInt64) {
            var c = first
            while c < cellKeys.count, cellKeys[c] <= last {
                let start = Int(cellStarts[c])
                for slot in start..<(start + Int(cellLive[c])) { visit(slots[slot], slotX[slot], slotY[slot], slotCount[slot]) }
                c += 1
            }
        }
        scan(from: Int(above[cell]), through: key &- (1 << 32) &+ 1)
        scan(from: cell > 0 && cellKeys[cell - 1] == key &- 1 ? cell - 1 : cell, through: key &+ 1)
        scan(from: Int(below[cell]), through: key &+ (1 << 32) &+ 1)
    }

    /// Sorts keys (and their positions) by 16-bit digits, up to the highest digit in which
    /// the smallest and largest keys differ (the digits above it all keys share).
    static func radixSort(_ scratch: inout ClusterIndex.Scratch) {
        let n = scratch.keys.count
        guard n > 1 else { return }
        var low = UInt64.max, high = UInt64.min
        for key in scratch.keys {
            low = min(low, key)
            high = max(high, key)
        }
        let differing = low ^ high
        guard differing != 0 else { return }
        let highestBit = 63 - differing.leadingZeroBitCount
        scratch.keys2 = [UInt64](repeating: 0, count: n)
        scratch.order2 = [Int32](repeating: 0, count: n)
        var counts = [Int](repeating: 0, count: 1 << 16)
        for shift in stride(from: 0, through: highestBit, by: 16) {
            for index in counts.indices { counts[index] = 0 }
            for key in scratch.keys { counts[Int((key >> UInt64(shift)) & 0xffff)] += 1 }
            var total = 0
            for index in counts.indices {
                let c = counts[index]
                counts[index] = total
                total += c
            }
            for index in 0..<n {
                let key = scratch.keys[index]
                let digit = Int((key >> UInt64(shift)) & 0xffff)
                let target = counts[digit]
                counts[digit] = target + 1
                scratch.keys2[target] = key
                scratch.order2[target] = scratch.order[index]
            }
            swap(&scratch.keys, &scratch.keys2)
            swap(&scratch.order, &scratch.order2)
        }
    }
}
