internal import CMemoryHints
import Foundation

/// The buffers of an index build, kept from zoom to zoom so that after the first zoom no
/// memory is allocated: the current zoom's nodes in cell order with their keys and cells,
/// the place of each entry of Supercluster's order, each cell's runs of neighbour slots, and
/// the marks the clustering leaves.
struct ClusterWorkspace {
    typealias Node = ClusterIndex.Node
    typealias Mark = ClusterIndex.Mark
    typealias Runs = ClusterIndex.Runs

    /// The current nodes, sorted by `keys`; `cellOf[slot]` numbers their cells.
    var nodes: [Node] = []
    private(set) var keys: [UInt64] = []
    private(set) var cellOf: [Int32] = []
    /// The slot of each place in the order.
    private(set) var slotOfRank: [Int32] = []
    /// Each cell's runs (indexed by cell; entries past the cells are stale).
    private(set) var runs: [Runs] = []
    /// Each slot's mark, set by ``layOut(grid:)`` and the clustering.
    var marks: [Int32] = []
    /// The clusters made at the zoom, and their places in the next zoom's order.
    var made: [Node] = []
    var madeRanks: [Int32] = []
    var neighbours: [Int32] = []

    private var cellKeys: [UInt64] = []
    private var cellStarts: [Int32] = []
    private var cells = 0
    private var carriedSlots: [Int32] = []
    private var carriedKeys: [UInt64] = []
    private var spareNodes: [Node] = []
    private var spareKeys: [UInt64] = []
    private var sortKeys: [UInt64] = []
    private var sortKeys2: [UInt64] = []
    private var sortOrder: [Int32] = []
    private var sortOrder2: [Int32] = []

    /// The points as the first nodes: sorted by the deepest zoom's cells, their order the
    /// points' order.
    init(points: [Node], grid: CellGrid) {
        let n = points.count
        sortByKeys(points, grid: grid)
        let order = sortOrder
        nodes = Self.gather(points, order: order)
        keys = sortKeys
        slotOfRank = [Int32](repeating: 0, count: n)
        slotOfRank.withUnsafeMutableBufferPointer { slotOfRank in
            for slot in 0..<n { slotOfRank[Int(order[slot])] = Int32(slot) }
        }
        cellOf = [Int32](repeating: 0, count: n)
        numberCells()
    }

    /// Numbers the cells of the current nodes from their keys.
    private mutating func numberCells() {
        let n = nodes.count
        var cells = 0
        var cellKeys = self.cellKeys, cellStarts = self.cellStarts, cellOf = self.cellOf
        self.cellKeys = []
        self.cellStarts = []
        self.cellOf = []
        defer {
            self.cellKeys = cellKeys
            self.cellStarts = cellStarts
            self.cellOf = cellOf
        }
        let keys = self.keys
        if cellKeys.count < n + 1 { cellKeys = [UInt64](repeating: 0, count: n + 1) }
        if cellStarts.count < n + 1 { cellStarts = [Int32](repeating: 0, count: n + 1) }
        if cellOf.count < n { cellOf = [Int32](repeating: 0, count: n) }
        cellKeys.withUnsafeMutableBufferPointer { cellKeys in
            cellStarts.withUnsafeMutableBufferPointer { cellStarts in
                cellOf.withUnsafeMutableBufferPointer { cellOf in
                    keys.withUnsafeBufferPointer { keys in
                        var previous = UInt64.max
                        for slot in 0..<n {
                            let key = keys[slot]
                            if key != previous {
                                cellKeys[cells] = key
                                cellStarts[cells] = Int32(slot)
                                previous = key
                                cells += 1
                            }
                            cellOf[slot] = Int32(cells - 1)
                        }
                    }
                }
                cellStarts[cells] = Int32(n)
                cellKeys[cells] = UInt64.max
            }
        }
        self.cells = cells
    }

