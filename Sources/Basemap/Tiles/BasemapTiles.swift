import Foundation
import Logging
import MapDrawing
import MapGeometry

/// The basemap's tiles: read from an MBTiles file (the embedded one unless another is set),
/// decoded and rendered in the basemap style, kept in memory-bounded LRU caches. Missing or
/// corrupt tiles are drawn from their nearest parent with data (overzoom); problems are
/// logged once. Tiles render at once (virtual time: deterministic) or on other cores.
@MainActor
public final class BasemapTiles {
    private static let logger = Logger(label: "OpenMaps.Basemap")

    /// The most rendered tiles kept.
    public static let cacheLimit = 96
    /// The most memory decoded tile data keeps, in bytes (estimated): a frame over hostile
    /// tiles of the largest size holds a bounded amount.
    public static let decodedBytesLimit = 256 * 1_024 * 1_024

    private var reader: MBTilesReader?
    private var openFailed = false
    private var path: String?
    private var rendered = LRUCache<RenderedKey, Bitmap>(capacity: BasemapTiles.cacheLimit)
    /// Rendered tiles standing in for tiles still rendering, held outside the cache while
    /// they stand in (see ``shownTiles(for:scale:)``).
    private var heldStandIns: [RenderedKey: Bitmap] = [:]
    /// How many stand-ins are held now.
    public var heldStandInCount: Int { heldStandIns.count }
    private var decoded = LRUCache<TileKey, VectorTile?>(capacity: BasemapTiles.cacheLimit * 2, maximumCost: BasemapTiles.decodedBytesLimit)
    private var logged: Set<String> = []
    /// The renderer of the current style.
    public private(set) var renderer = TileRenderer()
    /// Counts changes of style or file, so labels placed before are placed again.
    public private(set) var revision = 0
    /// Whether missing tiles are rendered on other cores (apps) instead of at once (replays, tests).
    public var rendersInBackground = false
    /// Tiles being rendered in the background.
    private var pending: Set<RenderedKey> = []
    /// Data tiles being read and decoded in the background (rendering in the background).
    private var decoding: Set<TileKey> = []
    /// The file as background decodes read it: their own connection, one at a time.
    private var backgroundReader: BackgroundReader?
    /// Counts data tiles decoded in the background, so labels gathered before are gathered again.
    public private(set) var dataRevision = 0
    /// Called on the main actor when a background tile has arrived.
    public var onTileArrived: (() -> Void)?

    private struct RenderedKey: Hashable {
        let tile: TileKey
        let scale: Double
    }

    public init() {}

    /// The basemap's style; restyling drops rendered tiles (decoded data stays).
    public var style: BasemapStyle {
        get { renderer.style }
        set {
            renderer = TileRenderer(style: newValue)
            rendered.removeAll()
            revision += 1
        }
    }

    /// Uses another MBTiles file (nil: the embedded basemap); drops every cached tile.
    /// Throws `MBTilesError`, naming the file, when it cannot be used: the
    /// basemap in use stays.
    public func use(path newPath: String?) throws {
        let opened = try newPath.map { try MBTilesReader(path: $0) }
        path = newPath
        reader = opened
        openFailed = false
        backgroundReader = nil
        rendered.removeAll()
        decoded.removeAll()
        revision += 1
    }

    /// Whether background renders are under way.
    public var isRendering: Bool { !pending.isEmpty || !decoding.isEmpty }

    private func openReader() -> MBTilesReader? {
        if let reader { return reader }
        guard !openFailed else { return nil }
        guard let file = path ?? EmbeddedBasemap.url?.path else {
            openFailed = true
            logOnce("no basemap file")
            return nil
        }
        do {
            reader = try MBTilesReader(path: file)
        } catch {
            openFailed = true
            logOnce("basemap unavailable: \(error)")
        }
        return reader
    }

    private func logOnce(_ message: String) {
        if logged.insert(message).inserted { BasemapTiles.logger.warning("\(message)") }
    }

