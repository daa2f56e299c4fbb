import Foundation
import MapGeometry

/// The offline reverse-geocoding data, as built by `tools/geocoder/build_geocoder.py`.
///
/// File format (little-endian): `"OMGC"`, version u32 (1, 2 or 3); strings (u32 count, each u16 length
/// + UTF-8); countries (u32 count, each code and name string indices); country polygons
/// (u32 count, each u16 country + rings); admin-1 polygons (u32 count, each u16 country,
/// name + rings); places (u32 count, each lat, lon (i32, 1e-5 degrees), name, state, u16
/// country, u32 population, i32 parent city or -1); streets (name + points); addresses (lat,
/// lon, street, number, postcode, city). Rings: u32 count, each u32 points of (lat, lon).
/// String index 0xFFFFFFFF means none. Version 2 adds, at the end, the stable IDs of the
/// country areas and of the admin-1 areas (each u32 count, then a string index per area, in
/// table order); a version 1 pack gets IDs made the same way from codes and names. Version 3
/// adds locality polygons (u32 count, each u16 country, name, ID ("LI:Vaduz") + rings).
public struct GeocoderPack: Sendable {
    @available(*, deprecated, renamed: "GeocoderPackError")
    public typealias FormatError = GeocoderPackError

    struct Country: Sendable {
        let code: String
        let name: String
        /// How the country writes addresses (from its code).
        let style: AddressFormat.Style

        init(code: String, name: String) {
            self.code = code
            self.name = name
            style = AddressFormat.Style(countryCode: code)
        }
    }

    struct Area: Sendable {
        let country: Int
        let name: String?
        /// The area's stable ID within its table ("FI", "ESB"; "FI:Uusimaa").
        var id: String = ""
        /// Rings of (lat, lon) points; inside is decided by the even-odd rule over all rings.
        let rings: [[(Double, Double)]]
        let box: (minLat: Double, minLon: Double, maxLat: Double, maxLon: Double)
        /// Each ring's latitude range, to skip rings a point cannot cross.
        let ringLatitudes: [(min: Double, max: Double)]
    }

    struct Place: Sendable {
        let latitude: Double
        let longitude: Double
        let name: String
        let state: String?
        let country: Int
        let population: Int
        let parent: Int?
    }

    struct Street: Sendable {
        let name: String
        let points: [(Double, Double)]
    }

    struct Address: Sendable {
        let latitude: Double
        let longitude: Double
        let street: String
        let number: String
        let postcode: String?
        let city: String?
    }

    let countries: [Country]
    let countryAreas: [Area]
    let adminAreas: [Area]
    /// Localities (municipalities) with their polygons, where complete extracts have them.
    let localityAreas: [Area]
    let places: [Place]
    let streets: [Street]
    let addresses: [Address]

