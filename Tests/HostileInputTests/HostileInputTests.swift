import Foundation
import HostileData
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Hostile input, each case run by `openmaps` in a child process (docs/limits.md): no crash,
/// an answer within its time, under 1.5 GB at its peak, and exit 0 or a clear exit-2 message.
/// The ceilings are generous hang and memory guards, not performance figures.
@Suite("Hostile input", .serialized)
struct HostileInputTests {
    /// The `openmaps` executable built beside the tests.
    static let openmaps = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("openmaps")
    static let peakLimit = 1_536 * 1_048_576
    static let timeLimit = 60.0

    let folder: URL = {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("openmaps-hostile-\(getpid())")
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }()

    /// Writes a scenario and runs a command on it.
    private func run(_ json: String, command: String = "replay", extra: [String] = [], limit: Double = timeLimit) async throws -> ChildRun {
        let file = folder.appendingPathComponent("scenario-\(UUID().uuidString).json")
        try json.write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        let run = try await ChildRun.run(HostileInputTests.openmaps, [command, file.path] + extra, limit: limit)
        #expect(!run.timedOut, "\(run.summary)")
        #expect(run.signal == nil, "no crash: \(run.summary)")
        #expect(run.peakBytes < HostileInputTests.peakLimit, "\(run.summary)")
        return run
    }

    private func map(_ extra: String = "", zoom: Double = 15, size: String = "[640, 400]") -> String {
        #""map": {"size": \#(size), "camera": {"latitude": 60.1699, "longitude": 24.9384, "zoom": \#(zoom)}\#(extra)}"#
    }