    /// Finds each cell's runs of neighbour slots and marks every node untaken, or alone when
    /// it is the only entry in its nine cells.
    mutating func layOut(grid: CellGrid) {
        let n = nodes.count
        let cells = self.cells
        let rowStep: UInt64 = 1 << grid.columnBits
        var runs = self.runs, marks = self.marks
        self.runs = []
        self.marks = []
        defer {
            self.runs = runs
            self.marks = marks
        }
        if runs.count < cells { runs = [Runs](repeating: .empty, count: n) }
        if marks.count < n { marks = [Int32](repeating: 0, count: n) }
        // The first cells of the rows above and below rise with the cell's key, so two
        // pointers move forward once; each run ends within three cells. Steps are counted
        // without branches where they are short: a sentinel key past the last cell stops
        // every pointer. Cell numbers start at 1: no bound goes below zero.
        cellKeys.withUnsafeBufferPointer { keys in
            cellStarts.withUnsafeBufferPointer { starts in
                runs.withUnsafeMutableBufferPointer { runs in
                    marks.withUnsafeMutableBufferPointer { marks in
                        var above = 0, below = 0
                        @inline(__always) func advance(_ pointer: inout Int, to target: UInt64) {
                            pointer &+= keys[pointer] < target ? 1 : 0
                            pointer &+= keys[pointer] < target ? 1 : 0
                            while keys[pointer] < target { pointer += 1 }
                        }
                        @inline(__always) func end(from first: Int, through last: UInt64) -> Int {
                            var c = first
                            c &+= keys[c] <= last ? 1 : 0
                            c &+= keys[c] <= last ? 1 : 0
                            c &+= keys[c] <= last ? 1 : 0
                            return c
                        }
                        for cell in 0..<cells {
                            let key = keys[cell]
                            advance(&above, to: key - rowStep - 1)
                            advance(&below, to: key + rowStep - 1)
                            let rowFirst = cell &- (cell > 0 && keys[cell &- 1] == key - 1 ? 1 : 0)
                            let around = Runs(
                                aboveStart: starts[above], aboveEnd: starts[end(from: above, through: key - rowStep + 1)],
                                rowStart: starts[rowFirst], rowEnd: starts[end(from: cell, through: key + 1)],
                                belowStart: starts[below], belowEnd: starts[end(from: below, through: key + rowStep + 1)])
                            runs[cell] = around
                            let mark = around.population == 1 ? Mark.alone : Mark.untaken
                            for slot in Int(starts[cell])..<Int(starts[cell + 1]) { marks[slot] = mark }
                        }
                    }
                }
            }
        }
    }

