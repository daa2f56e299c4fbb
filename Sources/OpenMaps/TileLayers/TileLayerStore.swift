import Foundation
import MapDrawing
import MapGeometry

/// A tile layer's tiles: arrived images (bounded, least recently used dropped first), the
/// requests in flight, and when each tile was first shown (for the fade-in). Receives tiles
/// from any thread.
final class TileLayerStore: GMSTileReceiver, @unchecked Sendable {
    /// The most tiles kept per layer.
    static let limit = 160

    private struct Entry {
        var image: UIImage
        var shownAt: TimeInterval?
    }

    private let condition = NSCondition()
    private var tiles = LRUCache<TileKey, Entry>(capacity: TileLayerStore.limit)
    private var requested: Set<TileKey> = []
    private var arrivals = false

    /// Forgets every tile; answers to requests made before are dropped.
    func clear() {
        condition.lock()
        tiles.removeAll()
        requested.removeAll()
        condition.broadcast()
        condition.unlock()
    }

    /// The number of tiles kept.
    var count: Int {
        condition.lock()
        defer { condition.unlock() }
        return tiles.count
    }

    /// Whether a tile is there, and whether it should be asked for now (not there, not asked).
    func tile(_ key: TileKey) -> (arrived: Bool, shouldRequest: Bool) {
        condition.lock()
        defer { condition.unlock() }
        if tiles.value(for: key) != nil { return (true, false) }
        guard !requested.contains(key) else { return (false, false) }
        requested.insert(key)
        return (false, true)
    }

    /// Whether a tile has arrived or been asked for.
    func isKnown(_ key: TileKey) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        return tiles.contains(key) || requested.contains(key)
    }

    /// The image to show for a tile: its own, or the nearest kept ancestor's (`levels` up);
    /// with the time it was first shown (stamped now if never).
    func shown(_ key: TileKey, at now: TimeInterval) -> (image: UIImage, levels: Int, arrived: TimeInterval)? {
        condition.lock()
        defer { condition.unlock() }
        if let entry = tiles.peek(key) {
            if entry.shownAt == nil { tiles.update(key) { $0.shownAt = now } }
            return (entry.image, 0, entry.shownAt ?? now)
        }
        guard let (entry, levels) = TilePyramid.nearestAncestor(of: key, within: 1...4, { tiles.peek($0) }) else { return nil }
        return (entry.image, levels, entry.shownAt ?? now)
    }

    /// Whether a tile shown at most `duration` ago is still fading in.
    func isFading(at now: TimeInterval, duration: TimeInterval) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        return tiles.values.contains { entry in
            guard let shown = entry.shownAt else { return false }
            return now - shown < duration && entry.image !== kGMSTileLayerNoTile
        }
    }

    /// Whether requests are in flight.
    var inFlight: Bool {
        condition.lock()
        defer { condition.unlock() }
        return !requested.isEmpty
    }

    /// Whether tiles arrived since the last call.
    func takeArrivals() -> Bool {
        condition.lock()
        defer { condition.unlock() }
        let any = arrivals
        arrivals = false
        return any
    }

    /// Blocks until no request is in flight or the deadline passes.
    func waitUntilSettled(before deadline: Date) {
        condition.lock()
        while !requested.isEmpty {
            if !condition.wait(until: deadline) { break }
        }
        condition.unlock()
    }

    func receiveTileWith(x: UInt, y: UInt, zoom: UInt, image: UIImage?) {
        guard zoom <= 30, x < UInt(1) << zoom, y < UInt(1) << zoom else { return }
        let key = TileKey(z: Int(zoom), x: Int(x), y: Int(y))
        condition.lock()
        defer {
            condition.broadcast()
            condition.unlock()
        }
        // An answer for a tile not asked (or asked before `clear()`) is dropped.
        guard requested.remove(key) != nil else { return }
        // nil (cannot be had now) stays blank until the cache is cleared or the tile dropped,
        // so a failing source is not asked again every frame.
        tiles.insert(Entry(image: image ?? kGMSTileLayerNoTile, shownAt: nil), for: key)
        arrivals = true
    }
}
