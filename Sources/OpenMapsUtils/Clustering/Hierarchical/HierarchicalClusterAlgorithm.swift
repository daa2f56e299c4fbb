import Foundation
import Logging
import OpenMaps

/// A clustering algorithm for very many items (an OpenMaps addition): Supercluster's
/// hierarchical clustering behind the library's `GMUClusterAlgorithm`. The items are
/// clustered once for every zoom from `maxZoom` down to `minZoom` (each zoom's clusters the
/// input of the next), with Supercluster's options and meanings: a cluster gathers the points
/// and clusters within `radius` pixels of a tile `extent` pixels wide, of at least `minPoints`
/// points, at its members' weighted centre. The index is built at the first query after a
/// change (or by ``buildIndex()``); queries then only read it.
///
/// `clusters(atZoom:)` gives every cluster and lone item of the world at a zoom (a lone item
/// as a cluster of one), the zoom rounded down and held to `minZoom ... maxZoom + 1` as
/// Supercluster's `getClusters` does; ``clusters(in:atZoom:)`` gives those in a viewport.
/// A lock guards it, so it may be used from any thread (`GMUClusterManager` queries it in the
/// background).
public final class HierarchicalClusterAlgorithm: NSObject, GMUClusterAlgorithm, @unchecked Sendable {
    /// The cluster radius, in pixels of a tile `extent` wide (40).
    public let radius: Double
    /// The tile extent the radius is measured in (512).
    public let extent: Double
    /// The lowest zoom clustered (0).
    public let minZoom: Int
    /// The highest zoom clustered (16); above it every item is alone.
    public let maxZoom: Int
    /// The fewest points that make a cluster (2).
    public let minPoints: Int

    /// The deepest zoom clustered (docs/limits.md).
    public static let maximumZoom = 30
    /// The most items indexed (docs/limits.md): the first this many are clustered, the rest
    /// left out with a logged warning. A million items take about 350 MB and a second to index;
    /// ten million would take over 3 GB. Replays allow as many.
    public static let maximumItems = 1_000_000

    private var items: [GMUClusterItem] = []
    /// The items indexed (those with a finite position), by their point number.
    private var indexed: [Int] = []
    private var index: ClusterIndex?
    private let lock = NSLock()
    private static let logger = Logger(label: "OpenMaps.Utils.Clustering")

    /// Supercluster's options and defaults: radius 40, extent 512, zooms 0 ... 16, 2 points.
    /// Zooms are held to 0 ... 30 (`maxZoom` at least `minZoom`), the radius and extent to
    /// finite positive values (else the defaults), `minPoints` to at least 1.
    public init(radius: Double = 40, extent: Double = 512, minZoom: Int = 0, maxZoom: Int = 16, minPoints: Int = 2) {
        self.radius = radius.isFinite && radius > 0 ? radius : 40
        self.extent = extent.isFinite && extent > 0 ? extent : 512
        let low = min(max(minZoom, 0), Self.maximumZoom)
        self.minZoom = low
        self.maxZoom = min(max(maxZoom, low), Self.maximumZoom)
        self.minPoints = max(minPoints, 1)
        super.init()
    }

    public func add(_ items: [GMUClusterItem]) {
        lock.lock()
        defer { lock.unlock() }
        self.items.append(contentsOf: items)
        index = nil
    }

    public func remove(_ item: GMUClusterItem) {
        lock.lock()
        defer { lock.unlock() }
        items.removeAll { $0.isEqual(item) }
        index = nil
    }

    public func clearItems() {
        lock.lock()
        defer { lock.unlock() }
        items.removeAll()
        index = nil
    }

    /// Builds the index now (it is otherwise built by the first query after a change). Safe
    /// to call off the main actor.
    public func buildIndex() {
        lock.lock()
        defer { lock.unlock() }
        _ = builtIndex()
    }

