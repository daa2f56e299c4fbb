import Foundation
import MapGeometry

/// One answer of a reverse geocode: an address at some level of detail.
public struct ReverseGeocodeResult: Sendable, Hashable {
    public var coordinate: CLLocationCoordinate2D
    /// Street and house number ("Aleksanterinkatu 52"), or the street's name.
    public var thoroughfare: String?
    /// The city, town or municipality.
    public var locality: String?
    /// The district or neighbourhood within the locality.
    public var subLocality: String?
    /// The state, province or region.
    public var administrativeArea: String?
    public var postalCode: String?
    public var country: String?
    /// The address as lines in the country's usual order; at least two.
    public var lines: [String]
}

/// Reverse geocoding over the offline pack: countries and administrative areas by polygon,
/// localities from the nearest populated places (GeoNames; districts attributed to their
/// city), and streets and house numbers where the OpenStreetMap extracts reach.
public final class ReverseGeocoder: Sendable {
    /// Farther than this from any populated place, and inside no country, is open ocean.
    public static let openOceanDistance: Double = 300_000
    /// How near a house number must be to be the address.
    public static let addressReach: Double = 60
    /// How near a street must be to be the thoroughfare.
    public static let streetReach: Double = 150

    /// The open-ocean distance as a chord of the unit sphere, a little longer.
    static let openOceanChord = 2 * sin(openOceanDistance / (2 * 6_371_009)) * (1 + 1e-9)

    @available(*, deprecated, renamed: "ReverseGeocoderError")
    public typealias Failure = ReverseGeocoderError

    let pack: GeocoderPack
    private let tree: PlaceTree
    /// One tree per country, so a country's nearest places are found without filtering.
    private let countryTrees: [PlaceTree?]
    /// Each place's country and parent city, apart, so searches filter without touching the pack.
    private let placeCountry: [Int]
    private let placeParent: [Int]
    /// Whether each place is the parent city of some district, so a city without any is not searched.
    private let hasDistricts: [Bool]
    private let streetBox: (minLat: Double, minLon: Double, maxLat: Double, maxLon: Double)?
    /// The streets and house numbers by where they are.
    private let streetIndex: StreetIndex
    /// The country and admin-1 polygons by where they are.
    private let countryGrid: AreaGrid
    private let adminGrid: AreaGrid
    /// The cells wholly in open ocean, answered without a search.
    private let openOcean: OpenOceanMask

    public init(pack: GeocoderPack) {
        self.pack = pack
        // The indexes are independent: made side by side, on every core.
        let parts = IndexParts()
        DispatchQueue.concurrentPerform(iterations: 5) { part in
            switch part {
            case 0: parts.set(\.countryGrid, AreaGrid(areas: pack.countryAreas))
            case 1: parts.set(\.adminGrid, AreaGrid(areas: pack.adminAreas))
            case 2: parts.set(\.tree, PlaceTree(latitudes: pack.places.map(\.latitude), longitudes: pack.places.map(\.longitude), seeded: true))
            case 3:
                var byCountry: [Int: [Int]] = [:]
                for (index, place) in pack.places.enumerated() { byCountry[place.country, default: []].append(index) }
                var trees = [PlaceTree?](repeating: nil, count: (byCountry.keys.max() ?? -1) + 1)
                for (country, indices) in byCountry where country >= 0 {
                    trees[country] = PlaceTree(
                        latitudes: indices.map { pack.places[$0].latitude }, longitudes: indices.map { pack.places[$0].longitude },
                        indices: indices, seeded: true)
                }
                parts.set(\.countryTrees, trees)
            default: parts.set(\.streetIndex, StreetIndex(streets: pack.streets, addresses: pack.addresses))
            }
        }
        tree = parts.tree ?? PlaceTree(latitudes: [], longitudes: [])
        countryTrees = parts.countryTrees ?? []
        countryGrid = parts.countryGrid ?? AreaGrid(areas: [])
        adminGrid = parts.adminGrid ?? AreaGrid(areas: [])
        streetIndex = parts.streetIndex ?? StreetIndex(streets: [], addresses: [])
        openOcean = OpenOceanMask(
            countries: countryGrid, places: tree, chord: ReverseGeocoder.openOceanChord, parts: ProcessInfo.processInfo.activeProcessorCount)
        placeCountry = pack.places.map(\.country)
        placeParent = pack.places.map { $0.parent ?? -1 }
        var hasDistricts = [Bool](repeating: false, count: pack.places.count)
        for parent in placeParent where parent >= 0 && parent < hasDistricts.count { hasDistricts[parent] = true }
        self.hasDistricts = hasDistricts
        let points = pack.streets.flatMap(\.points) + pack.addresses.map { ($0.latitude, $0.longitude) }
        if let minLat = points.map(\.0).min(), let maxLat = points.map(\.0).max(), let minLon = points.map(\.1).min(),
            let maxLon = points.map(\.1).max()
        {
            streetBox = (minLat - 0.01, minLon - 0.02, maxLat + 0.01, maxLon + 0.02)
        } else {
            streetBox = nil
        }
    }

