/// A grid of quarter-degree cells over a table of areas, to find the first area containing a
/// coordinate without reading every ring.
///
/// Each cell lists, in table order, the areas that reach it: an area the cell lies wholly
/// inside is an answer at once; an area whose boundary passes near the cell is tested with the
/// even-odd rule over its edges in the cell's row only (the edges a ray to the east along that
/// latitude can cross), with the same arithmetic as a test over every ring. A point's answer is
/// the first area of the table that contains it, as a pass over the whole table gives.
struct AreaGrid: Sendable {
    /// The side of a cell in degrees: a power of two, so a coordinate's cell is computed exactly.
    static let cellSize = 0.25
    static let columns = 1440, rows = 720
    /// How far from a cell an edge must stay for the cell to be wholly on one side of it, in
    /// degrees (far above the rounding of the tests, far below the data's detail).
    static let margin = 1e-9

    private let boxes: [(minLat: Double, minLon: Double, maxLat: Double, maxLon: Double)]
    /// Where each cell's entries start in `entries` (one more than the cells, for the end).
    private let cellStart: [UInt32]
    /// Per cell, in table order: area index << 1, | 1 when the cell is wholly inside the area.
    private let entries: [UInt32]
    /// Each area's first row and where its rows' edge lists start in `rowStart`.
    private let firstRow: [Int32]
    private let rowBase: [Int32]
    /// Where each area row's edges start in `edges` (each area has one extra, for the end).
    private let rowStart: [UInt32]
    /// Edges as (lat i, lon i, lat j, lon j), ring order kept; in each area row, by their
    /// eastmost longitude, east first.
    private let edges: [Double]

    init(areas: [GeocoderPack.Area]) {
        boxes = areas.map(\.box)
        var pairs: [(cell: UInt32, entry: UInt32)] = []
        var firstRow: [Int32] = [], rowBase: [Int32] = [], rowStart: [UInt32] = [], edges: [Double] = []
        for (areaIndex, area) in areas.enumerated() {
            let (r0, r1) = AreaGrid.span(area.box.minLat, area.box.maxLat, origin: 90, count: AreaGrid.rows)
            let (c0, c1) = AreaGrid.span(area.box.minLon, area.box.maxLon, origin: 180, count: AreaGrid.columns)
            firstRow.append(Int32(r0))
            rowBase.append(Int32(rowStart.count))
            let width = c1 - c0 + 1, height = r1 - r0 + 1
            var bands = [[(Double, Double, Double, Double)]](repeating: [], count: height)
            var boundary = [Bool](repeating: false, count: width * height)
            for ring in area.rings where ring.count >= 3 {
                var j = ring.count - 1
                for i in 0..<ring.count {
                    let (yi, xi) = ring[i], (yj, xj) = ring[j]
                    j = i
                    guard yi.isFinite, xi.isFinite, yj.isFinite, xj.isFinite else { continue }
                    let (er0, er1) = AreaGrid.span(min(yi, yj) - AreaGrid.margin, max(yi, yj) + AreaGrid.margin, origin: 90, count: AreaGrid.rows)
                    let (ec0, ec1) = AreaGrid.span(
                        min(xi, xj) - AreaGrid.margin, max(xi, xj) + AreaGrid.margin, origin: 180, count: AreaGrid.columns)
                    let rowRange = max(er0, r0)...max(min(er1, r1), r0), columnRange = max(ec0, c0)...max(min(ec1, c1), c0)
                    for row in rowRange {
                        for column in columnRange { boundary[(row - r0) * width + column - c0] = true }
                        if yi != yj { bands[row - r0].append((yi, xi, yj, xj)) }
                    }
                }
            }
            for (band, list) in bands.enumerated() {
                rowStart.append(UInt32(truncatingIfNeeded: edges.count / 4))
                for edge in list.sorted(by: { max($0.1, $0.3) > max($1.1, $1.3) }) {
                    edges.append(edge.0)
                    edges.append(edge.1)
                    edges.append(edge.2)
                    edges.append(edge.3)
                }
                // Cells no edge comes near are wholly inside or wholly outside, as a run.
                let row = r0 + band
                let centreLatitude = (Double(row) + 0.5) * AreaGrid.cellSize - 90
                var column = c0
                while column <= c1 {
                    let cell = UInt32(truncatingIfNeeded: row * AreaGrid.columns + column)
                    if boundary[band * width + column - c0] {
                        pairs.append((cell, UInt32(truncatingIfNeeded: areaIndex) << 1))
                        column += 1
                        continue
                    }
                    var end = column
                    while end + 1 <= c1, !boundary[band * width + end + 1 - c0] { end += 1 }
                    let centreLongitude = (Double(column) + 0.5) * AreaGrid.cellSize - 180
                    if AreaGrid.crossings(list, latitude: centreLatitude, longitude: centreLongitude) {
                        for inside in column...end {
                            pairs.append((UInt32(truncatingIfNeeded: row * AreaGrid.columns + inside), UInt32(truncatingIfNeeded: areaIndex) << 1 | 1))
                        }
                    }
                    column = end + 1
                }
            }
            rowStart.append(UInt32(truncatingIfNeeded: edges.count / 4))
        }
        // The pairs by cell, each cell's in table order (a stable counting sort).
        var start = [UInt32](repeating: 0, count: AreaGrid.rows * AreaGrid.columns + 1)
        for pair in pairs { start[Int(pair.cell) + 1] += 1 }
        for cell in 0..<AreaGrid.rows * AreaGrid.columns { start[cell + 1] += start[cell] }
        var next = start
        var entries = [UInt32](repeating: 0, count: pairs.count)
        for pair in pairs {
            entries[Int(next[Int(pair.cell)])] = pair.entry
            next[Int(pair.cell)] += 1
        }
        cellStart = start
        self.entries = entries
        self.firstRow = firstRow
        self.rowBase = rowBase
        self.rowStart = rowStart
        self.edges = edges
    }

