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
        /// The largest message accepted from a page, in bytes.
        public var maximumMessageSize = 4096
        /// Origins other than the server's own allowed to open sessions (e.g. a proxy's).
        public var extraOrigins: Set<String> = []

        public init() {}
    }

    /// The configuration it runs with.
    public let configuration: Configuration

    public init(configuration: Configuration = Configuration()) {
        self.configuration = configuration
    }

    private static let logger = Logger(label: "OpenMaps.Playground")

    /// Whether a WebSocket request's `Origin` may open a session: absent (not a browser); the
    /// server's own page (`http(s)://` and the request's `Host`); a WebSocket client's own
    /// `ws(s)://` origin naming the same host (no browser sends one); or one configured.
    /// Browsers' `null` origins, other sites and repeated headers are refused.
    static func isAllowed(origins: [String], host: String?, extra: Set<String>) -> Bool {
        guard let origin = origins.first else { return true }
        guard origins.count == 1 else { return false }
        if extra.contains(origin) { return true }
        guard let host, let url = URL(string: origin), let scheme = url.scheme?.lowercased(), let originHost = url.host?.lowercased()
        else { return false }
        let requestHost = host.lowercased()
        switch scheme {
        case "http", "https":
            let authority = url.port.map { "\(originHost):\($0)" } ?? originHost
            return authority == requestHost
        case "ws", "wss":
            let name = requestHost.hasPrefix("[") ? String(requestHost.prefix { $0 != "]" }.dropFirst()) : String(requestHost.split(separator: ":").first ?? "")
            return originHost.trimmingCharacters(in: CharacterSet(charactersIn: "[]")) == name
        default:
            return false
        }
    }

    /// ``isAllowed(origins:host:extra:)`` for one header (or none).
    static func isAllowed(origin: String?, host: String?, extra: Set<String>) -> Bool {
        isAllowed(origins: origin.map { [$0] } ?? [], host: host, extra: extra)
    }

    /// Builds the application; `onRunning` is told the port once it listens.
    public func application(
        registry: SessionRegistry, onRunning: @escaping @Sendable (Int) async -> Void = { _ in }
    ) -> some ApplicationProtocol {
        let configuration = configuration
        let router = Router()
        router.get("/healthz") { _, _ -> Response in
            let sessions = await MainActor.run { registry.sessions.count }
            return PlaygroundServer.response(
                "{\"status\":\"ok\",\"sessions\":\(sessions),\"maximumSessions\":\(registry.maximumSessions)}",
                type: "application/json")
        }
        for path in WebFiles.allowed.keys {
            router.get(RouterPath(path)) { request, _ -> Response in
                guard let file = WebFiles.file(at: request.uri.path) else { return Response(status: .notFound) }
                return PlaygroundServer.response(file.data, type: file.type)
            }
        }

        let sockets = Router(context: BasicWebSocketRequestContext.self)
        sockets.ws(
            "/ws",
            shouldUpgrade: { request, _ in
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
            onUpgrade: { inbound, outbound, _ in
                guard let session = await MainActor.run(body: { registry.open() }) else {
                    try await outbound.close(.unknown(1013), reason: "too many sessions")  // 1013: try again later
                    return
                }
                PlaygroundServer.logger.info("session \(session.id) opened")
                try await withThrowingTaskGroup(of: Void.self) { group in
                    // Everything the session says goes out in order, on one task.
                    group.addTask {
                        for await message in session.outgoing {
                            switch message {
                            case .text(let text): try await outbound.write(.text(text))
                            case .frame(let data): try await outbound.write(.binary(ByteBuffer(bytes: data)))
                            }
                        }
                    }
                    group.addTask {
                        do {
                            for try await message in inbound.messages(maxSize: configuration.maximumMessageSize) {
                                switch message {
                                case .text(let text): await session.receive(text)
                                case .binary: await session.refuse("binary message")
                                }
                            }
                        } catch {
                            // Oversized or broken frames end the connection, never the server.
                            await session.refuse("\(error)")
                        }
                        await MainActor.run { registry.close(session) }
                    }
                    try await group.next()
                    group.cancelAll()
                }
                PlaygroundServer.logger.info("session \(session.id) closed")
            }
        )

        return Application(
            router: router,
            server: .http1WebSocketUpgrade(
                webSocketRouter: sockets,
                configuration: .init(ws: .init(maxFrameSize: configuration.maximumMessageSize))),
            configuration: .init(address: .hostname(configuration.host, port: configuration.port), serverName: "openmaps"),
            onServerRunning: { channel in await onRunning(channel.localAddress?.port ?? configuration.port) },
            logger: Logger(label: "OpenMaps.Playground.HTTP")
        )
    }

    private static func response(_ text: String, type: String) -> Response {
        response(Data(text.utf8), type: type)
    }

    private static func response(_ data: Data, type: String) -> Response {
        var headers = HTTPFields()
        headers[.contentType] = type
        headers[.cacheControl] = "no-store"
        headers[.xContentTypeOptions] = "nosniff"
        headers[.contentSecurityPolicy] =
            "default-src 'self'; img-src 'self' blob: data:; connect-src 'self' ws: wss:; style-src 'self'; script-src 'self'"
        return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: data)))
    }
}
