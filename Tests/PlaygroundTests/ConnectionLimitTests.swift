import Foundation
import HostileData
import NIOCore
import Synchronization
import Testing

@testable import OpenMapsPlayground

/// docs/limits.md, the playground server's connections: request heads bounded in size (431)
/// and time (408), connections bounded in number (the longest-waiting shed first, 503 when all
/// are busy), and the cap kept within the process's file-descriptor limit.
@Suite("Playground connections", .serialized)
struct ConnectionLimitTests {
    // MARK: Request heads

    @Test func headReaderFindsTheEndOfAHeadWithCRLFOrBareLF() {
        for text in ["GET / HTTP/1.1\r\nHost: a\r\n\r\n", "GET / HTTP/1.1\nHost: a\n\n", "\r\nGET / HTTP/1.1\r\n\r\n"] {
            var reader = HeadReader()
            let bytes = ByteBuffer(string: text + "NEXT")
            let (consumed, ended) = reader.scan(bytes.readableBytesView, limit: 1024)
            #expect(ended && consumed == text.utf8.count, "\(text.debugDescription)")
        }
        var reader = HeadReader()
        #expect(reader.scan(ByteBuffer(string: "GET / HTTP/1.1\r\nHost: a\r\n").readableBytesView, limit: 1024).ended == false)
        #expect(reader.scan(ByteBuffer(string: "\r\n").readableBytesView, limit: 1024).ended, "a head may end in a later read")
    }

    @Test func headReaderTellsBodiesAndUpgrades() {
        func head(_ fields: String) -> HeadReader.Head { HeadReader.parse(Array("GET / HTTP/1.1\r\n\(fields)\r\n\r\n".utf8)) }
        #expect(head("Host: a") == .init(hasBody: false, asksToUpgrade: false))
        #expect(head("Content-Length: 0") == .init(hasBody: false, asksToUpgrade: false))
        #expect(head("content-length: 12") == .init(hasBody: true, asksToUpgrade: false))
        #expect(head("Transfer-Encoding: chunked") == .init(hasBody: true, asksToUpgrade: false))
        #expect(head("Upgrade: websocket\r\nConnection: Upgrade") == .init(hasBody: false, asksToUpgrade: true))
    }

    @Test func limitHeaderBytesAHeadOverTheLimitGets431() async throws {
        let server = try await PlaygroundHarness.start()
        defer { Task { @MainActor in server.stop() } }
        let port = server.port
        let status = await onOwnThread { () -> Int in
            guard let connection = RawConnection.open(port: port) else { return -1 }
            connection.send("GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Big: " + String(repeating: "a", count: 100_000) + "\r\n\r\n", timeout: 5)
            return connection.readStatus(timeout: 10)
        }
        #expect(status == 431)
        // A head just under the limit is answered as usual.
        let fine = await onOwnThread { () -> Int in
            guard let connection = RawConnection.open(port: port) else { return -1 }
            connection.send("GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Big: " + String(repeating: "a", count: 15_000) + "\r\n\r\n")
            return connection.readStatus(timeout: 10)
        }
        #expect(fine == 200)
    }

    @Test func limitHeaderTimeoutASlowHeadGets408() async throws {
        let server = try await PlaygroundHarness.start { $0.headerTimeout = 0.5 }
        defer { Task { @MainActor in server.stop() } }
        let port = server.port
        let (status, closed) = await onOwnThread { () -> (Int, Bool) in
            guard let connection = RawConnection.open(port: port) else { return (-1, false) }
            connection.send("GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n")
            let status = connection.readStatus(timeout: 10)
            return (status, connection.read(timeout: 5).closed)
        }
        #expect(status == 408 && closed)
        // A head sent byte by byte within the time is answered.
        let trickled = await onOwnThread { () -> Int in
            guard let connection = RawConnection.open(port: port) else { return -1 }
            for byte in "GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".utf8 { connection.send([byte]) }
            return connection.readStatus(timeout: 10)
        }
        #expect(trickled == 200)
    }

