internal import CMemoryHints

/// The buffers of an index build, kept from zoom to zoom: the current zoom's nodes in cell
/// order with their cell keys, cells and places in Supercluster's order, each cell's runs of
/// neighbour slots, the entries to visit in that order, and the clusters the zoom made.
///
/// Supercluster's order is kept as a number per node that only has to rise along the order:
/// the point's number at first; a cluster takes its seed's number, as it takes its seed's
/// place. So an entry alone in its nine cells, which no search reaches, is never visited,
/// and the order is renumbered only when entries move in it (points left beside a seed that
/// made no cluster, with `minPoints` above 2).
final class ClusterWorkspace {
    typealias Node = ClusterIndex.Node
    typealias Runs = ClusterIndex.Runs

    /// The current nodes, sorted by `keys` (their cells); `cellOf[slot]` numbers the cells.
    let nodes = ScratchBuffer<Node>()
    let keys = ScratchBuffer<UInt64>()
    let cellOf = ScratchBuffer<Int32>()
    /// Each node's place in Supercluster's order: rising along it, not necessarily dense.
    let order = ScratchBuffer<UInt64>()
    /// Each node's entry (as in the node; kept apart, as the index keeps each zoom's list).
    private let entryOf = ScratchBuffer<Int32>()
    /// Each cell's runs.
    let runs = ScratchBuffer<Runs>()
    /// The entries to visit at this zoom (those with company in their nine cells), by their
    /// place in the order: `visitOrder` sorted, `visitSlot` the slot of each.
    let visitOrder = ScratchBuffer<UInt64>()
    let visitSlot = ScratchBuffer<Int32>()
    /// The clusters made at the zoom, and their places in the order (their seeds').
    let made = ScratchBuffer<Node>()
    let madeOrder = ScratchBuffer<UInt64>()
    /// Points left beside a seed that made no cluster: their slot, and their place (the
    /// seed's place above 32 bits, their turn below). Only with `minPoints` above 2.
    var moved: [Int32: UInt64] = [:]

    private let cellKeys = ScratchBuffer<UInt64>()
    private let cellStarts = ScratchBuffer<Int32>()
    private let carried = ScratchBuffer<Int32>()
    private let carriedKeys = ScratchBuffer<UInt64>()
    private let nextNodes = ScratchBuffer<Node>()
    private let nextKeys = ScratchBuffer<UInt64>()
    private let nextOrder = ScratchBuffer<UInt64>()
    private let nextEntryOf = ScratchBuffer<Int32>()
    private let sortedMade = ScratchBuffer<Node>()
    private let sortedMadeOrder = ScratchBuffer<UInt64>()
    private let sortKeys = ScratchBuffer<UInt64>()
    private let sortIndex = ScratchBuffer<Int32>()
    private let spareKeys = ScratchBuffer<UInt64>()
    private let spareIndex = ScratchBuffer<Int32>()

    /// The points (their projected coordinates, in their order) as the first nodes, sorted by
    /// the deepest zoom's cells.
    init(x: [Double], y: [Double], grid: CellGrid) {
        let n = min(x.count, y.count)
        sortKeys.resize(to: n)
        sortIndex.resize(to: n)
        let sortKeys = self.sortKeys.base, sortIndex = self.sortIndex.base
        for point in 0..<n {
            sortKeys[point] = grid.key(x: x[point], y: y[point])
            sortIndex[point] = Int32(point)
        }
        radixSort(self.sortKeys, self.sortIndex)
        let sortedKeys = self.sortKeys.base, sorted = self.sortIndex.base
        nodes.resize(to: n)
        keys.resize(to: n)
        order.resize(to: n)
        entryOf.resize(to: n)
        let nodes = self.nodes.base, keys = self.keys.base, order = self.order.base, entryOf = self.entryOf.base
        x.withUnsafeBufferPointer { x in
            y.withUnsafeBufferPointer { y in
                guard let xBase = x.baseAddress, let yBase = y.baseAddress else { return }
                // The points are read in cell order, which jumps about: a few ahead are asked for.
                for slot in 0..<n {
                    if slot + 16 < n {
                        om_prefetch(xBase + Int(sorted[slot + 16]))
                        om_prefetch(yBase + Int(sorted[slot + 16]))
                    }
                    let point = sorted[slot]
                    nodes[slot] = Node(x: x[Int(point)], y: y[Int(point)], count: 1, entry: point)
                    keys[slot] = sortedKeys[slot]
                    order[slot] = UInt64(point)
                    entryOf[slot] = point
                }
            }
        }
        numberCells()
    }

