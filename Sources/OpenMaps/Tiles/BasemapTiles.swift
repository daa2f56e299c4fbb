import Basemap
import Foundation
import Logging
import MapDrawing
import MapGeometry

/// A tile address.
struct TileKey: Hashable {
    let z: Int
    let x: Int
    let y: Int
}

/// The map's basemap: tiles read from an MBTiles file (the embedded one unless another is
/// set), drawn in the basemap style and kept in a memory-bounded LRU cache. Missing or
/// corrupt tiles are drawn from their nearest parent (overzoom); problems are logged once.
@MainActor
final class BasemapTiles {
    private static let logger = Logger(label: "OpenMaps.Basemap")

    /// The most rendered tiles kept.
    static let cacheLimit = 96

    private var reader: MBTilesReader?
    private var openFailed = false
    private var path: String?
    private var cache: [RenderedKey: Bitmap] = [:]
    private var lastUse: [RenderedKey: Int] = [:]
    private var clock = 0
    private var logged: Set<String> = []
    private var decoded: [TileKey: (tile: VectorTile?, use: Int)] = [:]
    private(set) var renderer = TileRenderer()

    /// Restyles the basemap: drops rendered tiles (decoded data stays).
    func use(style: BasemapStyle) {
        renderer = TileRenderer(style: style)
        cache.removeAll()
        lastUse.removeAll()
    }
    /// Whether missing tiles are rendered on other cores (apps) instead of at once (replays, tests).
    var rendersInBackground = false
    /// Tiles being rendered in the background.
    private(set) var pending: Set<RenderedKey> = []
    /// Called on the main actor when a background tile has arrived.
    var onTileArrived: (() -> Void)?

    struct RenderedKey: Hashable {
        let tile: TileKey
        let scale: Double
    }

    /// Uses another MBTiles file (nil: the embedded basemap); drops every cached tile.
    func use(path newPath: String?) {
        path = newPath
        reader = nil
        openFailed = false
        cache.removeAll()
        lastUse.removeAll()
        decoded.removeAll()
    }

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

    /// The decoded data for a tile: the tile itself, or the nearest ancestor that has data
    /// (and how many zoom levels up it is). Decoded tiles are kept (LRU).
    func data(for key: TileKey) -> (tile: VectorTile?, shift: Int) {
        guard let reader = openReader() else { return (nil, 0) }
        var z = min(key.z, reader.maximumZoom), shift = key.z - z
        clock += 1
        while z >= 0 {
            let source = TileKey(z: z, x: key.x >> shift, y: key.y >> shift)
            if let cached = decoded[source] {
                decoded[source] = (cached.tile, clock)
                if let tile = cached.tile { return (tile, shift) }
            } else {
                var tile: VectorTile?
                do {
                    tile = try reader.tile(z: source.z, x: source.x, y: source.y)
                } catch {
                    logOnce("tile \(source.z)/\(source.x)/\(source.y) is corrupt: \(error)")
                }
                decoded[source] = (tile, clock)
                if decoded.count > BasemapTiles.cacheLimit * 2, let oldest = decoded.min(by: { $0.value.use < $1.value.use })?.key {
                    decoded[oldest] = nil
                }
                if let tile { return (tile, shift) }
            }
            z -= 1
            shift += 1
        }
        return (nil, 0)
    }

    /// The attribution of the basemap's sources (from the file's metadata).
    var attribution: String {
        let text = openReader()?.metadata["attribution"] ?? "© OpenStreetMap contributors, Natural Earth"
        return text.contains("©") ? text : "Map data: " + text
    }

    /// Whether a tile is rendered at a scale.
    func isCached(_ key: TileKey, scale: Double) -> Bool { cache[RenderedKey(tile: key, scale: scale)] != nil }

    /// The rendered tile, rendering it now if needed.
    func bitmap(for key: TileKey, scale: Double) -> Bitmap? {
        let rendered = RenderedKey(tile: key, scale: scale)
        clock += 1
        if let hit = cache[rendered] {
            lastUse[rendered] = clock
            return hit
        }
        guard let job = job(for: key) else { return nil }
        let bitmap = BasemapTiles.render(job, renderer: renderer, zoom: key.z, scale: scale)
        store(bitmap, for: rendered)
        return bitmap
    }

    /// The cached tile, or the nearest cached ancestor and the part of it covering the tile
    /// (what is shown while a tile renders in the background).
    func shownBitmap(for key: TileKey, scale: Double) -> (bitmap: Bitmap, source: CGRect?)? {
        if let hit = cache[RenderedKey(tile: key, scale: scale)] { return (hit, nil) }
        for levels in 1...4 where key.z - levels >= 0 {
            let parent = RenderedKey(tile: TileKey(z: key.z - levels, x: key.x >> levels, y: key.y >> levels), scale: scale)
            guard let bitmap = cache[parent] else { continue }
            let part = Double(bitmap.width) / Double(1 << levels)
            let mask = (1 << levels) - 1
            return (bitmap, CGRect(x: Double(key.x & mask) * part, y: Double(key.y & mask) * part, width: part, height: part))
        }
        return nil
    }

