import CSQLite
import CZlib
import Foundation

/// Writes Mapbox Vector Tiles and MBTiles files for hostile cases and the fuzzer's corpus.
public enum HostileTiles {
    /// A protobuf message under construction.
    public struct Message {
        public init() {}
        public var bytes: [UInt8] = []

        public mutating func varint(_ value: UInt64) {
            var v = value
            while v >= 0x80 {
                bytes.append(UInt8(v & 0x7f) | 0x80)
                v >>= 7
            }
            bytes.append(UInt8(v))
        }

        public mutating func key(_ field: Int, _ wire: Int) { varint(UInt64(field << 3 | wire)) }
        public mutating func field(_ field: Int, varint value: UInt64) {
            key(field, 0)
            varint(value)
        }
        public mutating func field(_ field: Int, bytes value: [UInt8]) {
            key(field, 2)
            varint(UInt64(value.count))
            bytes += value
        }
        public mutating func field(_ field: Int, string value: String) { self.field(field, bytes: Array(value.utf8)) }
        public mutating func field(_ field: Int, packed values: [UInt64]) {
            var inner = Message()
            for v in values { inner.varint(v) }
            self.field(field, bytes: inner.bytes)
        }
    }

    public static func zigzag(_ v: Int64) -> UInt64 { UInt64(bitPattern: (v << 1) ^ (v >> 63)) }

    /// A feature: type 1 point, 2 line; geometry from absolute points; tags index keys/values.
    public static func feature(type: UInt64, points: [(Int64, Int64)], tags: [UInt64] = []) -> [UInt8] {
        var geometry: [UInt64] = []
        var x: Int64 = 0, y: Int64 = 0
        for (index, point) in points.enumerated() {
            if index == 0 { geometry.append(UInt64(1 | 1 << 3)) }
            if index == 1 { geometry.append(UInt64(2 | (points.count - 1) << 3)) }
            geometry.append(zigzag(point.0 - x))
            geometry.append(zigzag(point.1 - y))
            (x, y) = point
        }
        var message = Message()
        if !tags.isEmpty { message.field(2, packed: tags) }
        message.field(3, varint: type)
        message.field(4, packed: geometry)
        return message.bytes
    }

    /// A tile of one layer.
    public static func tile(layer name: String, features: [[UInt8]], keys: [String] = [], values: [String] = []) -> Data {
        var layer = Message()
        layer.field(15, varint: 2)
        layer.field(1, string: name)
        for f in features { layer.field(2, bytes: f) }
        for k in keys { layer.field(3, string: k) }
        for v in values {
            var value = Message()
            value.field(1, string: v)
            layer.field(4, bytes: value.bytes)
        }
        layer.field(5, varint: 4096)
        var tile = Message()
        tile.field(3, bytes: layer.bytes)
        return Data(tile.bytes)
    }

    /// One line that wanders at random over the whole tile.
    public static func randomWalk(points count: Int) -> Data {
        var seed: UInt64 = 42
        var x: Int64 = 2048, y: Int64 = 2048
        var points: [(Int64, Int64)] = []
        points.reserveCapacity(count)
        for _ in 0..<count {
            seed = seed &* 6364136223846793005 &+ 1442695040888963407
            x = min(max(x + Int64(seed >> 62 & 1) * 2 - 1, 0), 4096)
            y = min(max(y + Int64(seed >> 61 & 1) * 2 - 1, 0), 4096)
            points.append((x, y))
        }
        var tags: [UInt64] = []
        tags = [0, 0]
        return tile(layer: "transportation", features: [feature(type: 2, points: points, tags: tags)], keys: ["class"], values: ["primary"])
    }

    /// Named places, `count` of them, spread over the tile.
    public static func places(_ count: Int) -> Data {
        var features: [[UInt8]] = []
        features.reserveCapacity(count)
        for i in 0..<count {
            let x = Int64(i % 4096), y = Int64((i / 4096 * 97) % 4096)
            features.append(feature(type: 1, points: [(x, y)], tags: [0, UInt64(i), 1, UInt64(count)]))
        }
        return tile(layer: "place", features: features, keys: ["name", "class"], values: (0..<count).map { "Place \($0)" } + ["city"])
    }