    /// The data tile a tile's drawing starts from: itself, or its ancestor at the file's
    /// highest zoom.
    private static func dataKey(for key: TileKey, in reader: MBTilesReader) -> TileKey {
        let top = min(key.z, reader.maximumZoom)
        return TileKey(z: top, x: key.x >> (key.z - top), y: key.y >> (key.z - top))
    }

    /// The data tile at the file's highest zoom under a coordinate.
    private static func dataKey(at coordinate: CLLocationCoordinate2D, in reader: MBTilesReader) -> TileKey {
        let m = WebMercator.project(coordinate)
        let z = reader.maximumZoom, n = Double(1 << z)
        return TileKey(z: z, x: Int((m.x * n).clamped(to: 0...(n - 1))), y: Int((m.y * n).clamped(to: 0...(n - 1))))
    }

    /// The decoded data for a tile: the tile itself, or the nearest ancestor that has data
    /// (and how many zoom levels up it is).
    public func data(for key: TileKey) -> (tile: VectorTile?, shift: Int) {
        guard let reader = openReader() else { return (nil, 0) }
        let start = BasemapTiles.dataKey(for: key, in: reader)
        if let tile = decodedTile(start, reader) { return (tile, key.z - start.z) }
        guard let (tile, up) = TilePyramid.nearestAncestor(of: start, within: 1...start.z, { decodedTile($0, reader) }) else {
            return (nil, 0)
        }
        return (tile, key.z - start.z + up)
    }

    /// The decoded data for a tile as labels read it: as ``data(for:)`` when tiles render at
    /// once; when they render in the background, only data already decoded (a data tile not yet
    /// decoded is started in the background and offers nothing until it arrives, counted by
    /// ``dataRevision``), so reading and decoding never hold up a frame.
    public func readyData(for key: TileKey) -> (tile: VectorTile?, shift: Int) {
        guard rendersInBackground, let reader = openReader() else { return data(for: key) }
        let start = BasemapTiles.dataKey(for: key, in: reader)
        guard decoded.contains(start) else {
            decodeInBackground(start)
            return (nil, 0)
        }
        return data(for: key)
    }

    /// Starts reading and decoding a data tile off the frame path; it arrives in the decoded
    /// cache, and `onTileArrived` is called.
    private func decodeInBackground(_ key: TileKey) {
        guard !decoding.contains(key), let path = path ?? EmbeddedBasemap.url?.path else { return }
        decoding.insert(key)
        if backgroundReader == nil { backgroundReader = BackgroundReader(path: path) }
        guard let backgroundReader else { return }
        let revision = self.revision
        TileRenderQueue.shared.submit(
            TileRenderQueue.Job(
                run: {
                    let result = backgroundReader.tile(key)
                    Task { @MainActor in
                        self.decoding.remove(key)
                        // A file or style changed since: this data is not the file's now.
                        guard revision == self.revision else { return }
                        switch result {
                        case .success(let tile):
                            if tile?.isTruncated == true {
                                self.logOnce("tile \(key.z)/\(key.x)/\(key.y) is past the limits of one tile: the rest is not drawn")
                            }
                            self.decoded.insert(tile, for: key, cost: tile?.estimatedBytes ?? 0)
                        case .failure(let error):
                            self.logOnce("tile \(key.z)/\(key.x)/\(key.y) is corrupt: \(error)")
                            self.decoded.insert(nil, for: key, cost: 0)
                        }
                        self.dataRevision += 1
                        self.onTileArrived?()
                    }
                },
                dropped: {
                    Task { @MainActor in
                        self.decoding.remove(key)
                        self.onTileArrived?()
                    }
                }))
    }

