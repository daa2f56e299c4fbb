import Foundation
import Hummingbird
import MapDrawing
import NIOCore

/// A tile server on 127.0.0.1 for the tile layer tests, with a route per behaviour:
/// `/ok/{colour}/z/x/y` answers a solid tile of that colour, `/fail` answers 500, `/flaky`
/// 500 once per tile then a tile, `/garbage` bytes that are no image, `/hang` never answers in
/// time, `/stall` starts a tile and then sends a byte a second, `/huge` sends 32 MB, `/missing`
/// 404. Counts requests, and the most served at once.
public final class LocalTileServer: Sendable {
    /// The port it listens on.
    public let port: Int
    private let task: Task<Void, any Error>
    /// Request counts.
    public let stats: Stats

    /// Request counts, shared with the server's threads.
    public final class Stats: @unchecked Sendable {
        private let lock = NSLock()
        private var counts: [String: Int] = [:]
        private var running = 0
        private var peak = 0
        private var seen: Set<String> = []

        /// Requests on a route.
        public func count(_ route: String) -> Int { lock.withLock { counts[route, default: 0] } }
        /// Requests on every route.
        public var total: Int { lock.withLock { counts.values.reduce(0, +) } }
        /// The most requests served at once.
        public var mostAtOnce: Int { lock.withLock { peak } }
        /// Requests being served now.
        public var inFlight: Int { lock.withLock { running } }

        fileprivate func begin(_ route: String) {
            lock.withLock {
                counts[route, default: 0] += 1
                running += 1
                peak = max(peak, running)
            }
        }
        fileprivate func end() { lock.withLock { running -= 1 } }
        /// Whether this is the first time a path was asked.
        fileprivate func first(_ path: String) -> Bool { lock.withLock { seen.insert(path).inserted } }
    }

    private init(port: Int, task: Task<Void, any Error>, stats: Stats) {
        self.port = port
        self.task = task
        self.stats = stats
    }

    /// Starts a server on a free port.
    public static func start(delay: Duration = .zero) async throws -> LocalTileServer {
        let stats = Stats()
        let router = Router()
        let tiles = TileImages()
        router.get("ok/:colour/:z/:x/:y") { request, context -> Response in
            stats.begin("ok")
            defer { stats.end() }
            if delay > .zero { try await Task.sleep(for: delay) }
            let colour = context.parameters.get("colour") ?? "ff0000"
            return png(tiles.tile(colour))
        }
        router.get("fail/:z/:x/:y") { _, _ -> Response in
            stats.begin("fail")
            defer { stats.end() }
            return Response(status: .internalServerError)
        }
        router.get("flaky/:z/:x/:y") { request, _ -> Response in
            stats.begin("flaky")
            defer { stats.end() }
            if stats.first(request.uri.path) { return Response(status: .internalServerError) }
            return png(tiles.tile("0000ff"))
        }
        router.get("garbage/:z/:x/:y") { _, _ -> Response in
            stats.begin("garbage")
            defer { stats.end() }
            var headers = HTTPFields()
            headers[.contentType] = "image/png"
            return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(string: "\u{89}PNG this is not an image")))
        }
        router.get("hang/:z/:x/:y") { _, _ -> Response in
            stats.begin("hang")
            defer { stats.end() }
            try await Task.sleep(for: .seconds(20))
            return Response(status: .ok)
        }
        router.get("stall/:z/:x/:y") { _, _ -> Response in
            // A head and the start of a PNG, then a byte a second for 20 s (ending soon after
            // the client leaves: a write then fails).
            stats.begin("stall")
            return streamed(stats) { writer in
                let png = tiles.tile("ff0000")
                try await writer.write(ByteBuffer(bytes: png.prefix(64)))
                for index in 64..<min(84, png.count) {
                    try await Task.sleep(for: .seconds(1))
                    try await writer.write(ByteBuffer(bytes: [png[index]]))
                }
            }
        }
        router.get("huge/:z/:x/:y") { _, _ -> Response in
            // 32 MB in 64 KB chunks, as fast as the client reads.
            stats.begin("huge")
            return streamed(stats) { writer in
                let chunk = ByteBuffer(repeating: 0x41, count: 65_536)
                for _ in 0..<512 { try await writer.write(chunk) }
            }
        }
        router.get("endless/:z/:x/:y") { _, _ -> Response in
            // 64 KB chunks for ever, as fast as the client reads, until it leaves.
            stats.begin("endless")
            return streamed(stats) { writer in
                let chunk = ByteBuffer(repeating: 0x41, count: 65_536)
                while true { try await writer.write(chunk) }
            }
        }
        router.get("missing/:z/:x/:y") { _, _ -> Response in
            stats.begin("missing")
            defer { stats.end() }
            return Response(status: .notFound)
        }
        let (stream, continuation) = AsyncStream.makeStream(of: Int.self)
        let app = Application(
            router: router,
            configuration: .init(address: .hostname("127.0.0.1", port: 0)),
            onServerRunning: { channel in continuation.yield(channel.localAddress?.port ?? 0) }
        )
        let task = Task { try await app.run() }
        var port = 0
        for await value in stream {
            port = value
            break
        }
        return LocalTileServer(port: port, task: task, stats: stats)
    }

    /// The URL of a tile on a route.
    public func url(_ route: String, _ x: UInt, _ y: UInt, _ zoom: UInt) -> URL? {
        URL(string: "http://127.0.0.1:\(port)/\(route)/\(zoom)/\(x)/\(y)")
    }

    /// Stops the server.
    public func stop() { task.cancel() }

    /// A PNG answer whose body `write` streams; the request counts as served once it ends.
    private static func streamed(
        _ stats: Stats, _ write: @escaping @Sendable (inout any ResponseBodyWriter) async throws -> Void
    ) -> Response {
        var headers = HTTPFields()
        headers[.contentType] = "image/png"
        return Response(
            status: .ok, headers: headers,
            body: ResponseBody { writer in
                defer { stats.end() }
                try await write(&writer)
                try await writer.finish(nil)
            })
    }

    private static func png(_ data: Data) -> Response {
        var headers = HTTPFields()
        headers[.contentType] = "image/png"
        return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: data)))
    }
}

/// Solid 256-pixel tiles by colour, encoded once.
private final class TileImages: @unchecked Sendable {
    private let lock = NSLock()
    private var cache: [String: Data] = [:]

    func tile(_ hex: String) -> Data {
        lock.withLock {
            if let data = cache[hex] { return data }
            let canvas = Canvas(size: CGSize(width: 256, height: 256), scale: 1)
            canvas.clear(Color(hex: "#" + hex) ?? Color(red: 1, green: 0, blue: 0))
            let data = (try? canvas.bitmap.pngData(compressionLevel: 1)) ?? Data()
            cache[hex] = data
            return data
        }
    }
}
