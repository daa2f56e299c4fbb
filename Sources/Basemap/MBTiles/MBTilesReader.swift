import CSQLite
import Foundation
import Logging

/// Reads tiles from an MBTiles file (SQLite; TMS row order), read-only.
///
/// One reader serves one thread at a time; readers for other threads open the file again.
public final class MBTilesReader {
    /// Why a file cannot be used.
    public struct OpenError: Error, CustomStringConvertible, Sendable {
        public let description: String
    }

    private var database: OpaquePointer?
    private var statement: OpaquePointer?
    /// The file's metadata (name, format, minzoom, maxzoom, attribution...).
    public private(set) var metadata: [String: String] = [:]

    /// Opens an MBTiles file; throws for a missing, unreadable or non-MBTiles file.
    public init(path: String) throws {
        guard FileManager.default.isReadableFile(atPath: path) else { throw OpenError(description: "cannot read \(path)") }
        var db: OpaquePointer?
        guard sqlite3_open_v2(path, &db, SQLITE_OPEN_READONLY | SQLITE_OPEN_NOMUTEX, nil) == SQLITE_OK, let db else {
            sqlite3_close(db)
            throw OpenError(description: "\(path) is not an SQLite file")
        }
        database = db
        var query: OpaquePointer?
        guard sqlite3_prepare_v2(db, "SELECT tile_data FROM tiles WHERE zoom_level = ? AND tile_column = ? AND tile_row = ?", -1, &query, nil)
            == SQLITE_OK
        else {
            sqlite3_close(db)
            database = nil
            throw OpenError(description: "\(path) has no tiles table")
        }
        statement = query
        var meta: OpaquePointer?
        if sqlite3_prepare_v2(db, "SELECT name, value FROM metadata", -1, &meta, nil) == SQLITE_OK {
            while sqlite3_step(meta) == SQLITE_ROW {
                if let name = sqlite3_column_text(meta, 0), let value = sqlite3_column_text(meta, 1) {
                    metadata[String(cString: name)] = String(cString: value)
                }
            }
        }
        sqlite3_finalize(meta)
    }

    deinit {
        sqlite3_finalize(statement)
        sqlite3_close(database)
    }

    /// The highest zoom with data (from the metadata; 14 when it does not say).
    public var maximumZoom: Int { metadata["maxzoom"].flatMap(Int.init) ?? 14 }

    /// The raw (possibly compressed) blob of an XYZ tile, or nil when it is missing.
    public func blob(z: Int, x: Int, y: Int) -> Data? {
        guard let statement, z >= 0, z <= 30, x >= 0, y >= 0, x < 1 << z, y < 1 << z else { return nil }
        sqlite3_reset(statement)
        sqlite3_bind_int(statement, 1, Int32(z))
        sqlite3_bind_int(statement, 2, Int32(x))
        sqlite3_bind_int(statement, 3, Int32((1 << z) - 1 - y))
        guard sqlite3_step(statement) == SQLITE_ROW, let bytes = sqlite3_column_blob(statement, 0) else { return nil }
        return Data(bytes: bytes, count: Int(sqlite3_column_bytes(statement, 0)))
    }

    /// Inflates a gzip or zlib tile blob (plain data is returned as is).
    public static func inflate(_ blob: Data) throws -> Data {
        try Inflate.inflate(blob)
    }

    /// The decoded vector tile at an XYZ address; nil when missing; throws when corrupt.
    public func tile(z: Int, x: Int, y: Int) throws -> VectorTile? {
        guard let blob = blob(z: z, x: x, y: y) else { return nil }
        return try VectorTile(data: try Inflate.inflate(blob))
    }
}

/// Where the embedded basemap is.
public enum EmbeddedBasemap {
    /// The MBTiles file shipped as a resource of the package.
    public static var url: URL? { Bundle.module.url(forResource: "basemap", withExtension: "mbtiles") }
}
