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
    @discardableResult
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
    /// How many frames came as changes (``FramePatches``).
    var changeFrameCount: Int { lock.withLock { frames.filter { $0.jpeg.starts(with: FramePatches.magic) }.count } }
    /// The JPEG of the first frame that came whole after the first `count` frames (frames
    /// already on their way may come as changes first).
    func wholeFrame(after count: Int) -> Data? {
        wholeFrameIndex(after: count).map { index in lock.withLock { frames[index].jpeg } }
    }

    /// The position, in order of arrival, of the first frame that came whole after the first
    /// `count` frames.
    func wholeFrameIndex(after count: Int) -> Int? {
        lock.withLock { frames.indices.dropFirst(count).first { frames[$0].jpeg.starts(with: [0xFF, 0xD8]) } }
    }

    /// What the page shows after drawing every frame received (or the first `count`), in
    /// order, as playground.js draws them: a whole frame replaces the picture; changes move it
    /// and draw their parts.
    func shownPicture(first count: Int? = nil) throws -> Bitmap? {
        var picture: Bitmap?
        var shown = 0
        for (number, data) in lock.withLock({ frames.prefix(count ?? frames.count) }) {
            if data.starts(with: FramePatches.magic) {
                guard let old = picture else { throw PageReader.Malformed() }
                picture = try PageReader.applying(data, to: old, shown: shown)
            } else {
                picture = try Bitmap.decode(data)
            }
            shown = number
        }
        return picture
    }
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
    func open(_ sample: String, width: Int, height: Int, scale: Int, patches: Bool = false) async -> Bool {
        do {
            try await send(#"{"type":"hello","sample":"\#(sample)","width":\#(width),"height":\#(height),"scale":\#(scale),"patches":\#(patches)}"#)
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

    /// A finger down at (150, 100) moving `dx`, `dy` points a move, waiting for a frame after
    /// each (a busy machine merges moves that come faster than it draws) and acknowledging
    /// frames as the page does; the moves no frame came for. The first move only starts the
    /// pan (past the slop), so it is not waited for.
    func panWaitingForEachFrame(moves: Int, dx: Int, dy: Int) async throws -> [Int] {
        try await send(#"{"type":"pointer","phase":"down","id":1,"pointerType":"touch","x":150,"y":100}"#)
        var missed: [Int] = []
        for move in 1...max(1, moves) {
            let before = frameCount
            try await send(#"{"type":"pointer","phase":"move","id":1,"pointerType":"touch","x":\#(150 + move * dx),"y":\#(100 + move * dy)}"#)
            if move > 1, await !wait(until: { frameCount > before }) { missed.append(move) }
            try await acknowledgeFrames()
        }
        return missed
    }

    /// Acknowledges frames as they come until none has come for half a second (tiles and
    /// labels arrive in the background).
    func acknowledgeUntilQuiet() async throws {
        var quiet = 0
        while quiet < 25 {
            let before = frameCount
            try await acknowledgeFrames()
            try await Task.sleep(for: .milliseconds(20))
            quiet = frameCount == before ? quiet + 1 : 0
        }
    }

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

/// Reads frames sent as changes, as the page does.
enum PageReader {
    struct Malformed: Error {}

    /// How two pictures differ, by 16-pixel squares: the mean over squares of each square's
    /// mean difference (the largest channel's, each pixel), the least of the worst tenth of
    /// squares, and the worst square.
    static func squareDifferences(_ a: Bitmap, _ b: Bitmap) -> (mean: Double, tenth: Double, worst: Double) {
        var squares: [Int: Int] = [:]
        for y in 0..<min(a.height, b.height) {
            for x in 0..<min(a.width, b.width) {
                let one = a.pixel(x: x, y: y) ?? 0, other = b.pixel(x: x, y: y) ?? 0
                var difference = 0
                for shift: UInt32 in [0, 8, 16] {
                    difference = max(difference, abs(Int((one >> shift) & 0xFF) - Int((other >> shift) & 0xFF)))
                }
                squares[y / 16 * 1_000 + x / 16, default: 0] += difference
            }
        }
        let means = squares.values.map { Double($0) / 256 }.sorted()
        guard let worst = means.last else { return (0, 0, 0) }
        return (means.reduce(0, +) / Double(means.count), means[means.count * 9 / 10], worst)
    }

    /// The picture after a frame of changes: the old one moved, its parts drawn over it (where
    /// the move uncovers something, the old pixels stay until a part covers them).
    static func applying(_ data: Data, to picture: Bitmap, shown: Int) throws -> Bitmap {
        var at = data.startIndex + 4
        func read(_ bytes: Int) throws -> UInt64 {
            guard at + bytes <= data.endIndex else { throw Malformed() }
            defer { at += bytes }
            return data[at..<(at + bytes)].reduce(0) { $0 << 8 | UInt64($1) }
        }
        let base = Int(try read(8)), width = Int(try read(4)), height = Int(try read(4))
        let dx = Int(Int32(truncatingIfNeeded: try read(4))), dy = Int(Int32(truncatingIfNeeded: try read(4)))
        // The page draws changes only over the frame they change, at its size.
        guard base == shown, width == picture.width, height == picture.height else { throw Malformed() }
        let parts = try (0..<Int(try read(4))).map { _ in try (0..<6).map { _ in Int(try read(4)) } }
        let length = Int(try read(4))
        guard at + length == data.endIndex else { throw Malformed() }
        let sheet = parts.isEmpty ? nil : try Bitmap.decode(data[at...])
        for part in parts {
            guard let sheet, part[0] + part[2] <= width, part[1] + part[3] <= height, part[4] + part[2] <= sheet.width,
                part[5] + part[3] <= sheet.height
            else { throw Malformed() }
        }
        let result = Bitmap(width: width, height: height)
        picture.withUnsafeBytes { old in
            result.withUnsafeMutableBytes { new in
                guard let from = old.baseAddress, let to = new.baseAddress else { return }
                let row = picture.bytesPerRow
                to.copyMemory(from: from, byteCount: row * height)
                // The old picture moved: each row's part that stays on the canvas.
                let left = max(0, dx), right = min(width, width + dx), top = max(0, dy), bottom = min(height, height + dy)
                for y in top..<max(top, bottom) where left < right {
                    (to + y * row + left * 4).copyMemory(from: from + (y - dy) * row + (left - dx) * 4, byteCount: (right - left) * 4)
                }
            }
        }
        if let sheet {
            sheet.withUnsafeBytes { source in
                result.withUnsafeMutableBytes { target in
                    guard let from = source.baseAddress, let to = target.baseAddress else { return }
                    for part in parts {
                        let (x, y, w, h, sx, sy) = (part[0], part[1], part[2], part[3], part[4], part[5])
                        for line in 0..<h {
                            (to + (y + line) * result.bytesPerRow + x * 4).copyMemory(from: from + (sy + line) * sheet.bytesPerRow + sx * 4, byteCount: w * 4)
                        }
                    }
                }
            }
        }
        return result
    }
}