    /// Reads a pack file and indexes it (a regular file only: a FIFO would never end).
    public convenience init(contentsOf url: URL) throws {
        self.init(pack: try GeocoderPack(data: try GeocoderPack.fileData(url)))
    }

    /// The addresses at a coordinate, most specific and nearest first; empty in open ocean.
    public func reverseGeocode(_ coordinate: CLLocationCoordinate2D) throws(ReverseGeocoderError) -> [ReverseGeocodeResult] {
        try reverseGeocode(coordinate, maximumResults: Int.max)
    }

    /// The first `maximumResults` of ``reverseGeocode(_:)``, without working out the others.
    func reverseGeocode(_ coordinate: CLLocationCoordinate2D, maximumResults: Int) throws(ReverseGeocoderError) -> [ReverseGeocodeResult] {
        guard maximumResults > 0 else { return [] }
        guard CLLocationCoordinate2DIsValid(coordinate) else { throw .invalidCoordinate }
        let lat = coordinate.latitude, lon = coordinate.longitude
        // (The mask is small enough to stay in cache; the grids and the tree are not.)
        if openOcean.contains(latitude: lat, longitude: lon) { return [] }
        var country = countryGrid.first(latitude: lat, longitude: lon).map { pack.countryAreas[$0].country }
        if country == nil {
            // Coastal waters count for the nearest place's country; open ocean gives nothing.
            // (The search reaches a hair past the open-ocean distance; the check decides.)
            guard let nearest = tree.nearest(latitude: lat, longitude: lon, maxChord: ReverseGeocoder.openOceanChord),
                PlaceTree.metres(chord: nearest.chord) <= ReverseGeocoder.openOceanDistance
            else { return [] }
            country = pack.places[nearest.index].country
        }
        guard let countryIndex = country else { return [] }
        let countryInfo = countryIndex < pack.countries.count ? pack.countries[countryIndex] : nil
        // The nearest places of the country: the first gives the locality, the others coarser answers.
        // (The nearest alone is the first of the four nearest: of places equally near, both
        // searches take the first in the data.)
        let nearby: [(index: Int, chord: Double)]
        if maximumResults == 1 {
            nearby = countryTree(countryIndex)?.nearest(latitude: lat, longitude: lon).map { [$0] } ?? []
        } else {
            nearby = countryTree(countryIndex)?.nearest(4, latitude: lat, longitude: lon) { _ in true } ?? []
        }
        guard let nearest = nearby.first else {
            let admin = adminArea(containing: coordinate, country: countryIndex)
            return [result(coordinate, street: nil, place: nil, placeIndex: nil, admin: admin, country: countryInfo)]
        }
        let place = pack.places[nearest.index]
        let admin = place.state ?? adminArea(containing: coordinate, country: countryIndex)
        var results: [ReverseGeocodeResult] = []
        if let street = streetLevel(coordinate) {
            results.append(result(street.coordinate, street: street, place: place, placeIndex: nearest.index, admin: admin, country: countryInfo))
            if maximumResults == 1 { return results }
        }
        let placeCoordinate = CLLocationCoordinate2D(latitude: place.latitude, longitude: place.longitude)
        results.append(
            result(results.isEmpty ? coordinate : placeCoordinate, street: nil, place: place, placeIndex: nearest.index, admin: admin, country: countryInfo))
        if results.count >= maximumResults { return results }
        // (At most five names: a list reads faster than a set hashes.)
        var seen: [String] = [place.name]
        if let parent = place.parent { seen.append(pack.places[parent].name) }
        for other in nearby.dropFirst() {
            let next = pack.places[other.index]
            guard !seen.contains(next.name), results.count < min(4, maximumResults) else { continue }
            seen.append(next.name)
            results.append(
                result(
                    CLLocationCoordinate2D(latitude: next.latitude, longitude: next.longitude), street: nil, place: next,
                    placeIndex: other.index, admin: next.state ?? admin, country: countryInfo))
        }
        return results
    }

    /// Reverse-geocodes many coordinates, spread over the machine's cores; invalid coordinates
    /// give nil.
    public func reverseGeocode(batch coordinates: [CLLocationCoordinate2D]) -> [[ReverseGeocodeResult]?] {
        inSlices(coordinates) { try? reverseGeocode($0) }
    }

