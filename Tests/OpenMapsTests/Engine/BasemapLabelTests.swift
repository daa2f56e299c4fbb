import Foundation
import MapTestSupport
import OpenMaps
import OpenMapsTesting
import Testing

/// The basemap's labels as Google's map places them (rules 35-38) and where the embedded
/// basemap has street-level data.
@MainActor
@Suite("Basemap labels")
struct BasemapLabelTests {
    final class Recorder: GMSMapViewDelegate {
        var poi: (placeID: String, name: String)?
        func mapView(_ mapView: GMSMapView, didTapPOIWithPlaceID placeID: String, name: String, location: CLLocationCoordinate2D) {
            poi = (placeID, name)
        }
    }

    /// A phone-sized map (390 x 844 points).
    private func phone(_ latitude: Double, _ longitude: Double, zoom: Float, mbtiles: String? = nil) throws -> (GMSMapView, GMSMapViewHost) {
        let map = makeMapView(frame: CGRect(x: 0, y: 0, width: 390, height: 844), camera: GMSCameraPosition(latitude: latitude, longitude: longitude, zoom: zoom))
        if let mbtiles { try map.useBasemap(mbtilesPath: mbtiles) }
        let host = GMSMapViewHost(mapView: map)
        host.prepareTiles()
        return (map, host)
    }

    static let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fixtures/monaco-tilemaker.mbtiles").path

    @Test func rule35TilemakerStockTilesDrawTheirNamesAndThePOICallbackGivesTheDrawnName() throws {
        let (map, host) = try phone(43.7384, 7.4246, zoom: 16, mbtiles: BasemapLabelTests.fixture)
        let labels = host.basemapLabels()
        // tilemaker's stock profile writes names as name:latin only.
        #expect(labels.contains { $0.kind == "road" && !$0.text.isEmpty })
        #expect(labels.contains { $0.kind == "place" })
        let pois = labels.filter { $0.kind == "poi" }
        #expect(!pois.isEmpty)
        let recorder = Recorder()
        map.delegate = recorder
        let poi = try #require(pois.first)
        host.send(MapTouch(id: 1, phase: .began, location: poi.point, timestamp: host.time))
        host.send(MapTouch(id: 1, phase: .ended, location: poi.point, timestamp: host.time + 0.05))
        host.runUntilIdle()
        let tapped = try #require(recorder.poi)
        #expect(tapped.name == poi.text)
        // The stock profile keeps no OSM IDs: the place ID comes from the POI's coordinate.
        #expect(tapped.placeID.hasPrefix("omt:"))
    }

    @Test func rule36CountriesCapitalsAndCitiesShowWhereGoogleShowsThem() throws {
        let (_, europe) = try phone(50, 5, zoom: 4)
        let names = Set(europe.basemapLabels().filter { $0.kind == "place" }.map(\.text))
        #expect(names.contains("London") && names.contains("Paris"), "\(names.sorted())")
        #expect(names.contains("France") || names.contains("Germany"), "\(names.sorted())")
        let (_, asia) = try phone(5, 105, zoom: 5)
        #expect(asia.basemapLabels().contains { $0.kind == "place" && $0.text == "Singapore" })
    }