    /// The entries of the current nodes, in cell order.
    var entries: [Int32] { entryOf.array }

    /// Numbers the cells of the current nodes from their keys, with a sentinel cell past them.
    private func numberCells() {
        let n = nodes.count
        cellKeys.resize(to: n + 1)
        cellStarts.resize(to: n + 1)
        cellOf.resize(to: n)
        let keys = self.keys.base, cellKeys = self.cellKeys.base, cellStarts = self.cellStarts.base, cellOf = self.cellOf.base
        var cells = 0
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
        cellKeys[cells] = UInt64.max
        cellStarts[cells] = Int32(n)
        self.cellKeys.resize(to: cells + 1)
        self.cellStarts.resize(to: cells + 1)
    }

    /// Finds each cell's runs of neighbour slots, and lists the entries with company in
    /// their nine cells by their place in the order (the ones the clustering visits).
    func layOut(grid: CellGrid) {
        let cells = cellKeys.count - 1
        let rowStep: UInt64 = 1 << grid.columnBits
        runs.resize(to: cells)
        visitOrder.resize(to: nodes.count)
        visitSlot.resize(to: nodes.count)
        let keys = cellKeys.base, starts = cellStarts.base, order = self.order.base
        let visitOrder = self.visitOrder.base, visitSlot = self.visitSlot.base, runs = self.runs.base
        var visits = 0
        // The first cells of the rows above and below rise with the cell's key, so two
        // pointers move forward once; each run ends within three cells. Steps are counted
        // without branches where they are short: the sentinel key past the last cell stops
        // every pointer. Cell numbers start at 1: no bound goes below zero.
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
            guard around.population > 1 else { continue }
            for slot in Int(starts[cell])..<Int(starts[cell + 1]) {
                visitOrder[visits] = order[slot]
                visitSlot[visits] = Int32(slot)
                visits += 1
            }
        }
        self.visitOrder.resize(to: visits)
        self.visitSlot.resize(to: visits)
        radixSort(self.visitOrder, self.visitSlot)
        made.removeAll()
        madeOrder.removeAll()
        moved.removeAll(keepingCapacity: true)
    }

    /// Makes the next zoom's nodes, sorted by its cells (the current cells two by two, or
    /// the same): the nodes not taken into a cluster, whose order needs only pairs of rows
    /// merged, and the clusters made, sorted, merged in the same pass. Renumbers the order
    /// when points moved in it.
    func advance(to grid: CellGrid) {
        let n = nodes.count
        // The carried nodes' slots and next keys, in the current order.
        carried.resize(to: n)
        carriedKeys.resize(to: n)
        let nodes = self.nodes.base, carriedSlots = carried.base, carriedKeys = self.carriedKeys.base
        var carriedCount = 0
        for slot in 0..<n where nodes[slot].count & Node.taken == 0 {
            carriedSlots[carriedCount] = Int32(slot)
            carriedKeys[carriedCount] = grid.key(x: nodes[slot].x, y: nodes[slot].y)
            carriedCount += 1
        }
        carried.resize(to: carriedCount)
        self.carriedKeys.resize(to: carriedCount)
        // The clusters made, sorted by their next keys and gathered in that order, so the
        // merge reads them in a run.
        let madeCount = made.count
        sortKeys.resize(to: madeCount)
        sortIndex.resize(to: madeCount)
        let made = self.made.base, madeOrder = self.madeOrder.base
        let madeKeys = sortKeys.base, madeIndex = sortIndex.base
        for index in 0..<madeCount {
            madeKeys[index] = grid.key(x: made[index].x, y: made[index].y)
            madeIndex[index] = Int32(index)
        }
        radixSort(sortKeys, sortIndex)
        sortedMade.resize(to: madeCount)
        sortedMadeOrder.resize(to: madeCount)
        let sorted = sortIndex.base, sortedMade = self.sortedMade.base, sortedMadeOrder = self.sortedMadeOrder.base
        for index in 0..<madeCount {
            sortedMade[index] = made[Int(sorted[index])]
            sortedMadeOrder[index] = madeOrder[Int(sorted[index])]
        }
        let total = carried.count + madeCount
        nextNodes.resize(to: total)
        nextKeys.resize(to: total)
        nextOrder.resize(to: total)
        nextEntryOf.resize(to: total)
        cellOf.resize(to: total)
        cellKeys.resize(to: total + 1)
        cellStarts.resize(to: total + 1)
        let merged = mergeRows(carriedCount: carried.count, madeCount: madeCount, grid: grid)
        if !merged {
            // Not in the expected shape (never seen): sort all of them.
            sortAll(madeCount: madeCount, grid: grid)
        }
        ScratchBuffer.swapContents(self.nodes, nextNodes)
        ScratchBuffer.swapContents(keys, nextKeys)
        ScratchBuffer.swapContents(order, nextOrder)
        ScratchBuffer.swapContents(entryOf, nextEntryOf)
        if !merged { numberCells() }
        if !moved.isEmpty { renumberOrder() }
    }

    /// Writes the next nodes (flags cleared), keys, places and cells: each row of next cells
    /// is up to two ascending runs of carried nodes (a row of the current cells, then the
    /// next), merged with the clusters made. False when the carried keys are not in that
    /// shape.
    private func mergeRows(carriedCount c: Int, madeCount: Int, grid: CellGrid) -> Bool {
        let keys = carriedKeys.base, slots = carried.base
        let nodes = self.nodes.base, order = self.order.base
        let madeKeys = sortKeys.base, made = sortedMade.base, madeOrder = sortedMadeOrder.base
        var nextMoved: [Int32: UInt64] = [:]
        let result = nextNodes.base, resultKeys = nextKeys.base, resultOrder = nextOrder.base, cellOf = self.cellOf.base
        let resultEntries = nextEntryOf.base
        let cellKeys = self.cellKeys.base, cellStarts = self.cellStarts.base
        var k = 0, m = 0, cells = 0
        var previous = UInt64.max
        @inline(__always) func number(_ key: UInt64) {
            if key != previous {
                cellKeys[cells] = key
                cellStarts[cells] = Int32(k)
                previous = key
                cells += 1
            }
            cellOf[k] = Int32(cells - 1)
        }
        @inline(__always) func emitCarried(_ index: Int) {
            let slot = Int(slots[index])
            var node = nodes[slot]
            // A point that moved in the order takes its place along until renumbered.
            if node.count & Node.moved != 0, let place = moved[Int32(slot)] { nextMoved[Int32(k)] = place }
            node.count &= Node.countMask
            result[k] = node
            resultEntries[k] = node.entry
            resultKeys[k] = keys[index]
            resultOrder[k] = order[slot]
            number(keys[index])
            k += 1
        }
        @inline(__always) func emitMade() {
            result[k] = made[m]
            resultEntries[k] = made[m].entry
            resultKeys[k] = madeKeys[m]
            resultOrder[k] = madeOrder[m]
            number(madeKeys[m])
            k += 1
            m += 1
        }
        var i = 0
        while i < c {
            let row = keys[i] >> grid.columnBits
            var j = i + 1
            while j < c, keys[j] >> grid.columnBits == row, keys[j] >= keys[j - 1] { j += 1 }
            var end = j
            while end < c, keys[end] >> grid.columnBits == row {
                if end > j, keys[end] < keys[end - 1] { return false }
                end += 1
            }
            var a = i, b = j
            while a < j || b < end {
                let useA = b >= end || (a < j && keys[a] <= keys[b])
                let next = useA ? keys[a] : keys[b]
                if m < madeCount, madeKeys[m] < next {
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
        while m < madeCount { emitMade() }
        cellKeys[cells] = UInt64.max
        cellStarts[cells] = Int32(k)
        self.cellKeys.resize(to: cells + 1)
        self.cellStarts.resize(to: cells + 1)
        moved = nextMoved
        return true
    }

    /// The next nodes sorted from scratch, when the merge cannot be used.
    private func sortAll(madeCount: Int, grid: CellGrid) {
        var all: [Node] = []
        var places: [UInt64] = []
        var movedPlaces: [Int: UInt64] = [:]
        for index in 0..<carried.count {
            let slot = Int(carried[index])
            var node = nodes[slot]
            if node.count & Node.moved != 0, let place = moved[Int32(slot)] { movedPlaces[all.count] = place }
            node.count &= Node.countMask
            all.append(node)
            places.append(order[slot])
        }
        for index in 0..<madeCount {
            all.append(sortedMade[index])
            places.append(sortedMadeOrder[index])
        }
        sortKeys.resize(to: all.count)
        sortIndex.resize(to: all.count)
        for index in all.indices {
            sortKeys[index] = grid.key(x: all[index].x, y: all[index].y)
            sortIndex[index] = Int32(index)
        }
        radixSort(sortKeys, sortIndex)
        var nextMoved: [Int32: UInt64] = [:]
        for slot in all.indices {
            let index = Int(sortIndex[slot])
            nextNodes[slot] = all[index]
            nextKeys[slot] = sortKeys[slot]
            nextOrder[slot] = places[index]
            nextEntryOf[slot] = all[index].entry
            if let place = movedPlaces[index] { nextMoved[Int32(slot)] = place }
        }
        moved = nextMoved
    }

    /// Gives every node a dense place in the order again: the points that moved sit just
    /// after their seed, in their turn.
    private func renumberOrder() {
        let n = nodes.count
        sortKeys.resize(to: n)
        sortIndex.resize(to: n)
        for slot in 0..<n {
            sortKeys[slot] = order[slot] << 32
            sortIndex[slot] = Int32(slot)
        }
        for (slot, place) in moved { sortKeys[Int(slot)] = place }
        radixSort(sortKeys, sortIndex)
        for place in 0..<n { order[Int(sortIndex[place])] = UInt64(place) }
        moved.removeAll(keepingCapacity: true)
    }

    /// The bits of a radix sort's digit: 2,048 buckets, whose counts and write positions stay
    /// in the nearest caches.
    static let radixBits = 11

    /// Sorts keys, and their payloads with them, by 11-bit digits, least significant first:
    /// one pass counts every digit, then one pass moves them per digit not the same in all.
    private func radixSort(_ keys: ScratchBuffer<UInt64>, _ payload: ScratchBuffer<Int32>) {
        let n = keys.count
        guard n > 1 else { return }
        // Only the digits up to the highest bit in which keys differ.
        let values = keys.base
        let first = values[0]
        var differing: UInt64 = 0
        for index in 0..<n { differing |= values[index] ^ first }
        guard differing != 0 else { return }
        let buckets = 1 << Self.radixBits
        let digitMask = UInt64(buckets - 1)
        let digits = (64 - differing.leadingZeroBitCount + Self.radixBits - 1) / Self.radixBits
        var counts = [Int](repeating: 0, count: buckets * digits)
        counts.withUnsafeMutableBufferPointer { counts in
            for index in 0..<n {
                var rest = values[index]
                for digit in 0..<digits {
                    counts[digit &* buckets &+ Int(rest & digitMask)] &+= 1
                    rest >>= UInt64(Self.radixBits)
                }
            }
        }
        spareKeys.resize(to: n)
        spareIndex.resize(to: n)
        var from = (keys, payload), to = (spareKeys, spareIndex)
        for digit in 0..<digits {
            let base = digit * buckets
            // A digit the same in every key leaves the order as it is.
            if counts[base..<(base + buckets)].contains(n) { continue }
            var total = 0
            for bucket in 0..<buckets {
                let c = counts[base + bucket]
                counts[base + bucket] = total
                total += c
            }
            let shift = UInt64(digit * Self.radixBits)
            let sourceKeys = from.0.base, sourcePayload = from.1.base, targetKeys = to.0.base, targetPayload = to.1.base
            counts.withUnsafeMutableBufferPointer { counts in
                for index in 0..<n {
                    let key = sourceKeys[index]
                    let bucket = base &+ Int((key >> shift) & digitMask)
                    let target = counts[bucket]
                    counts[bucket] = target &+ 1
                    targetKeys[target] = key
                    targetPayload[target] = sourcePayload[index]
                }
            }
            swap(&from, &to)
        }
        if from.0 !== keys {
            ScratchBuffer.swapContents(keys, from.0)
            ScratchBuffer.swapContents(payload, from.1)
        }
    }
}