    @Test func limitPaddingHugePaddingIsClampedNotACrash() async throws {
        for value in ["1e300", "-1e300"] {
            let result = try await run(
                "{\(map(#", "padding": {"top": \#(value), "left": \#(value), "bottom": 0, "right": 0}"#)), "
                    + #""steps": [{"tap": [100, 100]}, {"padding": {"top": 0, "left": \#(value), "bottom": \#(value), "right": 0}}, {"pan": {"from": [300, 200], "to": [100, 100]}}]}"#)
            #expect(result.status == 0, "\(result.summary)")
        }
    }

    @Test func limitStepSecondsLongStepsAreRefusedNamingTheStep() async throws {
        let cases = [
            (#"{"pan": {"from": [300, 200], "to": [100, 100], "duration": 1e300}}"#, "step 0: pan.duration must be at most 3600 seconds"),
            (#"{"pan": {"from": [300, 200], "to": [100, 100], "duration": 1e7}}"#, "step 0: pan.duration must be at most 3600 seconds"),
            (#"{"touches": [{"t": 1e12, "id": 1, "phase": "began", "x": 10, "y": 10}]}"#, "step 0: touches[0].t must be at most 3600 seconds (the longest step)"),
            (#"{"wait": 1e9}"#, "step 0: wait must be at most 3600 seconds"),
        ]
        for (step, message) in cases {
            let result = try await run("{\(map()), \"steps\": [\(step)]}")
            #expect(result.status == 2, "\(result.summary)")
            #expect(result.stderr.contains(message), "\(result.stderr)")
        }
        let total = Array(repeating: #"{"wait": 3600}"#, count: 5).joined(separator: ",")
        let result = try await run("{\(map()), \"steps\": [\(total)]}")
        #expect(result.status == 2 && result.stderr.contains("step 4: the steps run longer than 14400 seconds of virtual time in all"), "\(result.summary)")
    }

    @Test func limitImagePixelsHugeIconsAreMadeSmallerNotAllocatedWhole() async throws {
        let markers = (0..<6).map { #"{"id": "m\#($0)", "position": [60.1699, 24.9384], "icon": {"size": [8000, 8000]}}"# }
        let result = try await run("{\(map(zoom: 12)), \"markers\": [\(markers.joined(separator: ","))], \"steps\": [{\"tap\": [320, 200]}]}")
        #expect(result.status == 0, "\(result.summary)")
    }

    @Test func limitMarkersAHundredThousandMarkersAndATapAreQuick() async throws {
        let markers = (0..<100_000).map { i in
            #"{"id": "m\#(i)", "position": [\#(60.1 + Double(i % 400) * 0.0005), \#(24.9 + Double(i / 400) * 0.0005)]}"#
        }
        let result = try await run("{\(map(zoom: 13)), \"markers\": [\(markers.joined(separator: ","))], \"steps\": [{\"tap\": [320, 200]}]}", limit: 60)
        #expect(result.status == 0, "\(result.summary)")
        #expect(result.seconds < 30, "\(result.summary)")
    }

    @Test func limitStyleHugeStylerNumbersAreClamped() async throws {
        let style = #"[{"featureType": "water", "stylers": [{"lightness": 1e308}, {"saturation": -1e308}]}]"#
        let result = try await run("{\(map(", \"mapStyle\": \(style)")), \"steps\": []}")
        #expect(result.status == 0, "\(result.summary)")
    }

    @Test func limitRenderSizeOneRuleForTheLargestRender() async throws {
        let refused = try await run("{\(map(size: "[8200, 400]")), \"steps\": []}", command: "render", extra: ["-o", folder.appendingPathComponent("big.png").path])
        #expect(refused.status == 2, "\(refused.summary)")
        #expect(refused.stderr.contains("is past the largest render size: 16384 pixels a side"), "\(refused.stderr)")
        let png = folder.appendingPathComponent("ok.png")
        let accepted = try await run("{\(map(size: "[333.3, 100.1]")), \"steps\": []}", command: "render", extra: ["-o", png.path, "--scale", "1.5"])
        #expect(accepted.status == 0, "\(accepted.summary)")
        let data = try Data(contentsOf: png)
        // The PNG header's width and height: ceil(333.3 x 1.5) x ceil(100.1 x 1.5).
        let width = data[16..<20].reduce(0) { $0 << 8 | Int($1) }, height = data[20..<24].reduce(0) { $0 << 8 | Int($1) }
        #expect(width == 500 && height == 151)
    }

    @Test func limitURLTemplateBytesAMegabyteTemplateIsRefused() async throws {
        let template = "http://127.0.0.1:9/{z}/{x}/{y}?" + String(repeating: "a", count: 1_000_000)
        let result = try await run("{\(map(#", "tileLayers": [{"urlTemplate": "\#(template)"}]"#)), \"steps\": []}")
        #expect(result.status == 2, "\(result.summary)")
        #expect(result.stderr.contains("urlTemplate is longer than 2048 bytes"), "\(result.stderr)")
        #expect(result.seconds < 10, "\(result.summary)")
    }

    @Test func mbtilesFilesThatAreNotUsableAreRefusedNamingThem() async throws {
        let fifo = folder.appendingPathComponent("fifo.mbtiles").path
        mkfifo(fifo, 0o600)
        let junk = folder.appendingPathComponent("junk.mbtiles")
        try Data(repeating: 0x42, count: 10_000).write(to: junk)
        let endless = folder.appendingPathComponent("endless.mbtiles").path
        try HostileTiles.sqlite(endless, [
            "CREATE TABLE metadata (name TEXT, value TEXT)",
            """
            CREATE VIEW tiles AS WITH RECURSIVE r(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM r)
            SELECT 14 AS zoom_level, 0 AS tile_column, 0 AS tile_row, x'00' AS tile_data FROM r WHERE n < 0
            """,
        ])
        for (path, message) in [(fifo, "is not a regular file"), (junk.path, "is not an SQLite file"), (endless, "its tiles cannot be read")] {
            let result = try await run("{\(map(", \"mbtiles\": \"\(path)\"")), \"steps\": []}")
            #expect(result.status == 2, "\(result.summary)")
            #expect(result.stderr.contains("map.mbtiles: \(path) \(message)") || result.stderr.contains("map.mbtiles: \(path): \(message)"), "\(result.stderr)")
        }
    }

    @Test func limitTilePointsAMillionPointLineInEveryTileIsBounded() async throws {
        let path = folder.appendingPathComponent("walk.mbtiles").path
        try HostileTiles.mbtiles(at: path, data: HostileTiles.randomWalk(points: 1_000_000), latitude: 60.1699, longitude: 24.9384, zoom: 14)
        let result = try await run("{\(map(", \"mbtiles\": \"\(path)\"", zoom: 14)), \"steps\": [{\"pan\": {\"from\": [300, 200], \"to\": [200, 150]}}]}")
        #expect(result.status == 0, "\(result.summary)")
    }

    @Test func limitLabelCandidatesTwoHundredThousandPlacesInEveryTileAreBounded() async throws {
        let path = folder.appendingPathComponent("places.mbtiles").path
        try HostileTiles.mbtiles(at: path, data: HostileTiles.places(200_000), latitude: 60.1699, longitude: 24.9384, zoom: 14)
        let result = try await run("{\(map(", \"mbtiles\": \"\(path)\"", zoom: 14)), \"steps\": [{\"tap\": [320, 200]}]}")
        #expect(result.status == 0, "\(result.summary)")
    }

