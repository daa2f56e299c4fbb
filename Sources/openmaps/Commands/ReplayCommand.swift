import ArgumentParser
import Foundation
import MapDrawing
import MapReplay
import OpenMaps

/// Loads a scenario file, or exits with status 2 and a clear message.
enum ScenarioFile {
    /// The scenario at `path`; a file that cannot be read or run exits with status 2.
    static func loadOrExit(_ path: String) -> Scenario {
        do {
            return try load(path)
        } catch let failure as ScenarioFailure {
            failure.exit()
        } catch {
            ScenarioFailure(message: "\(path): \(error)").exit()
        }
    }

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

/// The scenario a command runs.
struct ScenarioArgument: ParsableArguments {
    @Argument(help: "The scenario file (see docs/replay.md).")
    var path: String

    /// The scenario; a file that cannot be read or run exits with status 2.
    func load() -> Scenario { ScenarioFile.loadOrExit(path) }
}

/// `openmaps replay SCENARIO.json`: runs a scenario and prints each delegate callback as a
/// JSON line, then an `end` line with the final state.
struct ReplayCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "replay",
        abstract: "Run a scenario in virtual time and print the delegate callbacks as JSON Lines."
    )

    @OptionGroup var scenario: ScenarioArgument

    @MainActor
    func run() async throws {
        let parsed = scenario.load()
        if let panorama = parsed.panorama {
            print(await PanoramaScenarioRunner(scenario: panorama).run().joined(separator: "\n"))
        } else {
            print(await ScenarioRunner(scenario: parsed).run().joined(separator: "\n"))
        }
    }
}

/// `openmaps render SCENARIO.json -o OUT.png [--scale S]`: runs a scenario and writes its
/// last frame.
struct RenderCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Run a scenario in virtual time and write its last frame as a PNG."
    )

    @OptionGroup var scenario: ScenarioArgument

    @Option(name: .shortAndLong, help: "Where to write the PNG.")
    var output: String

    @Option(help: "Pixels per point.")
    var scale: Double = 2

    @MainActor
    func run() async throws {
        guard scale.isFinite, scale > 0, scale <= 4 else {
            ScenarioFailure(message: "--scale must be greater than 0 and at most 4").exit()
        }
        let parsed = scenario.load()
        do {
            _ = try parsed.renderSize(scale: scale)
        } catch {
            ScenarioFailure(message: "\(scenario.path): \(error)").exit()
        }
        let frame: Bitmap
        if let panorama = parsed.panorama {
            let runner = PanoramaScenarioRunner(scenario: panorama)
            _ = await runner.run()
            frame = runner.renderFrame(scale: scale)
        } else {
            let runner = ScenarioRunner(scenario: parsed, scale: scale)
            _ = await runner.run()
            frame = runner.renderFrame(scale: scale)
        }
        let data = try frame.pngData(compressionLevel: 6)
        let url = URL(fileURLWithPath: output)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try data.write(to: url)
    }
}