    /// Bytes the index holds (0 before it is built).
    public var indexMemoryBytes: Int {
        lock.lock()
        defer { lock.unlock() }
        return index?.memoryBytes ?? 0
    }

    private func builtIndex() -> ClusterIndex {
        if let index { return index }
        var xs: [Double] = [], ys: [Double] = []
        // Room for the clusters too: the index keeps the arrays and adds them.
        let room = 2 * min(items.count, Self.maximumItems)
        xs.reserveCapacity(room)
        ys.reserveCapacity(room)
        indexed = []
        indexed.reserveCapacity(items.count)
        if items.count > Self.maximumItems {
            Self.logger.warning("\(items.count) cluster items; the first \(Self.maximumItems) are clustered")
        }
        for (number, item) in items.prefix(Self.maximumItems).enumerated() {
            let position = item.position
            guard position.latitude.isFinite, position.longitude.isFinite else { continue }
            xs.append(Self.x(longitude: position.longitude))
            ys.append(Self.y(latitude: position.latitude))
            indexed.append(number)
        }
        if indexed.count < min(items.count, Self.maximumItems) {
            Self.logger.warning("\(min(items.count, Self.maximumItems) - indexed.count) cluster items without a finite position are not clustered")
        }
        let made = ClusterIndex(
            x: consume xs, y: consume ys, options: .init(radius: radius, extent: extent, minZoom: minZoom, maxZoom: maxZoom, minPoints: minPoints))
        index = made
        return made
    }

    /// Supercluster's projection: longitude / 360 + 0.5, the longitude first wrapped into
    /// -180 ... 180 (Supercluster leaves one outside it outside the world).
    static func x(longitude: Double) -> Double {
        let wrapped = longitude >= -180 && longitude <= 180 ? longitude : longitude - 360 * ((longitude + 180) / 360).rounded(.down)
        return min(max(wrapped / 360 + 0.5, 0), 1)
    }

    /// Supercluster's Mercator y, 0 at the north edge and 1 at the south (clamped into 0 ... 1).
    static func y(latitude: Double) -> Double {
        let s = sin(latitude * .pi / 180)
        let y = 0.5 - 0.25 * log((1 + s) / (1 - s)) / .pi
        return y < 0 ? 0 : y > 1 ? 1 : y
    }

    static func longitude(x: Double) -> Double { (x - 0.5) * 360 }

    static func latitude(y: Double) -> Double { 360 * atan(exp((180 - y * 360) * .pi / 180)) / .pi - 90 }

    public func clusters(atZoom zoom: Float) -> [GMUCluster] {
        collect(zoom: Double(zoom), minX: -.infinity, minY: -.infinity, maxX: .infinity, maxY: .infinity)
    }

    /// The clusters and lone items of a zoom inside bounds (across the antimeridian when
    /// its east is west of its west).
    public func clusters(in bounds: GMSCoordinateBounds, atZoom zoom: Float) -> [GMUCluster] {
        let west = bounds.southWest.longitude, east = bounds.northEast.longitude
        return clusters(
            south: bounds.southWest.latitude, north: bounds.northEast.latitude, west: west, east: east < west ? east + 360 : east, atZoom: zoom)
    }

    /// The clusters and lone items of a zoom between latitudes and between longitudes given
    /// unwrapped (`east` at least `west`, either past ±180): the whole world when they span
    /// 360° or more.
    func clusters(south: Double, north: Double, west: Double, east: Double, atZoom zoom: Float) -> [GMUCluster] {
        guard south.isFinite, north.isFinite, west.isFinite, east.isFinite, east >= west else { return [] }
        let minY = Self.y(latitude: min(north, 90)), maxY = Self.y(latitude: max(south, -90))
        guard east - west < 360 else { return collect(zoom: Double(zoom), minX: 0, minY: minY, maxX: 1, maxY: maxY) }
        // West into -180 ..< 180, east after it.
        let shift = 360 * ((west + 180) / 360).rounded(.down)
        let from = west - shift, to = east - shift
        if to <= 180 {
            return collect(zoom: Double(zoom), minX: Self.x(longitude: from), minY: minY, maxX: Self.x(longitude: to), maxY: maxY)
        }
        return collect(zoom: Double(zoom), minX: Self.x(longitude: from), minY: minY, maxX: 1, maxY: maxY)
            + collect(zoom: Double(zoom), minX: 0, minY: minY, maxX: Self.x(longitude: to - 360), maxY: maxY)
    }