    /// Makes the next zoom's nodes, sorted by its cells (the current cells two by two, or
    /// the same), with the place of each in the next order: the carried nodes (marked with
    /// their place), whose order needs only pairs of rows merged, and the clusters made,
    /// sorted, merged in the same pass. The current buffers become the next zoom's spares.
    mutating func advance(to grid: CellGrid) {
        let nodes = self.nodes, marks = self.marks
        let n = nodes.count
        // The carried nodes' slots and next keys, in the current order.
        carriedSlots.removeAll(keepingCapacity: true)
        carriedKeys.removeAll(keepingCapacity: true)
        var carriedSlots = self.carriedSlots, carriedKeys = self.carriedKeys
        self.carriedSlots = []
        self.carriedKeys = []
        marks.withUnsafeBufferPointer { marks in
            nodes.withUnsafeBufferPointer { nodes in
                for slot in 0..<n where marks[slot] >= 0 {
                    carriedSlots.append(Int32(slot))
                    carriedKeys.append(grid.key(x: nodes[slot].x, y: nodes[slot].y))
                }
            }
        }
        self.carriedSlots = carriedSlots
        self.carriedKeys = carriedKeys
        sortByKeys(made, grid: grid)
        let madeOrder = sortOrder, madeKeys = sortKeys
        let total = carriedSlots.count + made.count
        var result = spareNodes, resultKeys = spareKeys
        spareNodes = []
        spareKeys = []
        if result.count < total { result = [Node](repeating: Node(x: 0, y: 0, count: 0, entry: 0), count: total) }
        if resultKeys.count < total { resultKeys = [UInt64](repeating: 0, count: total) }
        var shaped = true
        var written = 0
        var slotOfRank = self.slotOfRank
        self.slotOfRank = []
        // The next zoom's cells are numbered as the nodes are written.
        var cellKeys = self.cellKeys, cellStarts = self.cellStarts, cellOf = self.cellOf
        self.cellKeys = []
        self.cellStarts = []
        self.cellOf = []
        if cellKeys.count < total + 1 { cellKeys = [UInt64](repeating: 0, count: total + 1) }
        if cellStarts.count < total + 1 { cellStarts = [Int32](repeating: 0, count: total + 1) }
        if cellOf.count < total { cellOf = [Int32](repeating: 0, count: total) }
        var cells = 0
        let made = self.made, madeRanks = self.madeRanks
        cellKeys.withUnsafeMutableBufferPointer { cellKeys in
            cellStarts.withUnsafeMutableBufferPointer { cellStarts in
                cellOf.withUnsafeMutableBufferPointer { cellOf in
                    result.withUnsafeMutableBufferPointer { result in
                        resultKeys.withUnsafeMutableBufferPointer { resultKeys in
                            slotOfRank.withUnsafeMutableBufferPointer { slotOfRank in
                                carriedKeys.withUnsafeBufferPointer { keys in
                                    carriedSlots.withUnsafeBufferPointer { slots in
                                        marks.withUnsafeBufferPointer { marks in
                                            nodes.withUnsafeBufferPointer { nodes in
                                                made.withUnsafeBufferPointer { made in
                                                    let c = keys.count
                                                    var k = 0, m = 0
                                                    var previous = UInt64.max
                                                    @inline(__always) func number(_ key: UInt64) {
                                                        if key != previous {
                                                            cellKeys[cells] = key
                                                            cellStarts[cells] = Int32(k)
                                                            cells += 1
                                                            previous = key
                                                        }
                                                        cellOf[k] = Int32(cells - 1)
                                                    }
                                                    @inline(__always) func emitCarried(_ index: Int) {
                                                        let slot = Int(slots[index])
                                                        result[k] = nodes[slot]
                                                        result[k].count &= ~Node.processed
                                                        resultKeys[k] = keys[index]
                                                        number(keys[index])
                                                        slotOfRank[Int(marks[slot])] = Int32(k)
                                                        k += 1
                                                    }
                                                    @inline(__always) func emitMade() {
                                                        let index = Int(madeOrder[m])
                                                        result[k] = made[index]
                                                        resultKeys[k] = madeKeys[m]
                                                        number(madeKeys[m])
                                                        slotOfRank[Int(madeRanks[index])] = Int32(k)
                                                        k += 1
                                                        m += 1
                                                    }
                                                    // Each row of next cells: up to two ascending runs (a row
                                                    // of the current cells, then the next), merged with the
                                                    // clusters made.
                                                    var i = 0
                                                    while i < c, shaped {
                                                        let row = keys[i] >> grid.columnBits
                                                        var j = i + 1
                                                        while j < c, keys[j] >> grid.columnBits == row, keys[j] >= keys[j - 1] { j += 1 }
                                                        var end = j
                                                        while end < c, keys[end] >> grid.columnBits == row {
                                                            if end > j, keys[end] < keys[end - 1] { shaped = false }
                                                            end += 1
                                                        }
                                                        var a = i, b = j
                                                        while a < j || b < end {
                                                            let useA = b >= end || (a < j && keys[a] <= keys[b])
                                                            let next = useA ? keys[a] : keys[b]
                                                            if m < madeKeys.count, madeKeys[m] < next {
                                                                emitMade()
                                                            } else if useA {
                                                                emitCarried(a)
                                                                a += 1
                                                            } else {
                                                                emitCarried(b)
                                                                b += 1
                                                            }
                                                        }
                                                        i = end
                                                    }
                                                    while m < madeKeys.count, k < total { emitMade() }
                                                    written = k
                                                }
                                            }
                                        }
                                    }
                                }
                            }
                        }
                    }
                    cellStarts[cells] = Int32(total)
                    cellKeys[cells] = UInt64.max
                }
            }
        }
        self.cellKeys = cellKeys
        self.cellStarts = cellStarts
        self.cellOf = cellOf
        self.cells = cells
        if !(shaped && written == total) {
            // Not in the expected shape (never seen): sort all of them.
            var all: [Node] = carriedSlots.map { slot in
                var node = nodes[Int(slot)]
                node.count &= ~Node.processed
                return node
            }
            var ranks: [Int32] = carriedSlots.map { marks[Int($0)] }
            all.append(contentsOf: made)
            ranks.append(contentsOf: madeRanks)
            sortByKeys(all, grid: grid)
            for (slot, index) in sortOrder.enumerated() {
                result[slot] = all[Int(index)]
                resultKeys[slot] = sortKeys[slot]
                slotOfRank[Int(ranks[Int(index)])] = Int32(slot)
            }
        }
        result.removeLast(result.count - total)
        resultKeys.removeLast(resultKeys.count - total)
        spareNodes = self.nodes
        spareKeys = keys
        self.nodes = result
        keys = resultKeys
        self.slotOfRank = slotOfRank
        if !(shaped && written == total) { numberCells() }
    }

