import Foundation
import Logging
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
    /// The deepest nesting of geometry collections followed.
    public static let maximumCollectionDepth = 32

    /// Why the last `parse()` gave no features, or cut them (OpenMaps' own).
    public private(set) var parseError: GMUParseError?

    /// The features read by `parse()`.
    public var features: [GMUGeometryContainer] { parsed }

    private let source: GMUParseInput.Source
    private var parsed: [GMUFeature] = []
    private var isParsed = false
    private var coordinatesLeft = 0
    private static let logger = Logger(label: "OpenMaps.Utils.GeoJSON")

    /// A parser of a file, read now (a file that cannot be read gives no features).
    public init(url: URL) {
        source = .data(GMUParseInput.read(url: url, limit: Self.maximumInputBytes))
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
        let object: Any
        do {
            object = try JSONSerialization.jsonObject(with: data, options: [])
        } catch {
            return fail(.malformed(String(describing: error)))
        }
        guard let root = object as? [String: Any], let type = root["type"] as? String else {
            return fail(.malformed("the top level is not a GeoJSON object with a type"))
        }
        coordinatesLeft = Self.maximumCoordinates
        switch type {
        case "Feature":
            if let feature = feature(root, collectionBox: nil) { parsed.append(feature) }
        case "FeatureCollection":
            let box = boundingBox(root["bbox"])
            for case let entry as [String: Any] in root["features"] as? [Any] ?? [] where entry["type"] as? String == "Feature" {
                if let feature = feature(entry, collectionBox: box) { parsed.append(feature) }
            }
        case "Point", "MultiPoint", "LineString", "MultiLineString", "Polygon", "MultiPolygon", "GeometryCollection":
            if let geometry = geometry(root, depth: 0) {
                parsed.append(GMUFeature(geometry: geometry, identifier: nil, properties: nil, boundingBox: nil))
            }
        default:
            return fail(.malformed("unknown GeoJSON type \(type)"))
        }
        if coordinatesLeft < 0 {
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

    private func feature(_ object: [String: Any], collectionBox: GMSCoordinateBounds?) -> GMUFeature? {
        guard let geometryObject = object["geometry"] as? [String: Any], let geometry = geometry(geometryObject, depth: 0) else { return nil }
        let identifier: String?
        switch object["id"] {
        case let text as String: identifier = text
        case let number as NSNumber: identifier = number.stringValue
        default: identifier = nil
        }
        let properties = (object["properties"] as? [String: Any]).map { $0.mapValues(GMUParseInput.object) }
        return GMUFeature(
            geometry: geometry, identifier: identifier, properties: properties, boundingBox: collectionBox ?? boundingBox(object["bbox"]))
    }

    /// `[west, south, east, north]`.
    private func boundingBox(_ value: Any?) -> GMSCoordinateBounds? {
        guard let numbers = value as? [Any], numbers.count >= 4 else { return nil }
        let values = numbers.prefix(4).compactMap { ($0 as? NSNumber)?.doubleValue }
        guard values.count == 4, values.allSatisfy(\.isFinite) else { return nil }
        return GMSCoordinateBounds(
            coordinate: CLLocationCoordinate2D(latitude: values[3], longitude: values[2]),
            coordinate: CLLocationCoordinate2D(latitude: values[1], longitude: values[0]))
    }

    private func geometry(_ object: [String: Any], depth: Int) -> GMUGeometry? {
        guard let type = object["type"] as? String else { return nil }
        if type == "GeometryCollection" {
            guard depth < Self.maximumCollectionDepth else { return nil }
            let members = (object["geometries"] as? [Any] ?? []).compactMap { ($0 as? [String: Any]).flatMap { geometry($0, depth: depth + 1) } }
            return GMUGeometryCollection(geometries: members)
        }
        let coordinates = object["coordinates"]
        switch type {
        case "Point":
            return position(coordinates).map { GMUPoint(coordinate: $0) }
        case "MultiPoint":
            return GMUGeometryCollection(geometries: positions(coordinates).map { GMUPoint(coordinate: $0) })
        case "LineString":
            return line(coordinates)
        case "MultiLineString":
            return GMUGeometryCollection(geometries: (coordinates as? [Any] ?? []).compactMap(line))
        case "Polygon":
            return polygon(coordinates)
        case "MultiPolygon":
            return GMUGeometryCollection(geometries: (coordinates as? [Any] ?? []).compactMap(polygon))
        default:
            return nil
        }
    }

    private func line(_ value: Any?) -> GMULineString? {
        let points = positions(value)
        return points.isEmpty ? nil : GMULineString(path: points.gmsMutablePath)
    }

    private func polygon(_ value: Any?) -> GMUPolygon? {
        let rings = (value as? [Any] ?? []).map(positions).filter { !$0.isEmpty }
        return rings.isEmpty ? nil : GMUPolygon(paths: rings.map(\.gmsMutablePath))
    }

    private func positions(_ value: Any?) -> [CLLocationCoordinate2D] {
        (value as? [Any] ?? []).compactMap(position)
    }

    /// `[longitude, latitude, (altitude)]`: finite, latitude within ±90; others are dropped.
    private func position(_ value: Any?) -> CLLocationCoordinate2D? {
        guard let numbers = value as? [Any], numbers.count >= 2,
            let longitude = (numbers[0] as? NSNumber)?.doubleValue, let latitude = (numbers[1] as? NSNumber)?.doubleValue,
            longitude.isFinite, latitude.isFinite, abs(latitude) <= 90, abs(longitude) <= 540
        else { return nil }
        coordinatesLeft -= 1
        guard coordinatesLeft >= 0 else { return nil }
        return CLLocationCoordinate2D(latitude: latitude, longitude: longitude)
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
        case .tooDeep(let limit): "nested deeper than \(limit)"
        case .entitiesDeclared: "the document declares XML entities"
        }
    }
}

/// Reading parser input within a limit.
enum GMUParseInput {
    /// Where a parser's input comes from: data (read from a file when the parser was made),
    /// or a stream read at `parse()`.
    enum Source {
        case data(Data?)
        case stream(InputStream)

        /// The input, or why there is none.
        func read(limit: Int) -> Result<Data, GMUParseError> {
            let data: Data?
            switch self {
            case .data(let given): data = given
            case .stream(let stream): data = GMUParseInput.read(stream: stream, limit: limit)
            }
            guard let data else { return .failure(.unreadable) }
            guard data.count <= limit else { return .failure(.tooLarge(limit: limit)) }
            return .success(data)
        }
    }

    static func read(url: URL, limit: Int) -> Data? {
        guard let handle = try? FileHandle(forReadingFrom: url) else { return nil }
        defer { try? handle.close() }
        return try? handle.read(upToCount: limit + 1) ?? Data()
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

    /// A JSON value as an `NSObject` (strings, numbers, arrays, dictionaries, null).
    static func object(_ value: Any) -> NSObject {
        switch value {
        case let text as String: return NSString(string: text)
        case let number as NSNumber: return number
        case let array as [Any]: return NSArray(array: array.map(object))
        case let dictionary as [String: Any]: return NSDictionary(dictionary: dictionary.mapValues(object))
        case let object as NSObject: return object
        default: return NSNull()
        }
    }
}