    /// A tile of about `bytes` bytes: the same small building over and over.
    public static func dense(bytes: Int) -> Data {
        let building = feature(type: 3, points: [(100, 100), (200, 100), (200, 200), (100, 200), (100, 100)])
        var layer = Message()
        layer.field(15, varint: 2)
        layer.field(1, string: "building")
        while layer.bytes.count + building.count + 8 < bytes { layer.field(2, bytes: building) }
        layer.field(5, varint: 4096)
        var tile = Message()
        tile.field(3, bytes: layer.bytes)
        return Data(tile.bytes)
    }

    /// Data compressed in the zlib format, as MBTiles files may hold tiles.
    public static func zlib(_ data: Data) -> Data {
        var size = compressBound(uLong(data.count))
        var out = [UInt8](repeating: 0, count: Int(size))
        let status = data.withUnsafeBytes { input in
            compress2(&out, &size, input.bindMemory(to: Bytef.self).baseAddress, uLong(data.count), 9)
        }
        return status == Z_OK ? Data(out.prefix(Int(size))) : data
    }

    /// The tile column and row at a zoom holding a coordinate.
    public static func address(latitude: Double, longitude: Double, zoom: Int) -> (x: Int, y: Int) {
        let n = Double(1 << zoom)
        let x = Int((longitude + 180) / 360 * n)
        let rad = latitude * .pi / 180
        let y = Int((1 - log(tan(rad) + 1 / cos(rad)) / .pi) / 2 * n)
        return (x, y)
    }

    /// Writes an MBTiles file with `data` at every address within `radius` tiles of the
    /// centre's tile at `zoom` (maxzoom `zoom`).
    public static func mbtiles(at path: String, data: Data, latitude: Double, longitude: Double, zoom: Int, radius: Int = 2) throws {
        try? FileManager.default.removeItem(atPath: path)
        try sqlite(path, [
            "CREATE TABLE metadata (name TEXT, value TEXT)",
            "INSERT INTO metadata VALUES ('maxzoom', '\(zoom)'), ('minzoom', '0'), ('format', 'pbf')",
            "CREATE TABLE tiles (zoom_level INTEGER, tile_column INTEGER, tile_row INTEGER, tile_data BLOB)",
            "CREATE UNIQUE INDEX tile_index ON tiles (zoom_level, tile_column, tile_row)",
        ]) { db in
            let centre = address(latitude: latitude, longitude: longitude, zoom: zoom)
            var statement: OpaquePointer?
            sqlite3_prepare_v2(db, "INSERT INTO tiles VALUES (?, ?, ?, ?)", -1, &statement, nil)
            defer { sqlite3_finalize(statement) }
            for dx in -radius...radius {
                for dy in -radius...radius {
                    sqlite3_reset(statement)
                    sqlite3_bind_int(statement, 1, Int32(zoom))
                    sqlite3_bind_int(statement, 2, Int32(centre.x + dx))
                    sqlite3_bind_int(statement, 3, Int32((1 << zoom) - 1 - (centre.y + dy)))
                    _ = data.withUnsafeBytes { sqlite3_bind_blob(statement, 4, $0.baseAddress, Int32($0.count), nil) }
                    sqlite3_step(statement)
                }
            }
        }
    }

    /// Runs SQL on a new database file, then `body`.
    public static func sqlite(_ path: String, _ statements: [String], body: (OpaquePointer) -> Void = { _ in }) throws {
        var db: OpaquePointer?
        guard sqlite3_open(path, &db) == SQLITE_OK, let db else { throw CocoaError(.fileWriteUnknown) }
        defer { sqlite3_close(db) }
        sqlite3_exec(db, "BEGIN", nil, nil, nil)
        for sql in statements {
            guard sqlite3_exec(db, sql, nil, nil, nil) == SQLITE_OK else {
                throw CocoaError(.fileWriteUnknown, userInfo: [NSLocalizedDescriptionKey: String(cString: sqlite3_errmsg(db))])
            }
        }
        body(db)
        sqlite3_exec(db, "COMMIT", nil, nil, nil)
    }
}
