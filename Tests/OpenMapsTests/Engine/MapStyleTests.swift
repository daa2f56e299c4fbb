import Foundation
import OpenMapsTesting
import MapTestSupport
import OpenMaps
import Testing

/// Google's styling JSON on the basemap (the styles part of the bring-your-own issue).
@MainActor
@Suite("Map styles")
struct MapStyleTests {
    static let night = """
        [
          {"elementType": "geometry", "stylers": [{"color": "#242f3e"}]},
          {"elementType": "labels.text.stroke", "stylers": [{"color": "#242f3e"}]},
          {"elementType": "labels.text.fill", "stylers": [{"color": "#746855"}]},
          {"featureType": "administrative.locality", "elementType": "labels.text.fill", "stylers": [{"color": "#d59563"}]},
          {"featureType": "poi", "elementType": "labels.text.fill", "stylers": [{"color": "#d59563"}]},
          {"featureType": "poi.park", "elementType": "geometry", "stylers": [{"color": "#263c3f"}]},
          {"featureType": "road", "elementType": "geometry", "stylers": [{"color": "#38414e"}]},
          {"featureType": "road", "elementType": "geometry.stroke", "stylers": [{"color": "#212a37"}]},
          {"featureType": "road", "elementType": "labels.text.fill", "stylers": [{"color": "#9ca5b3"}]},
          {"featureType": "road.highway", "elementType": "geometry", "stylers": [{"color": "#746855"}]},
          {"featureType": "transit", "elementType": "geometry", "stylers": [{"color": "#2f3948"}]},
          {"featureType": "water", "elementType": "geometry", "stylers": [{"color": "#17263c"}]}
        ]
        """
    static let noPOIs = #"[{"featureType": "poi", "stylers": [{"visibility": "off"}]}]"#

    private func helsinki(style: String?) throws -> (GMSMapView, GMSMapViewHost) {
        let map = makeMapView(frame: CGRect(x: 0, y: 0, width: 400, height: 300), camera: GMSCameraPosition(latitude: 60.1687, longitude: 24.9470, zoom: 15.6))
        map.settings.zoomGestures = false
        if let style { map.mapStyle = try GMSMapStyle(jsonString: style) }
        let host = GMSMapViewHost(mapView: map)
        host.prepareTiles()
        return (map, host)
    }

    @Test func nightStyleGolden() throws {
        let (_, host) = try helsinki(style: Self.night)
        let result = GoldenImage.check(host.renderFrame(scale: 2), named: "style-night")
        #expect(result.passed, "\(result.message)")
    }

    @Test func poisHiddenGoldenAndNotTappable() throws {
        let (map, host) = try helsinki(style: nil)
        let poi = try #require(host.pointsOfInterest().first)
        map.mapStyle = try GMSMapStyle(jsonString: Self.noPOIs)
        #expect(host.pointsOfInterest().isEmpty)
        final class Recorder: GMSMapViewDelegate {
            var events: [String] = []
            func mapView(_ mapView: GMSMapView, didTapPOIWithPlaceID placeID: String, name: String, location: CLLocationCoordinate2D) { events.append("poi") }
            func mapView(_ mapView: GMSMapView, didTapAt coordinate: CLLocationCoordinate2D) { events.append("map") }
        }
        let recorder = Recorder()
        map.delegate = recorder
        host.send(MapTouch(id: 1, phase: .began, location: poi.point, timestamp: host.time))
        host.send(MapTouch(id: 1, phase: .ended, location: poi.point, timestamp: host.time + 0.05))
        host.runUntilIdle()
        #expect(recorder.events == ["map"])
        let result = GoldenImage.check(host.renderFrame(scale: 2), named: "style-no-pois")
        #expect(result.passed, "\(result.message)")
        // Back to the default look at once.
        map.mapStyle = nil
        #expect(!host.pointsOfInterest().isEmpty)
    }

    @Test func invalidStylesNameTheBadEntry() {
        let cases: [(String, String)] = [
            ("{", "map style is not valid JSON"),
            (#"{"featureType": "poi"}"#, "map style must be a JSON array of rules"),
            (#"[{"featureType": "roads", "stylers": []}]"#, #"map style rule 0: unknown featureType "roads""#),
            (#"[{"stylers": []}, {"elementType": "label", "stylers": []}]"#, #"map style rule 1: unknown elementType "label""#),
            (#"[{"stylers": [{"color": "red"}]}]"#, ##"map style rule 0, stylers[0]: color must be a colour like "#rrggbb""##),
            (#"[{"stylers": [{"lightness": "bright"}]}]"#, "map style rule 0, stylers[0]: lightness must be a number in -100.0...100.0"),
            (#"[{"stylers": [{"lightness": 1e999}]}]"#, "map style is not valid JSON"),
            (#"[{"stylers": [{"sparkle": true}]}]"#, #"map style rule 0, stylers[0]: unknown styler "sparkle""#),
        ]
        for (json, message) in cases {
            do {
                _ = try GMSMapStyle(jsonString: json)
                Issue.record("no error for \(json)")
            } catch {
                #expect("\(error)" == message)
            }
        }
    }

    /// docs/limits.md: a styler number outside its range is clamped into it (with a logged
    /// warning), however large, and the style's size is bounded.
    @Test func outOfRangeStylerNumbersAreClampedAndHugeStylesRefused() throws {
        let (_, host) = try helsinki(style: #"[{"featureType": "water", "stylers": [{"lightness": 1e308}]}]"#)
        let clamped = host.renderFrame(scale: 1)
        let (_, reference) = try helsinki(style: #"[{"featureType": "water", "stylers": [{"lightness": 100}]}]"#)
        #expect(clamped.withUnsafeBytes { Data($0) } == reference.renderFrame(scale: 1).withUnsafeBytes { Data($0) })
        let rules = Array(repeating: #"{"stylers": [{"visibility": "on"}]}"#, count: 10_001)
        #expect(throws: GMSMapStyle.StyleError.self) { try GMSMapStyle(jsonString: "[" + rules.joined(separator: ",") + "]") }
        do {
            _ = try GMSMapStyle(jsonString: "[" + rules.joined(separator: ",") + "]")
        } catch {
            #expect("\(error)" == "map style has 10001 rules, more than the 10000 allowed")
        }
    }

    @Test func colourOperationsFollowGooglesStylers() throws {
        // Lightness 100 makes anything white; saturation -100 makes it grey; invert flips light.
        let (map, host) = try helsinki(style: #"[{"featureType": "water", "stylers": [{"lightness": 100}]}]"#)
        _ = host.renderFrame(scale: 1)
        map.mapStyle = try GMSMapStyle(jsonString: #"[{"stylers": [{"saturation": -100}, {"invert_lightness": true}]}]"#)
        let frame = host.renderFrame(scale: 1)
        let c = try #require(frame.color(x: 5, y: 5))
        #expect(abs(c.red - c.green) < 0.02 && abs(c.green - c.blue) < 0.02)
        #expect(c.red < 0.3)
    }
}
