import Foundation
import MapTestSupport
import OpenMaps
import OpenMapsTesting
import Testing

/// The map people see, phone-sized at scale 2, reviewed by eye against Google's look: the
/// embedded basemap's street-level places, the world between them, and third-party tiles from
/// tilemaker's stock profile. Re-record with `make record-goldens` (review the diff).
@MainActor
@Suite("City goldens")
struct CityGoldenTests {
    struct Place: Sendable, CustomStringConvertible {
        let golden: String
        let latitude: Double, longitude: Double
        let zoom: Float
        var mbtiles: String?
        var description: String { golden }
    }

    nonisolated static let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fixtures/monaco-tilemaker.mbtiles").path

    nonisolated static let places: [Place] = [
        Place(golden: "city-singapore-bayfront-z16", latitude: 1.2840, longitude: 103.8590, zoom: 16),
        Place(golden: "city-monaco-z16", latitude: 43.7384, longitude: 7.4246, zoom: 16),
        Place(golden: "city-vaduz-z16", latitude: 47.1400, longitude: 9.5215, zoom: 16),
        Place(golden: "city-helsinki-harbour-z15.5", latitude: 60.1675, longitude: 24.9525, zoom: 15.5),
        Place(golden: "city-london-z10", latitude: 51.5, longitude: -0.127, zoom: 10),
        Place(golden: "world-europe-z3", latitude: 48, longitude: 10, zoom: 3),
        Place(golden: "tilemaker-monaco-z16", latitude: 43.7384, longitude: 7.4246, zoom: 16, mbtiles: fixture),
    ]

    @Test(arguments: places)
    func phoneSizedGolden(_ place: Place) throws {
        let map = makeMapView(frame: CGRect(x: 0, y: 0, width: 390, height: 844), camera: GMSCameraPosition(latitude: place.latitude, longitude: place.longitude, zoom: place.zoom))
        if let mbtiles = place.mbtiles { try map.useBasemap(mbtilesPath: mbtiles) }
        let host = GMSMapViewHost(mapView: map)
        host.prepareTiles()
        host.runUntilIdle()
        let result = GoldenImage.check(host.renderFrame(scale: 2), named: place.golden)
        #expect(result.passed, "\(result.message)")
    }
}
