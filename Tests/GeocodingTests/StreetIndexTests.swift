import Foundation
import MapGeometry
import Testing

@testable import Geocoding

/// The street level read through the grid of cells gives what reading every street and house
/// of every extract gives.
@Suite("Street index")
struct StreetIndexTests {
    /// The street level by reading every segment and house (the index's reference).
    static func linearStreetLevel(_ geocoder: ReverseGeocoder, _ c: CLLocationCoordinate2D) -> (street: String, number: String?, postcode: String?)? {
        let pack = geocoder.pack
        var nearest: (name: String, distance: Double)?
        for street in pack.streets {
            for (a, b) in zip(street.points, street.points.dropFirst()) {
                let (_, d) = ReverseGeocoder.closest(c, on: a, b)
                if d < (nearest?.distance ?? .infinity) { nearest = (street.name, d) }
            }
        }
        func distance(_ address: GeocoderPack.Address) -> Double {
            Geodesy.distance(from: c, to: CLLocationCoordinate2D(latitude: address.latitude, longitude: address.longitude))
        }
        let onStreet = nearest.flatMap { $0.distance <= ReverseGeocoder.streetReach ? $0.name : nil }
        let candidates = onStreet.map { name in pack.addresses.filter { $0.street == name } } ?? pack.addresses
        let house = candidates.min { distance($0) < distance($1) }
        if let house, distance(house) <= ReverseGeocoder.addressReach { return (house.street, house.number, house.postcode) }
        guard let onStreet else { return nil }
        return (onStreet, nil, house.flatMap { distance($0) < 1_000 ? $0.postcode : nil })
    }

    @Test func theStreetLevelThroughTheIndexIsTheStreetLevelOfEveryStreet() throws {
        let geocoder = try #require(SharedGeocoder.bundledPackURL.flatMap { try? ReverseGeocoder(contentsOf: $0) })
        var random = SystemRandomNumberGenerator()
        // Points around each extract's houses and streets, near and up to a few kilometres off.
        let anchors = geocoder.pack.addresses.map { ($0.latitude, $0.longitude) } + geocoder.pack.streets.compactMap(\.points.first)
        var compared = 0, onStreets = 0
        for _ in 0..<600 {
            let anchor = anchors[Int.random(in: 0..<anchors.count, using: &random)]
            let spread = [0.0005, 0.002, 0.03][Int.random(in: 0..<3, using: &random)]
            let c = CLLocationCoordinate2D(
                latitude: anchor.0 + Double.random(in: -spread...spread, using: &random),
                longitude: anchor.1 + Double.random(in: -2 * spread...2 * spread, using: &random))
            let indexed = geocoder.streetLevel(c).map { ($0.street, $0.number, $0.postcode) }
            let linear = Self.linearStreetLevel(geocoder, c)
            #expect(indexed?.0 == linear?.street && indexed?.1 == linear?.number && indexed?.2 == linear?.postcode, "at \(c.latitude), \(c.longitude)")
            compared += 1
            if linear != nil { onStreets += 1 }
        }
        #expect(compared == 600 && onStreets > 120, "enough points on streets (\(onStreets))")
    }

    /// Every address of every extract, geocoded at its own coordinate, gives its own house where
    /// its street is the nearest one (one in eight is checked against reading every street
    /// and house), and the
    /// address node of Uudenmaankatu 15 in Helsinki is Uudenmaankatu 15.
    @Test func everyAddressAtItsOwnCoordinateIsWhatTheFullReadingGives() async throws {
        let geocoder = try #require(SharedGeocoder.bundledPackURL.flatMap { try? ReverseGeocoder(contentsOf: $0) })
        var own = 0
        for (index, address) in geocoder.pack.addresses.enumerated() {
            let c = CLLocationCoordinate2D(latitude: address.latitude, longitude: address.longitude)
            let indexed = geocoder.streetLevel(c)
            if indexed?.street == address.street && indexed?.number == address.number { own += 1 }
            // The full reading (slow: every street) for one address in eight, in every extract,
            // letting the tests beside it have the shared threads between readings.
            guard index % 8 == 0 else { continue }
            await Task.yield()
            let linear = Self.linearStreetLevel(geocoder, c)
            #expect(indexed?.street == linear?.street && indexed?.number == linear?.number, "\(address.street) \(address.number) at \(c.latitude), \(c.longitude)")
        }
        #expect(own > geocoder.pack.addresses.count / 2, "\(own) of \(geocoder.pack.addresses.count) give their own house")
        let uudenmaankatu = try geocoder.reverseGeocode(CLLocationCoordinate2D(latitude: 60.1645825, longitude: 24.9406666), maximumResults: 1)
        #expect(uudenmaankatu.first?.thoroughfare == "Uudenmaankatu 15", "\(uudenmaankatu.first?.thoroughfare ?? "nothing")")
    }

    /// Houses and street points within a metre of a grid cell's edge, asked about from across
    /// the edge at the reaches the geocoder uses (60 m, 150 m, 1 km less a little): the cells
    /// read hold every segment and house within reach.
    @Test func pointsNearCellEdgesAreFoundFromAcrossTheEdge() async throws {
        let geocoder = try #require(SharedGeocoder.bundledPackURL.flatMap { try? ReverseGeocoder(contentsOf: $0) })
        let side = Double(StreetIndex.cellsPerSide)
        let points = geocoder.pack.addresses.map { ($0.latitude, $0.longitude) } + geocoder.pack.streets.flatMap(\.points)
        var probes = 0, near = 0
        for (latitude, longitude) in points {
            let c = CLLocationCoordinate2D(latitude: latitude, longitude: longitude)
            let m = WebMercator.project(c)
            // A metre in cell units here.
            let metre = side / (2 * .pi * Geodesy.earthRadius * cos(latitude * .pi / 180))
            let fx = m.x * side - (m.x * side).rounded(.down), fy = m.y * side - (m.y * side).rounded(.down)
            // Across the edge it is near: west of a west edge, north of a north one (y grows south).
            var headings: [Double] = []
            if fx < metre { headings.append(270) }
            if 1 - fx < metre { headings.append(90) }
            if fy < metre { headings.append(0) }
            if 1 - fy < metre { headings.append(180) }
            if !headings.isEmpty { near += 1 }
            // Every fourth point near an edge (the full reading is slow), at each reach.
            guard !headings.isEmpty, near % 4 == 1 else { continue }
            for heading in headings {
                for reach in [59.9, 149.9, 999.0] {
                    await Task.yield()
                    let query = Geodesy.offset(from: c, distance: reach, heading: heading)
                    let indexed = geocoder.streetLevel(query)
                    let linear = Self.linearStreetLevel(geocoder, query)
                    #expect(indexed?.street == linear?.street && indexed?.number == linear?.number && indexed?.postcode == linear?.postcode, "at \(query.latitude), \(query.longitude)")
                    probes += 1
                }
            }
        }
        #expect(probes > 30, "\(probes) probes of \(near) points near an edge")
    }
}
