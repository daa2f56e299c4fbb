import Foundation
import Logging
import NIOCore

/// The first handler of every connection, before any HTTP parsing: it holds each request head
/// until it is complete, so a head that is too big (431) or too slow (408) is answered and the
/// connection closed before it costs more; and it keeps the connection in the server's
/// ``ConnectionTable``, which may refuse it (503) or shed it for a newer one.
///
/// Once a request has a body or asks for a WebSocket, the rest of the connection passes
/// straight through: bodies and WebSocket frames are bounded further in.
final class ConnectionGuard: ChannelInboundHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer

    /// The limits one connection is held to.
    struct Limits: Sendable {
        /// Longest time from a head's first byte (or the connection's start, for the first
        /// head) to its end.
        var headerTimeout: TimeAmount
        /// Most bytes in one request head, request line included.
        var maximumHeaderBytes: Int
    }

    private let table: ConnectionTable
    private let limits: Limits
    private let logger: Logger
    private var reader = HeadReader()
    private var pending: ByteBuffer?
    private var passthrough = false
    private var headTimer: Scheduled<Void>?
    private var closing = false

    init(table: ConnectionTable, limits: Limits, logger: Logger) {
        self.table = table
        self.limits = limits
        self.logger = logger
    }

    func channelActive(context: ChannelHandlerContext) {
        context.fireChannelActive()
        let channel = context.channel
        switch table.admit(ObjectIdentifier(channel), close: { channel.close(promise: nil) }) {
        case .admitted:
            startHeadTimer(context)
        case .refused:
            logger.warning("connection refused: \(table.maximum) connections open, none idle")
            answer(context, status: "503 Service Unavailable")
        }
    }

    func channelInactive(context: ChannelHandlerContext) {
        headTimer?.cancel()
        headTimer = nil
        table.remove(ObjectIdentifier(context.channel))
        context.fireChannelInactive()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard !closing else { return }
        guard !passthrough else { return context.fireChannelRead(data) }
        var bytes = unwrapInboundIn(data)
        while bytes.readableBytes > 0, !passthrough, !closing {
            if headTimer == nil { startHeadTimer(context) }
            let view = bytes.readableBytesView
            let (consumed, ended) = reader.scan(view, limit: limits.maximumHeaderBytes)
            guard let part = bytes.readSlice(length: consumed) else { return }
            if pending == nil { pending = part } else { pending?.writeImmutableBuffer(part) }
            guard ended else {
                if reader.byteCount > limits.maximumHeaderBytes {
                    logger.warning("request head over \(limits.maximumHeaderBytes) bytes: 431, closing")
                    answer(context, status: "431 Request Header Fields Too Large")
                }
                return
            }
            headEnded(context)
        }
        if passthrough, bytes.readableBytes > 0 { context.fireChannelRead(wrapInboundOut(bytes)) }
    }

    /// A whole head arrived: it goes on to the HTTP decoder, and what follows it is either the
    /// next head or passes through.
    private func headEnded(_ context: ChannelHandlerContext) {
        headTimer?.cancel()
        headTimer = nil
        reader = HeadReader()
        let head = pending.map { HeadReader.parse($0.readableBytesView) } ?? HeadReader.Head(hasBody: false, asksToUpgrade: false)
        if let pending { context.fireChannelRead(wrapInboundOut(pending)) }
        pending = nil
        if head.hasBody || head.asksToUpgrade {
            passthrough = true
            table.update(ObjectIdentifier(context.channel), to: .passthrough)
        } else {
            table.update(ObjectIdentifier(context.channel), to: .waiting(since: .now()))
        }
    }

    private func startHeadTimer(_ context: ChannelHandlerContext) {
        headTimer?.cancel()
        let timeout = limits.headerTimeout
        headTimer = context.eventLoop.assumeIsolated().scheduleTask(in: timeout) { [self] in
            headTimer = nil
            guard !passthrough, !closing else { return }
            logger.info("request head not complete within \(timeout.nanoseconds / 1_000_000_000) s: 408, closing")
            answer(context, status: "408 Request Timeout")
        }
    }

    /// Answers with a bodiless status and closes the connection, reading no more from it.
    private func answer(_ context: ChannelHandlerContext, status: String) {
        closing = true
        headTimer?.cancel()
        headTimer = nil
        pending = nil
        let text = "HTTP/1.1 \(status)\r\nContent-Length: 0\r\nConnection: close\r\n\r\n"
        let buffer = context.channel.allocator.buffer(string: text)
        context.writeAndFlush(NIOAny(buffer)).assumeIsolated().whenComplete { _ in context.close(promise: nil) }
    }
}

/// Finds where a request head ends (an empty line, CRLF or bare LF) and what it says about
/// what follows: a body, or a WebSocket upgrade.
struct HeadReader {
    /// Bytes of the current head seen so far.
    private(set) var byteCount = 0
    private var lineIsEmpty = true
    private var sawContent = false

    /// What a finished head says.
    struct Head: Equatable {
        var hasBody: Bool
        var asksToUpgrade: Bool
    }

    /// Reads bytes up to the end of the head or `limit` + 1 bytes in all; how many it took,
    /// and whether the head ended.
    mutating func scan(_ bytes: ByteBufferView, limit: Int) -> (consumed: Int, ended: Bool) {
        var consumed = 0
        for byte in bytes {
            consumed += 1
            byteCount += 1
            switch byte {
            case UInt8(ascii: "\n"):
                if lineIsEmpty && sawContent { return (consumed, true) }
                lineIsEmpty = true
            case UInt8(ascii: "\r"):
                break
            default:
                lineIsEmpty = false
                sawContent = true
            }
            if byteCount > limit { return (consumed, false) }
        }
        return (consumed, false)
    }

    /// Whether the head's fields announce a body (a non-zero `Content-Length`, or any
    /// `Transfer-Encoding`) or an `Upgrade`.
    static func parse(_ bytes: some Collection<UInt8>) -> Head {
        var head = Head(hasBody: false, asksToUpgrade: false)
        let lines = bytes.split(separator: UInt8(ascii: "\n")).dropFirst()
        for line in lines {
            guard let colon = line.firstIndex(of: UInt8(ascii: ":")) else { continue }
            let name = String(decoding: line[line.startIndex..<colon], as: UTF8.self).trimmingCharacters(in: .whitespaces).lowercased()
            let value = String(decoding: line[line.index(after: colon)...], as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            switch name {
            case "content-length": if value != "0" { head.hasBody = true }
            case "transfer-encoding": head.hasBody = true
            case "upgrade": head.asksToUpgrade = true
            default: break
            }
        }
        return head
    }
}