    /// Nodes gathered in an order (reading ahead, as the order jumps).
    private static func gather(_ nodes: [Node], order: [Int32]) -> [Node] {
        let n = order.count
        return [Node](unsafeUninitializedCapacity: n) { result, initialized in
            nodes.withUnsafeBufferPointer { nodes in
                guard let base = nodes.baseAddress else { return }
                for index in 0..<n {
                    if index + 16 < n { om_prefetch(base + Int(order[index + 16])) }
                    result[index] = nodes[Int(order[index])]
                }
            }
            initialized = n
        }
    }

    /// Sorts the nodes' keys with a radix sort: `sortKeys` in order, `sortOrder` the node of each.
    private mutating func sortByKeys(_ nodes: [Node], grid: CellGrid) {
        sortKeys.removeAll(keepingCapacity: true)
        sortOrder.removeAll(keepingCapacity: true)
        sortKeys.reserveCapacity(nodes.count)
        sortOrder.reserveCapacity(nodes.count)
        for (index, node) in nodes.enumerated() {
            sortKeys.append(grid.key(x: node.x, y: node.y))
            sortOrder.append(Int32(index))
        }
        radixSort()
    }

    /// The bits of a radix sort's digit: 65,536 buckets (two or three passes for the keys of a zoom).
    static let radixBits = 16

    /// Sorts `sortKeys` (and `sortOrder` with them) by 16-bit digits, up to the highest digit
    /// in which the smallest and largest keys differ.
    private mutating func radixSort() {
        let n = sortKeys.count
        guard n > 1 else { return }
        var low = UInt64.max, high = UInt64.min
        for key in sortKeys {
            low = min(low, key)
            high = max(high, key)
        }
        let differing = low ^ high
        guard differing != 0 else { return }
        let highestBit = 63 - differing.leadingZeroBitCount
        if sortKeys2.count != n {
            sortKeys2 = [UInt64](repeating: 0, count: n)
            sortOrder2 = [Int32](repeating: 0, count: n)
        }
        var counts = [Int](repeating: 0, count: 1 << Self.radixBits)
        let digitMask = UInt64(1 << Self.radixBits - 1)
        for shift in stride(from: 0, through: highestBit, by: Self.radixBits) {
            for index in counts.indices { counts[index] = 0 }
            for key in sortKeys { counts[Int((key >> UInt64(shift)) & digitMask)] += 1 }
            var total = 0
            for index in counts.indices {
                let c = counts[index]
                counts[index] = total
                total += c
            }
            for index in 0..<n {
                let key = sortKeys[index]
                let digit = Int((key >> UInt64(shift)) & digitMask)
                let target = counts[digit]
                counts[digit] = target + 1
                sortKeys2[target] = key
                sortOrder2[target] = sortOrder[index]
            }
            swap(&sortKeys, &sortKeys2)
            swap(&sortOrder, &sortOrder2)
        }
    }
}
