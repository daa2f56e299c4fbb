import Foundation
import OpenMaps

/// GeoJSON decoded by Foundation's `JSONDecoder` straight into the library's types: no object
/// graph of the whole file (`JSONSerialization`'s took about 75 times the file's size), and
/// features and coordinates counted as they are read, past their limits not made at all.
enum GeoJSONDecoding {
    /// Counts shared by the decoding of one document (on the thread that decodes it).
    final class Budget: @unchecked Sendable {
        var featuresLeft: Int
        var coordinatesLeft: Int
        var tooManyFeatures = false
        var tooManyCoordinates = false

        init(features: Int, coordinates: Int) {
            featuresLeft = features
            coordinatesLeft = coordinates
        }
    }

    /// The budget of the document being decoded.
    @TaskLocal static var current: Budget?

    /// The features of a document, within a budget.
    static func features(of data: Data, budget: Budget) throws -> [GMUFeature] {
        try $current.withValue(budget) { try JSONDecoder().decode(Document.self, from: data).features }
    }

    enum Key: String, CodingKey {
        case type, features, geometry, geometries, coordinates, properties, id, bbox
    }

    static func budget(_ decoder: Decoder) throws -> Budget {
        guard let current else { throw GeoJSONDecodingError(description: "decoded outside features(of:budget:)") }
        return current
    }

    /// The top level: a Feature, a FeatureCollection or a bare geometry.
    struct Document: Decodable {
        let features: [GMUFeature]

        init(from decoder: Decoder) throws {
            let budget = try GeoJSONDecoding.budget(decoder)
            guard let object = try? decoder.container(keyedBy: Key.self), let type = try? object.decode(String.self, forKey: .type) else {
                throw GeoJSONDecodingError(description: "the top level is not a GeoJSON object with a type")
            }
            switch type {
            case "Feature":
                features = try FeatureNode(from: decoder).feature(collectionBox: nil, budget: budget).map { [$0] } ?? []
            case "FeatureCollection":
                let box = (try? object.decodeIfPresent(Lenient<BoundingBox>.self, forKey: .bbox))??.value?.bounds
                var made: [GMUFeature] = []
                if var entries = try? object.nestedUnkeyedContainer(forKey: .features) {
                    while !entries.isAtEnd {
                        guard budget.featuresLeft > 0 else {
                            budget.tooManyFeatures = true
                            break
                        }
                        let entry = try entries.decode(Lenient<FeatureNode>.self)
                        if let feature = entry.value?.feature(collectionBox: box, budget: budget) { made.append(feature) }
                    }
                }
                features = made
            case "Point", "MultiPoint", "LineString", "MultiLineString", "Polygon", "MultiPolygon", "GeometryCollection":
                let geometry = try GeometryNode(from: decoder).geometry
                features = geometry.map { [GMUFeature(geometry: $0, identifier: nil, properties: nil, boundingBox: nil)] } ?? []
            default:
                throw GeoJSONDecodingError(description: "unknown GeoJSON type \(type)")
            }
        }
    }

    /// A feature: its geometry, id, properties and bbox (what is not usable is left out).
    struct FeatureNode: Decodable {
        let geometry: GMUGeometry?
        let identifier: String?
        let properties: [String: NSObject]?
        let box: GMSCoordinateBounds?

        init(from decoder: Decoder) throws {
            let object = try decoder.container(keyedBy: Key.self)
            guard (try? object.decode(String.self, forKey: .type)) == "Feature" else { throw GeoJSONDecodingError(description: "not a Feature") }
            // Keys that may be missing are read with decodeIfPresent: a missing key read with
            // decode throws, and building each error costs more than reading the feature.
            geometry = (try? object.decodeIfPresent(Lenient<GeometryNode>.self, forKey: .geometry))??.value?.geometry
            identifier = (try? object.decodeIfPresent(Lenient<Identifier>.self, forKey: .id))??.value?.text
            properties = (try? object.decodeIfPresent(Lenient<[String: JSONValue]>.self, forKey: .properties))??.value?.mapValues(\.object)
            box = (try? object.decodeIfPresent(Lenient<BoundingBox>.self, forKey: .bbox))??.value?.bounds
        }

