import Foundation
import Testing

@testable import MapReplay

/// The bytes the geocoder's JSON lines are written with are the text `JSONLine` gives.
@Suite("JSON line bytes")
struct JSONLineTests {
    @Test func aNumberWrittenAsBytesIsTheNumbersText() {
        var state: UInt64 = 11
        func next() -> Double {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Double(state >> 11) / Double(1 << 53)
        }
        var values: [Double] = [
            0, -0.0, 1, -1, 0.5, 0.001, 0.000999, 0.0001, 0.00005, 1e-7, 4e-8, 60.1687, -24.9505, 179.9999999, 180, -90, 1e6, 1e12, 1e13,
            123_456.789_012_345, .nan, .infinity, -.infinity, 1e20, 0.30000000000000004,
        ]
        for _ in 0..<200_000 {
            let magnitude = pow(10, next() * 16 - 8)
            values.append((next() < 0.5 ? -1 : 1) * magnitude)
            values.append(((next() * 360 - 180) * 1e7).rounded() / 1e7)
            values.append(next() * 360 - 180)
        }
        for decimals in [0, 1, 3, 6, 7, 9, 12] {
            for value in values {
                var bytes: [UInt8] = []
                JSONLine.appendNumber(value, decimals: decimals, to: &bytes)
                let text = JSONLine.number(value, decimals: decimals)
                if String(decoding: bytes, as: UTF8.self) != text {
                    Issue.record("\(value) to \(decimals) places: \(String(decoding: bytes, as: UTF8.self)) is not \(text)")
                    return
                }
            }
        }
    }

    @Test func textWrittenAsBytesIsTheQuotedText() {
        for text in ["", "Helsinki", "Kluuvi \"centre\"", "back\\slash", "tab\there", "line\nbreak", "\u{1}", "Zürich", "東京", "👍🏽"] {
            var bytes: [UInt8] = []
            JSONLine.appendQuoted(text, to: &bytes)
            #expect(String(decoding: bytes, as: UTF8.self) == JSONLine.quote(text))
        }
    }
}
