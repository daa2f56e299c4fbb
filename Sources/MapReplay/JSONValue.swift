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

    /// A number rounded to `decimals` places, written without a trailing ".0".
    package static func number(_ value: Double, decimals: Int) -> String {
        guard value.isFinite else { return "null" }
        let factor = pow(10, Double(decimals))
        // Past 1e15 there are no decimals to round (and scaling could overflow).
        guard abs(value) < 1e15 else { return "\(value)" }
        var rounded = (value * factor).rounded() / factor
        if rounded == 0 { rounded = 0 }  // no "-0"
        if rounded == rounded.rounded(), abs(rounded) < 1e15 { return String(Int64(rounded)) }
        return "\(rounded)"
    }

    package static func quote(_ text: String) -> String {
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