        /// The feature, counted against the budget; nil without a usable geometry.
        func feature(collectionBox: GMSCoordinateBounds?, budget: Budget) -> GMUFeature? {
            guard let geometry else { return nil }
            budget.featuresLeft -= 1
            return GMUFeature(geometry: geometry, identifier: identifier, properties: properties, boundingBox: collectionBox ?? box)
        }
    }

    /// A geometry; collections are followed `GMUGeoJSONParser.maximumCollectionDepth` deep.
    struct GeometryNode: Decodable {
        let geometry: GMUGeometry?

        init(from decoder: Decoder) throws {
            let budget = try GeoJSONDecoding.budget(decoder)
            let object = try decoder.container(keyedBy: Key.self)
            let type = try object.decode(String.self, forKey: .type)
            func coordinates<T: Decodable>(_ kind: T.Type) -> T? { (try? object.decodeIfPresent(Lenient<T>.self, forKey: .coordinates))??.value }
            switch type {
            case "GeometryCollection":
                let depth = decoder.codingPath.filter { $0.stringValue == Key.geometries.stringValue }.count
                guard depth < GMUGeoJSONParser.maximumCollectionDepth else {
                    geometry = nil
                    return
                }
                let members = (try? object.decodeIfPresent([Lenient<GeometryNode>].self, forKey: .geometries)) ?? []
                geometry = GMUGeometryCollection(geometries: members.compactMap { $0.value?.geometry })
            case "Point":
                geometry = coordinates(Position.self).flatMap { $0.counted(budget) }.map { GMUPoint(coordinate: $0) }
            case "MultiPoint":
                geometry = GMUGeometryCollection(geometries: (coordinates(Positions.self)?.counted(budget) ?? []).map { GMUPoint(coordinate: $0) })
            case "LineString":
                geometry = coordinates(Positions.self).flatMap { Self.line($0.counted(budget)) }
            case "MultiLineString":
                geometry = GMUGeometryCollection(geometries: (coordinates([Lenient<Positions>].self) ?? []).compactMap { $0.value.flatMap { Self.line($0.counted(budget)) } })
            case "Polygon":
                geometry = coordinates([Lenient<Positions>].self).flatMap { Self.polygon($0, budget) }
            case "MultiPolygon":
                let polygons = coordinates([Lenient<[Lenient<Positions>]>].self) ?? []
                geometry = GMUGeometryCollection(geometries: polygons.compactMap { $0.value.flatMap { Self.polygon($0, budget) } })
            default:
                geometry = nil
            }
        }

        static func line(_ points: [CLLocationCoordinate2D]) -> GMULineString? {
            points.isEmpty ? nil : GMULineString(path: points.gmsMutablePath)
        }

        static func polygon(_ rings: [Lenient<Positions>], _ budget: Budget) -> GMUPolygon? {
            let kept = rings.compactMap { $0.value?.counted(budget) }.filter { !$0.isEmpty }
            return kept.isEmpty ? nil : GMUPolygon(paths: kept.map(\.gmsMutablePath))
        }
    }

    /// `[longitude, latitude, (altitude)]` as read; usable when finite, latitude within ±90
    /// and longitude within ±540.
    struct Position: Decodable {
        let coordinate: CLLocationCoordinate2D?

        init(from decoder: Decoder) throws {
            var numbers = try decoder.unkeyedContainer()
            let longitude = try numbers.decode(Double.self), latitude = try numbers.decode(Double.self)
            coordinate = longitude.isFinite && latitude.isFinite && abs(latitude) <= 90 && abs(longitude) <= 540
                ? CLLocationCoordinate2D(latitude: latitude, longitude: longitude) : nil
        }

        /// The coordinate, counted against the budget (none past it).
        func counted(_ budget: Budget) -> CLLocationCoordinate2D? {
            guard let coordinate else { return nil }
            guard budget.coordinatesLeft > 0 else {
                budget.tooManyCoordinates = true
                return nil
            }
            budget.coordinatesLeft -= 1
            return coordinate
        }
    }

