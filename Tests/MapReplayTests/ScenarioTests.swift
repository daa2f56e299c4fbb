import Foundation
import OpenMapsTesting
import LocalTileServer
import MapReplay
import Testing

/// Every scenario in `Scenarios/` replays to exactly its `.expected.jsonl`. Re-record the
/// expectations with `make record-goldens` and review the diff.
@MainActor
@Suite("Replay scenarios")
struct ScenarioTests {
    nonisolated static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Scenarios")

    nonisolated static var names: [String] {
        let files = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return files.filter { $0.hasSuffix(".json") }.map { String($0.dropLast(5)) }.sorted()
    }

    @Test(arguments: ScenarioTests.names)
    func replayMatchesExpectation(name: String) async throws {
        let data = try Data(contentsOf: Self.directory.appendingPathComponent("\(name).json"))
        let scenario = try Scenario(json: data)
        let lines: [String]
        if let panorama = scenario.panorama {
            lines = await PanoramaScenarioRunner(scenario: panorama).run()
        } else {
            lines = await ScenarioRunner(scenario: scenario).run()
        }
        let output = lines.joined(separator: "\n") + "\n"
        let expectedURL = Self.directory.appendingPathComponent("\(name).expected.jsonl")
        if ProcessInfo.processInfo.environment["OPENMAPS_RECORD_GOLDENS"] == "1" {
            try output.write(to: expectedURL, atomically: true, encoding: .utf8)
            return
        }
        let expected = try String(contentsOf: expectedURL, encoding: .utf8)
        #expect(output == expected)
    }

    @Test func sameScenarioSameOutput() async throws {
        let data = try Data(contentsOf: Self.directory.appendingPathComponent("long-press-and-drag.json"))
        let first = await ScenarioRunner(scenario: try Scenario(json: data)).run()
        let second = await ScenarioRunner(scenario: try Scenario(json: data)).run()
        #expect(first == second)
    }

    /// docs/replay.md, "Panorama scenarios": a walk between two registered panoramas replays
    /// the same every time, and its last frame is the east panorama through the pinched camera.
    @Test func panoramaScenarioRepeatsAndDrawsItsLastFrame() async throws {
        let data = try Data(contentsOf: Self.directory.appendingPathComponent("panorama-walk.json"))
        let scenario = try #require(try Scenario(json: data).panorama)
        let first = PanoramaScenarioRunner(scenario: scenario)
        let lines = await first.run()
        #expect(await PanoramaScenarioRunner(scenario: scenario).run() == lines)
        let result = GoldenImage.check(first.renderFrame(scale: 1), named: "panorama-walk")
        #expect(result.passed, "\(result.message)")
    }

    /// decisions.md, rule 7, and the replay contract: Google's POI guide opens a window on an
    /// invisible marker from the POI callback, and the selection stands after the tap.
    @Test func rule7ThePOIGuidesWindowOpensOnTheTappedPOIAndStays() async throws {
        let data = try Data(contentsOf: Self.directory.appendingPathComponent("poi-guide-window.json"))
        let lines = await ScenarioRunner(scenario: try Scenario(json: data)).run()
        let taps = lines.filter { $0.contains("didTapPOIWithPlaceID") }
        #expect(taps.count == 2)
        #expect(taps.first?.contains("\"name\":\"Ateneum\"") == true, "\(taps)")
        #expect(taps.last?.contains("\"name\":\"Kinopalatsi\"") == true, "\(taps)")
        let end = try #require(lines.last)
        #expect(end.contains("\"selectedMarker\":\"info\"") && end.contains("\"infoWindow\":\"info\""), "\(end)")
        #expect(!lines.contains { $0.contains("didTapAtCoordinate") })
    }

    @Test func lastFrameGolden() async throws {
        let data = try Data(contentsOf: Self.directory.appendingPathComponent("custom-window-and-contents.json"))
        let runner = ScenarioRunner(scenario: try Scenario(json: data), scale: 2)
        _ = await runner.run()
        let result = GoldenImage.check(runner.renderFrame(scale: 2), named: "custom-window-and-contents")
        #expect(result.passed, "\(result.message)")
    }
}

@Suite("Scenarios that cannot be run")
struct ScenarioErrorTests {
    private func error(_ json: String) -> String? {
        do {
            _ = try Scenario(json: Data(json.utf8))
            return nil
        } catch {
            return "\(error)"
        }
    }

    let map = #""map": {"size": [390, 844], "camera": {"latitude": 51.5, "longitude": -0.1, "zoom": 12}}"#

