import Foundation
#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif
import Logging
import MapDrawing

/// An image that means "no tile here": the layer shows nothing there, and does not ask again.
public let kGMSTileLayerNoTile: UIImage = UIImage(bitmap: Bitmap(width: 1, height: 1))

/// Receives the tiles a layer produces (possibly later, on any thread).
public protocol GMSTileReceiver: AnyObject, Sendable {
    /// Hands over the image of a tile: `kGMSTileLayerNoTile` when there is none; nil when it
    /// cannot be had now (left blank until the layer's cache is cleared).
    func receiveTileWith(x: UInt, y: UInt, zoom: UInt, image: UIImage?)
}

/// Raster tiles drawn over the basemap (and under the shapes and markers), at the map's
/// integer zoom. Subclasses produce tiles in `requestTileFor(x:y:zoom:receiver:)`.
///
/// A plain `NSObject` with no actor isolation, as in the SDK; use it on the main thread once it
/// is on a map (a change from another thread is logged and applied there, docs/limits.md).
open class GMSTileLayer: NSObject {
    /// The map the layer is on. Held weakly.
    open weak var map: GMSMapView? {
        didSet {
            MainThread.move(
                self, "GMSTileLayer.map", from: oldValue, to: map, current: { $0.map },
                leave: { $0.tileLayerLeft($1) }, join: { $0.tileLayerJoined($1) })
        }
    }
    /// Drawing order among tile layers: higher on top.
    open var zIndex: Int32 = 0 { didSet { redraw("zIndex") } }
    /// The edge of the layer's tiles in pixels (256 by default): tiles are asked at the zoom
    /// where that many pixels cover a tile's ground on screen.
    open var tileSize: Int = 256 { didSet { clearTileCache() } }
    /// Opacity of the layer, 0...1.
    open var opacity: Float = 1 { didSet { redraw("opacity") } }
    /// Whether new tiles fade in (0.25 s).
    open var fadeIn = true

    let store = TileLayerStore()

    /// How many tiles the layer keeps now (bounded).
    package var cachedTileCount: Int { store.count }
    /// The most tiles a layer keeps.
    package static var cacheLimit: Int { TileLayerStore.limit }

    public override init() {
        super.init()
    }

    /// Asks the map to draw again.
    private func redraw(_ what: String) {
        guard let map else { return }
        MainThread.run("GMSTileLayer.\(what)") { map.setNeedsDisplay() }
    }

    /// Asks for a tile; answer through the receiver (now or later). The default answers with
    /// no tile.
    open func requestTileFor(x: UInt, y: UInt, zoom: UInt, receiver: GMSTileReceiver) {
        receiver.receiveTileWith(x: x, y: y, zoom: zoom, image: kGMSTileLayerNoTile)
    }

    /// Forgets every tile, so they are asked for again.
    open func clearTileCache() {
        store.clear()
        redraw("clearTileCache()")
    }
}

/// A tile layer that produces each tile synchronously, off the main actor: one tile at a time on
/// the layer's own dispatch queue, never on the threads Swift concurrency shares, so a
/// `tileFor` that blocks (on files, a database, the network) holds back only its own layer.
open class GMSSyncTileLayer: GMSTileLayer {
    private let queue = DispatchQueue(label: "OpenMaps.GMSSyncTileLayer", qos: .utility)

    /// The image of a tile; nil for none. Override it.
    open func tileFor(x: UInt, y: UInt, zoom: UInt) -> UIImage? { nil }

    /// Asks for the tile on the layer's queue. The work waiting there holds the layer weakly: a
    /// layer the app has let go of is not kept alive, nor asked, for tiles no map will show.
    open override func requestTileFor(x: UInt, y: UInt, zoom: UInt, receiver: GMSTileReceiver) {
        let layer = WeakLayer(layer: self)
        queue.async {
            guard let layer = layer.layer else { return }
            let image = layer.tileFor(x: x, y: y, zoom: zoom) ?? kGMSTileLayerNoTile
            receiver.receiveTileWith(x: x, y: y, zoom: zoom, image: image)
        }
    }
}

/// A weak reference carried to another thread for a nonisolated call.
struct WeakLayer: @unchecked Sendable {
    weak var layer: GMSSyncTileLayer?
}

/// Tiles fetched over HTTP from URLs a closure builds. Fetches run concurrently (at most
/// `maximumConcurrentFetches`), are held to a connect, a read and a whole-request timeout and
/// a size limit, and are retried a bounded number of times on errors and server failures;
/// garbage or missing images leave the tile blank (logged once).
///
/// `maximumConcurrentFetches`, the timeouts, `maximumTileBytes` and `retries` are OpenMaps'
/// own: the SDK's `GMSURLTileLayer` has only `userAgent`.
public final class GMSURLTileLayer: GMSTileLayer {

    nonisolated private static let logger = Logger(label: "OpenMaps.TileLayers")
    private let fetcher = TileFetcher()
    /// The limits a fetch is held to unless set.
    nonisolated private static let defaultLimits = TileFetchLimits(connectTimeout: 5, readTimeout: 5, requestTimeout: 10, maximumBytes: 16 << 20)

