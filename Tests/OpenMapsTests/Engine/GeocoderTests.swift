import Foundation
import OpenMaps
import Testing

/// docs/behaviour.md rules 26 and 27 through `GMSGeocoder`.
@MainActor
@Suite("GMSGeocoder")
struct GeocoderTests {
    @Test func rule26CallsBackAsynchronouslyOnTheMainActor() async throws {
        var called = false
        let response: GMSReverseGeocodeResponse? = await withCheckedContinuation { continuation in
            GMSGeocoder().reverseGeocodeCoordinate(CLLocationCoordinate2D(latitude: 51.5074, longitude: -0.1278)) { response, error in
                MainActor.assertIsolated()
                called = true
                #expect(error == nil)
                continuation.resume(returning: response)
            }
            // Not called synchronously.
            #expect(!called)
        }
        let first = try #require(response?.firstResult())
        #expect(first.locality == "London" && first.country == "United Kingdom")
        #expect((response?.results()?.count ?? 0) >= 1)
    }

    @Test func rule26InvalidCoordinateIsErrorOne() async {
        do {
            _ = try await GMSGeocoder().reverseGeocodeCoordinate(CLLocationCoordinate2D(latitude: 91, longitude: 0))
            Issue.record("no error")
        } catch let error as NSError {
            #expect(error.domain == "OpenMaps.GMSGeocoder" && error.code == 1)
        }
    }

    @Test func rule26OpenOceanIsAnEmptyResponseWithoutError() async throws {
        let response = try await GMSGeocoder().reverseGeocodeCoordinate(CLLocationCoordinate2D(latitude: 0, longitude: -30))
        #expect(response.firstResult() == nil && response.results() == nil)
    }

    @Test func rule27TwoLinesAndStreetFirst() async throws {
        let response = try await GMSGeocoder().reverseGeocodeCoordinate(CLLocationCoordinate2D(latitude: 60.1687, longitude: 24.9505))
        let address = try #require(response.firstResult())
        #expect(address.lines?.count ?? 0 >= 2)
        #expect(address.lines?.first == address.thoroughfare && address.thoroughfare?.hasPrefix("Aleksanterinkatu") == true)
        #expect(address.locality == "Helsinki")
    }
}