    /// Answers for many coordinates, in their order: one slice of them per core.
    private func inSlices<Answer>(_ coordinates: [CLLocationCoordinate2D], _ answer: @Sendable (CLLocationCoordinate2D) -> Answer) -> [Answer] {
        let workers = max(1, min(ProcessInfo.processInfo.activeProcessorCount, 16))
        let chunk = (coordinates.count + workers - 1) / workers
        let results = ResultSlots<[Answer]>(count: workers)
        DispatchQueue.concurrentPerform(iterations: workers) { worker in
            let start = min(worker * chunk, coordinates.count), end = min(start + chunk, coordinates.count)
            results.set(worker, coordinates[start..<end].map(answer))
        }
        return results.values.flatMap { $0 }
    }

    /// Every place's position (for checks and benchmarks).
    public var allPlaces: [(latitude: Double, longitude: Double)] { pack.places.map { ($0.latitude, $0.longitude) } }

    /// The nearest populated place to a coordinate: its name and great-circle distance.
    public func nearestPlace(to c: CLLocationCoordinate2D) -> (name: String, distance: Double)? {
        guard CLLocationCoordinate2DIsValid(c), let found = tree.nearest(latitude: c.latitude, longitude: c.longitude) else { return nil }
        // The great-circle distance from the chord the search measured (haversine's, without
        // its four more sines and cosines).
        return (pack.places[found.index].name, PlaceTree.metres(chord: found.chord))
    }

    /// The nearest populated place to each of many coordinates (ours), spread over the
    /// machine's cores; an invalid coordinate gives nil.
    public func nearestPlaces(batch coordinates: [CLLocationCoordinate2D]) -> [(name: String, distance: Double)?] {
        inSlices(coordinates) { nearestPlace(to: $0) }
    }

    // MARK: Parts

    struct StreetMatch {
        var coordinate: CLLocationCoordinate2D
        var thoroughfare: String
        var street: String
        var number: String?
        var postcode: String?
        var city: String?
    }

    /// The house or street at a coordinate, where the street data reaches.
    func streetLevel(_ c: CLLocationCoordinate2D) -> StreetMatch? {
        guard let box = streetBox, c.latitude >= box.minLat, c.latitude <= box.maxLat, c.longitude >= box.minLon,
            c.longitude <= box.maxLon
        else { return nil }
        // The street the point is on decides; a house on that street near the point gives
        // the number (and a house anywhere near gives it when no street is near).
        // The nearest segment within reach (ties to the first in the pack), read from the
        // cells around the point.
        var nearestStreet: (street: Int32, segment: Int32, point: CLLocationCoordinate2D, distance: Double)?
        streetIndex.segments(near: c, within: ReverseGeocoder.streetReach) { segment in
            let points = pack.streets[Int(segment.street)].points
            let (point, d) = ReverseGeocoder.closest(c, on: points[Int(segment.point)], points[Int(segment.point) + 1])
            guard d <= ReverseGeocoder.streetReach else { return }
            if let best = nearestStreet, (d, segment.street, segment.point) >= (best.distance, best.street, best.segment) { return }
            nearestStreet = (segment.street, segment.point, point, d)
        }
        let onStreet = nearestStreet.map { (name: pack.streets[Int($0.street)].name, point: $0.point) }
        // The nearest house (on that street when there is one), ties to the first in the pack:
        // within 60 m it is the address; on the street, within 1 km, it gives the postcode.
        var house: (index: Int, distance: Double)?
        streetIndex.addresses(near: c, within: onStreet == nil ? ReverseGeocoder.addressReach : 1_000) { index in
            let address = pack.addresses[index]
            if let onStreet, address.street != onStreet.name { return }
            let d = Geodesy.distance(from: c, to: CLLocationCoordinate2D(latitude: address.latitude, longitude: address.longitude))
            if let best = house, (d, index) >= (best.distance, best.index) { return }
            house = (index, d)
        }
        if let house, house.distance <= ReverseGeocoder.addressReach {
            let address = pack.addresses[house.index]
            return StreetMatch(
                coordinate: CLLocationCoordinate2D(latitude: address.latitude, longitude: address.longitude),
                thoroughfare: "", street: address.street, number: address.number, postcode: address.postcode, city: address.city)
        }
        guard let onStreet else { return nil }
        // Postcode and city from the nearest house on the same street, if one is within 1 km.
        let near = house.flatMap { $0.distance < 1_000 ? pack.addresses[$0.index] : nil }
        return StreetMatch(coordinate: onStreet.point, thoroughfare: "", street: onStreet.name, number: nil, postcode: near?.postcode, city: near?.city)
    }

    /// The tree of a country's places.
    private func countryTree(_ country: Int) -> PlaceTree? {
        country >= 0 && country < countryTrees.count ? countryTrees[country] : nil
    }

    /// The nearest district of a city within 3 km of a coordinate.
    private func district(near c: CLLocationCoordinate2D, of cityIndex: Int) -> String? {
        let parents = placeParent
        guard hasDistricts[cityIndex], pack.places[cityIndex].population >= 100_000,
            let found = countryTree(placeCountry[cityIndex])?.nearest(
                latitude: c.latitude, longitude: c.longitude, maxChord: 3_000 / 6_371_009, accept: { parents[$0] == cityIndex })
        else { return nil }
        return pack.places[found.index].name
    }