    /// Reads a pack; throws `GeocoderPackError` for anything that is not a whole, valid pack.
    /// With `boundariesOnly`, the places, streets and addresses are skipped, not kept.
    public init(data: Data, boundariesOnly: Bool = false) throws {
        var reader = BinaryReader(data)
        do {
            guard try reader.string(length: 4) == "OMGC" else { throw GeocoderPackError(description: "not a geocoder pack") }
            let version = try reader.u32()
            guard (1...3).contains(version) else { throw GeocoderPackError(description: "geocoder pack version \(version) is not supported") }
            var strings: [String] = []
            let stringCount = try reader.count(minimumSize: 2)
            strings.reserveCapacity(stringCount)
            for _ in 0..<stringCount { strings.append(try reader.string(length: Int(try reader.u16()))) }
            func string(_ index: UInt32) throws -> String? {
                if index == 0xFFFF_FFFF { return nil }
                guard Int(index) < strings.count else { throw GeocoderPackError(description: "string index out of range") }
                return strings[Int(index)]
            }
            var countries: [Country] = []
            for _ in 0..<(try reader.count(minimumSize: 8)) {
                let code = try string(try reader.u32()) ?? "", name = try string(try reader.u32()) ?? ""
                countries.append(Country(code: code, name: name))
            }
            func rings() throws -> [[(Double, Double)]] {
                var result: [[(Double, Double)]] = []
                for _ in 0..<(try reader.count(minimumSize: 4)) {
                    let n = try reader.count(minimumSize: 8)
                    var ring: [(Double, Double)] = []
                    ring.reserveCapacity(n)
                    for _ in 0..<n { ring.append((Double(try reader.i32()) / 1e5, Double(try reader.i32()) / 1e5)) }
                    result.append(ring)
                }
                return result
            }
            func area(country: Int, name: String?, rings: [[(Double, Double)]]) -> Area {
                let all = rings.joined()
                let lats = all.map(\.0), lons = all.map(\.1)
                return Area(
                    country: country, name: name, rings: rings,
                    box: (lats.min() ?? 0, lons.min() ?? 0, lats.max() ?? 0, lons.max() ?? 0),
                    ringLatitudes: rings.map { ring in (ring.map(\.0).min() ?? 0, ring.map(\.0).max() ?? 0) })
            }
            var countryAreas: [Area] = []
            for _ in 0..<(try reader.count(minimumSize: 6)) {
                let country = Int(try reader.u16())
                countryAreas.append(area(country: country, name: nil, rings: try rings()))
            }
            var adminAreas: [Area] = []
            for _ in 0..<(try reader.count(minimumSize: 10)) {
                let country = Int(try reader.u16())
                let name = try string(try reader.u32())
                adminAreas.append(area(country: country, name: name, rings: try rings()))
            }
            var places: [Place] = []
            let placeCount = try reader.count(minimumSize: 26)
            places.reserveCapacity(boundariesOnly ? 0 : placeCount)
            if boundariesOnly { try reader.skip(placeCount * 26) }
            for _ in 0..<(boundariesOnly ? 0 : placeCount) {
                let lat = Double(try reader.i32()) / 1e5, lon = Double(try reader.i32()) / 1e5
                let name = try string(try reader.u32()) ?? ""
                let state = try string(try reader.u32())
                let country = Int(try reader.u16())
                let population = Int(try reader.u32())
                let parent = Int(try reader.i32())
                places.append(
                    Place(latitude: lat, longitude: lon, name: name, state: state, country: country, population: population,
                          parent: parent >= 0 && parent < placeCount ? parent : nil))
            }
            var streets: [Street] = []
            for _ in 0..<(try reader.count(minimumSize: 8)) {
                let name = try string(try reader.u32()) ?? ""
                let n = try reader.count(minimumSize: 8)
                var points: [(Double, Double)] = []
                if boundariesOnly {
                    try reader.skip(n * 8)
                    continue
                }
                for _ in 0..<n { points.append((Double(try reader.i32()) / 1e5, Double(try reader.i32()) / 1e5)) }
                streets.append(Street(name: name, points: points))
            }
            var addresses: [Address] = []
            let addressCount = try reader.count(minimumSize: 24)
            if boundariesOnly { try reader.skip(addressCount * 24) }
            for _ in 0..<(boundariesOnly ? 0 : addressCount) {
                let lat = Double(try reader.i32()) / 1e5, lon = Double(try reader.i32()) / 1e5
                let street = try string(try reader.u32()) ?? "", number = try string(try reader.u32()) ?? ""
                let postcode = try string(try reader.u32()), city = try string(try reader.u32())
                addresses.append(Address(latitude: lat, longitude: lon, street: street, number: number, postcode: postcode, city: city))
            }
            guard places.allSatisfy({ $0.country < countries.count }) else { throw GeocoderPackError(description: "place country out of range") }
            func ids(count: Int) throws -> [String]? {
                guard version >= 2 else { return nil }
                guard try reader.count(minimumSize: 4) == count else { throw GeocoderPackError(description: "area IDs do not match the areas") }
                return try (0..<count).map { _ in try string(try reader.u32()) ?? "" }
            }
            let countryIDs = try ids(count: countryAreas.count) ?? GeocoderPack.numbered(countryAreas.map { countries[safe: $0.country]?.code ?? "?" })
            let adminIDs = try ids(count: adminAreas.count)
                ?? GeocoderPack.numbered(adminAreas.map { "\(countries[safe: $0.country]?.code ?? "?"):\($0.name ?? "")" })
            for index in countryAreas.indices { countryAreas[index].id = countryIDs[index] }
            for index in adminAreas.indices { adminAreas[index].id = adminIDs[index] }
            var localityAreas: [Area] = []
            if version >= 3 {
                for _ in 0..<(try reader.count(minimumSize: 14)) {
                    let country = Int(try reader.u16())
                    let name = try string(try reader.u32())
                    let id = try string(try reader.u32()) ?? ""
                    var locality = area(country: country, name: name, rings: try rings())
                    locality.id = id
                    localityAreas.append(locality)
                }
            }
            self.countries = countries
            self.countryAreas = countryAreas
            self.adminAreas = adminAreas
            self.localityAreas = localityAreas
            self.places = places
            self.streets = streets
            self.addresses = addresses
        } catch is BinaryReaderError {
            throw GeocoderPackError(description: "geocoder pack is truncated")
        }
    }

    /// Keys made unique in order: the second "IE:Cork" becomes "IE:Cork:2" (how version 1
    /// packs get their areas' IDs; version 2 stores them).
    static func numbered(_ keys: [String]) -> [String] {
        var seen: [String: Int] = [:]
        return keys.map { key in
            let n = (seen[key] ?? 0) + 1
            seen[key] = n
            return n == 1 ? key : "\(key):\(n)"
        }
    }
}

extension Array {
    /// The element at an index, or nil outside the array.
    subscript(safe index: Int) -> Element? {
        indices.contains(index) ? self[index] : nil
    }
}

extension GeocoderPack {
    /// A pack file's bytes, mapped: a regular file only (a FIFO or a device would block the
    /// loading for ever or never end).
    static func fileData(_ url: URL) throws -> Data {
        guard RegularFile.isRegular(atPath: url.path) else { throw GeocoderPackError(description: "\(url.path) is not a regular file") }
        return try Data(contentsOf: url, options: .mappedIfSafe)
    }
}

/// Why a pack could not be read.
public struct GeocoderPackError: Error, CustomStringConvertible, Sendable {
    public let description: String
}
