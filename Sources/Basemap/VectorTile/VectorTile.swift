import Foundation

/// A decoded Mapbox Vector Tile (the protobuf format of version 2): layers of features with
/// properties and geometry in tile coordinates (0...extent, y down).
public struct VectorTile: Sendable {
    @available(*, deprecated, renamed: "VectorTileError")
    public typealias DecodeError = VectorTileError

    /// A property value.
    public enum Value: Sendable, Hashable {
        case string(String)
        case number(Double)
        case bool(Bool)

        public var string: String? { if case .string(let s) = self { return s } else { return nil } }
        public var number: Double? { if case .number(let n) = self { return n } else { return nil } }
    }

    /// What a feature's geometry is.
    public enum GeometryType: Int, Sendable { case unknown = 0, point, lineString, polygon }

    public struct Feature: Sendable {
        public var id: UInt64?
        public var type: GeometryType
        public var properties: [String: Value]
        /// Parts: points (each part one point), lines, or polygon rings (exterior rings wind
        /// clockwise in tile coordinates, holes counter-clockwise).
        public var parts: [[SIMD2<Double>]]
        /// The box around every part (min x, min y, max x, max y), so drawing a part of a tile
        /// skips what lies outside it; empty (min above max) for no points.
        public internal(set) var bounds = SIMD4<Double>(.infinity, .infinity, -.infinity, -.infinity)
        /// The tags `properties` was made from, the valid pairs in order (key, then value, as
        /// indices into the layer's tables), so a layer's reader looks keys up without hashing
        /// (``Layer/key(_:)``). As decoded: a later change to `properties` is not in them.
        var tags: [UInt32] = []

        /// Whether the feature's box meets a rectangle of tile coordinates.
        public func meets(minX: Double, minY: Double, maxX: Double, maxY: Double) -> Bool {
            bounds.x <= maxX && bounds.z >= minX && bounds.y <= maxY && bounds.w >= minY
        }
    }

    public struct Layer: Sendable {
        public var name: String
        public var extent: Double
        public var features: [Feature]
        /// The layer's tables of keys and values, which its features' tags index.
        var keys: [String] = []
        var values: [Value] = []

        /// A key as the layer's tables hold it: the indices of every entry equal to it.
        struct Key {
            let indices: [UInt32]
        }

        /// The lookup of a key in this layer's features, worked out once for all of them.
        func key(_ name: String) -> Key {
            Key(indices: keys.indices.filter { keys[$0] == name }.map { UInt32(truncatingIfNeeded: $0) })
        }

        /// A feature's value for a key: what `feature.properties[name]` gives (of tags with
        /// the same key, the last), without hashing the key.
        func value(_ key: Key, of feature: Feature) -> Value? {
            valueIndex(key, of: feature).map { values[$0] }
        }

        /// Where ``value(_:of:)`` stands in the layer's table of values: features with the
        /// same index have the same value.
        func valueIndex(_ key: Key, of feature: Feature) -> Int? {
            guard !key.indices.isEmpty else { return nil }
            var pair = feature.tags.count / 2
            while pair > 0 {
                pair -= 1
                if key.indices.contains(feature.tags[2 * pair]) {
                    let value = Int(feature.tags[2 * pair + 1])
                    return value < values.count ? value : nil
                }
            }
            return nil
        }
    }

    public var layers: [Layer]
    /// Whether features or points past the limits were dropped.
    public private(set) var isTruncated = false
    /// About how many bytes the decoded tile takes (for caches bounded by memory).
    public private(set) var estimatedBytes = 0

    /// The most features decoded from one tile; the rest are dropped.
    public static let maximumFeatures = 65_536
    /// The most points decoded from one tile (16 MB of coordinates); the rest are dropped.
    public static let maximumPoints = 1_048_576
    /// The most keys, and the most values, a layer's tables hold.
    public static let maximumTableEntries = 262_144
    /// The most layers decoded from one tile.
    public static let maximumLayers = 256

    /// The layer with a name.
    public func layer(_ name: String) -> Layer? { layers.first { $0.name == name } }

    /// Decodes protobuf bytes; throws `VectorTileError` for malformed input.
    /// Decodes protobuf bytes; throws `VectorTileError` for malformed input. Past
    /// ``maximumLayers``, ``maximumFeatures`` or ``maximumPoints`` the rest is dropped
    /// (``isTruncated``), so a hostile tile costs bounded time and memory.
    public init(data: Data) throws {
        var reader = ProtobufReader([UInt8](data))
        var layers: [Layer] = []
        var budget = DecodeBudget()
        while !reader.isAtEnd {
            let (field, wire) = try reader.key()
            if field == 3 && wire == 2, layers.count < VectorTile.maximumLayers {
                layers.append(try VectorTile.layer(ProtobufReader(try reader.bytes()), budget: &budget))
            } else {
                if field == 3 { budget.truncated = true }
                try reader.skip(wire)
            }
        }
        self.layers = layers
        isTruncated = budget.truncated
        estimatedBytes = budget.bytes
    }