    /// Starts rendering a tile on another core; it arrives through `onTileArrived`.
    func renderInBackground(_ key: TileKey, scale: Double) {
        let rendered = RenderedKey(tile: key, scale: scale)
        guard cache[rendered] == nil, !pending.contains(rendered), let job = job(for: key) else { return }
        pending.insert(rendered)
        let renderer = self.renderer
        Task.detached(priority: .userInitiated) {
            let bitmap = BasemapTiles.render(job, renderer: renderer, zoom: key.z, scale: scale)
            await MainActor.run {
                self.pending.remove(rendered)
                self.store(bitmap, for: rendered)
                self.onTileArrived?()
            }
        }
    }

    /// What rendering a tile needs: its data (or an ancestor's) and the part of it to draw.
    struct Job: Sendable {
        let tile: VectorTile?
        let source: (x: Double, y: Double, size: Double)?
    }

    private func job(for key: TileKey) -> Job? {
        guard openReader() != nil else { return nil }
        let (decoded, shift) = data(for: key)
        guard let decoded else { return Job(tile: nil, source: nil) }
        let extent = decoded.layers.first?.extent ?? 4096
        let part = extent / Double(1 << shift)
        let source = shift == 0 ? nil : (Double(key.x & ((1 << shift) - 1)) * part, Double(key.y & ((1 << shift) - 1)) * part, part)
        return Job(tile: decoded, source: source)
    }

    nonisolated private static func render(_ job: Job, renderer: TileRenderer, zoom: Int, scale: Double) -> Bitmap {
        guard let tile = job.tile else {
            let canvas = Canvas(size: CGSize(width: 256, height: 256), scale: scale)
            canvas.clear(renderer.style.land)
            return canvas.bitmap
        }
        return renderer.render(tile, zoom: Double(zoom), scale: scale, source: job.source)
    }

    private func store(_ bitmap: Bitmap, for rendered: RenderedKey) {
        clock += 1
        cache[rendered] = bitmap
        lastUse[rendered] = clock
        if cache.count > BasemapTiles.cacheLimit, let oldest = lastUse.min(by: { $0.value < $1.value })?.key {
            cache[oldest] = nil
            lastUse[oldest] = nil
        }
    }
}

extension GMSMapView {
    /// The display zoom of tiles for the camera (rounded), and the tiles covering the visible
    /// ground.
    func visibleTiles(_ viewport: Viewport) -> (zoom: Int, tiles: [(key: TileKey, shift: Int)]) {
        let z = Int(min(max(viewport.zoom.rounded(), 0), 22))
        return (z, GMSMapView.coveringTiles(viewport, zoom: z))
    }

    /// The tiles covering the visible ground, at `zoom` where the ground is at the camera's
    /// scale and at lower zooms where perspective shrinks it (farther away under tilt), as
    /// MapLibre does; each with the world copy it lies on. At most `limit` tiles: past that,
    /// tiles stay coarser.
    static func coveringTiles(_ viewport: Viewport, zoom: Int, limit: Int = 96) -> [(key: TileKey, shift: Int)] {
        let box = ShapeGeometry.visibleBox(viewport)
        let first = Int(box.minX.rounded(.down)), last = Int(box.maxX.rounded(.down))
        guard last - first < 8, box.minY < 1, box.maxY > 0 else { return [] }
        var result: [(key: TileKey, shift: Int)] = []
        // Breadth first, so that when the limit is reached the finer tiles are the near ones.
        var level: [(key: TileKey, shift: Int)] = (first...last).map { (TileKey(z: 0, x: 0, y: 0), $0) }
        while !level.isEmpty {
            var next: [(key: TileKey, shift: Int)] = []
            for (index, (key, shift)) in level.enumerated() {
                let n = Double(1 << key.z)
                let minX = Double(key.x) / n + Double(shift), minY = Double(key.y) / n
                guard minX < box.maxX, minX + 1 / n > box.minX, minY < box.maxY, minY + 1 / n > box.minY else { continue }
                if key.z >= min(zoom, wantedZoom(of: key, shift: shift, viewport: viewport, zoom: zoom))
                    || result.count + next.count + 4 + (level.count - index - 1) > limit
                {
                    result.append((key, shift))
                    continue
                }
                for dy in 0..<2 {
                    for dx in 0..<2 {
                        next.append((TileKey(z: key.z + 1, x: key.x * 2 + dx, y: key.y * 2 + dy), shift))
                    }
                }
            }
            level = next
        }
        return result
    }

    /// The zoom a tile's ground needs: the camera's, less where perspective shrinks the tile's
    /// nearest visible row.
    private static func wantedZoom(of key: TileKey, shift: Int, viewport: Viewport, zoom: Int) -> Int {
        guard viewport.tilt > 0 else { return zoom }
        let n = Double(1 << key.z)
        var nearest = -Double.infinity
        for (u, v) in [(0.0, 0.0), (1, 0), (0, 1), (1, 1)] {
            let p = viewport.point(forMercator: MercatorPoint(x: (Double(key.x) + u) / n + Double(shift), y: (Double(key.y) + v) / n))
            nearest = max(nearest, p.y)
        }
        let row = min(max(nearest, 0), viewport.height)
        let scale = viewport.groundScale(atViewY: row)
        guard scale > 0 else { return 0 }
        return zoom + Int((log2(scale)).rounded())
    }