    /// ``dataZoom(at:)`` once the data under the coordinate is decoded: when tiles render in
    /// the background and it is not yet, its decoding starts there and the answer is
    /// `.none` (not known yet), so no frame waits for it.
    public func dataZoomIfReady(at coordinate: CLLocationCoordinate2D) -> Int?? {
        guard rendersInBackground, let reader = openReader(), coordinate.isValid else { return .some(dataZoom(at: coordinate)) }
        let key = BasemapTiles.dataKey(at: coordinate, in: reader)
        guard decoded.contains(key) else {
            decodeInBackground(key)
            return .none
        }
        return .some(dataZoom(at: coordinate))
    }

    /// The highest zoom at which the basemap has a tile under a coordinate (street-level data
    /// is zoom 10 or more), or nil where it has none.
    public func dataZoom(at coordinate: CLLocationCoordinate2D) -> Int? {
        guard let reader = openReader(), coordinate.isValid else { return nil }
        let key = BasemapTiles.dataKey(at: coordinate, in: reader)
        let (tile, shift) = data(for: key)
        return tile == nil ? nil : key.z - shift
    }

    private func decodedTile(_ key: TileKey, _ reader: MBTilesReader) -> VectorTile? {
        if let cached = decoded.value(for: key) { return cached }
        var tile: VectorTile?
        do {
            tile = try reader.tile(z: key.z, x: key.x, y: key.y)
        } catch {
            logOnce("tile \(key.z)/\(key.x)/\(key.y) is corrupt: \(error)")
        }
        if tile?.isTruncated == true { logOnce("tile \(key.z)/\(key.x)/\(key.y) is past the limits of one tile: the rest is not drawn") }
        decoded.insert(tile, for: key, cost: tile?.estimatedBytes ?? 0)
        return tile
    }

    /// The attribution of the basemap's sources (from the file's metadata).
    public var attribution: String {
        let text = openReader()?.metadata["attribution"] ?? "© OpenStreetMap contributors, Natural Earth"
        return text.contains("©") ? text : "Map data: " + text
    }

    /// Whether a tile is rendered at a scale.
    public func isCached(_ key: TileKey, scale: Double) -> Bool { rendered.contains(RenderedKey(tile: key, scale: scale)) }

    /// The rendered tile, rendering it now if needed.
    public func bitmap(for key: TileKey, scale: Double) -> Bitmap? {
        let renderedKey = RenderedKey(tile: key, scale: scale)
        if let hit = rendered.value(for: renderedKey) { return hit }
        guard let job = job(for: key) else { return nil }
        let bitmap = BasemapTiles.render(job, renderer: renderer, zoom: key.z, scale: scale)
        rendered.insert(bitmap, for: renderedKey)
        return bitmap
    }

    /// One image shown for a tile: the tile's own, a part of an ancestor's, or a child's in
    /// its quarter. `key` is the tile whose square the image (or its `part`) fills.
    public struct ShownTile {
        public let bitmap: Bitmap
        public let key: TileKey
        public let part: CGRect?
    }

    /// What to show for a tile now, bottom first: rendered at once; or (rendering in the
    /// background) the tile if it has arrived, else its stand-ins: the nearest arrived
    /// ancestor's part covering it, with its arrived children over that (zooming out shows
    /// the sharper tiles it had). Stand-ins are held while they stand in (``prepare``), so the
    /// cache never drops one from under a tile still rendering (Leaflet's `_retainParent` and
    /// `_retainChildren`).
    public func shownTiles(for key: TileKey, scale: Double) -> [ShownTile] {
        guard rendersInBackground else {
            return bitmap(for: key, scale: scale).map { [ShownTile(bitmap: $0, key: key, part: nil)] } ?? []
        }
        renderInBackground(key, scale: scale)
        if let hit = rendered.peek(RenderedKey(tile: key, scale: scale)) { return [ShownTile(bitmap: hit, key: key, part: nil)] }
        return standIns(for: key, scale: scale).map(\.shown)
    }

