internal import CMemoryHints
import Foundation

/// A hierarchical cluster index over points, built once: Supercluster's clustering (the
/// points are clustered once per zoom, from `maxZoom` down to `minZoom`, each zoom's result
/// the input of the next), with Supercluster's option names, meanings and order of
/// processing, so the same input gives the same clusters.
///
/// Our own layout: each zoom's entries are kept sorted by square cells a radius wide, so a
/// neighbour search reads three runs of memory. The cells of a zoom are the cells of the zoom
/// below it two by two, so the next zoom's order comes from this one's by merging pairs of
/// rows; only the clusters just made are sorted. Entries are visited in Supercluster's order
/// through a table from that order to their place.
///
/// Coordinates are Supercluster's: x = longitude / 360 + 0.5 and the Mercator y from 0 (north)
/// to 1 (south). Not changed once built (the lineage the renderer reads is made once, under a
/// lock), so clusters read it from any thread.
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
    /// A cluster's children are `children[childStart[e] ..< childStart[e] + childCount[e]]`
    /// (clusters only: entry `e` is at `e - pointCount`).
    private(set) var childStart: [Int32] = []
    private(set) var childCount: [Int32] = []
    private(set) var children: [Int32] = []
    /// The entries at each zoom (`levels[z - minZoom]`, z up to maxZoom + 1: the points),
    /// sorted by the cells of `grids[z - minZoom]`.
    private(set) var levels: [[Int32]] = []
    private(set) var grids: [CellGrid] = []

    /// The number of points.
    let pointCount: Int

    /// Clusters points given in Supercluster's projected coordinates (each in 0 ... 1). The
    /// arrays become the index's own, growing with the clusters made; pass them with room for
    /// twice the points and they are never moved.
    init(x pointX: consuming [Double], y pointY: consuming [Double], options: Options) {
        self.options = options
        let n = min(pointX.count, pointY.count)
        pointCount = n
        pointX.removeLast(pointX.count - n)
        pointY.removeLast(pointY.count - n)
        x = pointX
        y = pointY
        count = [UInt32](repeating: 1, count: n)
        // Fewer clusters are made than there are points.
        count.reserveCapacity(2 * n)
        let levelCount = options.maxZoom + 2 - options.minZoom
        levels = Array(repeating: [], count: levelCount)
        grids = (0..<levelCount).map { level in
            CellGrid(options: options, zoom: max(level - 1, 0) + options.minZoom)
        }
        let work = ClusterWorkspace(x: x, y: y, grid: grids[levelCount - 1])
        for zoom in stride(from: options.maxZoom, through: options.minZoom, by: -1) {
            let level = zoom + 1 - options.minZoom
            levels[level] = work.entries
            work.layOut(grid: grids[level])
            cluster(zoom: zoom, work)
            work.advance(to: grids[level - 1])
        }
        levels[0] = work.entries
    }

    /// An entry at a zoom: where it is, what it weighs, and which entry it is. While a zoom
    /// is clustered, the top bits of `count` flag what became of the entry (counts stay
    /// below `maximumItems`, under 2^27).
    struct Node {
        var x: Double
        var y: Double
        var count: UInt32
        var entry: Int32

        /// Visited, or reached by a search and so not visited.
        static let processed: UInt32 = 1 << 31
        /// Taken into a cluster made at this zoom (a seed or a neighbour).
        static let taken: UInt32 = 1 << 30
        /// Left beside a seed that made no cluster: it moves in the order.
        static let moved: UInt32 = 1 << 29
        /// The bits that are the count.
        static let countMask: UInt32 = (1 << 29) - 1
    }

    /// The slots of the three rows of cells around a cell that can hold its neighbours.
    struct Runs {
        var aboveStart: Int32
        var aboveEnd: Int32
        var rowStart: Int32
        var rowEnd: Int32
        var belowStart: Int32
        var belowEnd: Int32

        var population: Int32 { aboveEnd - aboveStart + rowEnd - rowStart + belowEnd - belowStart }

        static let empty = Runs(aboveStart: 0, aboveEnd: 0, rowStart: 0, rowEnd: 0, belowStart: 0, belowEnd: 0)
    }

    /// How many entries ahead the clustering loop asks for memory.
    static let prefetchDistance = 8

    /// One zoom's clustering, in Supercluster's order (its `_cluster`): the entries with
    /// company in their nine cells are visited in the order; the rest stay as they are. Seeds
    /// and neighbours taken into a cluster are flagged taken; the clusters made go to
    /// `work.made`, with their seeds' places.
    private func cluster(zoom: Int, _ work: ClusterWorkspace) {
        let visits = work.visitSlot.count
        let visitSlot = work.visitSlot.base, visitOrder = work.visitOrder.base
        let nodes = work.nodes.base, cellOf = work.cellOf.base, runs = work.runs.base, order = work.order.base
        let r = options.radius / (options.extent * Double(1 << UInt(min(max(zoom, 0), 40))))
        let r2 = r * r
        let minPoints = UInt32(clamping: max(options.minPoints, 0))
        var neighbours: [Int32] = []
        // The entries' arrays, held locally while they grow (no access checks per append).
        var x = self.x, y = self.y, count = self.count
        var childStart = self.childStart, childCount = self.childCount, children = self.children
        self.x = []
        self.y = []
        self.count = []
        self.childStart = []
        self.childCount = []
        self.children = []
        defer {
            self.x = x
            self.y = y
            self.count = count
            self.childStart = childStart
            self.childCount = childCount
            self.children = children
        }
        // The order jumps over memory larger than the caches: what the entries a few visits
        // ahead will read is asked for before it is needed, in three stages (the entry and
        // its cell, then the cell's runs, then the runs themselves).
        let step = Self.prefetchDistance
        for visit in 0..<visits {
            if visit + 3 * step < visits {
                let ahead = Int(visitSlot[visit + 3 * step])
                om_prefetch(nodes + ahead)
                om_prefetch(cellOf + ahead)
            }
            if visit + 2 * step < visits {
                om_prefetch(runs + Int(cellOf[Int(visitSlot[visit + 2 * step])]))
            }
            if visit + step < visits {
                let around = runs[Int(cellOf[Int(visitSlot[visit + step])])]
                om_prefetch(nodes + Int(around.aboveStart))
                om_prefetch(nodes + Int(around.rowStart))
                om_prefetch(nodes + Int(around.belowStart))
            }
            let slot = Int(visitSlot[visit])
            let node = nodes[slot]
            guard node.count & Node.processed == 0 else { continue }
            nodes[slot].count |= Node.processed
            let px = node.x, py = node.y
            let origin = node.count
            var total = origin
            neighbours.removeAll(keepingCapacity: true)
            let around = runs[Int(cellOf[slot])]
            @inline(__always) func scan(_ start: Int32, _ end: Int32) {
                // Processed entries are flagged in their nodes, so a scan reads only the nodes.
                for candidate in Int(start)..<Int(end) where nodes[candidate].count & Node.processed == 0 {
                    let dx = nodes[candidate].x - px, dy = nodes[candidate].y - py
                    if dx * dx + dy * dy <= r2 {
                        total &+= nodes[candidate].count
                        neighbours.append(Int32(candidate))
                    }
                }
            }
            scan(around.aboveStart, around.aboveEnd)
            scan(around.rowStart, around.rowEnd)
            scan(around.belowStart, around.belowEnd)
            if total > origin, total >= minPoints {
                nodes[slot].count |= Node.taken
                var wx = px * Double(origin), wy = py * Double(origin)
                let id = Int32(x.count)
                childStart.append(Int32(children.count))
                childCount.append(Int32(neighbours.count + 1))
                children.append(node.entry)
                for neighbour in neighbours {
                    let q = Int(neighbour)
                    let member = nodes[q]
                    nodes[q].count |= Node.processed | Node.taken
                    wx += member.x * Double(member.count)
                    wy += member.y * Double(member.count)
                    children.append(member.entry)
                }
                let cx = min(max(wx / Double(total), 0), 1), cy = min(max(wy / Double(total), 0), 1)
                x.append(cx)
                y.append(cy)
                count.append(total)
                work.made.append(Node(x: cx, y: cy, count: total, entry: id))
                work.madeOrder.append(visitOrder[visit])
            } else if total > 1 {
                // Too few for a cluster (minPoints above 2): the neighbours stay, just after
                // the seed in the order, in the order they were in (Supercluster leaves them
                // in its tree's order).
                neighbours.sort { order[Int($0)] < order[Int($1)] }
                var turn: UInt64 = 0
                for neighbour in neighbours where nodes[Int(neighbour)].count & Node.processed == 0 {
                    nodes[Int(neighbour)].count |= Node.processed | Node.moved
                    turn += 1
                    work.moved[neighbour] = visitOrder[visit] << 32 | turn
                }
            }
        }
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
        let grid = grids[level]
        let lowX = max(minX, 0), lowY = max(minY, 0), highX = min(maxX, 1), highY = min(maxY, 1)
        guard !list.isEmpty, lowX <= highX, lowY <= highY else { return }
        let firstRow = grid.index(lowY), lastRow = grid.index(highY)
        let firstColumn = grid.index(lowX), lastColumn = grid.index(highX)
        // Rows in the level are contiguous runs of keys; only rows with entries are visited.
        var row = firstRow
        while row <= lastRow {
            let low = row << grid.columnBits | firstColumn, high = row << grid.columnBits | lastColumn
            var start = lowerBound(list, key: low, grid: grid)
            while start < list.count {
                let entry = Int(list[start])
                if grid.key(x: x[entry], y: y[entry]) > high { break }
                if x[entry] >= minX, x[entry] <= maxX, y[entry] >= minY, y[entry] <= maxY { visit(list[start]) }
                start += 1
            }
            if start >= list.count { break }
            let nextEntry = Int(list[start])
            row = max(row + 1, grid.index(y[nextEntry]))
        }
    }

    private func lowerBound(_ list: [Int32], key: UInt64, grid: CellGrid) -> Int {
        var low = 0, high = list.count
        while low < high {
            let middle = (low + high) / 2
            let entry = Int(list[middle])
            if grid.key(x: x[entry], y: y[entry]) < key { low = middle + 1 } else { high = middle }
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
            let cluster = e - pointCount
            guard cluster < childStart.count else { continue }
            let start = Int(childStart[cluster]), length = Int(childCount[cluster])
            for index in stride(from: start + length - 1, through: start, by: -1) { stack.append(children[index]) }
        }
    }

    /// Which cluster took each entry, and the finest level each entry is at: made on first
    /// use (the cluster renderer's animations), under a lock.
    private var lineage: (parent: [Int32], finest: [UInt8])?
    private let lineageLock = NSLock()

    /// The entry holding `entry`'s points at a coarser `level` (its ancestor, or itself);
    /// nil when `entry` is not at `level` or a coarser one (it was made at a finer level than
    /// asked, or the level is out of range).
    func ancestor(of entry: Int32, atLevel level: Int) -> Int32? {
        let (parent, finest) = madeLineage()
        var e = Int(entry)
        guard e >= 0, e < parent.count, level >= 0, level < levels.count, level <= Int(finest[e]) else { return nil }
        while parent[e] >= 0, Int(finest[Int(parent[e])]) >= level { e = Int(parent[e]) }
        return Int32(e)
    }

    /// Makes the lineage now (off the main actor, before the renderer needs it).
    func prepareLineage() { _ = madeLineage() }

    private func madeLineage() -> (parent: [Int32], finest: [UInt8]) {
        lineageLock.lock()
        defer { lineageLock.unlock() }
        if let lineage { return lineage }
        var parent = [Int32](repeating: -1, count: x.count)
        for cluster in 0..<childStart.count {
            let start = Int(childStart[cluster])
            for index in start..<(start + Int(childCount[cluster])) { parent[Int(children[index])] = Int32(cluster + pointCount) }
        }
        var finest = [UInt8](repeating: 0, count: x.count)
        for level in stride(from: levels.count - 1, through: 0, by: -1) {
            for entry in levels[level] where finest[Int(entry)] == 0 { finest[Int(entry)] = UInt8(clamping: level) }
        }
        lineage = (parent, finest)
        return (parent, finest)
    }

    /// Bytes the index holds.
    var memoryBytes: Int {
        x.capacity * 8 + y.capacity * 8 + count.capacity * 4 + childStart.capacity * 4 + childCount.capacity * 4
            + children.capacity * 4 + levels.reduce(0) { $0 + $1.capacity * 4 }
    }
}
