import ArgumentParser
import Foundation
import MapReplay
import OpenMaps

/// Loads a scenario file, or exits with status 2 and a clear message.
enum ScenarioFile {
    static func load(_ path: String) throws -> Scenario {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw ScenarioFailure(message: "cannot read scenario file \(path)")
        }
        do {
            return try Scenario(json: data)
        } catch let error as ScenarioError {
            throw ScenarioFailure(message: "\(path): \(error)")
        }
    }
}

/// A scenario that cannot be run: printed to standard error, exit status 2.
struct ScenarioFailure: Error, CustomStringConvertible {
    let message: String
    var description: String { message }

    func exit() -> Never {
        FileHandle.standardError.write(Data("openmaps: \(message)\n".utf8))
        Foundation.exit(2)
    }
}

/// `openmaps replay SCENARIO.json`: runs a scenario and prints each delegate callback as a
/// JSON line, then an `end` line with the final state.
struct ReplayCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "replay",
        abstract: "Run a scenario in virtual time and print the delegate callbacks as JSON Lines."
    )

    @Argument(help: "The scenario file (see shared/spec/replay.md).")
    var scenario: String

    @MainActor
    func run() async throws {
        let parsed: Scenario
        do {
            parsed = try ScenarioFile.load(scenario)
        } catch let failure as ScenarioFailure {
            failure.exit()
        }
        let runner = ScenarioRunner(scenario: parsed)
        print(runner.run().joined(separator: "\n"))
    }
}

/// `openmaps render SCENARIO.json -o OUT.png [--scale S]`: runs a scenario and writes its
/// last frame.
struct RenderCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Run a scenario in virtual time and write its last frame as a PNG."
    )

    @Argument(help: "The scenario file (see shared/spec/replay.md).")
    var scenario: String

    @Option(name: .shortAndLong, help: "Where to write the PNG.")
    var output: String

    @Option(help: "Pixels per point.")
    var scale: Double = 2

    @MainActor
    func run() async throws {
        guard scale.isFinite, scale > 0, scale <= 4 else {
            ScenarioFailure(message: "--scale must be greater than 0 and at most 4").exit()
        }
        let parsed: Scenario
        do {
            parsed = try ScenarioFile.load(scenario)
        } catch let failure as ScenarioFailure {
            failure.exit()
        }
        let runner = ScenarioRunner(scenario: parsed, scale: scale)
        _ = runner.run()
        let data = try runner.renderFrame(scale: scale).pngData(compressionLevel: 6)
        let url = URL(fileURLWithPath: output)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try data.write(to: url)
    }
}
