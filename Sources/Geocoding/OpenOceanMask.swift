import Foundation

/// The one-degree cells wholly in open ocean: inside no country, and so far from every
/// populated place that no point of the cell comes within the open-ocean distance. A
/// coordinate in such a cell is answered at once, without a search; every other coordinate
/// is answered as before, so the answers are the same.
///
/// A cell is open ocean when the country grid holds no area in any of its quarter-degree
/// cells, and a search from the cell's centre finds no place within the open-ocean chord plus
/// the chord to the cell's farthest corner (the chord is a distance, so by the triangle
/// inequality no point of the cell has a place within the open-ocean chord).
struct OpenOceanMask: Sendable {
    /// Quarter-degree grid cells to a side of a mask cell: one degree.
    static let gridCellsPerCell = 4
    static let rows = AreaGrid.rows / gridCellsPerCell, columns = AreaGrid.columns / gridCellsPerCell
    /// Added to a cell's reach, far above the rounding of a chord, far below a metre.
    static let margin = 1e-9

    /// One bit per cell, row by row from the south-west: set when the cell is open ocean.
    private let bits: [UInt64]

    /// The mask over a country grid and a tree of every place, for searches that reach `chord`;
    /// the rows are worked out in `parts` slices side by side.
    init(countries: AreaGrid, places: PlaceTree, chord: Double, parts: Int = 1) {
        let cells = OpenOceanMask.rows * OpenOceanMask.columns
        let slices = max(1, min(parts, OpenOceanMask.rows))
        let found = ResultSlots<[Int]>(count: slices)
        DispatchQueue.concurrentPerform(iterations: slices) { slice in
            var ocean: [Int] = []
            let rows = (slice * OpenOceanMask.rows / slices)..<((slice + 1) * OpenOceanMask.rows / slices)
            for row in rows {
                // Every cell of a row reaches as far from its centre.
                let reach = OpenOceanMask.reach(row: row)
                for column in 0..<OpenOceanMask.columns
                where OpenOceanMask.isOpenOcean(row: row, column: column, reach: reach, countries: countries, places: places, chord: chord) {
                    ocean.append(row * OpenOceanMask.columns + column)
                }
            }
            found.set(slice, ocean)
        }
        var bits = [UInt64](repeating: 0, count: (cells + 63) / 64)
        for cell in found.values.joined() { bits[cell >> 6] |= 1 << UInt64(cell & 63) }
        self.bits = bits
    }

    /// Whether a coordinate lies in an open-ocean cell (the cell the country grid looks it up in).
    func contains(latitude: Double, longitude: Double) -> Bool {
        guard latitude.isFinite, longitude.isFinite else { return false }
        let (row, column) = AreaGrid.cell(latitude: latitude, longitude: longitude)
        let cell = (row / OpenOceanMask.gridCellsPerCell) * OpenOceanMask.columns + column / OpenOceanMask.gridCellsPerCell
        return bits[cell >> 6] & (1 << UInt64(cell & 63)) != 0
    }

    /// How many cells are open ocean.
    var openOceanCells: Int { bits.reduce(0) { $0 + $1.nonzeroBitCount } }

    /// The chord from a cell's centre to its farthest point, a corner, for the cells of a row.
    private static func reach(row: Int) -> Double {
        let size = AreaGrid.cellSize * Double(gridCellsPerCell)
        let south = Double(row) * size - 90
        let centre = PlaceTree.unit(south + size / 2, size / 2)
        var reach = 0.0
        for latitude in [south, south + size] {
            let corner = PlaceTree.unit(latitude, 0)
            let (dx, dy, dz) = (corner.0 - centre.0, corner.1 - centre.1, corner.2 - centre.2)
            reach = max(reach, (dx * dx + dy * dy + dz * dz).squareRoot())
        }
        return reach
    }

    /// Whether every point of one cell is inside no country and beyond `chord` of every place,
    /// its farthest point `reach` from its centre.
    private static func isOpenOcean(row: Int, column: Int, reach: Double, countries: AreaGrid, places: PlaceTree, chord: Double) -> Bool {
        let n = gridCellsPerCell
        guard countries.isEmpty(rows: (row * n)..<(row * n + n), columns: (column * n)..<(column * n + n)) else { return false }
        let size = AreaGrid.cellSize * Double(n)
        let south = Double(row) * size - 90, west = Double(column) * size - 180
        return places.nearest(latitude: south + size / 2, longitude: west + size / 2, maxChord: chord + reach + margin) == nil
    }
}
