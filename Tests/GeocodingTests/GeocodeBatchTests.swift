import Foundation
import MapGeometry
import Testing

@testable import Geocoding

/// `openmaps geocode --input`: a stream of lines in, one answer a line out, in order.
@Suite("Geocode batch")
struct GeocodeBatchTests {
    static let geocoder: ReverseGeocoder? = SharedGeocoder.bundledPackURL.flatMap { try? ReverseGeocoder(contentsOf: $0) }

    /// Each answer as a short line: the first result's locality, or what went wrong.
    @Sendable static func short(_ answer: GeocodeBatch.Answer) -> String {
        switch answer {
        case .results(let query, let results): "\(query.latitude),\(query.longitude)=\(results.count):\(results.first?.locality ?? "-")"
        case .invalidCoordinate(let text): "invalid:\(text)"
        case .lineTooLong(let text): "long:\(text.utf8.count)"
        }
    }

    /// Runs a batch over bytes written to a file and returns its output lines.
    func run(_ input: Data, _ batch: GeocodeBatch) throws -> [String] {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("geocode-batch-\(UUID().uuidString).txt")
        try input.write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        let handle = try FileHandle(forReadingFrom: url)
        defer { try? handle.close() }
        var output = Data()
        let count = try batch.run(input: handle, output: { output.append($0) }, format: Self.short)
        let lines = String(decoding: output, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines.last == "", "every answer ends with a newline")
        #expect(lines.count - 1 == count)
        return Array(lines.dropLast())
    }

    @Test func aBatchAnswersEveryLineInInputOrderAcrossBlocksAndCores() throws {
        let geocoder = try #require(Self.geocoder)
        var random = SystemRandomNumberGenerator()
        var lines: [String] = []
        for index in 0..<2_000 {
            if index % 97 == 0 {
                lines.append(["", "nope", "91,0", "1,2,3", "60.1,", "nan,nan"][index % 6])
            } else {
                lines.append("\(Double.random(in: -60...70, using: &random)),\(Double.random(in: -180...180, using: &random))")
            }
        }
        let input = Data((lines.joined(separator: "\n") + "\n").utf8)
        let spread = try run(input, GeocodeBatch(geocoder: geocoder, blockLines: 37, workers: 3))
        let oneByOne = lines.map { Self.short(GeocodeBatch(geocoder: geocoder, workers: 1).answer(toLine: $0)) }
        #expect(spread.count == lines.count, "one answer a line")
        #expect(spread == oneByOne, "in input order, as one at a time")
        #expect(spread.filter { $0.hasPrefix("invalid:") }.count == 21)
    }

    @Test func aBatchReadsLineEndingsAsWrittenAndABlankLineIsAnInput() throws {
        let geocoder = try #require(Self.geocoder)
        let batch = GeocodeBatch(geocoder: geocoder)
        let helsinki = "60.1687,24.9505=4:Helsinki"
        #expect(try run(Data("60.1687,24.9505\r\n\n 60.1687 , 24.9505".utf8), batch) == [helsinki, "invalid:", helsinki])
        #expect(try run(Data("60.1687,24.9505\n".utf8), batch) == [helsinki], "no empty line after the last newline")
        #expect(try run(Data(), batch).isEmpty)
        #expect(try run(Data("\n".utf8), batch) == ["invalid:"])
        #expect(try run(Data([0xff, 0xfe, 0x0a]), batch) == ["invalid:\u{FFFD}\u{FFFD}"], "bytes that are not UTF-8")
    }

    @Test func aBatchWithFirstKeepsOnlyTheFirstResult() throws {
        let geocoder = try #require(Self.geocoder)
        let all = try run(Data("60.1687,24.9505\n51.5074,-0.1278\n".utf8), GeocodeBatch(geocoder: geocoder))
        let first = try run(Data("60.1687,24.9505\n51.5074,-0.1278\n".utf8), GeocodeBatch(geocoder: geocoder, firstOnly: true))
        #expect(all.allSatisfy { !$0.contains("=1:") } && first.allSatisfy { $0.contains("=1:") })
        #expect(first == ["60.1687,24.9505=1:Helsinki", "51.5074,-0.1278=1:London"])
    }

