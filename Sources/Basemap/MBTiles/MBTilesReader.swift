import CSQLite
import Foundation
import Logging
import MapGeometry

/// Reads tiles from an MBTiles file (SQLite; TMS row order), read-only.
///
/// One reader serves one thread at a time; readers for other threads open the file again.
public final class MBTilesReader {
    @available(*, deprecated, renamed: "MBTilesError")
    public typealias OpenError = MBTilesError

    private var database: OpaquePointer?
    private var statement: OpaquePointer?
    private let budget = QueryBudget()
    /// The file's metadata (name, format, minzoom, maxzoom, attribution...).
    public private(set) var metadata: [String: String] = [:]

    /// The most work one query may take (reading a tile, or the metadata), in wall-clock
    /// time: past it the query is interrupted, so a file whose `tiles` is a view that never
    /// ends cannot hang a map.
    public static let queryTimeLimit: Duration = .milliseconds(500)
    /// The largest tile blob read, before decompression (16 MB).
    public static let maximumBlobBytes: Int32 = 16 * 1_024 * 1_024
    /// The most metadata rows read.
    public static let maximumMetadataRows = 1_000

    /// Opens an MBTiles file; throws, naming the file, for a path that is not a regular
    /// readable file (a FIFO, a folder), a file that is not SQLite, or one with no usable
    /// `tiles` table or view.
    public init(path: String) throws {
        let resolved = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
        let type = (try? FileManager.default.attributesOfItem(atPath: resolved))?[.type] as? FileAttributeType
        guard type == .typeRegular else { throw MBTilesError(description: "\(path) is not a regular file") }
        guard FileManager.default.isReadableFile(atPath: resolved) else { throw MBTilesError(description: "cannot read \(path)") }
        guard MBTilesReader.hasSQLiteHeader(resolved) else { throw MBTilesError(description: "\(path) is not an SQLite file") }
        var db: OpaquePointer?
        guard sqlite3_open_v2(resolved, &db, SQLITE_OPEN_READONLY | SQLITE_OPEN_NOMUTEX, nil) == SQLITE_OK, let db else {
            sqlite3_close(db)
            throw MBTilesError(description: "\(path) is not an SQLite file")
        }
        database = db
        sqlite3_limit(db, SQLITE_LIMIT_LENGTH, MBTilesReader.maximumBlobBytes)
        sqlite3_progress_handler(db, 1_000, { context in
            guard let context else { return 1 }
            return Unmanaged<QueryBudget>.fromOpaque(context).takeUnretainedValue().isSpent ? 1 : 0
        }, Unmanaged.passUnretained(budget).toOpaque())
        var query: OpaquePointer?
        guard sqlite3_prepare_v2(db, "SELECT tile_data FROM tiles WHERE zoom_level = ? AND tile_column = ? AND tile_row = ?", -1, &query, nil)
            == SQLITE_OK
        else {
            sqlite3_close(db)
            database = nil
            throw MBTilesError(description: "\(path) has no tiles table")
        }
        statement = query
        // One tile read, under the budget: a file whose tiles cannot be read in time is refused.
        budget.start(MBTilesReader.queryTimeLimit)
        var probe: OpaquePointer?
        defer { sqlite3_finalize(probe) }
        guard sqlite3_prepare_v2(db, "SELECT zoom_level, tile_data FROM tiles LIMIT 1", -1, &probe, nil) == SQLITE_OK,
            [SQLITE_ROW, SQLITE_DONE].contains(sqlite3_step(probe))
        else {
            throw MBTilesError(description: "\(path): its tiles cannot be read (\(String(cString: sqlite3_errmsg(db))))")
        }
        budget.start(MBTilesReader.queryTimeLimit)
        var meta: OpaquePointer?
        if sqlite3_prepare_v2(db, "SELECT name, value FROM metadata", -1, &meta, nil) == SQLITE_OK {
            while metadata.count < MBTilesReader.maximumMetadataRows, sqlite3_step(meta) == SQLITE_ROW {
                if let name = sqlite3_column_text(meta, 0), let value = sqlite3_column_text(meta, 1) {
                    metadata[String(cString: name)] = String(cString: value)
                }
            }
        }
        sqlite3_finalize(meta)
    }

    /// Whether a file starts with SQLite's 16-byte header.
    private static func hasSQLiteHeader(_ path: String) -> Bool {
        guard let handle = FileHandle(forReadingAtPath: path) else { return false }
        defer { try? handle.close() }
        let header = (try? handle.read(upToCount: 16)) ?? Data()
        return header == Data("SQLite format 3\u{0}".utf8)
    }

    deinit {
        sqlite3_finalize(statement)
        sqlite3_close(database)
    }

    /// The highest zoom with data (from the metadata; 14 when it does not say).
    public var maximumZoom: Int { (metadata["maxzoom"].flatMap(Int.init) ?? 14).clamped(to: 0...22) }

    /// The raw (possibly compressed) blob of an XYZ tile, or nil when it is missing.
    public func blob(z: Int, x: Int, y: Int) -> Data? {
        guard let statement, z >= 0, z <= 30, x >= 0, y >= 0, x < 1 << z, y < 1 << z else { return nil }
        sqlite3_reset(statement)
        budget.start(MBTilesReader.queryTimeLimit)
        sqlite3_bind_int(statement, 1, Int32(clamping: z))
        sqlite3_bind_int(statement, 2, Int32(clamping: x))
        sqlite3_bind_int(statement, 3, Int32(clamping: (1 << z) - 1 - y))
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

/// A deadline for the query under way, read by SQLite's progress handler.
private final class QueryBudget {
    private var deadline: ContinuousClock.Instant = .now

    func start(_ limit: Duration) { deadline = .now + limit }

    var isSpent: Bool { ContinuousClock.now >= deadline }
}

/// Where the embedded basemap is.
public enum EmbeddedBasemap {
    /// The MBTiles file shipped as a resource of the package.
    public static var url: URL? { Bundle.module.url(forResource: "basemap", withExtension: "mbtiles") }
}

/// Why a file cannot be used.
public struct MBTilesError: Error, CustomStringConvertible, Sendable {
    public let description: String
}