    @Test func rule37POIsAreThinnedToAboutTwentyOnAPhoneAtZoom16AndAllFitFromZoom18() throws {
        let (map, host) = try phone(60.1690, 24.9440, zoom: 16)
        let at16 = host.basemapLabels().filter { $0.kind == "poi" }
        #expect((10...30).contains(at16.count), "\(at16.count) POIs")
        for (i, a) in at16.enumerated() {
            for b in at16[(i + 1)...] where a.text == b.text {
                #expect(hypot(a.point.x - b.point.x, a.point.y - b.point.y) >= 300, "\(a.text) twice")
            }
        }
        map.camera = GMSCameraPosition(latitude: 60.1690, longitude: 24.9440, zoom: 18)
        host.prepareTiles()
        // A quarter of the ground at zoom 18 shows more POIs than the whole at 16 allowed per area.
        let at18 = host.basemapLabels().filter { $0.kind == "poi" }
        #expect(Double(at18.count) > Double(at16.count) / 4 * 1.5, "\(at18.count) at 18, \(at16.count) at 16")
        map.camera = GMSCameraPosition(latitude: 60.1690, longitude: 24.9440, zoom: 14.2)
        host.prepareTiles()
        let at14 = host.basemapLabels().filter { $0.kind == "poi" }
        let ordinary: Set<String> = ["restaurant", "cafe", "shop", "bar", "fast_food", "grocery", "bank"]
        #expect(!at14.contains { ordinary.contains($0.category) }, "\(at14.map(\.category))")
    }

    /// From zoom 18 POIs are placed before road names: Ravintola Kaisaniemi, whose label a
    /// street's name used to cover at every camera there, is drawn and tapped, and the street
    /// keeps its name elsewhere along it. Below 18 the order stays (road names first).
    @Test func rule37FromZoom18AStreetNameDoesNotHideAPOI() throws {
        let (map, host) = try phone(60.1767036, 24.9415459, zoom: 18)
        let labels = host.basemapLabels()
        let poi = try #require(labels.first { $0.kind == "poi" && $0.text == "Ravintola Kaisaniemi" }, "\(labels.map(\.text))")
        let recorder = Recorder()
        map.delegate = recorder
        host.send(MapTouch(id: 1, phase: .began, location: poi.point, timestamp: host.time))
        host.send(MapTouch(id: 1, phase: .ended, location: poi.point, timestamp: host.time + 0.05))
        host.runUntilIdle()
        #expect(recorder.poi?.placeID == "osm:node/59631978" && recorder.poi?.name == "Ravintola Kaisaniemi")
        #expect(labels.contains { $0.kind == "road" }, "road names still drawn")
    }

    @Test func rule38RoadNamesRunAlongTheRoadUprightAndRepeatAtASpacing() throws {
        let (map, host) = try phone(60.1690, 24.9440, zoom: 16)
        let roads = host.basemapLabels().filter { $0.kind == "road" }
        #expect(roads.count >= 5)
        for road in roads { #expect(abs(road.angle) <= .pi / 2 + 1e-9, "\(road.text) at \(road.angle)") }
        for (i, a) in roads.enumerated() {
            for b in roads[(i + 1)...] where a.text == b.text {
                #expect(hypot(a.point.x - b.point.x, a.point.y - b.point.y) >= 260 * 0.8, "\(a.text) repeated too close")
            }
        }
        map.camera = GMSCameraPosition(latitude: 60.1690, longitude: 24.9440, zoom: 13.2)
        host.prepareTiles()
        let major: Set<String> = ["motorway", "trunk", "primary"]
        #expect(host.basemapLabels().filter { $0.kind == "road" }.allSatisfy { major.contains($0.category) })
    }

    @Test func theEmbeddedBasemapHasStreetLevelDataInItsCitiesAndNotBetweenThem() throws {
        let (_, host) = try phone(60.1690, 24.9440, zoom: 15)
        let streets: [(String, Double, Double)] = [
            ("Helsinki", 60.1690, 24.9440), ("Singapore Bayfront", 1.2830, 103.8590), ("Monaco", 43.7384, 7.4246),
            ("Vaduz", 47.1410, 9.5215), ("Karhula, Kotka", 60.5300, 26.9500),
        ]
        for (name, latitude, longitude) in streets {
            #expect(host.basemapDataZoom(at: CLLocationCoordinate2D(latitude: latitude, longitude: longitude)) == 14, "\(name)")
        }
        #expect((host.basemapDataZoom(at: CLLocationCoordinate2D(latitude: 51.5, longitude: -0.127)) ?? 0) < 10, "London")
    }
}
