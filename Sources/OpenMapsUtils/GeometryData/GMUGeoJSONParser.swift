import Foundation
import Logging
import MapGeometry
import OpenMaps

/// Reads GeoJSON (RFC 7946) into features, as the library's `GMUGeoJSONParser`: a Feature,
/// a FeatureCollection (a collection's `bbox` is every feature's), or a bare geometry (a
/// feature without id or properties). Points, LineStrings and Polygons become `GMUPoint`,
/// `GMULineString` and `GMUPolygon` (rings kept as given, closing point included); Multi*
/// geometries and GeometryCollections become `GMUGeometryCollection`s; altitudes are
/// dropped. Features without a usable geometry are skipped.
///
/// `parse()` keeps the library's signature: it neither throws nor returns; input that cannot
/// be read gives no features, a logged error and ``parseError`` (OpenMaps' own). Input past
/// the limits in docs/limits.md is refused or cut the same way, never crashing.
public final class GMUGeoJSONParser: NSObject {
    /// The most bytes read (docs/limits.md).
    public static let maximumInputBytes = 64 << 20
    /// The most coordinates kept, all geometries together.
    public static let maximumCoordinates = 5_000_000
    /// The most features kept (OpenMaps' own; docs/limits.md).
    public static let maximumFeatures = 500_000
    /// The deepest nesting of geometry collections followed.
    public static let maximumCollectionDepth = 32

    /// Why the last `parse()` gave no features, or cut them (OpenMaps' own).
    public private(set) var parseError: GMUParseError?

    /// The features read by `parse()`.
    public var features: [GMUGeometryContainer] { parsed }

    private let source: GMUParseInput.Source
    private var parsed: [GMUFeature] = []
    private var isParsed = false
    private static let logger = Logger(label: "OpenMaps.Utils.GeometryData")

    /// A parser of a file, read now (a file that cannot be read gives no features).
    public init(url: URL) {
        source = .file(GMUParseInput.read(url: url, limit: Self.maximumInputBytes))
        super.init()
    }

    /// A parser of data.
    public init(data: Data) {
        source = .data(data)
        super.init()
    }

    /// A parser of a stream, read at `parse()`.
    public init(stream: InputStream) {
        source = .stream(stream)
        super.init()
    }

    /// Reads the features (once).
    public func parse() {
        guard !isParsed else { return }
        let data: Data
        switch source.read(limit: Self.maximumInputBytes) {
        case .success(let read): data = read
        case .failure(let error): return fail(error)
        }
        let budget = GeoJSONDecoding.Budget(features: Self.maximumFeatures, coordinates: Self.maximumCoordinates)
        do {
            parsed = try GeoJSONDecoding.features(of: data, budget: budget)
        } catch let failure as GeoJSONDecodingError {
            return fail(.malformed(failure.description))
        } catch {
            return fail(.malformed(String(describing: error)))
        }
        if budget.tooManyFeatures {
            parseError = .tooManyFeatures(limit: Self.maximumFeatures)
            Self.logger.error("GeoJSON: more than \(Self.maximumFeatures) features; the rest are dropped")
        } else if budget.tooManyCoordinates {
            parseError = .tooManyCoordinates(limit: Self.maximumCoordinates)
            Self.logger.error("GeoJSON: more than \(Self.maximumCoordinates) coordinates; the rest are dropped")
        }
        isParsed = true
    }

    private func fail(_ error: GMUParseError) {
        parseError = error
        parsed = []
        Self.logger.error("GeoJSON not read: \(error)")
    }
}

/// Why GeoJSON or KML was not read, or was cut (OpenMaps' own).
public enum GMUParseError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The file or stream could not be read.
    case unreadable
    /// More bytes than the limit.
    case tooLarge(limit: Int)
    /// Not GeoJSON or KML; the reason.
    case malformed(String)
    /// More coordinates than the limit; those past it were dropped.
    case tooManyCoordinates(limit: Int)
    /// More GeoJSON features than the limit; those past it were dropped.
    case tooManyFeatures(limit: Int)
    /// Elements nested deeper than the limit.
    case tooDeep(limit: Int)
    /// An XML document declaring entities (refused: KML has none, and they can expand without bound).
    case entitiesDeclared

    public var description: String {
        switch self {
        case .unreadable: "the input could not be read"
        case .tooLarge(let limit): "the input is larger than \(limit) bytes"
        case .malformed(let reason): "malformed: \(reason)"
        case .tooManyCoordinates(let limit): "more than \(limit) coordinates"
        case .tooManyFeatures(let limit): "more than \(limit) features"
        case .tooDeep(let limit): "nested deeper than \(limit)"
        case .entitiesDeclared: "the document declares XML entities"
        }
    }
}

/// Reading parser input within a limit.
enum GMUParseInput {
    /// Where a parser's input comes from: data, a file (read when the parser was made), or a
    /// stream read at `parse()`.
    enum Source {
        case data(Data)
        case file(Result<Data, GMUParseError>)
        case stream(InputStream)

        /// The input, or why there is none.
        func read(limit: Int) -> Result<Data, GMUParseError> {
            switch self {
            case .data(let data): return data.count <= limit ? .success(data) : .failure(.tooLarge(limit: limit))
            case .file(let read): return read
            case .stream(let stream):
                guard let data = GMUParseInput.read(stream: stream, limit: limit) else { return .failure(.unreadable) }
                return data.count <= limit ? .success(data) : .failure(.tooLarge(limit: limit))
            }
        }
    }

    /// A file's bytes: a regular file of at most `limit` bytes only (a FIFO would block for
    /// ever, a device never end).
    static func read(url: URL, limit: Int) -> Result<Data, GMUParseError> {
        switch RegularFile.read(atPath: url.path, limit: limit) {
        case .success(let data): return .success(data)
        case .failure(.tooLarge): return .failure(.tooLarge(limit: limit))
        case .failure(.notRegular), .failure(.unreadable): return .failure(.unreadable)
        }
    }

    static func read(stream: InputStream, limit: Int) -> Data? {
        stream.open()
        defer { stream.close() }
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while data.count <= limit {
            let count = stream.read(&buffer, maxLength: buffer.count)
            if count < 0 { return nil }
            if count == 0 { break }
            data.append(buffer, count: count)
        }
        return data
    }

}