    /// docs/limits.md: a line is read up to 1,024 bytes; a longer one is answered with its
    /// beginning, without holding it whole, and the lines after it are read as usual.
    @Test func limitGeocodeLineBytesALongerLineIsAnsweredWithItsBeginning() throws {
        let geocoder = try #require(Self.geocoder)
        let batch = GeocodeBatch(geocoder: geocoder)
        let exactly = "60.1687,24.9505" + String(repeating: " ", count: GeocodeBatch.maximumLineBytes - 15)
        var input = Data(exactly.utf8) + Data("\n".utf8)
        input += Data(repeating: UInt8(ascii: "7"), count: 5 << 20) + Data("\n51.5074,-0.1278".utf8)
        let answers = try run(input, batch)
        #expect(answers == ["60.1687,24.9505=4:Helsinki", "long:\(GeocodeBatch.maximumLineBytes)", "51.5074,-0.1278=4:London"])
        #expect(Self.short(batch.answer(toLine: String(repeating: "1", count: 2_000))) == "long:\(GeocodeBatch.maximumLineBytes)")
    }

    /// docs/limits.md: a line holding a control character (a NUL byte above all, where C's number
    /// parsing stops) is no coordinate: error code 1, never the numbers before the NUL.
    @Test func limitGeocodeControlCharactersInALineMakeItNoCoordinate() throws {
        let geocoder = try #require(Self.geocoder)
        let batch = GeocodeBatch(geocoder: geocoder)
        var input = Data("1".utf8) + Data([0]) + Data("2,3\n".utf8)
        input += Data("60.1687,24.9505".utf8) + Data([0]) + Data("\n".utf8)
        input += Data("60.1687,\u{1}24.9505\n60.1687,\u{7F}24.9505\n\t60.1687,24.9505\t\n".utf8)
        input += Data("60.1687,24.9505 é".utf8) + Data([0]) + Data("\n".utf8)
        let answers = try run(input, batch)
        #expect(answers == [
            "invalid:1\u{0}2,3", "invalid:60.1687,24.9505\u{0}", "invalid:60.1687,\u{1}24.9505", "invalid:60.1687,\u{7F}24.9505",
            "60.1687,24.9505=4:Helsinki", "invalid:60.1687,24.9505 é\u{0}",
        ])
        #expect(GeocodeBatch.coordinate("1\u{0}2,3") == nil, "the String path as the bytes'")
    }

    /// Lines cut anywhere between reads come out whole.
    @Test func linesCutBetweenReadsComeOutWhole() {
        let text = "1,2\r\nthree\n\n" + String(repeating: "x", count: 40) + "\nlast"
        for piece in [1, 2, 3, 5, 8, 64] {
            var splitter = LineSplitter(maximumBytes: 16)
            var lines: [GeocodeBatch.Line] = []
            let bytes = Array(text.utf8)
            for start in stride(from: 0, to: bytes.count, by: piece) {
                let chunk = Array(bytes[start..<min(start + piece, bytes.count)])
                chunk.withUnsafeBufferPointer { chunk in
                    var at = 0
                    // Blocks of two lines, taken as they fill.
                    while at < chunk.count {
                        at = splitter.feed(chunk, from: at, until: 2)
                        if splitter.lineCount >= 2 { lines += splitter.takeBlock().texts }
                    }
                }
            }
            splitter.finish()
            lines += splitter.takeBlock().texts
            #expect(lines == [.text("1,2"), .text("three"), .text(""), .tooLong(String(repeating: "x", count: 16)), .text("last")], "pieces of \(piece)")
        }
    }
}
