import Foundation
import MapDrawing
import MapGeometry

extension GMSMapView {
    /// How long a new tile takes to fade in.
    static let tileFadeDuration: TimeInterval = 0.25

    func tileLayerJoined(_ layer: GMSTileLayer) {
        guard !tileLayers.contains(where: { $0 === layer }) else { return }
        tileLayers.append(layer)
        snapshotReported = false
        setNeedsDisplay()
    }

    func tileLayerLeft(_ layer: GMSTileLayer) {
        tileLayers.removeAll { $0 === layer }
        setNeedsDisplay()
    }

    /// The tile layers in drawing order: by zIndex, then in the order added.
    var orderedTileLayers: [GMSTileLayer] {
        tileLayers.enumerated().sorted { ($0.element.zIndex, $0.offset) < ($1.element.zIndex, $1.offset) }.map(\.element)
    }

    /// The zoom a layer's tiles are asked at: its tiles' pixels about the screen's pixels.
    func tileZoom(of layer: GMSTileLayer, viewport: Viewport) -> Int {
        let size = Double(max(layer.tileSize, 16))
        let zoom = viewport.zoom + log2(256 * Double(UIScreen.defaultScale) / size)
        return Int(min(max(zoom.rounded(), 0), 22))
    }

    /// The tiles covering the view for a layer, computed once per camera and zoom (the same
    /// cover serves requests, the idle check and drawing).
    func layerTiles(of layer: GMSTileLayer, viewport: Viewport) -> [(key: TileKey, shift: Int)] {
        let zoom = tileZoom(of: layer, viewport: viewport)
        if let cached = tileLayerCover[zoom], cached.viewport == viewport { return cached.tiles }
        let tiles = GMSMapView.coveringTiles(viewport, zoom: zoom)
        if tileLayerCover.count > 4 { tileLayerCover.removeAll() }
        tileLayerCover[zoom] = (viewport, tiles)
        return tiles
    }

    /// Asks every layer for the visible tiles it has not got; returns whether any are in flight
    /// and whether new requests were made.
    func requestLayerTiles() -> (busy: Bool, asked: Bool) {
        guard !tileLayers.isEmpty, bounds.width > 0, bounds.height > 0 else { return (false, false) }
        let viewport = viewport
        var busy = false, asked = false
        for layer in tileLayers {
            let store = layer.store
            for (key, _) in layerTiles(of: layer, viewport: viewport) {
                if store.tile(key).shouldRequest {
                    asked = true
                    layer.requestTileFor(x: UInt(key.x), y: UInt(key.y), zoom: UInt(key.z), receiver: store)
                }
            }
            if store.takeArrivals() { setNeedsDisplay() }
            busy = busy || store.inFlight
        }
        return (busy, asked)
    }

    /// Whether a layer has visible tiles it has not yet asked for, or requests in flight.
    var hasLayerTileWork: Bool {
        guard !tileLayers.isEmpty, bounds.width > 0, bounds.height > 0 else { return false }
        let viewport = viewport
        return tileLayers.contains { layer in
            layer.store.inFlight
                || layerTiles(of: layer, viewport: viewport).contains { !layer.store.isKnown($0.key) }
        }
    }

    /// Waits (in real time, at most `timeout`) for the layers' requests in flight; virtual time
    /// does not move, so tiles arrive in the frame that asked for them.
    func awaitLayerTiles(timeout: TimeInterval) {
        let deadline = Date(timeIntervalSinceNow: timeout)
        for layer in tileLayers {
            layer.store.waitUntilSettled(before: deadline)
            if layer.store.takeArrivals() { setNeedsDisplay() }
        }
    }

    /// Whether a layer's tile is still fading in.
    var isFadingTiles: Bool {
        tileLayers.contains { $0.fadeIn && $0.store.isFading(at: now, duration: GMSMapView.tileFadeDuration) }
    }

    /// Draws the tile layers over the basemap: each tile as it has arrived, or the nearest
    /// arrived ancestor's part while it loads.
    func drawTileLayers(in canvas: Canvas, viewport: Viewport) {
        var pieces: [ProjectedImage] = []
        for layer in orderedTileLayers where layer.opacity > 0 {
            let store = layer.store
            let opacity = Double(min(max(layer.opacity, 0), 1))
            for (key, shift) in layerTiles(of: layer, viewport: viewport) {
                guard let shown = store.shown(key, at: now) else { continue }
                guard shown.image !== kGMSTileLayerNoTile else { continue }
                let bitmap = shown.image.bitmap
                var part: CGRect?
                if shown.levels > 0 {
                    let size = Double(bitmap.width) / Double(1 << shown.levels), mask = (1 << shown.levels) - 1
                    let sizeY = Double(bitmap.height) / Double(1 << shown.levels)
                    part = CGRect(x: Double(key.x & mask) * size, y: Double(key.y & mask) * sizeY, width: size, height: sizeY)
                }
                var fade = 1.0
                if layer.fadeIn, shown.levels == 0 {
                    fade = min(1, max(0, (now - shown.arrived) / GMSMapView.tileFadeDuration))
                }
                drawTile(bitmap, part: part, at: key, shift: shift, in: canvas, viewport: viewport, opacity: opacity * fade, into: &pieces)
            }
        }
        canvas.draw(pieces)
    }
}