    /// What decoding one tile may still take.
    struct DecodeBudget {
        var features = VectorTile.maximumFeatures
        var points = VectorTile.maximumPoints
        var truncated = false
        var bytes = 0
    }

    private static func layer(_ input: ProtobufReader, budget: inout DecodeBudget) throws -> Layer {
        var reader = input
        var name = "", extent = 4096.0
        var keys: [String] = [], values: [Value] = []
        var rawFeatures: [[UInt8]] = []
        while !reader.isAtEnd {
            let (field, wire) = try reader.key()
            switch (field, wire) {
            case (1, 2): name = String(decoding: try reader.bytes(), as: UTF8.self)
            case (2, 2):
                guard rawFeatures.count < budget.features else {
                    budget.truncated = true
                    try reader.skip(wire)
                    continue
                }
                rawFeatures.append(try reader.bytes())
            case (3, 2) where keys.count < VectorTile.maximumTableEntries:
                keys.append(String(decoding: try reader.bytes(), as: UTF8.self))
            case (4, 2) where values.count < VectorTile.maximumTableEntries:
                values.append(try value(ProtobufReader(try reader.bytes())))
            case (5, 0): extent = Double(max(1, min(try reader.varint(), 1 << 20)))
            default: try reader.skip(wire)
            }
        }
        if rawFeatures.count > budget.features { budget.truncated = true }
        let kept = rawFeatures.prefix(max(0, budget.features))
        budget.features -= kept.count
        var features: [Feature] = []
        features.reserveCapacity(kept.count)
        for raw in kept {
            let feature = try feature(ProtobufReader(raw), keys: keys, values: values, budget: &budget)
            budget.bytes += 96 + feature.properties.count * 48 + feature.tags.count * 4
            features.append(feature)
        }
        budget.bytes += keys.reduce(0) { $0 + 32 + $1.utf8.count } + values.count * 48
        return Layer(name: name, extent: extent, features: features, keys: keys, values: values)
    }

    private static func value(_ input: ProtobufReader) throws -> Value {
        var reader = input
        var result = Value.string("")
        while !reader.isAtEnd {
            let (field, wire) = try reader.key()
            switch (field, wire) {
            case (1, 2): result = .string(String(decoding: try reader.bytes(), as: UTF8.self))
            case (2, 5): result = .number(Double(Float(bitPattern: try reader.fixed32())))
            case (3, 1): result = .number(Double(bitPattern: try reader.fixed64()))
            case (4, 0): result = .number(Double(Int64(bitPattern: try reader.varint())))
            case (5, 0): result = .number(Double(try reader.varint()))
            case (6, 0): result = .number(Double(ProtobufReader.zigzag(try reader.varint())))
            case (7, 0): result = .bool(try reader.varint() != 0)
            default: try reader.skip(wire)
            }
        }
        return result
    }

    private static func feature(_ input: ProtobufReader, keys: [String], values: [Value], budget: inout DecodeBudget) throws -> Feature {
        var reader = input
        var feature = Feature(id: nil, type: .unknown, properties: [:], parts: [])
        var geometry: [UInt32] = []
        while !reader.isAtEnd {
            let (field, wire) = try reader.key()
            switch (field, wire) {
            case (1, 0): feature.id = try reader.varint()
            case (2, 2):
                let tags = try reader.packed()
                var i = 0
                while i + 1 < tags.count {
                    if tags[i] < UInt64(keys.count), tags[i + 1] < UInt64(values.count) {
                        feature.properties[keys[Int(tags[i])]] = values[Int(tags[i + 1])]
                        feature.tags.append(UInt32(truncatingIfNeeded: tags[i]))
                        feature.tags.append(UInt32(truncatingIfNeeded: tags[i + 1]))
                    }
                    i += 2
                }
            case (3, 0): feature.type = GeometryType(rawValue: Int(truncatingIfNeeded: try reader.varint())) ?? .unknown
            case (4, 2): geometry = try reader.packed().map { UInt32(truncatingIfNeeded: $0) }
            default: try reader.skip(wire)
            }
        }
        feature.parts = try decodeGeometry(geometry, type: feature.type, budget: &budget.points)
        var low = SIMD2<Double>(.infinity, .infinity), high = SIMD2<Double>(-.infinity, -.infinity)
        for part in feature.parts {
            for point in part {
                low = pointwiseMin(low, point)
                high = pointwiseMax(high, point)
            }
        }
        feature.bounds = SIMD4(low.x, low.y, high.x, high.y)
        if budget.points <= 0 { budget.truncated = true }
        budget.bytes += feature.parts.reduce(0) { $0 + 32 + $1.count * 16 }
        return feature
    }