    /// A list of positions, those that are not usable left out.
    struct Positions: Decodable {
        let positions: [Lenient<Position>]

        init(from decoder: Decoder) throws {
            positions = try [Lenient<Position>](from: decoder)
        }

        func counted(_ budget: Budget) -> [CLLocationCoordinate2D] {
            positions.compactMap { $0.value?.counted(budget) }
        }
    }

    /// `[west, south, east, north]`.
    struct BoundingBox: Decodable {
        let bounds: GMSCoordinateBounds?

        init(from decoder: Decoder) throws {
            let values = try [Double](from: decoder)
            guard values.count >= 4, values.prefix(4).allSatisfy(\.isFinite) else {
                bounds = nil
                return
            }
            bounds = GMSCoordinateBounds(
                coordinate: CLLocationCoordinate2D(latitude: values[3], longitude: values[2]),
                coordinate: CLLocationCoordinate2D(latitude: values[1], longitude: values[0]))
        }
    }

    /// A feature's `id`: a string, or a number's text.
    struct Identifier: Decodable {
        let text: String?

        init(from decoder: Decoder) throws {
            let value = try decoder.singleValueContainer()
            if let string = try? value.decode(String.self) {
                text = string
            } else if let integer = try? value.decode(Int64.self) {
                text = String(integer)
            } else if let number = try? value.decode(Double.self) {
                text = NSNumber(value: number).stringValue
            } else {
                text = nil
            }
        }
    }

    /// Any JSON value, for `properties`.
    enum JSONValue: Decodable {
        case null, bool(Bool), integer(Int64), number(Double), string(String), array([JSONValue]), object([String: JSONValue])

        /// Scalars are tried first, the commonest first: each wrong guess throws, and a
        /// thrown error costs more than the value.
        init(from decoder: Decoder) throws {
            if let value = try? decoder.singleValueContainer() {
                if value.decodeNil() {
                    self = .null
                    return
                }
                if let string = try? value.decode(String.self) {
                    self = .string(string)
                    return
                }
                if let number = try? value.decode(Double.self) {
                    // Whole numbers as integers, as JSONSerialization gives them.
                    if number == number.rounded(), abs(number) < 0x1p53 {
                        self = .integer(Int64(number))
                    } else {
                        self = .number(number)
                    }
                    return
                }
                if let bool = try? value.decode(Bool.self) {
                    self = .bool(bool)
                    return
                }
            }
            if let values = try? decoder.container(keyedBy: AnyKey.self) {
                var object: [String: JSONValue] = [:]
                for key in values.allKeys { object[key.stringValue] = (try? values.decode(JSONValue.self, forKey: key)) ?? .null }
                self = .object(object)
                return
            }
            var values = try decoder.unkeyedContainer()
            var array: [JSONValue] = []
            while !values.isAtEnd { array.append((try values.decode(Lenient<JSONValue>.self)).value ?? .null) }
            self = .array(array)
        }

        /// As `JSONSerialization` would give it: strings, numbers, arrays, dictionaries, null.
        var object: NSObject {
            switch self {
            case .null: NSNull()
            case .bool(let value): NSNumber(value: value)
            case .integer(let value): NSNumber(value: value)
            case .number(let value): NSNumber(value: value)
            case .string(let value): NSString(string: value)
            case .array(let values): NSArray(array: values.map(\.object))
            case .object(let values): NSDictionary(dictionary: values.mapValues(\.object))
            }
        }
    }

    struct AnyKey: CodingKey {
        let stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    /// A value that decodes to nil where it is not of its type, so a list of them reads on.
    struct Lenient<Value: Decodable>: Decodable {
        let value: Value?

        init(from decoder: Decoder) throws {
            value = try? Value(from: decoder)
        }
    }
}

struct GeoJSONDecodingError: Error, CustomStringConvertible {
    let description: String
}
