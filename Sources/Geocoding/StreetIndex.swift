import Foundation
import MapGeometry

/// The pack's street segments and house numbers by where they are: a grid of Web Mercator
/// cells (2^15 a side, about 1.2 km at the equator and less towards the poles), so a query
/// reads only the cells within its reach instead of every street of every extract.
struct StreetIndex: Sendable {
    /// Cells a side.
    static let cellsPerSide = 1 << 15
    /// The most cells one segment is filed under; a longer segment is kept apart and read by
    /// every query.
    static let maximumCellsPerSegment = 4_096

    /// A segment: its street and the index of its first point.
    struct Segment: Sendable {
        let street: Int32
        let point: Int32
    }

    private let segmentCells: [UInt64: [Segment]]
    private let wideSegments: [Segment]
    private let addressCells: [UInt64: [Int32]]

    init(streets: [GeocoderPack.Street], addresses: [GeocoderPack.Address]) {
        var segmentCells: [UInt64: [Segment]] = [:]
        var wide: [Segment] = []
        for (street, value) in streets.enumerated() where value.points.count >= 2 {
            for point in 0..<(value.points.count - 1) {
                let a = Self.cell(value.points[point]), b = Self.cell(value.points[point + 1])
                let segment = Segment(street: Int32(street), point: Int32(point))
                let columns = min(a.x, b.x)...max(a.x, b.x), rows = min(a.y, b.y)...max(a.y, b.y)
                guard columns.count * rows.count <= Self.maximumCellsPerSegment else {
                    wide.append(segment)
                    continue
                }
                for row in rows {
                    for column in columns { segmentCells[Self.key(column, row), default: []].append(segment) }
                }
            }
        }
        var addressCells: [UInt64: [Int32]] = [:]
        for (index, address) in addresses.enumerated() {
            let cell = Self.cell((address.latitude, address.longitude))
            addressCells[Self.key(cell.x, cell.y), default: []].append(Int32(index))
        }
        self.segmentCells = segmentCells
        self.addressCells = addressCells
        wideSegments = wide
    }

    /// Calls `body` with every segment that may come within `metres` of a coordinate (some
    /// more than once, some farther).
    func segments(near c: CLLocationCoordinate2D, within metres: Double, _ body: (Segment) -> Void) {
        for segment in wideSegments { body(segment) }
        forEachCell(near: c, within: metres) { key in
            for segment in segmentCells[key] ?? [] { body(segment) }
        }
    }

    /// Calls `body` with the index of every address in the cells within `metres` of a
    /// coordinate (each once; some farther).
    func addresses(near c: CLLocationCoordinate2D, within metres: Double, _ body: (Int) -> Void) {
        forEachCell(near: c, within: metres) { key in
            for index in addressCells[key] ?? [] { body(Int(index)) }
        }
    }

    /// The keys of the cells a circle's box covers (the radius grows as the map's scale does
    /// towards the poles, held at 20 times the equator's).
    private func forEachCell(near c: CLLocationCoordinate2D, within metres: Double, _ body: (UInt64) -> Void) {
        let centre = WebMercator.project(c)
        let stretch = 1 / max(cos(min(abs(c.latitude), WebMercator.maxLatitude) * .pi / 180), 0.05)
        // Metres on the sphere distances are measured on (Geodesy's), 1% wider for the scale
        // growing across the box away from the equator.
        let radius = max(metres, 0) * stretch / (2 * .pi * Geodesy.earthRadius) * 1.01
        let side = Double(Self.cellsPerSide)
        let low = (x: Self.index((centre.x - radius) * side), y: Self.index((centre.y - radius) * side))
        let high = (x: Self.index((centre.x + radius) * side), y: Self.index((centre.y + radius) * side))
        for row in low.y...high.y {
            for column in low.x...high.x { body(Self.key(column, row)) }
        }
    }

    private static func cell(_ point: (Double, Double)) -> (x: Int, y: Int) {
        let p = WebMercator.project(CLLocationCoordinate2D(latitude: point.0, longitude: point.1))
        let side = Double(cellsPerSide)
        return (index(p.x * side), index(p.y * side))
    }

    /// A cell index from a projected coordinate times the side, held to the grid.
    private static func index(_ value: Double) -> Int {
        guard value.isFinite else { return 0 }
        return Int(min(max(value, 0), Double(cellsPerSide - 1)))
    }

    private static func key(_ column: Int, _ row: Int) -> UInt64 {
        UInt64(row) << 32 | UInt64(column)
    }
}