    @Test func malformedJSON() {
        #expect(error("{\"map\": ")?.hasPrefix("malformed JSON") == true)
        #expect(error("[]") == "scenario must be an object, not an array")
    }

    @Test func missingRequiredFields() {
        #expect(error(#"{"steps": []}"#) == "scenario.map is missing")
        #expect(error("{\(map)}") == "scenario.steps is missing")
        #expect(error(#"{"map": {"size": [1, 1], "camera": {"latitude": 1, "zoom": 3}}, "steps": []}"#) == "scenario.map.camera.longitude is missing")
    }

    @Test func wrongTypesAndImpossibleValues() {
        #expect(error(#"{"map": {"size": [0, 10], "camera": {"latitude": 1, "longitude": 1, "zoom": 3}}, "steps": []}"#) == "scenario.map.size must be positive")
        #expect(error(#"{"map": {"size": [10, 10], "camera": {"latitude": "1", "longitude": 1, "zoom": 3}}, "steps": []}"#) == "scenario.map.camera.latitude must be a number, not a string")
        #expect(error("{\(map), \"steps\": [{\"wait\": -1}]}") == "step 0: wait must be a number of seconds greater than 0")
        #expect(error("{\(map), \"steps\": [{\"wait\": 1}, {\"drag\": {\"marker\": \"x\", \"to\": [1, 1]}}]}") == "step 1: no marker \"x\"")
        #expect(error("{\(map), \"steps\": [{\"camera\": {\"animate\": {\"zoom\": 3}, \"duration\": 0}}]}") == "step 0: camera.duration must be greater than 0, not 0")
        #expect(error("{\(map), \"steps\": [{\"tap\": [1, true]}]}") == "step 0: the point must be an array of 2 finite numbers")
    }

