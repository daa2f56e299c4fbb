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
            try batch.run(input: handle, output: { try FileHandle.standardOutput.write(contentsOf: $0) }, write: { JSON.write($0, to: &$1) })
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
        var bytes: [UInt8] = []
        write(answer, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// ``answer(_:)`` appended as UTF-8.
    @Sendable static func write(_ answer: GeocodeBatch.Answer, to bytes: inout [UInt8]) {
        switch answer {
        case .results(let query, let results):
            bytes += #"{"query":["#.utf8
            JSONLine.appendNumber(query.latitude, decimals: 7, to: &bytes)
            bytes.append(UInt8(ascii: ","))
            JSONLine.appendNumber(query.longitude, decimals: 7, to: &bytes)
            bytes += #"],"results":["#.utf8
            for (index, result) in results.enumerated() {
                if index > 0 { bytes.append(UInt8(ascii: ",")) }
                write(result, to: &bytes)
            }
            bytes += "]}".utf8
        case .invalidCoordinate(let text):
            bytes += "{\"query\":\(string(text)),\"error\":{\"code\":1,\"message\":".utf8
            bytes += "\"invalid coordinate: expected LAT,LON with latitude in -90...90 and longitude in -180...180\"}}".utf8
        case .lineTooLong(let text):
            bytes += "{\"query\":\(string(text)),\"error\":{\"code\":2,\"message\":".utf8
            bytes += "\"line longer than \(GeocodeBatch.maximumLineBytes) bytes (the query is its beginning)\"}}".utf8
        }
    }

    /// A result's object, appended as UTF-8.
    static func write(_ r: ReverseGeocodeResult, to bytes: inout [UInt8]) {
        func field(_ key: String, _ value: String?) {
            bytes += key.utf8
            if let value { JSONLine.appendQuoted(value, to: &bytes) } else { bytes += "null".utf8 }
        }
        bytes += #"{"coordinate":["#.utf8
        JSONLine.appendNumber(r.coordinate.latitude, decimals: 7, to: &bytes)
        bytes.append(UInt8(ascii: ","))
        JSONLine.appendNumber(r.coordinate.longitude, decimals: 7, to: &bytes)
        field(#"],"thoroughfare":"#, r.thoroughfare)
        field(#","locality":"#, r.locality)
        field(#","subLocality":"#, r.subLocality)
        field(#","administrativeArea":"#, r.administrativeArea)
        field(#","postalCode":"#, r.postalCode)
        field(#","country":"#, r.country)
        bytes += #","lines":["#.utf8
        for (index, text) in r.lines.enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            JSONLine.appendQuoted(text, to: &bytes)
        }
        bytes += "]}".utf8
    }
}
