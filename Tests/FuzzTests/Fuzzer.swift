import Foundation
import OpenMapsTesting

/// A deterministic mutation fuzzer: from a seed, inputs of a corpus are mutated (bytes
/// flipped, inserted, deleted and repeated; numbers replaced by extremes; pieces spliced
/// between inputs) and handed to a target. The test suite runs a short slice with a fixed
/// seed; `make fuzz` runs for a time budget with a seed it prints (`OPENMAPS_FUZZ_SEED`,
/// `OPENMAPS_FUZZ_SECONDS`), so any failure can be run again exactly.
struct Fuzzer {
    /// How a run is set: from the environment, or the suite's short slice.
    struct Settings {
        var seed: UInt64
        var cases: Int
        var seconds: Double

        static var current: Settings {
            let environment = ProcessInfo.processInfo.environment
            let seconds = environment["OPENMAPS_FUZZ_SECONDS"].flatMap(Double.init)
            return Settings(
                seed: environment["OPENMAPS_FUZZ_SEED"].flatMap { UInt64($0) } ?? 20_261_124,
                cases: seconds == nil ? 40 : .max, seconds: seconds ?? 20)
        }
    }

    /// What a run did, for the fuzz report.
    struct Report: CustomStringConvertible {
        let target: String
        let seed: UInt64
        var cases = 0
        var accepted = 0
        var slowest = 0.0
        var seconds = 0.0
        /// Cases that took longer than their budget.
        var overBudget = 0
        var description: String {
            "fuzz \(target): seed \(seed), \(cases) cases (\(accepted) accepted) in \(String(format: "%.1f", seconds)) s, slowest \(String(format: "%.3f", slowest)) s"
        }
    }

    /// SplitMix64: small, fast and the same everywhere.
    typealias Random = SeededGenerator

    /// Numbers an attacker or a careless user writes.
    static let extremes = [
        "1e308", "-1e308", "1e300", "-1e300", "1e-320", "0", "-0", "-1", "4294967296", "9223372036854775808", "1e7", "1e12",
        "0.5", "65536", "99999999999999999999", "NaN", "Infinity", "-2147483649", "3600.0001",
    ]

    /// One mutation of `input`; `corpus` gives material to splice in.
    static func mutate(_ input: [UInt8], corpus: [[UInt8]], random: inout Random) -> [UInt8] {
        var bytes = input
        for _ in 0...Int.random(in: 0...3, using: &random) {
            let position = bytes.isEmpty ? 0 : Int.random(in: 0..<bytes.count, using: &random)
            switch Int.random(in: 0..<8, using: &random) {
            case 0 where !bytes.isEmpty:
                bytes[position] ^= UInt8(1 << Int.random(in: 0..<8, using: &random))
            case 1:
                bytes.insert(UInt8.random(in: 0...255, using: &random), at: position)
            case 2 where !bytes.isEmpty:
                bytes.removeSubrange(position..<min(bytes.count, position + Int.random(in: 1...16, using: &random)))
            case 3 where !bytes.isEmpty:
                // A piece repeated: long runs, deep nesting, many elements.
                let end = min(bytes.count, position + Int.random(in: 1...64, using: &random))
                let piece = bytes[position..<end]
                bytes.insert(contentsOf: Array(repeating: piece, count: Int.random(in: 2...64, using: &random)).joined(), at: end)
            case 4, 5:
                // A number replaced by an extreme one.
                let digits = bytes.indices.filter { bytes[$0] >= 0x30 && bytes[$0] <= 0x39 }
                guard let start = digits.randomElement(using: &random) else { continue }
                var end = start
                while end < bytes.count, (0x30...0x39).contains(bytes[end]) || [0x2E, 0x65, 0x45, 0x2D].contains(bytes[end]) { end += 1 }
                bytes.replaceSubrange(start..<end, with: Array(extremes.randomElement(using: &random)!.utf8))
            case 6 where !corpus.isEmpty:
                let other = corpus.randomElement(using: &random)!
                guard !other.isEmpty else { continue }
                let from = Int.random(in: 0..<other.count, using: &random)
                bytes.insert(contentsOf: other[from..<min(other.count, from + Int.random(in: 1...256, using: &random))], at: position)
            default:
                if !bytes.isEmpty { bytes[position] = [0x00, 0xFF, 0x7F, 0x80, 0x22, 0x5B, 0x7B][Int.random(in: 0..<7, using: &random)] }
            }
        }
        return bytes
    }

    /// Runs `target` on mutations of the corpus until the settings' cases or seconds are spent.
    /// The target returns whether the input was accepted; each case must end within `budget`
    /// seconds.
    @MainActor
    static func run(
        _ name: String, corpus: [[UInt8]], budget: Double, settings: Settings = .current,
        target: ([UInt8]) async throws -> Bool
    ) async rethrows -> Report {
        var random = Random(seed: settings.seed ^ UInt64(truncatingIfNeeded: name.hashValueStable))
        var report = Report(target: name, seed: settings.seed)
        let started = Date()
        // The corpus itself first, then mutations.
        var queue = corpus
        while report.cases < settings.cases, Date().timeIntervalSince(started) < settings.seconds {
            let input = queue.popLast() ?? mutate(corpus.randomElement(using: &random) ?? [], corpus: corpus, random: &random)
            let caseStarted = Date()
            if try await target(input) { report.accepted += 1 }
            let took = Date().timeIntervalSince(caseStarted)
            report.slowest = max(report.slowest, took)
            if took > budget {
                report.overBudget += 1
                FuzzFailures.record(name: name, input: input, reason: "took \(took) s, over its \(budget) s")
            }
            report.cases += 1
            // Targets run on the main actor: let the tests running beside the fuzzer have it too.
            await Task.yield()
        }
        report.seconds = Date().timeIntervalSince(started)
        print(report)
        return report
    }
}

extension String {
    /// A hash that is the same on every run (Swift's `hashValue` is seeded per process).
    var hashValueStable: UInt64 {
        utf8.reduce(UInt64(14_695_981_039_346_656_037)) { ($0 ^ UInt64($1)) &* 1_099_511_628_211 }
    }
}

/// Inputs that failed a case, written to `test-artifacts/fuzz/` so they can be added to the
/// corpus once fixed.
enum FuzzFailures {
    static func record(name: String, input: [UInt8], reason: String) {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("test-artifacts/fuzz")
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let file = folder.appendingPathComponent("\(name)-\(input.count)-\(input.hashValue).bin")
        try? Data(input).write(to: file)
        print("fuzz \(name): \(reason); input written to \(file.path)")
    }
}