    /// A tile's stand-ins now (the nearest arrived ancestor's part, then its arrived
    /// children), with the keys they are cached under.
    private func standIns(for key: TileKey, scale: Double) -> [(cached: RenderedKey, shown: ShownTile)] {
        var found: [(RenderedKey, ShownTile)] = []
        if let (bitmap, levels) = TilePyramid.nearestAncestor(of: key, within: TilePyramid.standInAncestorLevels, { arrived($0, scale) }) {
            let part = key.part(ofAncestor: levels, width: Double(bitmap.width), height: Double(bitmap.height))
            found.append((RenderedKey(tile: key.ancestor(levels: levels), scale: scale), ShownTile(bitmap: bitmap, key: key, part: part)))
        }
        for child in TilePyramid.children(of: key) {
            guard let bitmap = arrived(child, scale) else { continue }
            found.append((RenderedKey(tile: child, scale: scale), ShownTile(bitmap: bitmap, key: child, part: nil)))
        }
        return found
    }

    /// A tile's image if it has arrived: in the cache, or held as a stand-in.
    private func arrived(_ key: TileKey, _ scale: Double) -> Bitmap? {
        let cached = RenderedKey(tile: key, scale: scale)
        return rendered.peek(cached) ?? heldStandIns[cached]
    }

    /// Makes ready the tiles given that are not: renders them now, on every core (after
    /// calling `willRender` once, if any are missing), or starts them in the background.
    /// Returns whether background renders are under way.
    ///
    /// `whileRendering` (ours) is work this thread does while other cores render the missing
    /// tiles now (a map places its labels there, as placing needs no pixels): it runs once when
    /// tiles are missing and rendered now, and must not ask for rendered tiles.
    public func prepare(_ keys: [TileKey], scale: Double, willRender: () -> Void, whileRendering: (() -> Void)? = nil) -> Bool {
        let needed = keys.filter { !isCached($0, scale: scale) }
        guard rendersInBackground else {
            if !needed.isEmpty {
                willRender()
                renderNow(needed, scale: scale, alongside: whileRendering)
            }
            return false
        }
        for key in needed { renderInBackground(key, scale: scale) }
        // Hold the stand-ins of the tiles still to arrive, and only those.
        var held: [RenderedKey: Bitmap] = [:]
        for key in needed {
            for (cached, shown) in standIns(for: key, scale: scale) { held[cached] = shown.bitmap }
        }
        heldStandIns = held
        return isRendering
    }

    /// Renders tiles now, on every core, and caches them as rendering them one by one in
    /// `keys`' order does (a repeated key is a cache hit). They go in runs of at most
    /// ``cacheLimit`` tiles whose data, read here first (decoded on this thread), stays within
    /// ``decodedBytesLimit``; `alongside` runs during the first.
    private func renderNow(_ keys: [TileKey], scale: Double, alongside: (() -> Void)?) {
        let revision = self.revision
        var alongside = alongside
        var taken = Set<RenderedKey>(), run: [(key: RenderedKey, job: Job)] = [], runBytes = 0
        var cachedUpTo = 0
        /// Renders the run, then caches the tiles of `keys` before `end` in order.
        func renderRun(cachingUpTo end: Int) {
            let renderer = self.renderer, work = run.map { ($0.job, $0.key.tile.z) }
            let bitmaps = TileRenderBatch.run(work.count, alongside: alongside) { index in
                BasemapTiles.render(work[index].0, renderer: renderer, zoom: work[index].1, scale: scale)
            }
            alongside = nil
            // Work alongside that changed the style or file: these tiles are not its.
            guard revision == self.revision else { return }
            var drawn: [RenderedKey: Bitmap] = [:]
            for (entry, bitmap) in zip(run, bitmaps) { drawn[entry.key] = bitmap }
            for key in keys[cachedUpTo..<end] {
                let renderedKey = RenderedKey(tile: key, scale: scale)
                guard rendered.value(for: renderedKey) == nil else { continue }
                if let bitmap = drawn[renderedKey] {
                    rendered.insert(bitmap, for: renderedKey)
                } else if taken.contains(renderedKey) {
                    // Rendered in an earlier run and dropped since (over the cache's limit): as one by one.
                    _ = bitmap(for: key, scale: scale)
                }
            }
            cachedUpTo = end
            run.removeAll()
            runBytes = 0
        }
        for (index, key) in keys.enumerated() {
            let renderedKey = RenderedKey(tile: key, scale: scale)
            guard !taken.contains(renderedKey), let job = job(for: key) else { continue }
            taken.insert(renderedKey)
            let bytes = job.tile?.estimatedBytes ?? 0
            if !run.isEmpty, run.count >= BasemapTiles.cacheLimit || runBytes + bytes > BasemapTiles.decodedBytesLimit {
                renderRun(cachingUpTo: index)
                guard revision == self.revision else { return }
            }
            run.append((renderedKey, job))
            runBytes += bytes
        }
        renderRun(cachingUpTo: keys.count)
    }

