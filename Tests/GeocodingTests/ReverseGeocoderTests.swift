import Foundation
import Geocoding
import MapGeometry
import Testing

/// Known places, borders, open ocean and the brute-force check of the nearest place.
@Suite("Reverse geocoder")
struct ReverseGeocoderTests {
    static let geocoder: ReverseGeocoder? = SharedGeocoder.bundledPackURL.flatMap { try? ReverseGeocoder(contentsOf: $0) }

    private func first(_ lat: Double, _ lon: Double) throws -> ReverseGeocodeResult {
        let geocoder = try #require(Self.geocoder)
        return try #require(try geocoder.reverseGeocode(CLLocationCoordinate2D(latitude: lat, longitude: lon)).first)
    }

    @Test func centralLondonIsLondonEnglandUnitedKingdom() throws {
        let r = try first(51.5074, -0.1278)
        #expect(r.locality == "London" && r.administrativeArea == "England" && r.country == "United Kingdom")
    }

    @Test func singaporeIsSingapore() throws {
        let r = try first(1.2903, 103.8519)
        #expect(r.country == "Singapore" && r.locality == "Singapore")
    }

    @Test func aleksanterinkatuIsTheThoroughfareInHelsinki() throws {
        let r = try first(60.1687, 24.9505)
        #expect(r.thoroughfare?.hasPrefix("Aleksanterinkatu") == true)
        #expect(r.locality == "Helsinki" && r.subLocality != nil && r.subLocality != "Helsinki")
        #expect(r.country == "Finland" && r.postalCode == "00100")
        #expect(r.lines.first == r.thoroughfare && r.lines.contains("00100 Helsinki"))
    }

    /// A point on a street's centre line in each embedded extract gives that street (pedestrian
    /// streets too) as the first result's thoroughfare, with the house number where OSM has one.
    @Test(arguments: [
        (1.278827, 103.859131, "Sheares Avenue", "Singapore"),
        (1.2826, 103.8596, "11 Bayfront Avenue", "Singapore"),
        (43.731008, 7.42207, "Rue Comte Félix Gastaldi", "Monaco"),  // a pedestrian street
        (43.740124, 7.425394, "Boulevard des Moulins", "Monaco"),
        (47.141085, 9.521312, "Städtle", "Liechtenstein"),  // Vaduz's pedestrian street
        (47.126208, 9.522267, "Gewerbeweg 4", "Liechtenstein"),
        (60.530008, 26.95158, "Ristikalliontie", "Finland"),
    ])
    func streetsOfTheEmbeddedCitiesAreTheThoroughfare(_ lat: Double, _ lon: Double, street: String, country: String) throws {
        let r = try first(lat, lon)
        #expect(r.thoroughfare == street && r.country == country)
        #expect(r.lines.first == street)
    }

    @Test func pointsEitherSideOfABorderGetTheirOwnCountry() throws {
        for (lat, lon, country) in [
            (57.7777, 26.0470, "Estonia"), (57.7745, 26.0180, "Latvia"), (51.1520, 14.9790, "Germany"), (51.1510, 15.0150, "Poland"),
            (65.8481, 24.1566, "Finland"), (65.8330, 24.1300, "Sweden"),
        ] {
            #expect(try first(lat, lon).country == country, "\(lat), \(lon)")
        }
    }

    @Test func openOceanGivesNoResults() throws {
        let geocoder = try #require(Self.geocoder)
        #expect(try geocoder.reverseGeocode(CLLocationCoordinate2D(latitude: 0, longitude: -30)).isEmpty)
        #expect(try geocoder.reverseGeocode(CLLocationCoordinate2D(latitude: -50, longitude: -120)).isEmpty)
    }

    @Test func latitude91IsInvalid() throws {
        let geocoder = try #require(Self.geocoder)
        for bad in [CLLocationCoordinate2D(latitude: 91, longitude: 0), CLLocationCoordinate2D(latitude: .nan, longitude: 0),
                    CLLocationCoordinate2D(latitude: 0, longitude: 181)] {
            #expect(throws: ReverseGeocoderError.self) { try geocoder.reverseGeocode(bad) }
        }
    }

    @Test func rule27EveryResultHasAtLeastTwoLinesAndLocalityIsTheCity() throws {
        let geocoder = try #require(Self.geocoder)
        var state: UInt64 = 77
        func next() -> Double {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Double(state >> 11) / Double(1 << 53)
        }
        for _ in 0..<300 {
            let c = CLLocationCoordinate2D(latitude: next() * 140 - 60, longitude: next() * 360 - 180)
            for r in try geocoder.reverseGeocode(c) {
                #expect(r.lines.count >= 2)
                #expect(r.lines.allSatisfy { !$0.isEmpty })
            }
        }
        // A district of Helsinki is the subLocality, Helsinki the locality.
        let kallio = try first(60.1841, 24.9497)
        #expect(kallio.locality == "Helsinki" && kallio.subLocality != nil)
    }

    @Test func nearestPlaceAgreesWithABruteForceSearch() throws {
        let geocoder = try #require(Self.geocoder)
        var state: UInt64 = 1234
        func next() -> Double {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Double(state >> 11) / Double(1 << 53)
        }
        // Unit vectors of every place; the nearest has the largest dot product with the query.
        let places = geocoder.allPlaces
        var xs = [Double](), ys = [Double](), zs = [Double]()
        for p in places {
            let phi = p.latitude * .pi / 180, lambda = p.longitude * .pi / 180
            xs.append(cos(phi) * cos(lambda))
            ys.append(cos(phi) * sin(lambda))
            zs.append(sin(phi))
        }
        for _ in 0..<10_000 {
            let lat = asin(next() * 2 - 1) * 180 / .pi, lon = next() * 360 - 180
            let phi = lat * .pi / 180, lambda = lon * .pi / 180
            let qx = cos(phi) * cos(lambda), qy = cos(phi) * sin(lambda), qz = sin(phi)
            var bestDot = -2.0
            xs.withUnsafeBufferPointer { x in
                ys.withUnsafeBufferPointer { y in
                    zs.withUnsafeBufferPointer { z in
                        for i in 0..<x.count {
                            let dot = x[i] * qx + y[i] * qy + z[i] * qz
                            if dot > bestDot { bestDot = dot }
                        }
                    }
                }
            }
            let bruteForce = 6_371_009 * acos(min(1, bestDot))
            let indexed = try #require(geocoder.nearestPlace(to: CLLocationCoordinate2D(latitude: lat, longitude: lon)))
            #expect(abs(indexed.distance - bruteForce) < 0.01)
        }
    }

    @Test func corruptPacksAreClearErrors() {
        for data in [Data(), Data("OMGC".utf8), Data("NOPE0000".utf8), Data("OMGC".utf8) + Data([1, 0, 0, 0, 255, 255, 255, 255])] {
            #expect(throws: GeocoderPackError.self) { try GeocoderPack(data: data) }
        }
    }
}
