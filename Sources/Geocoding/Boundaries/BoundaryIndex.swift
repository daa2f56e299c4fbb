import Foundation
import MapGeometry

/// The boundaries of the offline data, by kind, with a grid to find the ones at a point.
///
/// Countries and first-level administrative areas come from Natural Earth 10m (countries
/// simplified to about 400 m, admin-1 areas to about 1 km, as the geocoder pack holds them);
/// localities from the complete OpenStreetMap extracts the pack was built from (the eleven
/// municipalities of Liechtenstein, simplified to about 20 m).
public final class BoundaryIndex: Sendable {
    /// The side of a grid cell, in degrees.
    static let cellSize = 10.0
    private static let columns = 36, rows = 18

    private let byKind: [Boundary.Kind: [Boundary]]
    /// For each kind, the boundaries whose box meets each cell (row-major from -90, -180).
    private let grids: [Boundary.Kind: [[Int32]]]

    /// An index over boundaries, in the order given per kind.
    public init(_ boundaries: [Boundary]) {
        var byKind: [Boundary.Kind: [Boundary]] = [:]
        for boundary in boundaries { byKind[boundary.kind, default: []].append(boundary) }
        var grids: [Boundary.Kind: [[Int32]]] = [:]
        for (kind, list) in byKind {
            var cells = [[Int32]](repeating: [], count: BoundaryIndex.columns * BoundaryIndex.rows)
            for (index, boundary) in list.enumerated() where !boundary.rings.isEmpty {
                let (firstRow, lastRow) = BoundaryIndex.span(boundary.box.minLatitude + 90, boundary.box.maxLatitude + 90, BoundaryIndex.rows)
                let (firstColumn, lastColumn) = BoundaryIndex.span(
                    boundary.box.minLongitude + 180, boundary.box.maxLongitude + 180, BoundaryIndex.columns)
                for row in firstRow...lastRow {
                    for column in firstColumn...lastColumn { cells[row * BoundaryIndex.columns + column].append(Int32(truncatingIfNeeded: index)) }
                }
            }
            grids[kind] = cells
        }
        self.byKind = byKind
        self.grids = grids
    }

    /// The boundaries of the countries and admin-1 areas of a geocoder pack.
    public convenience init(pack: GeocoderPack) {
        func rings(_ area: GeocoderPack.Area) -> [[CLLocationCoordinate2D]] {
            area.rings.map { ring in ring.map { CLLocationCoordinate2D(latitude: $0.0, longitude: $0.1) } }
        }
        let countries = pack.countryAreas.map { area in
            let country = pack.countries[safe: area.country]
            return Boundary(
                kind: .country, id: "ne:country:" + area.id, name: country?.name ?? area.id, countryCode: country?.code ?? "",
                rings: rings(area))
        }
        let admins = pack.adminAreas.map { area in
            Boundary(
                kind: .administrativeAreaLevel1, id: "ne:admin1:" + area.id, name: area.name ?? "",
                countryCode: pack.countries[safe: area.country]?.code ?? "", rings: rings(area))
        }
        let localities = pack.localityAreas.map { area in
            Boundary(
                kind: .locality, id: "loc:" + area.id, name: area.name ?? "", countryCode: pack.countries[safe: area.country]?.code ?? "",
                rings: rings(area))
        }
        self.init(countries + admins + localities)
    }

    /// Reads the boundaries of a geocoder pack file (its places, streets and addresses are
    /// skipped).
    public convenience init(contentsOf url: URL) throws {
        self.init(pack: try GeocoderPack(data: try GeocoderPack.fileData(url), boundariesOnly: true))
    }

    /// Every boundary of a kind, in the data's order.
    public func boundaries(of kind: Boundary.Kind) -> [Boundary] {
        byKind[kind] ?? []
    }

    /// The indices (into ``boundaries(of:)``) of the boundaries of a kind that contain a
    /// coordinate, in the data's order.
    public func indices(of kind: Boundary.Kind, containing coordinate: CLLocationCoordinate2D) -> [Int] {
        guard coordinate.latitude.isFinite, coordinate.longitude.isFinite, let list = byKind[kind], let cells = grids[kind] else {
            return []
        }
        let longitude = Boundary.wrap(coordinate.longitude)
        var candidates = Set<Int32>()
        let row = min(max(Int((coordinate.latitude + 90) / BoundaryIndex.cellSize), 0), BoundaryIndex.rows - 1)
        for lon in longitude == -180 ? [-180.0, 180.0] : [longitude] {
            let column = min(max(Int((lon + 180) / BoundaryIndex.cellSize), 0), BoundaryIndex.columns - 1)
            candidates.formUnion(cells[row * BoundaryIndex.columns + column])
            // A point on a cell's edge may belong to a box that ends there.
            if column > 0, (lon + 180).truncatingRemainder(dividingBy: BoundaryIndex.cellSize) == 0 {
                candidates.formUnion(cells[row * BoundaryIndex.columns + column - 1])
            }
        }
        if row > 0, (coordinate.latitude + 90).truncatingRemainder(dividingBy: BoundaryIndex.cellSize) == 0 {
            let below = row - 1
            let column = min(max(Int((longitude + 180) / BoundaryIndex.cellSize), 0), BoundaryIndex.columns - 1)
            candidates.formUnion(cells[below * BoundaryIndex.columns + column])
        }
        return candidates.map { Int($0) }.sorted().filter { list[$0].contains(coordinate) }
    }

    /// The first and last cells a range of degrees (from 0) meets.
    private static func span(_ low: Double, _ high: Double, _ count: Int) -> (Int, Int) {
        guard low.isFinite, high.isFinite, low <= high else { return (0, 0) }
        let first = min(max(Int((low / cellSize).rounded(.down)), 0), count - 1)
        let last = min(max(Int((high / cellSize).rounded(.down)), 0), count - 1)
        return (first, max(first, last))
    }
}

/// The process-wide boundaries of the bundled geocoder pack (or the file named by
/// `OPENMAPS_GEOCODER_DATA`), read once on first use from any thread.
public enum SharedBoundaries {
    private static let state = LoadState()

    /// The boundaries, reading them first if needed (about a quarter of a second). Nil when the
    /// pack cannot be read (logged by the caller); a later call tries again.
    public static func load() -> BoundaryIndex? {
        state.load {
            let url = ProcessInfo.processInfo.environment["OPENMAPS_GEOCODER_DATA"].map { URL(fileURLWithPath: $0) }
                ?? SharedGeocoder.bundledPackURL
            guard let url else { return nil }
            return try? BoundaryIndex(contentsOf: url)
        }
    }

    /// The boundaries if they are already read, without reading them.
    public static var loaded: BoundaryIndex? { state.current }

    private final class LoadState: @unchecked Sendable {
        private let lock = NSLock()
        private var index: BoundaryIndex?

        var current: BoundaryIndex? { lock.withLock { index } }

        func load(_ read: () -> BoundaryIndex?) -> BoundaryIndex? {
            lock.lock()
            defer { lock.unlock() }
            if let index { return index }
            index = read()
            return index
        }
    }
}