    @Test func limitDecodedTileBytesNearlySixteenMegabyteTilesAtEveryAddressStayBounded() async throws {
        let path = folder.appendingPathComponent("dense.mbtiles").path
        let tile = HostileTiles.dense(bytes: 16 * 1_048_576 - 4_096)
        #expect(tile.count > 15 * 1_048_576)
        try HostileTiles.mbtiles(at: path, data: HostileTiles.zlib(tile), latitude: 60.1699, longitude: 24.9384, zoom: 14)
        let result = try await run("{\(map(", \"mbtiles\": \"\(path)\"", zoom: 14)), \"steps\": [{\"pan\": {\"from\": [300, 200], \"to\": [200, 150]}}]}")
        #expect(result.status == 0, "\(result.summary)")
    }

    @Test func tileWaitATileServerThatNeverAnswersCostsBoundedTimeAndChangesNoCameraCallback() async throws {
        // A socket that takes connections (the kernel's backlog) and never answers.
        let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(listener) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        _ = withUnsafePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(listener, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) } }
        listen(listener, 128)
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(listener, $0, &length) } }
        let port = UInt16(bigEndian: address.sin_port)
        let steps = #""steps": [{"camera": {"animate": {"zoom": 12}}}, {"pan": {"from": [300, 200], "to": [100, 100], "fling": true}}]"#
        let layer = #", "tileLayers": [{"urlTemplate": "http://127.0.0.1:\#(port)/{z}/{x}/{y}.png"}]"#
        let with = try await run("{\(map(layer)), \(steps)}", limit: 90)
        let without = try await run("{\(map()), \(steps)}")
        #expect(with.status == 0 && without.status == 0, "\(with.summary)")
        #expect(with.seconds < 45, "\(with.summary)")
        func camera(_ output: String) -> [Substring] {
            output.split(separator: "\n").filter { $0.contains("Camera") || $0.contains("willMove") }
        }
        #expect(camera(with.stdout) == camera(without.stdout))
        let starts = with.stdout.components(separatedBy: "mapViewDidStartTileRendering").count
        let finishes = with.stdout.components(separatedBy: "mapViewDidFinishTileRendering").count
        #expect(starts == finishes && starts > 1, "\(with.stdout)")
    }

    /// The playground server under a file-descriptor limit of 1,024, against 3,000 connections
    /// that never finish their request heads: the oldest are shed, `/healthz` still answers, a
    /// 100 KB head gets 431, and the server stops cleanly.
    @Test func limitConnectionsHealthzAnswersUnderASlowConnectionAttackWithin1024Descriptors() async throws {
        let attackers = min(3_000, raiseOpenFileLimit(to: 4_096) - 256)
        #expect(attackers > 1_024, "the test process may hold more connections than the server may")
        let server = try ChildProcess(HostileInputTests.openmaps, ["serve", "--port", "0"], openFileLimit: 1_024)
        var port = 0
        for _ in 0..<600 where port == 0 {
            if let line = server.stdout.split(separator: "\n").first(where: { $0.contains("http://") }),
                let text = line.split(separator: ":").last?.split(separator: "/").first, let value = Int(text) {
                port = value
            } else {
                try await Task.sleep(for: .milliseconds(50))
            }
        }
        #expect(port > 0, "the server said where it listens: \(server.stderr.suffix(400))")
        guard port > 0 else { _ = try await server.stop(); return }

        // The attack and the probes block on sockets: on a thread of their own.
        let listening = port
        let (opened, healthz, big) = await onOwnThread { () -> (Int, Int, Int) in
            var held: [RawConnection] = []
            let attackEnds = Date().addingTimeInterval(30)
            var failures = 0
            for _ in 0..<attackers where Date() < attackEnds && failures < 100 {
                guard let connection = RawConnection.open(port: listening, timeout: 0.2) else {
                    failures += 1
                    continue
                }
                connection.send("GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ")
                held.append(connection)
            }
            Thread.sleep(forTimeInterval: 1.5)  // past the grace that protects new connections
            let healthz = RawConnection.open(port: listening, timeout: 5)
            healthz?.send("GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
            let big = RawConnection.open(port: listening, timeout: 5)
            big?.send("GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Big: " + String(repeating: "a", count: 100_000) + "\r\n\r\n", timeout: 5)
            return (held.count, healthz?.readStatus(timeout: 10) ?? -1, big?.readStatus(timeout: 10) ?? -1)
        }
        #expect(opened > 1_024, "the attack held more connections than the server has descriptors")
        #expect(healthz == 200, "healthz answers under attack")
        #expect(big == 431)
        let stopped = try await server.stop()
        #expect(stopped.signal == nil && !stopped.timedOut, "\(stopped.summary)")
        #expect(stopped.peakBytes < HostileInputTests.peakLimit, "\(stopped.summary)")
        #expect(stopped.stderr.contains("Too many open files") == false, "\(stopped.stderr.suffix(800))")
    }
}
