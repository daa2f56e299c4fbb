import Foundation
import MapDrawing
import MapGeometry
import Synchronization

/// A tile layer's tiles: arrived images (bounded, least recently used dropped first), the
/// requests in flight, and when each tile was first shown (for the fade-in). Receives tiles
/// from any thread.
final class TileLayerStore: GMSTileReceiver, Sendable {
    /// The most tiles kept per layer.
    static let limit = 160

    private struct Entry {
        var image: UIImage
        var shownAt: TimeInterval?
    }

    private struct State: ~Copyable {
        var tiles = LRUCache<TileKey, Entry>(capacity: TileLayerStore.limit)
        var requested: Set<TileKey> = []
        var arrivals = false
        /// Arrived tiles standing in for tiles still to arrive (their nearest ancestors), held
        /// outside the cache while they stand in.
        var heldStandIns: [TileKey: Entry] = [:]
    }

    private let state = Mutex(State())

    /// Forgets every tile; answers to requests made before are dropped.
    func clear() {
        state.withLock { state in
            state.tiles.removeAll()
            state.requested.removeAll()
            state.heldStandIns.removeAll()
        }
    }

    /// Holds the stand-ins of the visible tiles not arrived yet (their nearest arrived
    /// ancestors), and only those: the cache cannot drop a stand-in while it stands in (rule 83).
    func holdStandIns(for visible: [TileKey]) {
        state.withLock { state in
            var held: [TileKey: Entry] = [:]
            let tiles = state.tiles, before = state.heldStandIns
            for key in visible where tiles.peek(key) == nil {
                if let (entry, levels) = TilePyramid.nearestAncestor(
                    of: key, within: TilePyramid.standInAncestorLevels, { tiles.peek($0) ?? before[$0] })
                {
                    held[key.ancestor(levels: levels)] = entry
                }
            }
            state.heldStandIns = held
        }
    }

    /// How many stand-ins are held now.
    var heldStandInCount: Int { state.withLock { $0.heldStandIns.count } }

    /// The number of tiles kept.
    var count: Int { state.withLock { $0.tiles.count } }

    /// Whether a tile is there, and whether it should be asked for now (not there, not asked).
    func tile(_ key: TileKey) -> (arrived: Bool, shouldRequest: Bool) {
        state.withLock { state in
            if state.tiles.value(for: key) != nil { return (true, false) }
            guard !state.requested.contains(key) else { return (false, false) }
            state.requested.insert(key)
            return (false, true)
        }
    }

    /// Whether a tile has arrived or been asked for.
    func isKnown(_ key: TileKey) -> Bool {
        state.withLock { $0.tiles.contains(key) || $0.requested.contains(key) }
    }

    /// The image to show for a tile: its own, or the nearest kept ancestor's (`levels` up);
    /// with the time it was first shown (stamped now if never).
    func shown(_ key: TileKey, at now: TimeInterval) -> (image: UIImage, levels: Int, arrived: TimeInterval)? {
        state.withLock { state in
            if let entry = state.tiles.peek(key) {
                if entry.shownAt == nil { state.tiles.update(key) { $0.shownAt = now } }
                return (entry.image, 0, entry.shownAt ?? now)
            }
            let tiles = state.tiles, held = state.heldStandIns
            guard let (entry, levels) = TilePyramid.nearestAncestor(of: key, within: TilePyramid.standInAncestorLevels, { tiles.peek($0) ?? held[$0] })
            else { return nil }
            return (entry.image, levels, entry.shownAt ?? now)
        }
    }

    /// Whether a tile shown at most `duration` ago is still fading in.
    func isFading(at now: TimeInterval, duration: TimeInterval) -> Bool {
        state.withLock { state in
            state.tiles.values.contains { entry in
                guard let shown = entry.shownAt else { return false }
                return now - shown < duration && entry.image !== kGMSTileLayerNoTile
            }
        }
    }

    /// Whether requests are in flight.
    var inFlight: Bool { state.withLock { !$0.requested.isEmpty } }

    /// Whether tiles arrived since the last call.
    func takeArrivals() -> Bool {
        state.withLock { state in
            defer { state.arrivals = false }
            return state.arrivals
        }
    }

    /// Gives up on the requests in flight: each tile is left blank, as a failed one is, and
    /// answers that come later are dropped. Returns how many were given up.
    @discardableResult
    func abandonRequests() -> Int {
        state.withLock { state in
            let count = state.requested.count
            for key in state.requested {
                state.tiles.insert(Entry(image: kGMSTileLayerNoTile, shownAt: nil), for: key)
            }
            state.requested.removeAll()
            if count > 0 { state.arrivals = true }
            return count
        }
    }

    func receiveTileWith(x: UInt, y: UInt, zoom: UInt, image: UIImage?) {
        guard zoom <= 30, x < UInt(1) << zoom, y < UInt(1) << zoom else { return }
        let key = TileKey(z: Int(zoom), x: Int(x), y: Int(y))
        state.withLock { state in
            // An answer for a tile not asked (or asked before `clear()`) is dropped.
            guard state.requested.remove(key) != nil else { return }
            // nil (cannot be had now) stays blank until the cache is cleared or the tile
            // dropped, so a failing source is not asked again every frame.
            state.tiles.insert(Entry(image: image ?? kGMSTileLayerNoTile, shownAt: nil), for: key)
            state.arrivals = true
        }
    }
}
