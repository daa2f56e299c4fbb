import Foundation
import MapDrawing
import Synchronization
import OpenMaps
import Testing

@testable import OpenMapsPlayground

@Suite("Playground server", .serialized)
@MainActor
struct PlaygroundServerTests {
    @Test func healthzAnswersWhileHealthy() async throws {
        let server = try await PlaygroundHarness.start()
        defer { server.stop() }
        let health = try await server.get("/healthz")
        #expect(health.status == 200)
        #expect(String(decoding: health.body, as: UTF8.self).contains(#""status":"ok""#))
    }

    @Test func staticFilesComeOnlyFromTheAllowList() async throws {
        let server = try await PlaygroundHarness.start()
        defer { server.stop() }
        let page = try await server.get("/")
        #expect(page.status == 200 && page.type?.hasPrefix("text/html") == true)
        let html = String(decoding: page.body, as: UTF8.self)
        #expect(html.contains(#"<canvas id="map""#) && html.contains(#"<ol id="events""#))
        #expect(try await server.get("/playground.js").status == 200)
        for path in ["/Package.swift", "/..%2FPackage.swift", "/%2e%2e/%2e%2e/etc/passwd", "/Web/index.html"] {
            #expect(try await server.get(path).status == 404, "\(path)")
        }
    }

    /// The page comes with its stylesheet and script inline, so it starts its session without
    /// fetching them; only what carries the response's own nonce may run.
    @Test func thePageComesWithItsStyleAndScriptInlineUnderANoncePerResponse() async throws {
        let server = try await PlaygroundHarness.start()
        defer { server.stop() }
        let first = String(decoding: try await server.get("/").body, as: UTF8.self)
        let second = String(decoding: try await server.get("/index.html").body, as: UTF8.self)
        #expect(!first.contains(WebFiles.scriptTag) && !first.contains(WebFiles.stylesheetTag))
        #expect(first.contains("<script nonce=\"") && first.contains("<style nonce=\"") && first.contains("connect()"))
        // The script is the page's last element, after everything it looks up.
        #expect(first.range(of: "<script nonce=")?.lowerBound ?? first.startIndex > first.range(of: #"<ol id="events""#)?.lowerBound ?? first.endIndex)
        func nonce(_ page: String) -> Substring? {
            page.split(separator: "\"").dropFirst().first { $0.count == 24 && $0.hasSuffix("==") }
        }
        #expect(nonce(first) != nil && nonce(first) != nonce(second))
        // The files stay reachable on their own.
        #expect(try await server.get("/playground.css").status == 200)
        let nonceValue = try #require(nonce(first))
        let policy = PlaygroundServer.response(Data(), type: "text/html", nonce: String(nonceValue)).headers[.contentSecurityPolicy]
        #expect(policy?.contains("script-src 'self' 'nonce-\(nonceValue)'") == true)
        #expect(PlaygroundServer.response(Data(), type: "text/html").headers[.contentSecurityPolicy]?.contains("nonce") == false)
    }

