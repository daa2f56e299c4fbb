import MapTestSupport
import Foundation
import MapDrawing
import OpenMapsTesting
import OpenMapsUtils
import LocalTileServer
import Testing

/// Taps on GeoJSON features and KML placemarks, and KMZ archives (OpenMaps additions).
@MainActor
@Suite struct FeatureTapsAndKMZTests {
    static let fixtures = GeoJSONAndKMLTests.fixtures

    /// Records taps heard by a geometry renderer's delegate and by the map's delegate.
    final class Taps: NSObject, GMUGeometryRendererDelegate, GMSMapViewDelegate {
        var log: [String] = []
        var containers: [GMUGeometryContainer] = []

        func renderer(_ renderer: GMUGeometryRenderer, didTap container: GMUGeometryContainer, overlay: GMSOverlay) {
            containers.append(container)
            let name = (container as? GMUFeature)?.properties?["name"] as? NSString ?? (container as? GMUPlacemark)?.title as NSString? ?? "?"
            log.append("renderer \(name) \(overlay is GMSMarker ? "marker" : "shape")")
        }

        func mapView(_ mapView: GMSMapView, didTap overlay: GMSOverlay) { log.append("map overlay") }

        func mapView(_ mapView: GMSMapView, didTap marker: GMSMarker) -> Bool {
            log.append("map marker")
            return false
        }
    }

    /// Containers drawn on a hosted 400 x 500 map whose delegate and renderer's delegate log taps.
    func drawn(_ containers: [GMUGeometryContainer], at camera: GMSCameraPosition) -> (GMSMapView, MapDriver, GMUGeometryRenderer, Taps) {
        let map = makeMapView(frame: CGRect(x: 0, y: 0, width: 400, height: 500), camera: camera)
        let driver = MapDriver(mapView: map)
        let taps = Taps()
        map.delegate = taps
        let renderer = GMUGeometryRenderer(map: map, geometries: containers)
        renderer.delegate = taps
        renderer.render()
        driver.settle()
        return (map, driver, renderer, taps)
    }

    @Test func rule78ATapOnAFeatureGivesTheRenderersDelegateTheFeatureAndItsPropertiesFirst() throws {
        let parser = GMUGeoJSONParser(url: Self.fixtures.appendingPathComponent("liechtenstein-municipalities.geojson"))
        parser.parse()
        let (map, driver, renderer, taps) = drawn(parser.features, at: GMSCameraPosition(latitude: 47.14, longitude: 9.55, zoom: 10.5))
        // A point well inside Vaduz: the centre of the cells of a grid over its outline that
        // are inside it, farthest from the outline.
        let vaduz = try #require(parser.features.compactMap { $0 as? GMUFeature }.first { $0.identifier == "LI:Vaduz" })
        let polygon = try #require(renderer.mapOverlays().compactMap { $0 as? GMSPolygon }.first { ($0.userData as? GMUFeature) === vaduz })
        let outline = try #require(polygon.path)
        let bounds = GMSCoordinateBounds(path: outline)
        var inside: CLLocationCoordinate2D?
        var best = 0.0
        for row in 1..<20 {
            for column in 1..<20 {
                let point = CLLocationCoordinate2D(
                    latitude: bounds.southWest.latitude + (bounds.northEast.latitude - bounds.southWest.latitude) * Double(row) / 20,
                    longitude: bounds.southWest.longitude + (bounds.northEast.longitude - bounds.southWest.longitude) * Double(column) / 20)
                guard polygon.contains(coordinate: point) else { continue }
                let margin = (0..<Int(outline.count())).map { GMSGeometryDistance(point, outline.coordinate(at: UInt($0))) }.min() ?? 0
                if margin > best {
                    best = margin
                    inside = point
                }
            }
        }
        let target = try #require(inside)
        driver.tap(at: map.projection.point(for: target))
        #expect(taps.log == ["renderer Vaduz shape", "map overlay"])
        let tapped = try #require(taps.containers.first as? GMUFeature)
        #expect(tapped === vaduz)
        #expect((tapped.properties?["area_km2"] as? NSNumber)?.doubleValue == 17.27)
        #expect(renderer.mapOverlays().allSatisfy { $0.userData is GMUGeometryContainer }, "every overlay carries its container")
    }