    /// Hostile panorama scenarios are refused with a message naming what is wrong.
    @Test func limitPanoramaScenariosThatCannotBeRunAreRefused() {
        func panorama(_ body: String, steps: String = "[]") -> String? {
            error(#"{"panorama": {"size": [390, 600], \#(body)}, "steps": \#(steps)}"#)
        }
        let image = #""images": [{"id": "a", "position": [1, 2], "size": [64, 32]}]"#
        #expect(panorama(#""images": []"#) == nil)
        #expect(panorama(#""images": [{"id": "a", "position": [1, 2], "size": [0, 32]}]"#)?.contains("size") == true)
        #expect(panorama(#""images": [{"id": "a", "position": [1, 2], "size": [9000, 4500]}]"#)?.contains("past") == true)
        #expect(panorama(#""images": [{"id": "", "position": [1, 2], "size": [64, 32]}]"#)?.contains("empty") == true)
        #expect(panorama(#""images": [{"id": "a", "position": [1, 2], "file": "/dev/zero"}]"#)?.contains("not a readable") == true)
        #expect(panorama(#""images": [{"id": "a", "position": [1, 2], "file": "/no/such.png"}]"#)?.contains("not a readable") == true)
        let many = (0...PanoramaScenario.maximumImages).map { #"{"id": "p\#($0)", "position": [1, 2], "size": [64, 32]}"# }
        #expect(panorama(#""images": [\#(many.joined(separator: ","))]"#)?.contains("more than") == true)
        // docs/limits.md: two of the largest together, no more (64 of them took about 8 GB).
        let largest = (0..<3).map { #"{"id": "p\#($0)", "position": [1, 2], "size": [8192, 4096]}"# }
        #expect(panorama(#""images": [\#(largest.prefix(2).joined(separator: ","))]"#) == nil)
        #expect(panorama(#""images": [\#(largest.joined(separator: ","))]"#) == "panorama.images[2]: the images together pass 67108864 pixels (two of 8192 x 4096)")
        #expect(panorama(image, steps: #"[{"doubleTap": [1, 2]}]"#)?.contains("unknown panorama step") == true)
        #expect(panorama(image, steps: #"[{"pan": {"from": [0, 0], "to": [1, 1], "duration": -1}}]"#) != nil)
        #expect(panorama(image, steps: #"[{"panorama": {"moveNear": [0, 0], "radius": 1e9}}]"#)?.contains("radius") == true)
        #expect(panorama(image, steps: #"[{"wait": 99999}]"#) != nil)
        #expect(panorama(#"\#(image), "zoom": 3"#)?.contains("zoom") == true)
    }

    @Test func thePOIGuidesMarkerMustExist() {
        let scenario = #"{\#(map), "delegate": {"didTapPOIWithPlaceID": {"select": "ghost"}}, "steps": []}"#
        #expect(error(scenario)?.contains("no marker \"ghost\"") == true)
    }

    @Test func unknownStepsFieldsAndMarkers() {
        #expect(error("{\(map), \"steps\": [{\"jump\": 1}]}") == "step 0: unknown step \"jump\"")
        #expect(error("{\(map), \"steps\": [{\"tap\": {\"marker\": \"ghost\"}}]}") == "step 0: no marker \"ghost\"")
        #expect(error("{\(map), \"markers\": [{\"id\": \"a\", \"position\": [1, 2], \"colour\": 3}], \"steps\": []}") == "markers[0] has no field \"colour\"")
        #expect(error("{\(map), \"steps\": [{\"tap\": [1, 1], \"wait\": 1}]}") == "step 0: a step must be an object with exactly one key")
    }

    @Test func invalidStyleNamesTheProblem() {
        #expect(error("{\(map), \"steps\": [{\"mapStyle\": [{\"featureType\": \"poi\"}]}]}") == "step 0: map style rule 0 has no \"stylers\" array")
    }
}

@MainActor
@Suite("Replay with tile layers")
struct TileLayerScenarioTests {
    @Test func tileLayersScenarioDrawsServerTilesDeterministically() async throws {
        let server = try await LocalTileServer.start()
        defer { server.stop() }
        let json = """
            {"map": {"size": [256, 256], "camera": {"latitude": 48, "longitude": 10, "zoom": 3},
                     "tileLayers": [{"urlTemplate": "http://127.0.0.1:\(server.port)/ok/00ff00/{z}/{x}/{y}", "tileSize": 512, "fadeIn": false}]},
             "steps": [{"camera": {"move": {"zoom": 4}}}]}
            """
        let scenario = try Scenario(json: Data(json.utf8))
        // Determinism, not the wait bounds (the hostile tests check those): on a machine busy
        // with the whole suite, the local server's answers may take longer than the defaults.
        let patient = (perFrame: 120.0, total: 600.0)
        let first = ScenarioRunner(scenario: scenario, tileWait: patient)
        let output = await first.run()
        #expect(output.contains { $0.contains("mapViewDidFinishTileRendering") })
        // The layer covers the map: most of the frame is its green (labels are drawn over it).
        let frame = first.renderFrame(scale: 1)
        var green = 0
        for y in stride(from: 4, to: 256, by: 8) {
            for x in stride(from: 4, to: 256, by: 8) {
                if let c = frame.color(x: x, y: y), c.green > 0.97, c.red < 0.03 { green += 1 }
            }
        }
        #expect(green > 32 * 32 / 2, "\(green) of 1024 samples green")
        #expect(await ScenarioRunner(scenario: scenario, tileWait: patient).run() == output)
        #expect(server.stats.count("ok") > 0)
    }
}

@Suite("Tile layer scenarios that cannot be run")
struct TileLayerScenarioErrorTests {
    let map = #""size": [390, 844], "camera": {"latitude": 51.5, "longitude": -0.1, "zoom": 12}"#

    private func error(_ layers: String) -> String? {
        do {
            _ = try Scenario(json: Data("{\"map\": {\(map), \"tileLayers\": \(layers)}, \"steps\": []}".utf8))
            return nil
        } catch {
            return "\(error)"
        }
    }

    @Test func tileLayerNeedsAnHTTPTemplateWithItsAddress() {
        #expect(error(#"[{"urlTemplate": "http://127.0.0.1:8081/{z}/{x}/{y}.png", "zIndex": 1, "opacity": 0.5}]"#) == nil)
        #expect(error(#"[{"urlTemplate": "file:///etc/{z}/{x}/{y}"}]"#) == "scenario.map.tileLayers[0].urlTemplate must be an http(s) URL with {z}, {x} and {y}")
        #expect(error(#"[{"urlTemplate": "http://a/{z}/{x}.png"}]"#) == "scenario.map.tileLayers[0].urlTemplate must be an http(s) URL with {z}, {x} and {y}")
        #expect(error(#"[{"urlTemplate": "http://a/{z}/{x}/{y}", "opacity": 2}]"#) == "scenario.map.tileLayers[0].opacity must be within 0...1")
        #expect(error(#"[{"url": "http://a/{z}/{x}/{y}"}]"#) == "scenario.map.tileLayers[0] has no field \"url\"")
    }
}
