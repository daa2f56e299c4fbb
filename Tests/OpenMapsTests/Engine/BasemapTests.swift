import Foundation
import OpenMapsTesting
import MapTestSupport
import OpenMaps
import Testing

/// The embedded basemap in the engine: POI taps (rule 7), tile callbacks, bad files.
@MainActor
@Suite("Basemap in the map")
struct BasemapEngineTests {
    final class Recorder: GMSMapViewDelegate {
        var events: [String] = []
        var poi: (String, String, CLLocationCoordinate2D)?
        func mapView(_ mapView: GMSMapView, didTapPOIWithPlaceID placeID: String, name: String, location: CLLocationCoordinate2D) {
            events.append("poi")
            poi = (placeID, name, location)
        }
        func mapView(_ mapView: GMSMapView, didTapAt coordinate: CLLocationCoordinate2D) { events.append("didTapAt") }
        func mapView(_ mapView: GMSMapView, didCloseInfoWindowOf marker: GMSMarker) { events.append("close") }
        func mapViewDidStartTileRendering(_ mapView: GMSMapView) { events.append("start") }
        func mapViewDidFinishTileRendering(_ mapView: GMSMapView) { events.append("finish") }
        func mapViewSnapshotReady(_ mapView: GMSMapView) { events.append("ready") }
    }

    private func helsinki() -> (GMSMapView, GMSMapViewHost, Recorder) {
        let map = makeMapView(frame: CGRect(x: 0, y: 0, width: 640, height: 400), camera: GMSCameraPosition(latitude: 60.1687, longitude: 24.9445, zoom: 16))
        map.settings.zoomGestures = false
        let recorder = Recorder()
        map.delegate = recorder
        let host = GMSMapViewHost(mapView: map)
        return (map, host, recorder)
    }

    @Test func tileCallbacksComeAroundTileWorkThenSnapshotReady() {
        let (map, host, recorder) = helsinki()
        host.prepareTiles()
        #expect(recorder.events == ["start", "finish", "ready"])
        recorder.events = []
        map.camera = GMSCameraPosition(latitude: 60.1700, longitude: 24.9500, zoom: 15)
        host.runUntilIdle()
        host.advance(by: 0.1)
        #expect(recorder.events == ["start", "finish", "ready"])
    }

    @Test func rule7POITapGivesThePOIsOwnLocationAndNoMapTap() throws {
        let (map, host, recorder) = helsinki()
        host.prepareTiles()
        let marker = GMSMarker(position: CLLocationCoordinate2D(latitude: 60.1687, longitude: 24.9445))
        marker.title = "m"
        marker.map = map
        map.selectedMarker = marker
        let poi = try #require(host.pointsOfInterest().first { $0.point.y < 150 })
        recorder.events = []
        host.send(MapTouch(id: 1, phase: .began, location: CGPoint(x: poi.point.x + 3, y: poi.point.y + 2), timestamp: host.time))
        host.send(MapTouch(id: 1, phase: .ended, location: CGPoint(x: poi.point.x + 3, y: poi.point.y + 2), timestamp: host.time + 0.05))
        host.runUntilIdle()
        #expect(recorder.events == ["poi", "close"])
        let (placeID, name, location) = try #require(recorder.poi)
        #expect(placeID.hasPrefix("osm:") && name == poi.name)
        #expect(abs(location.latitude - poi.coordinate.latitude) < 1e-9)
    }

    @Test func missingOrCorruptBasemapFilesAreRefusedNamingTheFileAndTheMapKeepsItsBasemap() throws {
        let (map, host, _) = helsinki()
        host.prepareTiles()
        let before = host.renderFrame(scale: 1)
        func refusal(_ path: String) -> String? {
            do {
                try map.useBasemap(mbtilesPath: path)
                return nil
            } catch {
                return "\(error)"
            }
        }
        #expect(refusal("/nonexistent/other.mbtiles") == "/nonexistent/other.mbtiles is not a regular file")
        let junk = FileManager.default.temporaryDirectory.appendingPathComponent("junk-\(getpid()).mbtiles")
        try Data(repeating: 7, count: 4096).write(to: junk)
        defer { try? FileManager.default.removeItem(at: junk) }
        #expect(refusal(junk.path) == "\(junk.path) is not an SQLite file")
        #expect(refusal(FileManager.default.temporaryDirectory.path)?.hasSuffix("is not a regular file") == true)
        host.prepareTiles()
        let after = host.renderFrame(scale: 1)
        #expect(after.withUnsafeBytes { Data($0) } == before.withUnsafeBytes { Data($0) }, "the embedded basemap stays")
        #expect(!host.pointsOfInterest().isEmpty)
    }