    @Test func rule78ATapOnAPlacemarksMarkerGoesToTheRenderersDelegateThenTheMaps() throws {
        let kml = """
            <kml><Placemark><name>Helsinki</name><description>Capital</description><Point><coordinates>24.94,60.17</coordinates></Point></Placemark></kml>
            """
        let parser = GMUKMLParser(data: Data(kml.utf8))
        parser.parse()
        let (map, driver, renderer, taps) = drawn(parser.placemarks, at: GMSCameraPosition(latitude: 60.17, longitude: 24.94, zoom: 12))
        let marker = try #require(renderer.mapOverlays().first as? GMSMarker)
        #expect(driver.tap(marker))
        #expect(taps.log == ["renderer Helsinki marker", "map marker"])
        #expect(map.selectedMarker === marker, "the map goes on as for any marker")
    }

    @Test func rule79AKMZArchiveReadsAsItsDocumentWithItsImagesDrawn() throws {
        let kmz = GMUKMLParser(url: Self.fixtures.appendingPathComponent("finland-regions.kmz"))
        kmz.parse()
        #expect(kmz.parseError == nil)
        let kml = GMUKMLParser(url: Self.fixtures.appendingPathComponent("finland-regions.kml"))
        kml.parse()
        #expect(kmz.placemarks.count == kml.placemarks.count)
        #expect(kmz.styleMaps.count == kml.styleMaps.count)
        let town = try #require(kmz.styles.first { $0.styleID == "#town" })
        #expect(town.iconUrl?.hasPrefix("data:image/png;base64,") == true, "the archive's image as a data URL")
        let map = makeMapView(frame: CGRect(x: 0, y: 0, width: 400, height: 500), camera: GMSCameraPosition(latitude: 62, longitude: 25, zoom: 5))
        let driver = MapDriver(mapView: map)
        let renderer = GMUGeometryRenderer(map: map, geometries: kmz.placemarks, styles: kmz.styles, styleMaps: kmz.styleMaps)
        renderer.render()
        driver.settle()
        let towns = renderer.mapOverlays().compactMap { $0 as? GMSMarker }
        #expect(!towns.isEmpty)
        #expect(towns.allSatisfy { $0.icon?.size == CGSize(width: 24, height: 24) && $0.map === map }, "drawn with the archive's icon")
        // Read from a stream and from data alike.
        let bytes = try Data(contentsOf: Self.fixtures.appendingPathComponent("finland-regions.kmz"))
        let streamed = GMUKMLParser(stream: InputStream(data: bytes))
        streamed.parse()
        #expect(streamed.placemarks.count == kml.placemarks.count)
    }

    /// The fixture's bytes with `change` applied to the central directory entry of `name`
    /// (`at` counts from the entry's signature).
    static func archive(changing name: String, _ change: (inout [UInt8], Int) -> Void) throws -> Data {
        var bytes = [UInt8](try Data(contentsOf: fixtures.appendingPathComponent("finland-regions.kmz")))
        var offset = 0
        while offset + 46 <= bytes.count {
            if bytes[offset] == 0x50, bytes[offset + 1] == 0x4B, bytes[offset + 2] == 0x01, bytes[offset + 3] == 0x02 {
                let nameLength = Int(bytes[offset + 28]) | Int(bytes[offset + 29]) << 8
                if String(decoding: bytes[(offset + 46)..<(offset + 46 + nameLength)], as: UTF8.self) == name {
                    change(&bytes, offset)
                    return Data(bytes)
                }
            }
            offset += 1
        }
        Issue.record("no entry \(name)")
        return Data(bytes)
    }

    static func parse(_ data: Data) -> GMUKMLParser {
        let parser = GMUKMLParser(data: data)
        parser.parse()
        return parser
    }

