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

@testable import OpenMapsPlayground

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

    static func start(
        maximumSessions: Int = 4, idleTimeout: TimeInterval = 900, stallTimeout: TimeInterval = 30,
        content: PlaygroundContent = .samples, configure: (inout PlaygroundServer.Configuration) -> Void = { _ in }
    ) async throws -> PlaygroundHarness {
        var configuration = PlaygroundServer.Configuration()
        configuration.port = 0
        configuration.maximumSessions = maximumSessions
        configuration.idleTimeout = idleTimeout
        configuration.stallTimeout = stallTimeout
        configure(&configuration)
        let server = PlaygroundServer(configuration: configuration, content: content)
        let registry = server.registry
        let (ports, continuation) = AsyncStream.makeStream(of: Int.self)
        let app = server.application { continuation.yield($0) }
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

    /// GETs a path (naming another `Host` when given); the status and body.
    nonisolated func get(_ path: String, host: String? = nil) async throws -> (status: Int, body: Data, type: String?) {
        guard let url = URL(string: "http://127.0.0.1:\(port)\(path)") else { return (0, Data(), nil) }
        var request = URLRequest(url: url)
        if let host { request.setValue(host, forHTTPHeaderField: "Host") }
        let (data, response) = try await URLSession.shared.data(for: request)
        let http = response as? HTTPURLResponse
        return (http?.statusCode ?? 0, data, http?.value(forHTTPHeaderField: "Content-Type"))
    }

    /// Opens `/ws` as a page would and runs `script` with a channel to it; returns when the
    /// script does (then closes). A page that does not `read` never reads what the server sends.
    nonisolated func page(
        origin: String? = nil, reads: Bool = true, _ script: @escaping @Sendable (PageChannel) async throws -> Void
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
                if reads {
                    group.addTask {
                        defer { channel.inboundEnded() }
                        for try await message in inbound.messages(maxSize: 1 << 24) { channel.received(message) }
                    }
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
    private var frames: [(number: Int, jpeg: Data)] = []
    private var ended = false

    init(outbound: WebSocketOutboundWriter) { self.outbound = outbound }

    fileprivate func received(_ message: WebSocketMessage) {
        lock.withLock {
            switch message {
            case .text(let text):
                if let object = try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any] { texts.append(object) }
            case .binary(var buffer):
                // The frame's number, then its JPEG.
                guard let number = buffer.readInteger(endianness: .big, as: UInt64.self) else { return }
                frames.append((Int(number), Data(buffer.readableBytesView)))
            }
        }
    }

    fileprivate func inboundEnded() { lock.withLock { ended = true } }

    /// Whether the server has closed the connection.
    var isClosed: Bool { lock.withLock { ended } }

    func send(_ text: String) async throws { try await outbound.write(.text(text)) }
    func sendBinary(_ bytes: [UInt8]) async throws { try await outbound.write(.binary(ByteBuffer(bytes: bytes))) }

    var frameCount: Int { lock.withLock { frames.count } }
    /// The last frame's JPEG.
    var lastFrame: Data? { lock.withLock { frames.last?.jpeg } }
    /// The numbers of the frames received, in order of arrival.
    var frameNumbers: [Int] { lock.withLock { frames.map(\.number) } }
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

    /// A finger down at (150, 100) moving right 3 points every 20 ms, acknowledging frames
    /// as they come or not at all.
    func pan(steps: Int, acknowledging: Bool) async throws {
        try await send(#"{"type":"pointer","phase":"down","id":1,"pointerType":"touch","x":150,"y":100}"#)
        for step in 1...steps {
            try await send(#"{"type":"pointer","phase":"move","id":1,"pointerType":"touch","x":\#(150 + step * 3),"y":100}"#)
            if acknowledging { try await acknowledgeFrames() }
            try await Task.sleep(for: .milliseconds(20))
        }
    }

    private var acknowledged: Set<Int> = []

    /// Acknowledges the frames received and not yet acknowledged, as the page does after
    /// showing each.
    func acknowledgeFrames() async throws {
        let numbers = lock.withLock {
            let new = frames.map(\.number).filter { !acknowledged.contains($0) }
            acknowledged.formUnion(new)
            return new
        }
        for number in numbers { try await send(#"{"type":"ack","frame":\#(number)}"#) }
    }
}