    @Test func keepAliveConnectionsAnswerEachRequestAndPipelinedOnesInOrder() async throws {
        let server = try await PlaygroundHarness.start()
        defer { Task { @MainActor in server.stop() } }
        let port = server.port
        let answers = await onOwnThread { () -> String in
            guard let connection = RawConnection.open(port: port) else { return "" }
            let request = "GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"
            connection.send(request + request)
            var text = ""
            let end = Date().addingTimeInterval(10)
            while Date() < end, text.components(separatedBy: "HTTP/1.1 200").count < 3 {
                text += String(decoding: connection.read(timeout: 0.2).bytes, as: UTF8.self)
            }
            return text
        }
        #expect(answers.components(separatedBy: "HTTP/1.1 200").count == 3, "\(answers)")
    }

    // MARK: Connections

    @Test func limitConnectionsTheLongestWaitingConnectionIsShedFirst() {
        let table = ConnectionTable(maximum: 2, answerGrace: .seconds(1))
        let connections = (0..<4).map { _ in NSObject() }  // alive throughout: distinct identifiers
        let ids = connections.map { ObjectIdentifier($0) }
        let start = NIODeadline.now()
        let closed = Mutex<[Int]>([])
        #expect(table.admit(ids[0], now: start, close: { closed.withLock { $0.append(0) } }) == .admitted(shed: []))
        #expect(table.admit(ids[1], now: start + .milliseconds(100), close: { closed.withLock { $0.append(1) } }) == .admitted(shed: []))
        // Full, and both are new: refused.
        #expect(table.admit(ids[2], now: start + .milliseconds(500), close: {}) == .refused)
        // Later the oldest waiting one goes.
        #expect(table.admit(ids[2], now: start + .seconds(2), close: {}) == .admitted(shed: [ids[0]]))
        #expect(closed.withLock { $0 } == [0])
        #expect(table.count == 2 && table.shed == 1 && table.refused == 1)
        // A WebSocket session is never shed.
        table.update(ids[1], to: .passthrough)
        table.update(ids[2], to: .passthrough)
        #expect(table.admit(ids[3], now: start + .seconds(10), close: {}) == .refused)
        table.remove(ids[1])
        #expect(table.admit(ids[3], now: start + .seconds(10), close: {}) == .admitted(shed: []))
    }

    @Test func limitConnectionsTheCapStaysWithinTheDescriptorLimit() {
        #expect(PlaygroundServer.connectionCap(configured: 512, descriptorLimit: 1_024) == 512)
        #expect(PlaygroundServer.connectionCap(configured: 512, descriptorLimit: 256) == 128)
        #expect(PlaygroundServer.connectionCap(configured: 512, descriptorLimit: 20) == 16)
        #expect(PlaygroundServer.connectionCap(configured: 10_000, descriptorLimit: 20_000) == 10_000)
        #expect(PlaygroundServer.timeAmount(.nan) == .milliseconds(100))
        #expect(PlaygroundServer.timeAmount(1e300) == .seconds(86_400))
    }

    @Test func limitConnectionsAFullServerShedsItsOldestHalfOpenConnectionForANewOne() async throws {
        let server = try await PlaygroundHarness.start { $0.maximumConnections = 16 }
        defer { Task { @MainActor in server.stop() } }
        let port = server.port
        let (shed, healthz) = await onOwnThread { () -> (Int, Int) in
            let held = (0..<16).compactMap { _ in RawConnection.open(port: port) }
            for connection in held { connection.send("GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n") }
            Thread.sleep(forTimeInterval: 1.3)  // past the grace that protects new connections
            guard let fresh = RawConnection.open(port: port) else { return (0, -1) }
            fresh.send("GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
            let status = fresh.readStatus(timeout: 10)
            Thread.sleep(forTimeInterval: 0.3)
            return (held.filter { $0.read(timeout: 0.05).closed }.count, status)
        }
        #expect(healthz == 200)
        #expect(shed == 1, "one connection, the one that waited longest, was shed for the new one")
    }
}