    @Test func limitHostileKMZArchivesAreRefusedNeverACrash() throws {
        let good = try Data(contentsOf: Self.fixtures.appendingPathComponent("finland-regions.kmz"))
        func refused(_ data: Data, _ why: String, sourceLocation: SourceLocation = #_sourceLocation) {
            let parser = Self.parse(data)
            guard case .malformed(let reason)? = parser.parseError else {
                Issue.record("\(why): \(String(describing: parser.parseError))", sourceLocation: sourceLocation)
                return
            }
            #expect(parser.placemarks.isEmpty, "\(why): \(reason)", sourceLocation: sourceLocation)
        }
        refused(good.prefix(1_000), "cut short")
        refused(Data([0x50, 0x4B, 0x03, 0x04] + [UInt8](repeating: 0, count: 40)), "no central directory")
        // A size that lies: the document inflates past what its header gives (a bomb).
        refused(try Self.archive(changing: "doc.kml") { bytes, at in bytes[at + 24] = 100; bytes[at + 25] = 0; bytes[at + 26] = 0 }, "lying size")
        refused(try Self.archive(changing: "doc.kml") { bytes, at in bytes[at + 16] ^= 0xFF }, "wrong CRC")
        refused(try Self.archive(changing: "doc.kml") { bytes, at in bytes[at + 10] = 12 }, "bzip2")
        refused(try Self.archive(changing: "doc.kml") { bytes, at in bytes[at + 8] |= 1 }, "encrypted")
        refused(try Self.archive(changing: "doc.kml") { bytes, at in bytes[at + 42] = 0xF0; bytes[at + 43] = 0xFF }, "a local header outside")
        refused(try Self.archive(changing: "doc.kml") { bytes, at in bytes[at + 46 + 3] = UInt8(ascii: "x") }, "no .kml entry")
        // Too many entries, and ZIP64, as the end record says.
        var bytes = [UInt8](good)
        let end = bytes.count - 22
        #expect(bytes[end] == 0x50 && bytes[end + 1] == 0x4B && bytes[end + 2] == 0x05 && bytes[end + 3] == 0x06)
        bytes[end + 10] = 0x30
        bytes[end + 11] = 0x75
        refused(Data(bytes), "30,000 entries")
        bytes[end + 10] = 0xFF
        bytes[end + 11] = 0xFF
        refused(Data(bytes), "ZIP64")
        // An image that cannot be read keeps its link, read once however it is spelt; the
        // document is read.
        let brokenImage = Self.parse(try Self.archive(changing: "files/town.png") { bytes, at in bytes[at + 16] ^= 0xFF })
        #expect(brokenImage.parseError == nil)
        #expect(!brokenImage.placemarks.isEmpty)
        #expect(brokenImage.styles.first { $0.styleID == "#town" }?.iconUrl == "files/town.png")
        // Past the input limit: nothing read.
        let huge = GMUKMLParser(stream: InputStream(data: good + Data(count: GMUKMLParser.maximumInputBytes)))
        huge.parse()
        #expect(huge.parseError == .tooLarge(limit: GMUKMLParser.maximumInputBytes))
    }

    /// docs/limits.md: an icon over HTTP whose body never ends is cancelled once it passes the
    /// 16 MB limit, as it arrives; the placemark is not shown (as any whose icon cannot be had).
    @Test func limitIconsOverHTTPAreCutAtTheirLimitAsTheyArrive() async throws {
        let server = try await LocalTileServer.start()
        defer { server.stop() }
        let icon = try #require(server.url("endless", 0, 0, 0))
        let kml = """
            <kml><Document><Style id="s"><IconStyle><Icon><href>\(icon.absoluteString)</href></Icon></IconStyle></Style>
            <Placemark><styleUrl>#s</styleUrl><Point><coordinates>24.94,60.17</coordinates></Point></Placemark></Document></kml>
            """
        let parser = GMUKMLParser(data: Data(kml.utf8))
        parser.parse()
        let map = makeMapView(frame: CGRect(x: 0, y: 0, width: 400, height: 500), camera: GMSCameraPosition(latitude: 60.17, longitude: 24.94, zoom: 12))
        let renderer = GMUGeometryRenderer(map: map, geometries: parser.placemarks, styles: parser.styles, styleMaps: parser.styleMaps)
        renderer.render()
        let marker = try #require(renderer.mapOverlays().first as? GMSMarker)
        // The fetch is given up at the limit: the server sees its client leave.
        let end = Date().addingTimeInterval(30)
        while Date() < end, server.stats.count("endless") == 0 || server.stats.inFlight > 0 {
            try await Task.sleep(for: .milliseconds(50))
        }
        #expect(server.stats.count("endless") == 1 && server.stats.inFlight == 0, "the endless body was cut off")
        try await Task.sleep(for: .milliseconds(100))
        #expect(marker.icon == nil && marker.map == nil, "a placemark whose icon could not be had is not shown")
    }
}