    private let constructor: GMSTileURLConstructor
    /// The most fetches under way at once.
    public var maximumConcurrentFetches = 6
    /// How long a fetch may take in all, in seconds (10 unless set).
    public var requestTimeout = defaultLimits.requestTimeout
    /// How long a fetch may wait to connect and receive the answer's head, in seconds (5 unless
    /// set).
    public var connectTimeout = defaultLimits.connectTimeout
    /// The longest gap between bytes of an answer, in seconds (5 unless set).
    public var readTimeout = defaultLimits.readTimeout
    /// The most bytes a tile's answer may have (16 MB unless set); a bigger one leaves the
    /// tile blank.
    public var maximumTileBytes = defaultLimits.maximumBytes
    /// How many times a failed fetch is tried again.
    public var retries = 2
    /// The HTTP `User-Agent` sent (nil: "OpenMaps", the default agent here).
    public var userAgent: String?

    private let limiter = FetchLimiter()

    public init(urlConstructor constructor: @escaping GMSTileURLConstructor) {
        self.constructor = constructor
        super.init()
    }

    deinit {
        fetcher.invalidate()
    }

    /// The limits a fetch is held to now: each timeout within 0.01 s...1 hour (NaN or none: its
    /// default), the size within 1 byte...256 MB.
    var fetchLimits: TileFetchLimits {
        func seconds(_ value: TimeInterval, _ fallback: TimeInterval) -> TimeInterval {
            value.isNaN || value <= 0 ? fallback : min(max(value, 0.01), 3_600)
        }
        let defaults = GMSURLTileLayer.defaultLimits
        return TileFetchLimits(
            connectTimeout: seconds(connectTimeout, defaults.connectTimeout), readTimeout: seconds(readTimeout, defaults.readTimeout),
            requestTimeout: seconds(requestTimeout, defaults.requestTimeout), maximumBytes: min(max(maximumTileBytes, 1), 256 << 20))
    }

    public override func requestTileFor(x: UInt, y: UInt, zoom: UInt, receiver: GMSTileReceiver) {
        guard let url = constructor(x, y, zoom) else {
            receiver.receiveTileWith(x: x, y: y, zoom: zoom, image: kGMSTileLayerNoTile)
            return
        }
        let limits = fetchLimits
        var request = URLRequest(url: url, timeoutInterval: limits.requestTimeout)
        request.setValue(userAgent ?? "OpenMaps", forHTTPHeaderField: "User-Agent")
        let fetcher = fetcher, retries = min(max(0, retries), 10), limiter = limiter, maximum = max(1, maximumConcurrentFetches)
        // Tiles the map shows now: user-initiated work. At utility priority a busy process's
        // other work (a test suite's hundreds of tests) starved the fetch's answer for over a
        // minute after the server had sent it.
        Task.detached(priority: .userInitiated) {
            await limiter.acquire(maximum)
            var image: UIImage?
            var problem = ""
            for attempt in 0...retries {
                if attempt > 0 { try? await Task.sleep(for: .milliseconds(100 * attempt)) }
                switch await fetcher.fetch(request, limits: limits) {
                case .failure(let error):
                    problem = (error as? TileFetchError)?.description ?? error.localizedDescription
                case .success(let (data, response)):
                    let status = (response as? HTTPURLResponse)?.statusCode ?? 200
                    if status == 404 || status == 204 {
                        image = kGMSTileLayerNoTile
                    } else if !(200..<300).contains(status) {
                        problem = "HTTP \(status)"
                        continue
                    } else if let decoded = UIImage(data: data) {
                        image = decoded
                    } else {
                        problem = "not an image (\(data.count) bytes)"
                        image = kGMSTileLayerNoTile
                    }
                }
                if image != nil { break }
            }
            if image == nil || image === kGMSTileLayerNoTile, !problem.isEmpty {
                GMSURLTileLayer.logger.warning("tile \(zoom)/\(x)/\(y) from \(url.host ?? "?") left blank: \(problem)")
            }
            await limiter.release()
            receiver.receiveTileWith(x: x, y: y, zoom: zoom, image: image ?? kGMSTileLayerNoTile)
        }
    }
}

/// Builds the URL of tile `x`, `y` at `zoom`, or nil for no tile there. Called on the main
/// thread, as the map asks for tiles.
public typealias GMSTileURLConstructor = (_ x: UInt, _ y: UInt, _ zoom: UInt) -> URL?

/// Bounds how many fetches run at once.
actor FetchLimiter {
    private var running = 0
    private var waiting: [CheckedContinuation<Void, Never>] = []

    func acquire(_ maximum: Int) async {
        if running < maximum {
            running += 1
            return
        }
        await withCheckedContinuation { waiting.append($0) }
    }

    func release() {
        if waiting.isEmpty {
            running = max(0, running - 1)
        } else {
            waiting.removeFirst().resume()
        }
    }
}
