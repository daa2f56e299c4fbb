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
}
