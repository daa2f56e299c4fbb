import Foundation
import Hummingbird
import HummingbirdWebSocket
import Logging
import NIOCore

/// The playground's server: the page (from an allow list), `GET /healthz`, and maps in
/// sessions over a WebSocket at `/ws`, one per browser tab.
///
/// Safe by default: it binds to loopback, accepts WebSocket upgrades only from its own
/// origin, bounds message sizes, sessions and idle time, and counts and drops malformed
/// messages.
public struct PlaygroundServer: Sendable {
    /// How the server runs.
    public struct Configuration: Sendable {
        /// The address to bind (loopback unless told otherwise).
        public var host = "127.0.0.1"
        /// The port (0: any free port).
        public var port = 8080
        /// Most sessions at once.
        public var maximumSessions = 16
        /// How long a session may go without input before it closes, in seconds.
        public var idleTimeout: TimeInterval = 900
        /// How long a connection may make no progress writing to its page (which then has
        /// stopped reading) before its session closes, in seconds.
        public var stallTimeout: TimeInterval = 30
        /// The largest message accepted from a page, in bytes.
        public var maximumMessageSize = 4096
        /// Origins other than the server's own allowed to open sessions (e.g. a proxy's).
        public var extraOrigins: Set<String> = []
        /// Most connections open at once (512 unless set; never more than the process's
        /// file-descriptor limit less 128). Past it a new connection sheds the one that has
        /// waited longest for a request head, or gets 503 if none is idle.
        public var maximumConnections = 512
        /// Longest time a request head may take to arrive, in seconds (the first from the
        /// connection's start, later ones from their first byte); past it: 408 and closed.
        public var headerTimeout: TimeInterval = 10
        /// Most bytes in one request head; past it: 431 and closed.
        public var maximumHeaderBytes = 16 * 1024
        /// How long a connection may stay open between requests, in seconds.
        public var keepAliveTimeout: TimeInterval = 30

        public init() {}
    }

    /// The configuration it runs with.
    public let configuration: Configuration
    /// Its sessions, bounded as configured.
    public let registry: SessionRegistry

    /// A server showing our samples (`openmaps serve`), or `content` in each tab.
    @MainActor
    public init(configuration: Configuration = Configuration(), content: PlaygroundContent = .samples) {
        self.configuration = configuration
        registry = SessionRegistry(
            maximumSessions: configuration.maximumSessions, idleTimeout: configuration.idleTimeout, stallTimeout: configuration.stallTimeout,
            content: content)
        connections = ConnectionTable(
            maximum: PlaygroundServer.connectionCap(configured: configuration.maximumConnections, descriptorLimit: PlaygroundServer.descriptorLimit))
    }

    static let logger = Logger(label: "OpenMaps.Playground")

    /// The connections open now, bounded by ``Configuration/maximumConnections``.
    let connections: ConnectionTable

    /// ``Configuration/maximumConnections`` within the process's file-descriptor limit (less
    /// 128 for the listening socket, files, the event loops and the basemap), at least 16.
    static func connectionCap(configured: Int, descriptorLimit: Int) -> Int {
        max(16, min(configured, descriptorLimit - 128))
    }

    /// Seconds as a time amount, within 0.1 s...1 day (NaN: 0.1 s).
    static func timeAmount(_ seconds: TimeInterval) -> TimeAmount {
        let clamped = seconds.isNaN ? 0.1 : min(max(seconds, 0.1), 86_400)
        return .nanoseconds(Int64(clamped * 1e9))
    }

    /// The process's soft limit on open file descriptors.
    static var descriptorLimit: Int {
        var limit = rlimit()
        guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0 else { return 1024 }
        return Int(clamping: limit.rlim_cur)
    }

