import Foundation
import Testing

/// Run inside `HostileInputTests`, one at a time: their children are large.
extension HostileInputTests {
    /// `make tiles PBF=… OUT=…` with names that a shell would run (docs/limits.md).
    @Suite("Hostile input: make tiles")
    struct MakeTilesHostileTests {
        /// The repository, from this file's place in it.
        static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

        @Test func limitMakeTilesArgumentsAreNamesNeverCommands() async throws {
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("openmaps-make-tiles-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: folder) }
            let mark = folder.appendingPathComponent("ran").path
            let hostile = [
                "a`touch \(mark)1`", "b\"$(touch \(mark)2)\"", "c$$(touch \(mark)3)", "d'; touch \(mark)4; '", "$(shell touch \(mark)5)",
                "-e; touch \(mark)6",
            ]
            for name in hostile {
                for (pbf, out) in [(name, folder.appendingPathComponent("out.mbtiles").path), (folder.appendingPathComponent("missing.pbf").path, name)] {
                    let run = try await ChildRun.run(URL(fileURLWithPath: "/usr/bin/make"), ["-s", "-C", Self.repository.path, "tiles", "PBF=\(pbf)", "OUT=\(out)"])
                    #expect(run.status == 2, "\(run.summary)")
                    #expect(run.stderr.contains("tiles: \(pbf) is not a file"), "the name as written: \(run.stderr)")
                }
            }
            let usage = try await ChildRun.run(URL(fileURLWithPath: "/usr/bin/make"), ["-s", "-C", Self.repository.path, "tiles", "PBF=x"])
            #expect(usage.status == 2 && usage.stdout.contains("usage: make tiles"), "no OUT: \(usage.summary)")
            let ran = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasPrefix("ran") }
            #expect(ran.isEmpty, "nothing in a name ran: \(ran)")
        }
    }
}