    /// The first area (by table index) accepted by `accept` whose rings contain a coordinate.
    func first(latitude: Double, longitude: Double, accept: (Int) -> Bool = { _ in true }) -> Int? {
        guard latitude.isFinite, longitude.isFinite else { return nil }
        let (row, column) = AreaGrid.cell(latitude: latitude, longitude: longitude)
        let cell = row * AreaGrid.columns + column
        for slot in Int(cellStart[cell])..<Int(cellStart[cell + 1]) {
            let entry = entries[slot], area = Int(entry >> 1)
            guard accept(area) else { continue }
            if entry & 1 == 1 { return area }
            let box = boxes[area]
            guard latitude >= box.minLat, latitude <= box.maxLat, longitude >= box.minLon, longitude <= box.maxLon else { continue }
            let band = Int(rowBase[area]) + row - Int(firstRow[area])
            var inside = false
            edges.withUnsafeBufferPointer { edges in
                for edge in Int(rowStart[band])..<Int(rowStart[band + 1]) {
                    let yi = edges[4 * edge], xi = edges[4 * edge + 1], yj = edges[4 * edge + 2], xj = edges[4 * edge + 3]
                    // Edges wholly west of the point cannot be crossed by a ray to the east.
                    if max(xi, xj) < longitude - AreaGrid.margin { break }
                    if (yi > latitude) != (yj > latitude), longitude < (xj - xi) * (latitude - yi) / (yj - yi) + xi { inside.toggle() }
                }
            }
            if inside { return area }
        }
        return nil
    }

    /// Whether no area reaches any cell of a block of rows and columns (clamped to the grid):
    /// then no point in those cells is inside an area.
    func isEmpty(rows: Range<Int>, columns: Range<Int>) -> Bool {
        let rows = rows.clamped(to: 0..<AreaGrid.rows), columns = columns.clamped(to: 0..<AreaGrid.columns)
        for row in rows where !columns.isEmpty {
            let first = row * AreaGrid.columns + columns.lowerBound, end = row * AreaGrid.columns + columns.upperBound
            if cellStart[first] != cellStart[end] { return false }
        }
        return true
    }

    /// The row and column of the cell a coordinate is looked up in (clamped to the grid).
    static func cell(latitude: Double, longitude: Double) -> (row: Int, column: Int) {
        (index(latitude, origin: 90, count: rows), index(longitude, origin: 180, count: columns))
    }

    /// The even-odd test over some edges (those a ray east from the point may cross).
    private static func crossings(_ list: [(Double, Double, Double, Double)], latitude: Double, longitude: Double) -> Bool {
        var inside = false
        for (yi, xi, yj, xj) in list where (yi > latitude) != (yj > latitude) {
            if longitude < (xj - xi) * (latitude - yi) / (yj - yi) + xi { inside.toggle() }
        }
        return inside
    }

    /// The row or column of a latitude or longitude, clamped to the grid.
    private static func index(_ degrees: Double, origin: Double, count: Int) -> Int {
        let position = ((degrees + origin) / cellSize).rounded(.down)
        guard position > 0 else { return 0 }
        guard position < Double(count - 1) else { return count - 1 }
        return Int(position)
    }

    /// The first and last rows or columns a range of degrees meets, clamped to the grid.
    private static func span(_ low: Double, _ high: Double, origin: Double, count: Int) -> (Int, Int) {
        guard low.isFinite, high.isFinite, low <= high else { return (0, 0) }
        return (index(low, origin: origin, count: count), index(high, origin: origin, count: count))
    }
}
