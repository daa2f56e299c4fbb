import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Hummingbird
import HummingbirdWSClient
import Logging
import MapDrawing
import NIOCore
import OpenMaps

@testable import Playground

/// A playground server on 127.0.0.1 (any free port) for the tests, and a scripted page.
@MainActor
final class PlaygroundHarness {
    let port: Int
    let registry: SessionRegistry
    private let task: Task<Void, any Error>

    private init(port: Int, registry: SessionRegistry, task: Task<Void, any Error>) {
        self.port = port
        self.registry = registry
        self.task = task
    }

    static func start(maximumSessions: Int = 4, idleTimeout: TimeInterval = 900) async throws -> PlaygroundHarness {
        var configuration = PlaygroundServer.Configuration()
        configuration.port = 0
        configuration.maximumSessions = maximumSessions
        configuration.idleTimeout = idleTimeout
        let registry = SessionRegistry(maximumSessions: maximumSessions, idleTimeout: idleTimeout)
        let (ports, continuation) = AsyncStream.makeStream(of: Int.self)
        let app = PlaygroundServer(configuration: configuration).application(registry: registry) { continuation.yield($0) }
        let task = Task { try await app.run() }
        var port = 0
        for await value in ports {
            port = value
            break
        }
        return PlaygroundHarness(port: port, registry: registry, task: task)
    }

    func stop() {
        for session in registry.sessions.values { registry.close(session) }
        task.cancel()
    }

    /// GETs a path; the status and body.
    nonisolated func get(_ path: String) async throws -> (status: Int, body: Data, type: String?) {
        guard let url = URL(string: "http://127.0.0.1:\(port)\(path)") else { return (0, Data(), nil) }
        let (data, response) = try await URLSession.shared.data(from: url)
        let http = response as? HTTPURLResponse
        return (http?.statusCode ?? 0, data, http?.value(forHTTPHeaderField: "Content-Type"))
    }

    /// Opens `/ws` as a page would and runs `script` with a channel to it; returns when the
    /// script does (then closes).
    nonisolated func page(
        origin: String? = nil, _ script: @escaping @Sendable (PageChannel) async throws -> Void
    ) async throws -> WebSocketCloseFrame? {
        var headers = HTTPFields()
        if let origin { headers[.origin] = origin }
        let configuration = WebSocketClientConfiguration(maxFrameSize: 1 << 24, additionalHeaders: headers)
        return try await WebSocketClient.connect(
            url: "ws://127.0.0.1:\(port)/ws", configuration: configuration, logger: Logger(label: "PlaygroundTests")
        ) { inbound, outbound, _ in
            let channel = PageChannel(outbound: outbound)
            // The reader is a child task: it has stopped before the close handshake reads on.
            try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask {
                    for try await message in inbound.messages(maxSize: 1 << 24) { channel.received(message) }
                }
                try await script(channel)
                group.cancelAll()
            }
            try await outbound.close(.normalClosure, reason: nil)
        }
    }
}

/// What a scripted page has received, and a way to send.
final class PageChannel: @unchecked Sendable {
    private let outbound: WebSocketOutboundWriter
    private let lock = NSLock()
    private var texts: [[String: Any]] = []
    private var frames: [Data] = []

    init(outbound: WebSocketOutboundWriter) { self.outbound = outbound }

    fileprivate func received(_ message: WebSocketMessage) {
        lock.withLock {
            switch message {
            case .text(let text):
                if let object = try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any] { texts.append(object) }
            case .binary(let buffer):
                frames.append(Data(buffer.readableBytesView))
            }
        }
    }

    func send(_ text: String) async throws { try await outbound.write(.text(text)) }
    func sendBinary(_ bytes: [UInt8]) async throws { try await outbound.write(.binary(ByteBuffer(bytes: bytes))) }

    var frameCount: Int { lock.withLock { frames.count } }
    var lastFrame: Data? { lock.withLock { frames.last } }
    var messages: [[String: Any]] { lock.withLock { texts } }
    /// The selectors of every delegate event received, in order.
    var events: [String] {
        messages.filter { $0["type"] as? String == "events" }.flatMap { ($0["items"] as? [[String: Any]]) ?? [] }
            .compactMap { $0["selector"] as? String }
    }

    /// Waits (up to `timeout` seconds) until `condition` holds; whether it did.
    func wait(timeout: TimeInterval = 10, until condition: () -> Bool) async -> Bool {
        let end = Date().addingTimeInterval(timeout)
        while Date() < end {
            if condition() { return true }
            try? await Task.sleep(for: .milliseconds(20))
        }
        return condition()
    }

    /// Says hello as the page does (a sample on a canvas) and waits for the first frame; whether
    /// it came.
    func open(_ sample: String, width: Int, height: Int, scale: Int) async -> Bool {
        do {
            try await send(#"{"type":"hello","sample":"\#(sample)","width":\#(width),"height":\#(height),"scale":\#(scale)}"#)
        } catch {
            return false
        }
        return await wait { frameCount >= 1 }
    }

    /// Acknowledges every frame received so far, as the page does after showing each.
    func acknowledgeFrames(_ count: Int) async throws {
        for _ in 0..<count { try await send(#"{"type":"ack"}"#) }
    }
}
