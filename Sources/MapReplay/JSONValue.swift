import Foundation

/// A JSON value, decoded strictly: `true` is never a number and `1` never a boolean.
public enum JSONValue: Sendable, Equatable, Decodable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    public init(from decoder: Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Double.self) {
            self = .number(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([JSONValue].self) {
            self = .array(value)
        } else {
            self = .object(try container.decode([String: JSONValue].self))
        }
    }

    /// Parses JSON text.
    public static func parse(_ data: Data) throws -> JSONValue {
        try JSONDecoder().decode(JSONValue.self, from: data)
    }

    /// A short name of the value's type, for error messages.
    var typeName: String {
        switch self {
        case .null: return "null"
        case .bool: return "a boolean"
        case .number: return "a number"
        case .string: return "a string"
        case .array: return "an array"
        case .object: return "an object"
        }
    }

    /// The value as JSON text (keys sorted, for stable output).
    var jsonText: String {
        switch self {
        case .null: return "null"
        case .bool(let b): return b ? "true" : "false"
        case .number(let n): return JSONLine.number(n, decimals: 10)
        case .string(let s): return JSONLine.quote(s)
        case .array(let items): return "[" + items.map(\.jsonText).joined(separator: ",") + "]"
        case .object(let fields):
            return "{" + fields.keys.sorted().map { JSONLine.quote($0) + ":" + (fields[$0]?.jsonText ?? "null") }.joined(separator: ",") + "}"
        }
    }
}

/// Writes JSON objects with fields in a fixed order, numbers rounded as the replay contract says.
package struct JSONLine {
    private var parts: [String] = []

    package init() {}

    package mutating func add(_ key: String, _ raw: String) { parts.append(JSONLine.quote(key) + ":" + raw) }
    package mutating func add(_ key: String, string: String?) { add(key, string.map(JSONLine.quote) ?? "null") }
    package mutating func add(_ key: String, number: Double, decimals: Int) { add(key, JSONLine.number(number, decimals: decimals)) }
    package mutating func add(_ key: String, bool: Bool) { add(key, bool ? "true" : "false") }

    package var text: String { "{" + parts.joined(separator: ",") + "}" }

    /// 10 to the powers 0 to 9, as `pow` gives them.
    private static let powersOfTen: [Double] = [1, 10, 100, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9]

    /// A number rounded to `decimals` places, written without a trailing ".0".
    package static func number(_ value: Double, decimals: Int) -> String {
        guard value.isFinite else { return "null" }
        let factor = decimals >= 0 && decimals < powersOfTen.count ? powersOfTen[decimals] : pow(10, Double(decimals))
        // Past 1e15 there are no decimals to round (and scaling could overflow).
        guard abs(value) < 1e15 else { return "\(value)" }
        var rounded = (value * factor).rounded() / factor
        if rounded == 0 { rounded = 0 }  // no "-0"
        if rounded == rounded.rounded(), abs(rounded) < 1e15 { return String(Int64(rounded)) }
        return "\(rounded)"
    }

    /// Appends ``number(_:decimals:)``'s text as UTF-8. Where the rounded number's shortest
    /// decimal is its digits to `decimals` places (at least 0.001, with under 13 digits
    /// before and after the point), they are written directly; otherwise through `number`.
    package static func appendNumber(_ value: Double, decimals: Int, to bytes: inout [UInt8]) {
        guard value.isFinite, decimals >= 0, decimals < powersOfTen.count else {
            bytes.append(contentsOf: number(value, decimals: decimals).utf8)
            return
        }
        let scaled = (value * powersOfTen[decimals]).rounded()
        guard abs(scaled) < 1e13, abs(scaled) >= powersOfTen[decimals] / 1000 || scaled == 0 else {
            bytes.append(contentsOf: number(value, decimals: decimals).utf8)
            return
        }
        // The scaled number is a whole number below 1e13, so exact as an integer; with the
        // double's rounding far finer than the last decimal, its shortest form is these digits.
        var digits = Int64(scaled).magnitude
        if scaled < 0 { bytes.append(UInt8(ascii: "-")) }
        var places = decimals
        while places > 0, digits % 10 == 0 {
            digits /= 10
            places -= 1
        }
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 24) { buffer in
            var at = buffer.count
            repeat {
                at -= 1
                buffer[at] = UInt8(ascii: "0") + UInt8(truncatingIfNeeded: digits % 10)
                digits /= 10
                if places > 0 {
                    places -= 1
                    if places == 0 {
                        at -= 1
                        buffer[at] = UInt8(ascii: ".")
                        if digits == 0 {
                            at -= 1
                            buffer[at] = UInt8(ascii: "0")
                        }
                    }
                }
            } while digits > 0 || places > 0
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[at...]))
        }
    }

    /// Appends ``quote(_:)``'s text as UTF-8.
    package static func appendQuoted(_ text: String, to bytes: inout [UInt8]) {
        // Most text needs no escapes: checked and copied from its UTF-8 in place.
        var text = text
        let plain = text.withUTF8 { utf8 in
            for byte in utf8 where !isPlain(byte) { return false }
            bytes.append(UInt8(ascii: "\""))
            bytes.append(contentsOf: utf8)
            bytes.append(UInt8(ascii: "\""))
            return true
        }
        if !plain { bytes.append(contentsOf: quote(text).utf8) }
    }

    /// Whether a UTF-8 byte goes into a JSON string as it is (not a control, quote or backslash).
    private static func isPlain(_ byte: UInt8) -> Bool {
        byte >= 0x20 && byte != UInt8(ascii: "\"") && byte != UInt8(ascii: "\\")
    }

    package static func quote(_ text: String) -> String {
        // Most text needs no escapes.
        if text.utf8.allSatisfy(isPlain) { return "\"" + text + "\"" }
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case _ where scalar.value < 0x20:
                result += String(format: "\\u%04x", scalar.value)
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }
}