    @Test func labelsFollowAShortPanExactlyAndArePlacedAgainAfterALongOne() throws {
        let (map, host, _) = helsinki()
        host.prepareTiles()
        let before = host.pointsOfInterest()
        #expect(!before.isEmpty)
        for shift in [10.0, 30.0, 200.0] {
            map.camera = GMSCameraPosition(target: map.projection.coordinate(for: CGPoint(x: 320 + shift, y: 200 + shift / 2)), zoom: 16)
            let pois = host.pointsOfInterest()
            #expect(!pois.isEmpty)
            for poi in pois {
                let drawn = map.projection.point(for: poi.coordinate)
                #expect(abs(drawn.x - poi.point.x) < 0.01 && abs(drawn.y - poi.point.y) < 0.01, "\(poi.name) after \(shift)")
            }
        }
    }

    @Test func labelsFollowATiltedRotatedPanExactly() throws {
        let (map, host, _) = helsinki()
        map.camera = GMSCameraPosition(target: map.camera.target, zoom: 16, bearing: 30, viewingAngle: 45)
        host.prepareTiles()
        #expect(!host.pointsOfInterest().isEmpty)
        // Pans over the same tiles reuse the gathered candidates; every label is projected again.
        for shift in [3.0, 20.0, 120.0] {
            map.camera = GMSCameraPosition(
                target: map.projection.coordinate(for: CGPoint(x: 320 + shift, y: 200 - shift / 2)), zoom: 16, bearing: 30, viewingAngle: 45)
            let pois = host.pointsOfInterest()
            #expect(!pois.isEmpty)
            for poi in pois {
                let drawn = map.projection.point(for: poi.coordinate)
                #expect(abs(drawn.x - poi.point.x) < 0.01 && abs(drawn.y - poi.point.y) < 0.01, "\(poi.name) after \(shift)")
            }
        }
    }

    @Test func helsinkiFrameGolden() {
        let map = makeMapView(frame: CGRect(x: 0, y: 0, width: 400, height: 300), camera: GMSCameraPosition(latitude: 60.1687, longitude: 24.9470, zoom: 15.6))
        let host = GMSMapViewHost(mapView: map)
        let marker = GMSMarker(position: CLLocationCoordinate2D(latitude: 60.1687, longitude: 24.9420))
        marker.title = "Stockmann"
        marker.snippet = "Aleksanterinkatu 52"
        marker.map = map
        map.selectedMarker = marker
        host.prepareTiles()
        host.runUntilIdle()
        let result = GoldenImage.check(host.renderFrame(scale: 2), named: "helsinki-frame")
        #expect(result.passed, "\(result.message)")
    }

    @Test func backgroundRenderingShowsAncestorsThenArrives() async throws {
        let (map, host, recorder) = helsinki()
        host.rendersTilesInBackground = true
        host.prepareTiles()
        #expect(recorder.events == ["start"])
        #expect(host.hasTilesInFlight)
        // A frame while tiles are in flight still draws (the land colour, or ancestors).
        #expect(host.renderFrame(scale: 1).width == 640)
        // Frames go on while tiles arrive (other tests may change the screen scale meanwhile,
        // which asks for more tiles: wait for the snapshot, not a fixed count).
        for _ in 0..<3_000 where !recorder.events.contains("ready") {
            try await Task.sleep(nanoseconds: 10_000_000)
            host.advance(by: GMSMapViewHost.frameInterval)
        }
        #expect(recorder.events.first == "start" && recorder.events.suffix(2) == ["finish", "ready"])
        _ = map
    }
}