    /// Starts rendering a tile off the frame path (`TileRenderQueue`); it arrives through
    /// `onTileArrived`. A render the queue drops unrun can be asked for again.
    private func renderInBackground(_ key: TileKey, scale: Double) {
        let renderedKey = RenderedKey(tile: key, scale: scale)
        guard !rendered.contains(renderedKey), !pending.contains(renderedKey), let job = job(for: key) else { return }
        pending.insert(renderedKey)
        let renderer = self.renderer
        TileRenderQueue.shared.submit(
            TileRenderQueue.Job(
                run: {
                    let bitmap = BasemapTiles.render(job, renderer: renderer, zoom: key.z, scale: scale)
                    Task { @MainActor in
                        self.pending.remove(renderedKey)
                        self.rendered.insert(bitmap, for: renderedKey)
                        self.onTileArrived?()
                    }
                },
                dropped: {
                    Task { @MainActor in
                        self.pending.remove(renderedKey)
                        // What is still in view asks again.
                        self.onTileArrived?()
                    }
                }))
    }

    /// What rendering a tile needs: its data (or an ancestor's) and the part of it to draw.
    private struct Job: Sendable {
        let tile: VectorTile?
        let source: (x: Double, y: Double, size: Double)?
    }

    private func job(for key: TileKey) -> Job? {
        guard let reader = openReader() else { return nil }
        if rendersInBackground {
            // Rendering waits for the data to arrive, decoded off the frame path.
            let start = BasemapTiles.dataKey(for: key, in: reader)
            if !decoded.contains(start) {
                decodeInBackground(start)
                return nil
            }
        }
        let (decoded, shift) = data(for: key)
        guard let decoded else { return Job(tile: nil, source: nil) }
        let extent = decoded.layers.first?.extent ?? 4096
        let part = key.part(ofAncestor: shift, width: extent, height: extent)
        return Job(tile: decoded, source: shift == 0 ? nil : (Double(part.minX), Double(part.minY), Double(part.width)))
    }

    nonisolated private static func render(_ job: Job, renderer: TileRenderer, zoom: Int, scale: Double) -> Bitmap {
        guard let tile = job.tile else {
            let canvas = Canvas(size: CGSize(width: 256, height: 256), scale: scale)
            canvas.clear(renderer.style.land)
            return canvas.bitmap
        }
        return renderer.render(tile, zoom: Double(zoom), scale: scale, source: job.source)
    }
}

/// A basemap file read off the main actor: its own connection, used by one thread at a time.
final class BackgroundReader: @unchecked Sendable {
    private let lock = NSLock()
    private let path: String
    private var reader: MBTilesReader?
    private var openError: (any Error)?

    init(path: String) {
        self.path = path
    }

    /// The decoded tile (nil where the file has none), or why it could not be read.
    func tile(_ key: TileKey) -> Result<VectorTile?, any Error> {
        lock.withLock {
            if reader == nil, openError == nil {
                do { reader = try MBTilesReader(path: path) } catch { openError = error }
            }
            guard let reader else { return .failure(openError ?? CancellationError()) }
            return Result { try reader.tile(z: key.z, x: key.x, y: key.y) }
        }
    }
}
