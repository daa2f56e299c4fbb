import Foundation

/// Reads typed fields out of a JSON object, with errors that say where and what is wrong.
struct FieldReader {
    let fields: [String: JSONValue]
    /// Where the object is, for messages ("map", "markers[2]").
    let path: String
    let step: Int?

    init(_ value: JSONValue, path: String, step: Int? = nil) throws {
        guard case .object(let fields) = value else {
            throw ScenarioError(step: step, "\(path) must be an object, not \(value.typeName)")
        }
        self.fields = fields
        self.path = path
        self.step = step
    }

    func fail(_ message: String) -> ScenarioError { ScenarioError(step: step, message) }

    func has(_ key: String) -> Bool { fields[key] != nil && fields[key] != .null }

    /// Rejects keys that are not known.
    func only(_ known: Set<String>) throws {
        if let unknown = fields.keys.sorted().first(where: { !known.contains($0) }) {
            throw fail("\(path) has no field \"\(unknown)\"")
        }
    }

    func value(_ key: String) throws -> JSONValue {
        guard let value = fields[key] else { throw fail("\(path).\(key) is missing") }
        return value
    }

    func number(_ key: String) throws -> Double {
        let value = try value(key)
        guard case .number(let n) = value else { throw fail("\(path).\(key) must be a number, not \(value.typeName)") }
        guard n.isFinite else { throw fail("\(path).\(key) must be finite") }
        return n
    }

    func optionalNumber(_ key: String) throws -> Double? { has(key) ? try number(key) : nil }

    /// A number that must be above zero (sizes, durations, scales, radii).
    func positive(_ key: String) throws -> Double {
        let n = try number(key)
        guard n > 0 else { throw fail("\(path).\(key) must be greater than 0, not \(JSONLine.number(n, decimals: 6))") }
        return n
    }

    /// A step's duration in seconds: above zero and at most
    /// ``ScenarioLimits/maximumStepSeconds``; `default` when absent.
    func duration(_ key: String, default value: Double) throws -> Double {
        try optionalDuration(key) ?? value
    }

    func optionalDuration(_ key: String) throws -> Double? {
        guard has(key) else { return nil }
        let seconds = try positive(key)
        guard seconds <= ScenarioLimits.maximumStepSeconds else {
            throw fail("\(path).\(key) must be at most \(Int(ScenarioLimits.maximumStepSeconds)) seconds")
        }
        return seconds
    }

    func string(_ key: String) throws -> String {
        let value = try value(key)
        guard case .string(let s) = value else { throw fail("\(path).\(key) must be a string, not \(value.typeName)") }
        return s
    }

    func optionalString(_ key: String) throws -> String? { has(key) ? try string(key) : nil }

    func bool(_ key: String) throws -> Bool {
        let value = try value(key)
        guard case .bool(let b) = value else { throw fail("\(path).\(key) must be true or false, not \(value.typeName)") }
        return b
    }

    func optionalBool(_ key: String) throws -> Bool? { has(key) ? try bool(key) : nil }

    func array(_ key: String) throws -> [JSONValue] {
        let value = try value(key)
        guard case .array(let items) = value else { throw fail("\(path).\(key) must be an array, not \(value.typeName)") }
        return items
    }

    func object(_ key: String) throws -> FieldReader {
        try FieldReader(try value(key), path: "\(path).\(key)", step: step)
    }

    /// Exactly `count` finite numbers.
    func numbers(_ key: String, count: Int) throws -> [Double] {
        try FieldReader.numbers(try value(key), count: count, what: "\(path).\(key)", step: step)
    }

    static func numbers(_ value: JSONValue, count: Int, what: String, step: Int?) throws -> [Double] {
        guard case .array(let items) = value, items.count == count else {
            throw ScenarioError(step: step, "\(what) must be an array of \(count) numbers")
        }
        return try items.map {
            guard case .number(let n) = $0, n.isFinite else {
                throw ScenarioError(step: step, "\(what) must be an array of \(count) finite numbers")
            }
            return n
        }
    }

    /// A `[width, height]` size, both above zero.
    func size(_ key: String) throws -> CGSize {
        let values = try numbers(key, count: 2)
        guard values[0] > 0, values[1] > 0 else { throw fail("\(path).\(key) must be positive") }
        let most = ScenarioLimits.maximumSide
        guard values[0] <= most, values[1] <= most else { throw fail("\(path).\(key) is larger than \(Int(most)) points") }
        return CGSize(width: values[0], height: values[1])
    }
}
