import ArgumentParser
import Foundation
import MapReplay
import Geocoding
import MapGeometry

/// `openmaps geocode LAT,LON [LAT,LON ...]` or `openmaps geocode --input FILE`: reverse-geocodes
/// coordinates offline, one JSON object per coordinate and line.
struct GeocodeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "geocode",
        abstract: "Reverse-geocode coordinates offline; prints one JSON object per coordinate.",
        discussion: """
            Negative numbers work as written: openmaps geocode -34.6037,-58.3816

            With --input, reads one LAT,LON a line from a file (- for standard input) and prints \
            one JSON line per input line, in input order, using every core; a bad line gets an \
            error object and the rest go on (the exit status is 0 when the input was read).
            """
    )

    @Option(name: .long, help: ArgumentHelp("Read coordinates from a file, one LAT,LON a line (- for standard input).", valueName: "file"))
    var input: String?

    @Flag(name: .long, help: "Keep only each coordinate's first, most specific result.")
    var first = false

    @Argument(parsing: .allUnrecognized, help: "Coordinates as LAT,LON.")
    var coordinates: [String] = []

    func validate() throws {
        if input != nil, !coordinates.isEmpty {
            throw ValidationError("give coordinates as arguments or --input, not both")
        }
    }

    func run() async throws {
        let geocoder: ReverseGeocoder
        do {
            geocoder = try await SharedGeocoder.shared.geocoder()
        } catch {
            FileHandle.standardError.write(Data("openmaps: geocoder data unavailable: \(error)\n".utf8))
            throw ExitCode(2)
        }
        let batch = GeocodeBatch(geocoder: geocoder, firstOnly: first)
        if let input {
            try runBatch(batch, input: input)
            return
        }
        var failed = false
        for text in coordinates {
            let answer = batch.answer(toLine: text)
            if case .results = answer {} else { failed = true }
            print(JSON.answer(answer))
        }
        if failed { throw ExitCode(1) }
    }

    /// Answers every line of a file or standard input, in order.
    private func runBatch(_ batch: GeocodeBatch, input: String) throws {
        let handle: FileHandle
        if input == "-" {
            handle = .standardInput
        } else {
            do {
                handle = try FileHandle(forReadingFrom: URL(fileURLWithPath: input))
            } catch {
                FileHandle.standardError.write(Data("openmaps: cannot read \(input): \(error.localizedDescription)\n".utf8))
                throw ExitCode(2)
            }
        }
        do {
            try batch.run(input: handle, output: { try FileHandle.standardOutput.write(contentsOf: $0) }, format: JSON.answer)
        } catch {
            FileHandle.standardError.write(Data("openmaps: reading \(input) failed: \(error.localizedDescription)\n".utf8))
            throw ExitCode(2)
        }
    }
}

/// The geocode command's JSON, fields in a fixed order; absent values are null.
enum JSON {
    static func number(_ value: Double) -> String { JSONLine.number(value, decimals: 7) }

    static func string(_ value: String?) -> String { value.map(JSONLine.quote) ?? "null" }

    /// One coordinate's line: the query and its results, or the query as written and an error.
    @Sendable static func answer(_ answer: GeocodeBatch.Answer) -> String {
        switch answer {
        case .results(let query, let results):
            return "{\"query\":[\(number(query.latitude)),\(number(query.longitude))],\"results\":["
                + results.map(result).joined(separator: ",") + "]}"
        case .invalidCoordinate(let text):
            return "{\"query\":\(string(text)),\"error\":{\"code\":1,\"message\":"
                + "\"invalid coordinate: expected LAT,LON with latitude in -90...90 and longitude in -180...180\"}}"
        case .lineTooLong(let text):
            return "{\"query\":\(string(text)),\"error\":{\"code\":2,\"message\":"
                + "\"line longer than \(GeocodeBatch.maximumLineBytes) bytes (the query is its beginning)\"}}"
        }
    }

    static func result(_ r: ReverseGeocodeResult) -> String {
        "{\"coordinate\":[\(number(r.coordinate.latitude)),\(number(r.coordinate.longitude))]"
            + ",\"thoroughfare\":\(string(r.thoroughfare)),\"locality\":\(string(r.locality))"
            + ",\"subLocality\":\(string(r.subLocality)),\"administrativeArea\":\(string(r.administrativeArea))"
            + ",\"postalCode\":\(string(r.postalCode)),\"country\":\(string(r.country))"
            + ",\"lines\":[" + r.lines.map { string($0) }.joined(separator: ",") + "]}"
    }
}