    /// Whether a WebSocket request's `Origin` may open a session: absent (not a browser); the
    /// server's own page (`http(s)://` with the request's `Host`, ports compared with the
    /// scheme's default filled in); a WebSocket client's own `ws(s)://` origin naming the same
    /// host (no browser sends one); or one configured. Browsers' `null` origins, other sites
    /// and repeated headers are refused.
    static func isAllowed(origins: [String], host: String?, extra: Set<String>) -> Bool {
        guard let text = origins.first else { return true }
        guard origins.count == 1 else { return false }
        if extra.contains(text) { return true }
        guard let origin = Origin(text), let host, let request = Authority(host) else { return false }
        guard origin.authority.host == request.host else { return false }
        switch origin.scheme {
        case "http", "https": return (origin.authority.port ?? origin.defaultPort) == (request.port ?? origin.defaultPort)
        default: return true  // ws(s): a non-browser client naming this host
        }
    }

    /// ``isAllowed(origins:host:extra:)`` for one header (or none).
    static func isAllowed(origin: String?, host: String?, extra: Set<String>) -> Bool {
        isAllowed(origins: origin.map { [$0] } ?? [], host: host, extra: extra)
    }

    /// Whether a request's `Host` may be answered by a server bound to `address`: bound to
    /// loopback, only loopback names (so a DNS-rebound name cannot reach the server from a
    /// web page); bound elsewhere, any.
    static func isAllowed(host: String?, boundTo address: String) -> Bool {
        guard Authority.isLoopback(address.trimmingCharacters(in: CharacterSet(charactersIn: "[]"))) else { return true }
        guard let host, let authority = Authority(host) else { return false }
        return authority.isLoopback
    }

    /// Builds the application; `onRunning` is told the port once it listens.
    public func application(onRunning: @escaping @Sendable (Int) async -> Void = { _ in }) -> some ApplicationProtocol {
        let configuration = configuration, registry = registry, connections = connections
        let router = Router()
        router.add(middleware: LoopbackHostMiddleware(boundAddress: configuration.host))
        router.get("/healthz") { _, _ -> Response in
            let sessions = registry.openSessions.load(ordering: .relaxed)
            return PlaygroundServer.response(
                "{\"status\":\"ok\",\"sessions\":\(sessions),\"maximumSessions\":\(registry.maximumSessions),"
                    + "\"connections\":\(connections.count),\"maximumConnections\":\(connections.maximum)}",
                type: "application/json")
        }
        for path in WebFiles.allowed.keys {
            router.get(RouterPath(path)) { request, _ -> Response in
                if path == "/" || path == "/index.html" {
                    // The page with its stylesheet and script inline: one request to start.
                    let nonce = WebFiles.makeNonce()
                    if let page = WebFiles.inlinedPage(nonce: nonce) {
                        return PlaygroundServer.response(page, type: "text/html; charset=utf-8", nonce: nonce)
                    }
                }
                guard let file = WebFiles.file(at: request.uri.path) else { return Response(status: .notFound) }
                return PlaygroundServer.response(file.data, type: file.type)
            }
        }

        let sockets = Router(context: SocketRequestContext.self)
        sockets.ws(
            "/ws",
            shouldUpgrade: { request, _ in
                guard PlaygroundServer.isAllowed(host: request.head.authority, boundTo: configuration.host) else {
                    PlaygroundServer.logger.warning("WebSocket refused: host \(request.head.authority ?? "-") is not a loopback name")
                    return .dontUpgrade
                }
                let origins = request.headers[values: .origin]
                guard PlaygroundServer.isAllowed(origins: origins, host: request.head.authority, extra: configuration.extraOrigins) else {
                    PlaygroundServer.logger.warning("WebSocket refused: origin \(origins) is not \(request.head.authority ?? "-")")
                    return .dontUpgrade
                }
                guard await MainActor.run(body: { registry.hasRoom }) else {
                    PlaygroundServer.logger.warning("WebSocket refused: \(registry.maximumSessions) sessions already open")
                    return .dontUpgrade
                }
                return .upgrade([:])
            },
            onUpgrade: { inbound, outbound, context in
                let opened = await MainActor.run { () -> PlaygroundSession? in
                    guard let session = registry.open() else { return nil }
                    registry.connectionOpened()
                    return session
                }
                guard let session = opened else {
                    try await outbound.close(.unknown(1013), reason: "too many sessions")  // 1013: try again later
                    return
                }
                PlaygroundServer.logger.info("session \(session.id) opened")
                let end = await PlaygroundServer.connect(
                    session, inbound: inbound, outbound: outbound, maximumMessageSize: configuration.maximumMessageSize)
                await MainActor.run { registry.close(session) }
                if end == .sessionClosed {
                    // The session ended (idle, a page that stopped reading, the server stopping):
                    // a close frame if it goes out within a second, then the connection ends
                    // whether the page reads or not.
                    await withTaskGroup(of: Void.self) { group in
                        group.addTask { try? await outbound.close(.goingAway, reason: "session closed") }
                        group.addTask { try? await Task.sleep(for: .seconds(1)) }
                        await group.next()
                        group.cancelAll()
                    }
                    try? await context.requestContext.channel.close()
                }
                await MainActor.run { registry.connectionEnded() }
                PlaygroundServer.logger.info("session \(session.id) closed")
            }
        )

        return Application(
            router: router,
            server: .guardedHTTP1WebSocketUpgrade(
                webSocketRouter: sockets,
                configuration: .init(
                    http1: .init(idleTimeout: PlaygroundServer.timeAmount(configuration.keepAliveTimeout)),
                    ws: .init(maxFrameSize: configuration.maximumMessageSize)),
                table: connections,
                limits: ConnectionGuard.Limits(
                    headerTimeout: PlaygroundServer.timeAmount(configuration.headerTimeout),
                    maximumHeaderBytes: max(256, configuration.maximumHeaderBytes))),
            configuration: .init(address: .hostname(configuration.host, port: configuration.port), serverName: "openmaps"),
            onServerRunning: { channel in await onRunning(channel.localAddress?.port ?? configuration.port) },
            logger: Logger(label: "OpenMaps.Playground.HTTP")
        )
    }