    /// Draws the basemap tiles.
    func drawBasemap(in canvas: Canvas, viewport: Viewport, scale: CGFloat) {
        var pieces: [ProjectedImage] = []
        for (key, shift) in visibleTiles(viewport).tiles {
            let shown: (bitmap: Bitmap, source: CGRect?)?
            if basemap.rendersInBackground {
                basemap.renderInBackground(key, scale: scale)
                shown = basemap.shownBitmap(for: key, scale: scale)
            } else {
                shown = basemap.bitmap(for: key, scale: scale).map { ($0, nil) }
            }
            guard let (bitmap, part) = shown else { continue }
            drawTile(bitmap, part: part, at: key, shift: shift, in: canvas, viewport: viewport, into: &pieces)
        }
        canvas.draw(pieces)
    }

    /// Draws a tile's image (or the part of it given) over the tile's ground: one affine
    /// mapping when flat; under tilt, its exact perspective mapping (the ground is a plane,
    /// so a tile's square goes to its screen quad by one projective transform), added to
    /// `pieces` for one drawing of them all.
    func drawTile(
        _ bitmap: Bitmap, part: CGRect?, at key: TileKey, shift: Int, in canvas: Canvas, viewport: Viewport, opacity: Double = 1,
        into pieces: inout [ProjectedImage]
    ) {
        let n = Double(1 << key.z)
        let whole = part ?? CGRect(x: 0, y: 0, width: bitmap.width, height: bitmap.height)
        let w = whole.width, h = whole.height
        guard viewport.tilt <= 0 else {
            // Source pixels -> projected points -> view points. Opaque tiles reach a pixel past
            // their edges, so neighbours overlap and no seam shows.
            let toMercator = ProjectiveTransform.affine(
                a: 1 / (w * n), b: 0, c: 0, d: 1 / (h * n),
                tx: (Double(key.x) - whole.minX / w) / n + Double(shift), ty: (Double(key.y) - whole.minY / h) / n)
            pieces.append(
                ProjectedImage(
                    image: bitmap, part: whole, transform: viewport.mercatorToView.after(toMercator), bleed: opacity >= 1 ? 1 : 0,
                    opacity: opacity))
            return
        }
        func corner(_ u: Double, _ v: Double) -> CGPoint {
            let p = viewport.point(forMercator: MercatorPoint(x: (Double(key.x) + u) / n + Double(shift), y: (Double(key.y) + v) / n))
            return CGPoint(x: p.x, y: p.y)
        }
        // Flat: one exact affine mapping; a hair of overlap hides seams between tiles.
        let bleed = 0.5 / 256
        canvas.draw(
            bitmap, source: whole, topLeft: corner(-bleed, -bleed), topRight: corner(1 + bleed, -bleed),
            bottomLeft: corner(-bleed, 1 + bleed), opacity: opacity, interpolation: .fast)
    }

    /// Renders the tiles the camera needs that are not ready, reporting the work to the
    /// delegate (`mapViewDidStartTileRendering`, `mapViewDidFinishTileRendering`), and
    /// `mapViewSnapshotReady` once the camera is idle and everything is drawn.
    func stepTiles() {
        guard bounds.width > 0, bounds.height > 0 else { return }
        let wasBusy = tilesInFlight
        var started = false
        func start() {
            guard !tilesInFlight, !started else { return }
            started = true
            snapshotReported = false
            delegate?.mapViewDidStartTileRendering(self)
        }
        var basemapBusy = false
        if mapType != .none {
            let scale = UIScreen.defaultScale
            let needed = visibleTiles(viewport).tiles.filter { !basemap.isCached($0.key, scale: scale) }
            if basemap.rendersInBackground {
                // Tiles render on other cores; the callbacks bracket the work in flight.
                for (key, _) in needed { basemap.renderInBackground(key, scale: scale) }
                basemapBusy = !basemap.pending.isEmpty
            } else if !needed.isEmpty {
                start()
                for (key, _) in needed { _ = basemap.bitmap(for: key, scale: scale) }
            }
        }
        // Tile layers: in real time their tiles arrive when they arrive; in virtual time the
        // frame waits for them (bounded), so replays stay deterministic.
        var (layersBusy, asked) = requestLayerTiles()
        if layersBusy, asked, !basemap.rendersInBackground {
            start()
            awaitLayerTiles(timeout: tileLayers.map(\.settleTimeout).max() ?? 0)
            layersBusy = tileLayers.contains { $0.store.inFlight }
        }
        let busy = basemapBusy || layersBusy
        if busy { start() }
        tilesInFlight = busy
        if !busy, wasBusy || started {
            delegate?.mapViewDidFinishTileRendering(self)
        }
        if !busy, !snapshotReported, !motion.isMoving, motion.animation == nil {
            snapshotReported = true
            delegate?.mapViewSnapshotReady(self)
        }
    }
}