    /// MoveTo (1), LineTo (2) and ClosePath (7) commands with zigzag deltas; at most
    /// `budget` points are kept (the budget is spent as they are).
    static func decodeGeometry(_ commands: [UInt32], type: GeometryType, budget: inout Int) throws -> [[SIMD2<Double>]] {
        var parts: [[SIMD2<Double>]] = []
        var current: [SIMD2<Double>] = []
        var x: Int64 = 0, y: Int64 = 0
        var i = 0
        while i < commands.count {
            let command = commands[i] & 0x7, count = Int(commands[i] >> 3)
            i += 1
            switch command {
            case 1, 2:
                guard count <= (commands.count - i) / 2 else { throw VectorTileError(description: "geometry runs past its end") }
                for _ in 0..<count {
                    x &+= ProtobufReader.zigzag(UInt64(commands[i]))
                    y &+= ProtobufReader.zigzag(UInt64(commands[i + 1]))
                    i += 2
                    if command == 1 {
                        if !current.isEmpty { parts.append(current) }
                        current = []
                    }
                    guard budget > 0 else { continue }
                    budget -= 1
                    current.append(SIMD2(Double(x), Double(y)))
                }
            case 7:
                if let first = current.first { current.append(first) }
            default:
                throw VectorTileError(description: "unknown geometry command \(command)")
            }
        }
        if !current.isEmpty { parts.append(current) }
        return parts
    }
}

/// A reader of the protobuf wire format: varints, length-delimited bytes, fixed values.
struct ProtobufReader {
    private let buffer: [UInt8]
    private var offset = 0

    init(_ bytes: [UInt8]) {
        buffer = bytes
    }

    var isAtEnd: Bool { offset >= buffer.count }

    mutating func varint() throws -> UInt64 {
        var result: UInt64 = 0, shift: UInt64 = 0
        while true {
            guard offset < buffer.count, shift < 64 else { throw VectorTileError(description: "truncated varint") }
            let byte = buffer[offset]
            offset += 1
            result |= UInt64(byte & 0x7F) << shift
            if byte & 0x80 == 0 { return result }
            shift += 7
        }
    }

    mutating func key() throws -> (field: Int, wire: Int) {
        let key = try varint()
        return (Int(key >> 3), Int(key & 7))
    }

    mutating func bytes() throws -> [UInt8] {
        let length = try varint()
        guard length <= UInt64(buffer.count - offset) else { throw VectorTileError(description: "truncated field") }
        defer { offset += Int(length) }
        return Array(buffer[offset..<(offset + Int(length))])
    }

    mutating func packed() throws -> [UInt64] {
        var inner = ProtobufReader(try bytes())
        var values: [UInt64] = []
        while !inner.isAtEnd { values.append(try inner.varint()) }
        return values
    }

    mutating func fixed32() throws -> UInt32 {
        guard offset + 4 <= buffer.count else { throw VectorTileError(description: "truncated fixed32") }
        defer { offset += 4 }
        return (0..<4).reduce(UInt32(0)) { $0 | UInt32(buffer[offset + $1]) << (8 * UInt32($1)) }
    }

    mutating func fixed64() throws -> UInt64 {
        guard offset + 8 <= buffer.count else { throw VectorTileError(description: "truncated fixed64") }
        defer { offset += 8 }
        return (0..<8).reduce(UInt64(0)) { $0 | UInt64(buffer[offset + $1]) << (8 * UInt64($1)) }
    }

    mutating func skip(_ wire: Int) throws {
        switch wire {
        case 0: _ = try varint()
        case 1: _ = try fixed64()
        case 2: _ = try bytes()
        case 5: _ = try fixed32()
        default: throw VectorTileError(description: "unknown wire type \(wire)")
        }
    }

    static func zigzag(_ value: UInt64) -> Int64 {
        Int64(bitPattern: value >> 1) ^ -Int64(bitPattern: value & 1)
    }
}

/// Why a tile could not be decoded.
public struct VectorTileError: Error, CustomStringConvertible, Sendable {
    public let description: String
}