    private func collect(zoom: Double, minX: Double, minY: Double, maxX: Double, maxY: Double) -> [GMUCluster] {
        lock.lock()
        defer { lock.unlock() }
        let index = builtIndex()
        let level = index.level(forZoom: zoom)
        var result: [GMUCluster] = []
        let source = IndexedItems(items: items, indexed: indexed)
        index.entries(level: level, minX: max(minX, -8), minY: max(minY, -8), maxX: min(maxX, 9), maxY: min(maxY, 9)) { entry in
            result.append(HierarchicalCluster(index: index, entry: entry, level: level, items: source))
        }
        return result
    }

    /// Makes what split and merge animations read (which cluster holds which at another
    /// zoom), so the renderer finds it made: the cluster manager calls it in the background.
    func prepareLineage() {
        lock.lock()
        let index = builtIndex()
        lock.unlock()
        index.prepareLineage()
    }

    /// How many clusters and lone items there are at each zoom, lowest first (an OpenMaps
    /// addition, for comparisons).
    public func countsByZoom() -> [(zoom: Int, clusters: Int, points: Int)] {
        lock.lock()
        defer { lock.unlock() }
        let index = builtIndex()
        return (0..<index.levels.count).map { level in
            let entries = index.levels[level]
            let points = entries.reduce(0) { $0 + (Int($1) < index.pointCount ? 1 : 0) }
            return (level + index.options.minZoom, entries.count - points, points)
        }
    }
}

/// The items an index was built over, by point number.
struct IndexedItems: @unchecked Sendable {
    let items: [GMUClusterItem]
    let indexed: [Int]
}

/// A cluster (or a lone item) of a hierarchical index: its position and count are read from
/// the index when it is made (where the query runs, often off the main actor); its items are
/// found when asked for.
final class HierarchicalCluster: NSObject, GMUCluster {
    private let index: ClusterIndex
    private let entry: Int32
    /// The level of the index it was found at.
    let level: Int
    private let source: IndexedItems
    let position: CLLocationCoordinate2D
    let count: UInt

    init(index: ClusterIndex, entry: Int32, level: Int, items: IndexedItems) {
        self.index = index
        self.entry = entry
        self.level = level
        source = items
        let e = Int(entry)
        position = CLLocationCoordinate2D(
            latitude: HierarchicalClusterAlgorithm.latitude(y: index.y[e]), longitude: HierarchicalClusterAlgorithm.longitude(x: index.x[e]))
        count = UInt(index.count[e])
        super.init()
    }

    /// The cluster (or lone item) holding this one's points at a coarser level of the same
    /// index; nil when this one is not at that level or a coarser one.
    func ancestor(atLevel level: Int) -> HierarchicalCluster? {
        index.ancestor(of: entry, atLevel: level).map { HierarchicalCluster(index: index, entry: $0, level: level, items: source) }
    }

    /// Whether two clusters come from the same index.
    func sharesIndex(with other: HierarchicalCluster) -> Bool { other.index === index }

    var items: [GMUClusterItem] {
        var found: [GMUClusterItem] = []
        index.points(under: entry) { point in found.append(source.items[source.indexed[Int(point)]]) }
        return found
    }

    /// Equal when it is the same entry of the same index (a cluster object is made for each query).
    override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? HierarchicalCluster else { return false }
        return other.entry == entry && other.index === index
    }

    override var hash: Int { Int(entry) }
}