    @Test func aSessionSendsTheSampleAndItsFirstFrame() async throws {
        let server = try await PlaygroundHarness.start()
        defer { server.stop() }
        try await server.page { page in
            #expect(await page.open("markers", width: 400, height: 300, scale: 2))
            let ready = page.messages.first { $0["type"] as? String == "ready" }
            #expect(ready?["sample"] as? String == "markers")
            #expect(((ready?["samples"] as? [[String: Any]])?.count ?? 0) == PlaygroundSample.all.count)
            let frame = try Bitmap.decode(try #require(page.lastFrame))
            #expect(frame.width == 800 && frame.height == 600)
        }
    }

    @Test func tappingAMarkerCallsTheDelegateAndTheLogShowsIt() async throws {
        let server = try await PlaygroundHarness.start()
        defer { server.stop() }
        try await server.page { page in
            #expect(await page.open("markers", width: 400, height: 300, scale: 1))
            let point = try await MainActor.run {
                let host = try #require(server.registry.sessions.values.first?.host)
                // A pin's head on the page (a touch can only land on what the page shows),
                // not the first place's, whose info window is open.
                let heads = Helsinki.places.dropFirst().map { place in
                    let p = host.mapView.projection.point(for: place.coordinate)
                    return CGPoint(x: p.x, y: p.y - 20)
                }
                return try #require(heads.first { host.mapView.bounds.insetBy(dx: 10, dy: 10).contains($0) })
            }
            try await page.send(#"{"type":"pointer","phase":"down","id":1,"pointerType":"mouse","x":\#(point.x),"y":\#(point.y)}"#)
            try await page.send(#"{"type":"pointer","phase":"up","id":1,"pointerType":"mouse","x":\#(point.x),"y":\#(point.y)}"#)
            #expect(await page.wait { page.events.contains("mapView:didTapMarker:") })
        }
    }

    @Test func malformedMessagesAreCountedAndDroppedAndTheSessionLivesOn() async throws {
        let server = try await PlaygroundHarness.start()
        defer { server.stop() }
        try await server.page { page in
            for text in ["{", "[]", #"{"type":"pointer","phase":"down","id":1,"x":1e999,"y":0}"#, String(repeating: "x", count: 3000)] {
                try await page.send(text)
            }
            try await page.sendBinary([1, 2, 3])
            #expect(await page.open("camera", width: 200, height: 200, scale: 1))
            let refused = await MainActor.run { server.registry.sessions.values.first?.refusedMessages ?? 0 }
            #expect(refused == 5)
        }
        #expect(try await server.get("/healthz").status == 200)
    }

    @Test func oversizedMessagesEndOnlyTheirOwnConnection() async throws {
        let server = try await PlaygroundHarness.start()
        defer { server.stop() }
        let ended = Mutex(false)
        do {
            _ = try await server.page { page in
                #expect(await page.open("markers", width: 100, height: 100, scale: 1))
                try await page.send(String(repeating: "y", count: 100_000))
                ended.withLock { $0 = true }
                #expect(await page.wait { page.isClosed }, "the server closed this connection")
            }
        } catch {
            // Closing a connection the server has already closed may throw; that is the point.
        }
        #expect(ended.withLock { $0 })
        #expect(await waitUntil { server.registry.sessions.isEmpty }, "its session is gone")
        #expect(try await server.get("/healthz").status == 200)
        try await server.page { page in
            #expect(await page.open("markers", width: 100, height: 100, scale: 1))
        }
    }

    @Test func foreignOriginsAreRefused() async throws {
        let server = try await PlaygroundHarness.start()
        defer { server.stop() }
        await #expect(throws: (any Error).self) {
            try await server.page(origin: "http://evil.example") { _ in }
        }
        #expect(server.registry.sessions.isEmpty)
    }

    @Test func sessionsAreBounded() async throws {
        let server = try await PlaygroundHarness.start(maximumSessions: 1)
        defer { server.stop() }
        try await server.page { page in
            #expect(await page.open("markers", width: 100, height: 100, scale: 1))
            await #expect(throws: (any Error).self) {
                try await server.page { _ in }
            }
        }
    }

    @Test func framesWaitForThePageToKeepUp() async throws {
        let server = try await PlaygroundHarness.start()
        defer { server.stop() }
        try await server.page { page in
            #expect(await page.open("markers", width: 300, height: 200, scale: 1))
            // Pans without acknowledging: at most two frames go out unacknowledged.
            try await page.pan(steps: 30, acknowledging: false)
            #expect(page.frameCount <= PlaygroundSession.maximumFramesInFlight)
            #expect(await page.wait { page.frameCount == PlaygroundSession.maximumFramesInFlight })
            // Acknowledging frames never sent frees nothing.
            for fake in [3, 4, 5, 1_000] { try await page.send(#"{"type":"ack","frame":\#(fake)}"#) }
            try await Task.sleep(for: .milliseconds(200))
            #expect(page.frameCount == PlaygroundSession.maximumFramesInFlight)
            try await page.acknowledgeFrames()
            // More moves, until a frame comes: on a busy machine the frames held back may
            // already show every move sent, leaving nothing new to draw, and one move may
            // come too late to be a pan's.
            var resumed = false
            for step in 0..<40 where !resumed {
                try await page.send(#"{"type":"pointer","phase":"move","id":1,"pointerType":"touch","x":\#(300 + step * 7),"y":120}"#)
                resumed = await page.wait(timeout: 0.25) { page.frameCount > PlaygroundSession.maximumFramesInFlight }
            }
            #expect(resumed, "frames resume once the page acknowledges them")
        }
    }

    @Test func framesAreNumberedFromOneWithoutGaps() async throws {
        let server = try await PlaygroundHarness.start()
        defer { server.stop() }
        try await server.page { page in
            #expect(await page.open("markers", width: 300, height: 200, scale: 1))
            try await page.acknowledgeFrames()
            let missed = try await page.panWaitingForEachFrame(moves: 8, dx: 12, dy: 0)
            #expect(missed.isEmpty, "a frame for each move; none for moves \(missed)")
            // Every frame drawn has arrived and been acknowledged (some may have come out of order).
            var settled = false
            var numbers: [Int] = []
            for _ in 0..<250 where !settled {
                try await page.acknowledgeFrames()
                // Nothing in flight: every frame drawn so far has arrived (read them at that moment).
                let seen = page.frameNumbers
                settled = await MainActor.run { server.registry.sessions.values.first?.framesInFlight == 0 }
                numbers = settled ? seen : numbers
                try await Task.sleep(for: .milliseconds(20))
            }
            #expect(settled)
            #expect(numbers.count >= 4)
            #expect(Set(numbers).count == numbers.count, "each number once")
            #expect(numbers.sorted() == Array(1...numbers.count), "numbered from 1 without gaps: \(numbers)")
            _ = try Bitmap.decode(try #require(page.lastFrame))
        }
    }

    @Test func configuredLimitsAreTheOnesEnforced() {
        var configuration = PlaygroundServer.Configuration()
        configuration.maximumSessions = 3
        configuration.idleTimeout = 42
        let server = PlaygroundServer(configuration: configuration)
        #expect(server.registry.maximumSessions == 3)
        #expect(server.registry.idleTimeout == 42)
    }

    @Test func anIdleSessionWhosePageStoppedReadingFreesItsPlace() async throws {
        let server = try await PlaygroundHarness.start(maximumSessions: 1, idleTimeout: 0.6)
        defer { server.stop() }
        // A page that says hello, then never reads nor acknowledges.
        _ = try? await server.page(reads: false) { page in
            try await page.send(#"{"type":"hello","sample":"markers","width":1200,"height":900,"scale":2}"#)
            #expect(await waitUntil(timeout: 10) { server.registry.sessions.isEmpty }, "closed once idle, though its page reads nothing")
            #expect(await waitUntil(timeout: 5) { server.registry.connections == 0 }, "and its connection ended")
        }
        try await server.page { page in
            #expect(await page.open("markers", width: 100, height: 100, scale: 1), "the place is free again")
        }
    }

    @Test func requestsNamingAnotherHostAreRefusedOnLoopback() async throws {
        let server = try await PlaygroundHarness.start()
        defer { server.stop() }
        #expect(try await server.get("/healthz", host: "localhost:\(server.port)").status == 200)
        #expect(try await server.get("/", host: "rebound.example:\(server.port)").status == 421)
        #expect(try await server.get("/healthz", host: "192.168.1.7:\(server.port)").status == 421)
    }
}

/// Waits (up to `timeout` seconds) until `condition` holds on the main actor; whether it did.
func waitUntil(timeout: TimeInterval = 5, _ condition: @escaping @MainActor () -> Bool) async -> Bool {
    let end = Date().addingTimeInterval(timeout)
    while Date() < end {
        if await condition() { return true }
        try? await Task.sleep(for: .milliseconds(20))
    }
    return await condition()
}
