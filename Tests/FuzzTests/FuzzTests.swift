import Basemap
import Foundation
import HostileData
import MapDrawing
import MapReplay
import MapTestSupport
import OpenMaps
import Testing

@testable import OpenMapsPlayground

/// The fuzzing harness (docs/limits.md): every target gets its corpus, then mutations of it.
/// Each case must not crash, must end within its budget, and must be accepted or refused
/// cleanly. The suite runs a short slice with a fixed seed; `make fuzz` runs longer.
@MainActor
@Suite("Fuzzing", .serialized)
struct FuzzingSuite {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let corpusFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Corpus")

    static func files(in folder: URL, ending suffix: String) -> [[UInt8]] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { $0.hasSuffix(suffix) && !$0.hasSuffix(".expected.jsonl") }.sorted().compactMap {
            FileManager.default.contents(atPath: folder.appendingPathComponent($0).path).map { [UInt8]($0) }
        }
    }

    /// Peak memory of this process so far, in bytes (VmHWM).
    static var peakBytes: Int {
        let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
        let line = status.split(separator: "\n").first { $0.hasPrefix("VmHWM:") } ?? ""
        return (Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0) * 1_024
    }

    private func check(_ report: Fuzzer.Report) {
        #expect(report.overBudget == 0, "\(report)")
        #expect(report.cases > 0, "\(report)")
        #expect(FuzzingSuite.peakBytes < 3 * 1_024 * 1_048_576, "the test process stays bounded")
    }

    @Test func fuzzScenarios() async {
        var corpus = FuzzingSuite.files(in: FuzzingSuite.root.appendingPathComponent("Tests/MapReplayTests/Scenarios"), ending: ".json")
        corpus += FuzzingSuite.files(in: FuzzingSuite.corpusFolder, ending: ".json").filter { $0.first == UInt8(ascii: "{") }
        let report = await Fuzzer.run("scenario", corpus: corpus, budget: 20) { bytes in
            // Never the network or the file system: tile layers and MBTiles paths are left out.
            let text = String(decoding: bytes, as: UTF8.self)
            guard !text.contains("tileLayers"), !text.contains("mbtiles"), let scenario = try? Scenario(json: Data(bytes)) else { return false }
            let output = await ScenarioRunner(scenario: scenario, scale: 1).run()
            #expect(output.last?.contains("\"event\":\"end\"") == true)
            return true
        }
        check(report)
    }

    @Test func fuzzStyles() async {
        let corpus = FuzzingSuite.files(in: FuzzingSuite.corpusFolder, ending: ".json").filter { $0.first == UInt8(ascii: "[") }
        let map = makeMapView(frame: CGRect(x: 0, y: 0, width: 128, height: 128), camera: .camera(withLatitude: 60.1699, longitude: 24.9384, zoom: 15))
        let host = GMSMapViewHost(mapView: map)
        let report = await Fuzzer.run("style", corpus: corpus, budget: 10) { bytes in
            guard let style = try? GMSMapStyle(jsonString: String(decoding: bytes, as: UTF8.self)) else { return false }
            map.mapStyle = style
            host.prepareTiles()
            #expect(host.renderFrame(scale: 1).width == 128)
            return true
        }
        check(report)
    }

    @Test func fuzzVectorTiles() async throws {
        let reader = try MBTilesReader(path: try #require(EmbeddedBasemap.url).path)
        var corpus: [[UInt8]] = []
        for (z, x, y) in [(15, 18654, 9484), (10, 582, 296), (4, 9, 4)] {
            if let blob = reader.blob(z: z, x: x, y: y) { corpus.append([UInt8](try MBTilesReader.inflate(blob))) }
        }
        corpus.append([UInt8](HostileTiles.places(2_000)))
        corpus.append([UInt8](HostileTiles.randomWalk(points: 5_000)))
        let renderer = TileRenderer()
        let report = await Fuzzer.run("vector-tile", corpus: corpus, budget: 10) { bytes in
            guard let tile = try? VectorTile(data: Data(bytes)) else { return false }
            #expect(renderer.render(tile, zoom: 15, scale: 1).width == 256)
            return true
        }
        check(report)
    }

    @Test func fuzzMBTilesFiles() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("openmaps-fuzz-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let seed = folder.appendingPathComponent("seed.mbtiles").path
        try HostileTiles.mbtiles(at: seed, data: HostileTiles.places(50), latitude: 60.1699, longitude: 24.9384, zoom: 14, radius: 1)
        let corpus = [[UInt8](try Data(contentsOf: URL(fileURLWithPath: seed)))]
        let file = folder.appendingPathComponent("case.mbtiles").path
        let report = await Fuzzer.run("mbtiles", corpus: corpus, budget: 5) { bytes in
            _ = FileManager.default.createFile(atPath: file, contents: Data(bytes))
            guard let reader = try? MBTilesReader(path: file) else { return false }
            let centre = HostileTiles.address(latitude: 60.1699, longitude: 24.9384, zoom: 14)
            for dx in -1...1 { _ = try? reader.tile(z: 14, x: centre.x + dx, y: centre.y) }
            return true
        }
        check(report)
    }

    @Test func fuzzImages() async throws {
        let canvas = Canvas(size: CGSize(width: 24, height: 16), scale: 1)
        canvas.clear(Color(red: 0.2, green: 0.5, blue: 0.9))
        let corpus = [[UInt8](try canvas.bitmap.pngData(compressionLevel: 6)), [UInt8](try canvas.bitmap.jpegData(quality: 80))]
        let report = await Fuzzer.run("image", corpus: corpus, budget: 5) { bytes in
            guard let image = UIImage(data: Data(bytes)) else { return false }
            #expect(image.size.width >= 0)
            return true
        }
        check(report)
    }

    @Test func fuzzPlaygroundMessages() async {
        let corpus = [
            #"{"type":"hello","sample":"markers","width":640,"height":480,"scale":2}"#,
            #"{"type":"pointer","phase":"down","id":1,"pointerType":"touch","x":10,"y":20,"t":1234.5}"#,
            #"{"type":"wheel","x":10,"y":20,"delta":-120,"t":5}"#, #"{"type":"ack","frame":3}"#, #"{"type":"sample","name":"overlays"}"#,
            #"{"type":"resize","width":1e308,"height":-1,"scale":1e-320}"#,
        ].map { [UInt8]($0.utf8) }
        let report = await Fuzzer.run("playground-message", corpus: corpus, budget: 1) { bytes in
            (try? ClientMessage.parse(String(decoding: bytes, as: UTF8.self))) != nil
        }
        check(report)
    }

    @Test func fuzzEncodedPaths() async {
        let corpus = ["_p~iF~ps|U_ulLnnqC_mqNvxq`@", "mfp_I__vpAqba@", "??", "~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~", ""].map { [UInt8]($0.utf8) }
        let report = await Fuzzer.run("encoded-path", corpus: corpus, budget: 1) { bytes in
            guard let path = GMSPath(fromEncodedPath: String(decoding: bytes, as: UTF8.self)) else { return false }
            _ = path.encodedPath()
            return true
        }
        check(report)
    }
}