    /// The point of segment a-b nearest to c, and its distance in metres (local plane).
    static func closest(_ c: CLLocationCoordinate2D, on a: (Double, Double), _ b: (Double, Double)) -> (CLLocationCoordinate2D, Double) {
        let k = cos(c.latitude * .pi / 180)
        let ax = (a.1 - c.longitude) * k, ay = a.0 - c.latitude, bx = (b.1 - c.longitude) * k, by = b.0 - c.latitude
        let dx = bx - ax, dy = by - ay
        let lengthSquared = dx * dx + dy * dy
        let t = lengthSquared > 0 ? min(max(-(ax * dx + ay * dy) / lengthSquared, 0), 1) : 0
        let point = CLLocationCoordinate2D(latitude: a.0 + (b.0 - a.0) * t, longitude: a.1 + (b.1 - a.1) * t)
        return (point, Geodesy.distance(from: c, to: point))
    }

    /// The name of the country's first admin-1 area containing a coordinate.
    private func adminArea(containing c: CLLocationCoordinate2D, country: Int) -> String? {
        let areas = pack.adminAreas
        return adminGrid.first(latitude: c.latitude, longitude: c.longitude) { areas[$0].country == country }.flatMap { areas[$0].name }
    }

    /// The first area whose rings contain a coordinate (even-odd rule), read from every ring:
    /// what `AreaGrid` answers faster.
    static func area<S: Sequence>(containing c: CLLocationCoordinate2D, in areas: S) -> GeocoderPack.Area?
    where S.Element == GeocoderPack.Area {
        for area in areas where c.latitude >= area.box.minLat && c.latitude <= area.box.maxLat
            && c.longitude >= area.box.minLon && c.longitude <= area.box.maxLon
        {
            var inside = false
            // A ray to the east crosses only rings spanning the point's latitude.
            for (ring, span) in zip(area.rings, area.ringLatitudes) where ring.count >= 3 && span.min <= c.latitude && span.max >= c.latitude {
                var j = ring.count - 1
                for i in 0..<ring.count {
                    let (yi, xi) = ring[i], (yj, xj) = ring[j]
                    if (yi > c.latitude) != (yj > c.latitude), c.longitude < (xj - xi) * (c.latitude - yi) / (yj - yi) + xi {
                        inside.toggle()
                    }
                    j = i
                }
            }
            if inside { return area }
        }
        return nil
    }

    private func result(
        _ coordinate: CLLocationCoordinate2D, street: StreetMatch?, place: GeocoderPack.Place?, placeIndex: Int?, admin: String?,
        country: GeocoderPack.Country?
    ) -> ReverseGeocodeResult {
        var locality: String? = nil, subLocality: String? = nil
        if let place {
            if let parent = place.parent {
                locality = pack.places[parent].name
                subLocality = place.name
            } else {
                locality = place.name
                subLocality = placeIndex.flatMap { district(near: coordinate, of: $0) }
            }
        }
        if let city = street?.city, !city.isEmpty { locality = city }
        let style = country?.style ?? []
        let thoroughfare = street.map { AddressFormat.streetLine(street: $0.street, number: $0.number, style: style) }
        var result = ReverseGeocodeResult(
            coordinate: coordinate, thoroughfare: thoroughfare, locality: locality, subLocality: subLocality,
            administrativeArea: admin, postalCode: street?.postcode, country: country?.name, lines: [])
        result.lines = AddressFormat.lines(for: result, style: style)
        return result
    }
}

/// Slots that concurrent workers each fill at their own indices.
final class ResultSlots<Value>: @unchecked Sendable {
    private var storage: [Value?]

    init(count: Int) {
        storage = Array(repeating: nil, count: count)
    }

    /// Sets one slot; each index is written by one worker only.
    func set(_ index: Int, _ value: Value) {
        storage.withUnsafeMutableBufferPointer { $0[index] = value }
    }

    var values: [Value] { storage.compactMap { $0 } }
}

/// The indexes of a geocoder as they are made, each by one worker.
private final class IndexParts: @unchecked Sendable {
    private let lock = NSLock()
    var tree: PlaceTree?
    var countryTrees: [PlaceTree?]?
    var countryGrid: AreaGrid?
    var adminGrid: AreaGrid?
    var streetIndex: StreetIndex?

    func set<Value>(_ part: ReferenceWritableKeyPath<IndexParts, Value?>, _ value: Value) {
        lock.withLock { self[keyPath: part] = value }
    }
}

/// Why a coordinate cannot be geocoded.
public enum ReverseGeocoderError: Error, Sendable {
    case invalidCoordinate
}