    /// How a session's connection ended.
    private enum End { case pageLeft, sessionClosed }

    /// Runs a session over its connection until either ends: the page closes or breaks the
    /// connection, or the session closes (idle, a page that stopped reading, the server
    /// stopping). Then the other side is cancelled too, a write blocked on a page that does
    /// not read included.
    private static func connect(
        _ session: PlaygroundSession, inbound: WebSocketInboundStream, outbound: WebSocketOutboundWriter, maximumMessageSize: Int
    ) async -> End {
        await withTaskGroup(of: End.self) { group in
            // Everything the session says goes out in order, on one task.
            group.addTask {
                do {
                    for await message in session.outgoing {
                        switch message {
                        case .text(let text):
                            try await outbound.write(.text(text))
                            session.flow.wrote(frame: nil)
                        case .frame(let number, let payload), .patches(let number, let payload):
                            try await outbound.write(.binary(OutgoingMessage.frameMessage(number: number, payload: payload)))
                            session.flow.wrote(frame: number)
                        }
                    }
                    return .sessionClosed  // the stream finishes when the session closes
                } catch {
                    return .pageLeft  // the connection went away
                }
            }
            group.addTask {
                do {
                    for try await message in inbound.messages(maxSize: maximumMessageSize) {
                        switch message {
                        case .text(let text): session.post(text)
                        case .binary: session.inbox.post(.refused("binary message"))
                        }
                    }
                } catch is CancellationError {
                } catch {
                    // Oversized or broken frames end the connection, never the server.
                    session.inbox.post(.refused("\(error)"))
                }
                return .pageLeft
            }
            group.addTask {
                for await _ in session.closed {}
                return .sessionClosed
            }
            let end = await group.next() ?? .pageLeft
            group.cancelAll()
            return end
        }
    }

    private static func response(_ text: String, type: String) -> Response {
        response(Data(text.utf8), type: type)
    }

    /// A response that may run only the page's own files, and inline what carries `nonce`.
    static func response(_ data: Data, type: String, status: HTTPResponse.Status = .ok, nonce: String? = nil) -> Response {
        var headers = HTTPFields()
        headers[.contentType] = type
        headers[.cacheControl] = "no-store"
        headers[.xContentTypeOptions] = "nosniff"
        let inline = nonce.map { " 'nonce-\($0)'" } ?? ""
        headers[.contentSecurityPolicy] =
            "default-src 'self'; img-src 'self' blob: data:; connect-src 'self' ws: wss:; style-src 'self'\(inline); script-src 'self'\(inline)"
        return Response(status: status, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: data)))
    }
}
