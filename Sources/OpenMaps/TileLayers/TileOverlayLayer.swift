import Foundation
import MapDrawing
import MapGeometry
import MapUIKit

/// The map's tile layers (`GMSTileLayer`, `GMSURLTileLayer`...) over the basemap and under
/// the shapes: each tile as it has arrived (fading in), or the nearest arrived ancestor's
/// part while it loads.
@MainActor
final class TileOverlayLayer: MapLayer {
    /// How long a new tile takes to fade in.
    static let fadeDuration: TimeInterval = 0.25

    /// The tile layers, in the order added.
    private(set) var layers: [GMSTileLayer] = []
    /// The layers' last cover of the view, by tile zoom.
    private var covers: [Int: (viewport: Viewport, tiles: [CoveringTile])] = [:]
    private let clock: MapClock

    init(clock: MapClock) {
        self.clock = clock
    }

    func add(_ layer: GMSTileLayer) {
        guard !layers.contains(where: { $0 === layer }) else { return }
        layers.append(layer)
    }

    func remove(_ layer: GMSTileLayer) {
        layers.removeAll { $0 === layer }
    }

    /// The tile layers in drawing order: by zIndex, then in the order added.
    private var inDrawingOrder: [GMSTileLayer] {
        layers.enumerated().sorted { ($0.element.zIndex, $0.offset) < ($1.element.zIndex, $1.offset) }.map(\.element)
    }

    /// The zoom a layer's tiles are asked at: its tiles' pixels about the screen's pixels.
    private func tileZoom(of layer: GMSTileLayer, viewport: Viewport) -> Int {
        let size = Double(max(layer.tileSize, 16))
        return TileCover.displayZoom(viewport.zoom + log2(256 * Double(UIScreen.defaultScale) / size))
    }

    /// The tiles covering the view for a layer, computed once per camera and zoom (the same
    /// cover serves requests, the idle check and drawing).
    func tiles(of layer: GMSTileLayer, viewport: Viewport) -> [CoveringTile] {
        let zoom = tileZoom(of: layer, viewport: viewport)
        if let cached = covers[zoom], cached.viewport == viewport { return cached.tiles }
        let tiles = TileCover.tiles(viewport, zoom: zoom)
        if covers.count > 4 { covers.removeAll() }
        covers[zoom] = (viewport, tiles)
        return tiles
    }

    /// Asks every layer for the visible tiles it has not got; returns whether any are in
    /// flight, whether new requests were made, and whether tiles arrived.
    func request(_ viewport: Viewport) -> (busy: Bool, asked: Bool, arrived: Bool) {
        guard !layers.isEmpty, viewport.width > 0, viewport.height > 0 else { return (false, false, false) }
        var busy = false, asked = false, arrived = false
        for layer in layers {
            let store = layer.store
            let visible = tiles(of: layer, viewport: viewport)
            for (key, _) in visible where store.tile(key).shouldRequest {
                asked = true
                layer.requestTileFor(x: UInt(key.x), y: UInt(key.y), zoom: UInt(key.z), receiver: store)
            }
            store.holdStandIns(for: visible.map(\.key))
            arrived = store.takeArrivals() || arrived
            busy = busy || store.inFlight
        }
        return (busy, asked, arrived)
    }

    /// Asks for the visible tiles (``request(_:)``). In virtual time a host awaits the new
    /// requests before the next frame, and steps the tiles again at the same moment, so
    /// replays stay deterministic.
    func prepare(_ preparation: LayerPreparation) -> LayerWork {
        let (busy, asked, arrived) = request(preparation.viewport)
        return LayerWork(isBusy: busy, isAwaited: busy && asked && !preparation.realTime, arrived: arrived)
    }

    /// Whether requests are in flight.
    var isFetching: Bool { layers.contains { $0.store.inFlight } }

    var isWorkingInBackground: Bool { isFetching }

    /// While a tile fades in.
    var wantsFrames: Bool { isFading }

    func hasWork(at viewport: Viewport) -> Bool { hasWork(viewport) }

    func awaitWork(for duration: Duration) async { await awaitRequests(for: duration) }

    func abandonWork() -> Int { abandonRequests() }

    /// Whether a layer has visible tiles it has not yet asked for, or requests in flight.
    func hasWork(_ viewport: Viewport) -> Bool {
        guard !layers.isEmpty, viewport.width > 0, viewport.height > 0 else { return false }
        return layers.contains { layer in
            layer.store.inFlight || tiles(of: layer, viewport: viewport).contains { !layer.store.isKnown($0.key) }
        }
    }

    /// Suspends (never blocking a thread) until the requests in flight are answered or
    /// `limit` passes in real time.
    func awaitRequests(for limit: Duration) async {
        let clock = ContinuousClock()
        let deadline = clock.now + limit
        while isFetching, clock.now < deadline {
            do { try await Task.sleep(for: .milliseconds(1)) } catch { return }
        }
    }

    /// Gives up on every request in flight: those tiles are left blank, as failed ones are.
    /// Returns how many were given up.
    func abandonRequests() -> Int {
        layers.reduce(0) { $0 + $1.store.abandonRequests() }
    }

    /// Whether a layer's tile is still fading in.
    var isFading: Bool {
        layers.contains { $0.fadeIn && $0.store.isFading(at: clock.now, duration: TileOverlayLayer.fadeDuration) }
    }

    func draw(in canvas: Canvas, frame: MapFrame) {
        let viewport = frame.viewport
        var batch = TileImageBatch(viewport: viewport)
        for layer in inDrawingOrder where layer.opacity > 0 {
            let store = layer.store
            let opacity = Double(layer.opacity.clamped(to: 0...1))
            for (key, shift) in tiles(of: layer, viewport: viewport) {
                guard let shown = store.shown(key, at: frame.now), shown.image !== kGMSTileLayerNoTile else { continue }
                let bitmap = shown.image.bitmap
                let part = shown.levels > 0
                    ? key.part(ofAncestor: shown.levels, width: Double(bitmap.width), height: Double(bitmap.height)) : nil
                var fade = 1.0
                if layer.fadeIn, shown.levels == 0 {
                    fade = ((frame.now - shown.arrived) / TileOverlayLayer.fadeDuration).clamped(to: 0...1)
                }
                batch.add(bitmap, part: part, at: key, shift: shift, opacity: opacity * fade, in: canvas)
            }
        }
        batch.draw(in: canvas)
    }
}
