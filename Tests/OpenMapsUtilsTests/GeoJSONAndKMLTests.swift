import MapTestSupport
import Foundation
import MapDrawing
import OpenMapsTesting
import OpenMapsUtils
import Testing

/// GeoJSON and KML read and drawn, on real files (tools/geodata) and hostile ones.
@MainActor
@Suite struct GeoJSONAndKMLTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")

    func map() -> (GMSMapView, MapDriver) {
        let map = makeMapView(frame: CGRect(x: 0, y: 0, width: 400, height: 500), camera: GMSCameraPosition(latitude: 47.14, longitude: 9.55, zoom: 10.5))
        return (map, MapDriver(mapView: map))
    }

    @Test func rule73LiechtensteinsMunicipalitiesReadAsFeaturesWithTheirPropertiesAndDraw() throws {
        let parser = GMUGeoJSONParser(url: Self.fixtures.appendingPathComponent("liechtenstein-municipalities.geojson"))
        parser.parse()
        #expect(parser.parseError == nil)
        let features = parser.features.compactMap { $0 as? GMUFeature }
        #expect(features.count == 11)
        let vaduz = try #require(features.first { $0.identifier == "LI:Vaduz" })
        #expect(vaduz.properties?["name"] as? NSString == "Vaduz")
        #expect((vaduz.properties?["area_km2"] as? NSNumber)?.doubleValue == 17.27)
        let polygons = features.filter { $0.geometry is GMUPolygon }.count
        let collections = features.filter { $0.geometry is GMUGeometryCollection }.count
        #expect(polygons == 4 && collections == 7, "Polygons and MultiPolygons")
        // The area of Vaduz's rings as drawn agrees with the file's own figure.
        let shapes = (vaduz.geometry as? GMUGeometryCollection)?.geometries.compactMap { $0 as? GMUPolygon } ?? []
        let area = shapes.reduce(0.0) { total, shape in
            total + (shape.paths.first?.area() ?? 0) - shape.paths.dropFirst().reduce(0) { $0 + $1.area() }
        }
        #expect(abs(area / 1e6 - 17.27) < 0.05)
        let (map, driver) = map()
        let renderer = GMUGeometryRenderer(map: map, geometries: parser.features)
        renderer.render()
        #expect(renderer.mapOverlays().count >= 11)
        #expect(renderer.mapOverlays().allSatisfy { $0.map === map && $0.isTappable })
        driver.settle()
        renderer.clear()
        #expect(renderer.mapOverlays().isEmpty)
    }

    @Test func rule73FinlandsRegionsAndTownsReadWithStylesAndAStyleMap() throws {
        let parser = GMUKMLParser(url: Self.fixtures.appendingPathComponent("finland-regions.kml"))
        parser.parse()
        #expect(parser.parseError == nil)
        let placemarks = parser.placemarks.compactMap { $0 as? GMUPlacemark }
        #expect(placemarks.count == 39)
        #expect(parser.styles.map(\.styleID) == ["#region", "#region-highlight", "#town"])
        #expect(parser.styleMaps.first?.styleMapId == "#region-map")
        #expect(parser.styleMaps.first?.pairs.map(\.key) == ["normal", "highlight"])
        let region = try #require(placemarks.first { $0.title == "Uusimaa" })
        #expect(region.styleUrl == "#region-map")
        #expect(region.geometry is GMUPolygon || region.geometry is GMUGeometryCollection)
        let helsinki = try #require(placemarks.first { $0.title == "Helsinki" })
        let point = try #require(helsinki.geometry as? GMUPoint)
        #expect(abs(point.coordinate.latitude - 60.17) < 0.05)
        #expect(helsinki.snippet?.hasPrefix("Population ") == true)
        let style = try #require(parser.styles.first)
        var r: CGFloat = 0, g: CGFloat = 0, b: CGFloat = 0, a: CGFloat = 0
        style.strokeColor?.getRed(&r, green: &g, blue: &b, alpha: &a)
        #expect(abs(r - 8 / 255) < 1e-6 && abs(g - 81 / 255) < 1e-6 && abs(b - 156 / 255) < 1e-6 && a == 1, "aabbggrr read as RGBA")
        #expect(style.width == 2)
        // Drawn: a region takes the style map's normal style.
        let map = makeMapView(frame: CGRect(x: 0, y: 0, width: 400, height: 600), camera: GMSCameraPosition(latitude: 63, longitude: 26, zoom: 4))
        let renderer = GMUGeometryRenderer(map: map, geometries: parser.placemarks, styles: parser.styles, styleMaps: parser.styleMaps)
        renderer.render()
        let uusimaa = try #require(renderer.mapOverlays().compactMap { $0 as? GMSPolygon }.first { $0.title == "Uusimaa" })
        #expect(uusimaa.strokeWidth == 2)
        uusimaa.fillColor?.getRed(&r, green: &g, blue: &b, alpha: &a)
        #expect(abs(a - 90 / 255) < 1e-6)
        let town = try #require(renderer.mapOverlays().compactMap { $0 as? GMSMarker }.first { $0.snippet?.hasPrefix("Population") == true })
        #expect(town.groundAnchor == CGPoint(x: 0.5, y: 1), "hotSpot y 0 is the bottom")
        #expect(town.map === map)
    }

    @Test func rule73GeoJSONGeometriesOfEveryKindAndBareOnes() throws {
        let json = """
            {"type":"FeatureCollection","bbox":[20,59,31,70],"features":[
             {"type":"Feature","id":7,"properties":{"kind":"a"},"geometry":{"type":"Point","coordinates":[24.9,60.2,12]}},
             {"type":"Feature","geometry":{"type":"MultiPoint","coordinates":[[1,2],[3,4]]}},
             {"type":"Feature","geometry":{"type":"LineString","coordinates":[[1,2],[3,4],[5,6]]}},
             {"type":"Feature","geometry":{"type":"MultiLineString","coordinates":[[[1,2],[3,4]],[[5,6],[7,8]]]}},
             {"type":"Feature","geometry":{"type":"Polygon","coordinates":[[[0,0],[4,0],[4,4],[0,0]],[[1,1],[2,1],[2,2],[1,1]]]}},
             {"type":"Feature","geometry":{"type":"MultiPolygon","coordinates":[[[[0,0],[1,0],[1,1],[0,0]]]]}},
             {"type":"Feature","geometry":{"type":"GeometryCollection","geometries":[{"type":"Point","coordinates":[1,1]}]}},
             {"type":"Feature","geometry":null},
             {"type":"Other"}
            ]}
            """
        let parser = GMUGeoJSONParser(data: Data(json.utf8))
        parser.parse()
        let features = parser.features.compactMap { $0 as? GMUFeature }
        #expect(features.map(\.geometry.type) == [
            "Point", "GeometryCollection", "LineString", "GeometryCollection", "Polygon", "GeometryCollection", "GeometryCollection",
        ])
        #expect(features[0].identifier == "7")
        #expect(features.allSatisfy { $0.boundingBox?.northEast.latitude == 70 }, "the collection's bbox is every feature's")
        #expect((features[4].geometry as? GMUPolygon)?.paths.count == 2)
        let bare = GMUGeoJSONParser(data: Data(#"{"type":"LineString","coordinates":[[1,2],[3,4]]}"#.utf8))
        bare.parse()
        #expect(bare.features.count == 1)
        #expect((bare.features.first as? GMUFeature)?.properties == nil)
    }

    @Test func rule73KmlGroundOverlaysMultiGeometryInlineStylesAndCDATA() throws {
        let kml = """
            <?xml version="1.0"?><kml:kml xmlns:kml="http://www.opengis.net/kml/2.2"><kml:Document>
            <kml:Placemark><kml:name>Two</kml:name><kml:description><![CDATA[<b>bold</b>]]></kml:description>
             <kml:Style><kml:LineStyle><kml:color>ff0000ff</kml:color><kml:width>3</kml:width></kml:LineStyle>
              <kml:PolyStyle><kml:fill>0</kml:fill></kml:PolyStyle></kml:Style>
             <kml:MultiGeometry><kml:Point><kml:coordinates>10,20</kml:coordinates></kml:Point>
              <kml:MultiGeometry><kml:LineString><kml:coordinates>1,2 3,4</kml:coordinates></kml:LineString></kml:MultiGeometry>
             </kml:MultiGeometry></kml:Placemark>
            <kml:GroundOverlay><kml:name>Image</kml:name><kml:drawOrder>4</kml:drawOrder><kml:Icon><kml:href>nowhere.png</kml:href></kml:Icon>
             <kml:LatLonBox><kml:north>10</kml:north><kml:south>5</kml:south><kml:east>30</kml:east><kml:west>20</kml:west>
             <kml:rotation>45</kml:rotation></kml:LatLonBox></kml:GroundOverlay>
            </kml:Document></kml:kml>
            """
        let parser = GMUKMLParser(data: Data(kml.utf8))
        parser.parse()
        #expect(parser.parseError == nil)
        let placemarks = parser.placemarks.compactMap { $0 as? GMUPlacemark }
        #expect(placemarks.count == 2)
        #expect(placemarks[0].snippet == "<b>bold</b>", "CDATA is read")
        let collection = try #require(placemarks[0].geometry as? GMUGeometryCollection)
        #expect(collection.geometries.count == 2)
        #expect(collection.geometries.last is GMUGeometryCollection, "nested MultiGeometry kept")
        let style = try #require(placemarks[0].style)
        #expect(style.width == 3 && !style.hasFill)
        let overlay = try #require(placemarks[1].geometry as? GMUGroundOverlay)
        #expect(overlay.northEast.latitude == 10 && overlay.southWest.longitude == 20)
        #expect(overlay.zIndex == 4 && overlay.rotation == 315, "45° counter-clockwise is a bearing of 315°")
        #expect(overlay.href == "nowhere.png")
    }

    @Test func limitHostileGeoJSONGivesNoFeaturesAndAnErrorNeverACrash() {
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        let nested = (0..<200).reduce(#"{"type":"Point","coordinates":[1,1]}"#) { inner, _ in
            #"{"type":"GeometryCollection","geometries":[\#(inner)]}"#
        }
        let inputs: [String] = [
            "", "not json", "[1,2,3]", #"{"type":5}"#, #"{"type":"Feature","geometry":{"type":"Point","coordinates":"x"}}"#,
            #"{"type":"Feature","geometry":{"type":"Point","coordinates":[1e308,1e308]}}"#,
            #"{"type":"Feature","geometry":{"type":"LineString","coordinates":[[1,2],["a",3],[null,4],[5,95]]}}"#,
            #"{"type":"Feature","properties":"wrong","id":{},"geometry":{"type":"Polygon","coordinates":[[]]}}"#,
            deep, nested,
        ]
        for input in inputs {
            let parser = GMUGeoJSONParser(data: Data(input.utf8))
            parser.parse()
            #expect(parser.features.allSatisfy { feature in
                guard let point = feature.geometry as? GMUPoint else { return true }
                return point.coordinate.latitude.isFinite && abs(point.coordinate.latitude) <= 90
            })
        }
        let broken = GMUGeoJSONParser(data: Data("not json".utf8))
        broken.parse()
        #expect(broken.features.isEmpty)
        #expect(broken.parseError != nil)
        let big = GMUGeoJSONParser(data: Data(count: GMUGeoJSONParser.maximumInputBytes + 1))
        big.parse()
        #expect(big.parseError == .tooLarge(limit: GMUGeoJSONParser.maximumInputBytes))
        let missing = GMUGeoJSONParser(url: URL(fileURLWithPath: "/no/such/file.geojson"))
        missing.parse()
        #expect(missing.parseError == .unreadable)
    }

    @Test func limitHostileKMLIsRefusedOrCutNeverACrash() {
        let laughs = """
            <?xml version="1.0"?><!DOCTYPE kml [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">
            <!ENTITY c "&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;"><!ENTITY d "&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;">]>
            <kml><Placemark><name>&d;&d;&d;&d;&d;&d;&d;&d;</name><Point><coordinates>1,2</coordinates></Point></Placemark></kml>
            """
        let refused = GMUKMLParser(data: Data(laughs.utf8))
        refused.parse()
        #expect(refused.parseError == .entitiesDeclared)
        #expect(refused.placemarks.isEmpty)
        let deep = "<kml>" + String(repeating: "<Folder>", count: 5_000) + String(repeating: "</Folder>", count: 5_000) + "</kml>"
        let tooDeep = GMUKMLParser(data: Data(deep.utf8))
        tooDeep.parse()
        #expect(tooDeep.parseError == .tooDeep(limit: GMUKMLParser.maximumDepth))
        let odd = """
            <kml><Placemark><name>x</name><Point><coordinates>nan,1 1e400,2 5,95 abc</coordinates></Point></Placemark>
            <Placemark><LineString><coordinates>1,2</coordinates></LineString><Style><LineStyle><color>zz</color><width>-5</width></LineStyle></Style></Placemark>
            <Style><IconStyle><scale>1e300</scale></IconStyle></Style></kml>
            """
        let parser = GMUKMLParser(data: Data(odd.utf8))
        parser.parse()
        #expect(parser.placemarks.count == 2)
        #expect((parser.placemarks.first?.geometry as? GMUGeometryCollection)?.geometries.isEmpty == true, "no usable point: none")
        let notXML = GMUKMLParser(data: Data("<kml><unclosed>".utf8))
        notXML.parse()
        #expect(notXML.parseError != nil)
    }

    /// docs/limits.md: coordinates split by any white space, `&#13;&#10;` (how libxml2 and lxml
    /// write a carriage return) among them, are all kept.
    @Test func limitKMLCoordinatesSplitByEscapedCarriageReturnsAreAllKept() async throws {
        let tuples = (0..<100_001).map { "\(Double($0 % 360) - 180 + 0.5),\(Double($0 % 170) - 85 + 0.25),0" }
        for separator in ["&#13;&#10;", "&#13;", "\r\n", "\t \n"] {
            await Task.yield()
            let kml = "<kml><Placemark><LineString><coordinates>" + tuples.joined(separator: separator) + "</coordinates></LineString></Placemark></kml>"
            let parser = GMUKMLParser(data: Data(kml.utf8))
            parser.parse()
            #expect(parser.parseError == nil, "\(separator.debugDescription): \(String(describing: parser.parseError))")
            let line = try #require(parser.placemarks.first?.geometry as? GMULineString)
            #expect(line.path.count() == 100_001, "\(separator.debugDescription)")
            #expect(line.path.coordinate(at: 100_000).latitude == Double(100_000 % 170) - 85 + 0.25)
        }
    }

    /// docs/limits.md: a document with no root element (empty, white space, only a
    /// declaration) is malformed, with an error, never an empty success.
    @Test func limitKMLWithNoDocumentIsMalformed() {
        for text in ["", "   ", "<?xml version=\"1.0\"?>", "<!-- nothing -->"] {
            let parser = GMUKMLParser(data: Data(text.utf8))
            parser.parse()
            guard case .malformed = parser.parseError else {
                Issue.record("\(text.debugDescription): \(String(describing: parser.parseError))")
                continue
            }
        }
    }

    /// docs/limits.md: entity declarations are refused in any encoding libxml2 reads (UTF-16
    /// hides `<!ENTITY` from a byte scan), parameter entities too; a UTF-16 document without
    /// one is read.
    @Test func limitKMLEntityDeclarationsAreRefusedInEveryEncoding() throws {
        let laughs = """
            <?xml version="1.0" encoding="UTF-16"?><!DOCTYPE kml [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">]>
            <kml><Placemark><name>&b;&b;</name><Point><coordinates>1,2</coordinates></Point></Placemark></kml>
            """
        for encoding in [String.Encoding.utf16LittleEndian, .utf16BigEndian, .utf16] {
            let data = try #require(laughs.data(using: encoding))
            let parser = GMUKMLParser(data: data)
            parser.parse()
            #expect(parser.parseError == .entitiesDeclared, "\(encoding)")
            #expect(parser.placemarks.isEmpty)
        }
        let parameter = GMUKMLParser(data: Data(#"<?xml version="1.0"?><!DOCTYPE kml [<!ENTITY % p "x">]><kml/>"#.utf8))
        parameter.parse()
        #expect(parameter.parseError == .entitiesDeclared)
        let plain = "<?xml version=\"1.0\" encoding=\"UTF-16\"?><kml><Placemark><name>Zürich</name><Point><coordinates>8.5,47.4</coordinates></Point></Placemark></kml>"
        let utf16 = GMUKMLParser(data: try #require(plain.data(using: .utf16)))
        utf16.parse()
        #expect(utf16.parseError == nil)
        #expect((utf16.placemarks.first as? GMUPlacemark)?.title == "Zürich")
    }

    static let styledJSON = """
        {"type":"FeatureCollection","features":[
         {"type":"Feature","properties":{"fill":"#ff0000","fill-opacity":0.25,"stroke":"#00f","stroke-width":3,"title":"Area"},
          "geometry":{"type":"Polygon","coordinates":[[[9.5,47.1],[9.6,47.1],[9.6,47.2],[9.5,47.1]]]}},
         {"type":"Feature","properties":{"stroke":"#00ff00","stroke-opacity":0.5},
          "geometry":{"type":"LineString","coordinates":[[9.5,47.1],[9.6,47.2]]}},
         {"type":"Feature","properties":{"marker-color":"#123456","title":"Pin","description":"Here"},
          "geometry":{"type":"Point","coordinates":[9.55,47.15]}},
         {"type":"Feature","properties":{"fill":"notacolor","stroke-width":1e9,"fill-opacity":"x"},
          "geometry":{"type":"Polygon","coordinates":[[[9.5,47.1],[9.6,47.1],[9.6,47.2],[9.5,47.1]]]}}
        ]}
        """

    func rgba(_ color: UIColor?) -> [CGFloat] {
        var r: CGFloat = 0, g: CGFloat = 0, b: CGFloat = 0, a: CGFloat = 0
        color?.getRed(&r, green: &g, blue: &b, alpha: &a)
        return [r, g, b, a].map { ($0 * 1_000).rounded() / 1_000 }
    }

    @Test func rule75GeoJSONIsStyledFromItsSimplestyleProperties() throws {
        let parser = GMUGeoJSONParser(data: Data(Self.styledJSON.utf8))
        parser.parse()
        let (map, _) = map()
        let renderer = GMUGeometryRenderer(map: map, geometries: parser.features)
        renderer.render()
        let polygons = renderer.mapOverlays().compactMap { $0 as? GMSPolygon }
        let area = try #require(polygons.first)
        #expect(rgba(area.fillColor) == [1, 0, 0, 0.25])
        #expect(rgba(area.strokeColor) == [0, 0, 1, 1])
        #expect(area.strokeWidth == 3 && area.title == "Area")
        let line = try #require(renderer.mapOverlays().compactMap { $0 as? GMSPolyline }.first)
        #expect(rgba(line.strokeColor) == [0, 1, 0, 0.5])
        let pin = try #require(renderer.mapOverlays().compactMap { $0 as? GMSMarker }.first)
        #expect(pin.title == "Pin" && pin.snippet == "Here" && pin.icon != nil)
        // Values that are not simplestyle's are ignored; widths are clamped.
        let odd = try #require(polygons.last)
        #expect(rgba(odd.fillColor) == rgba(GMSPolygon().fillColor))
        #expect(odd.strokeWidth == 1_000)
    }

    /// Real districts whose properties carry simplestyle colours (tools/geodata), drawn in
    /// them with no code to style them.
    @Test func rule75HelsinkisDistrictsDrawInTheColoursTheirPropertiesGive() throws {
        let parser = GMUGeoJSONParser(url: Self.fixtures.appendingPathComponent("helsinki-districts.geojson"))
        parser.parse()
        #expect(parser.parseError == nil)
        let features = parser.features.compactMap { $0 as? GMUFeature }
        let names = features.map { $0.properties?["name"] as? String ?? "" }
        #expect(names == ["Kruununhaka", "Kluuvi", "Kaartinkaupunki", "Kamppi", "Punavuori", "Kallio"])
        let kluuvi = try #require(features.first { $0.identifier == "relation/184713" })
        #expect(kluuvi.properties?["ref"] as? String == "02")
        // The areas as drawn agree with the file's figures; together the districts fill the
        // extract's box (1.678 km²).
        func area(_ feature: GMUFeature) -> Double {
            guard let polygon = feature.geometry as? GMUPolygon else { return 0 }
            return ((polygon.paths.first?.area() ?? 0) - polygon.paths.dropFirst().reduce(0) { $0 + $1.area() }) / 1e6
        }
        #expect(abs(area(kluuvi) - 0.909) < 0.01)
        #expect(abs(features.reduce(0) { $0 + area($1) } - 1.678) < 0.02)
        let map = makeMapView(frame: CGRect(x: 0, y: 0, width: 400, height: 500), camera: GMSCameraPosition(latitude: 60.1716, longitude: 24.9443, zoom: 14))
        let renderer = GMUGeometryRenderer(map: map, geometries: parser.features)
        renderer.render()
        let polygons = renderer.mapOverlays().compactMap { $0 as? GMSPolygon }
        #expect(polygons.count == 6)
        let drawn = try #require(polygons.first { $0.title == "Kluuvi (Gloet)" })
        #expect(rgba(drawn.fillColor) == [0.988, 0.553, 0.384, 0.5], "#fc8d62 at 0.5")
        #expect(rgba(drawn.strokeColor) == [0.2, 0.2, 0.2, 1], "#333333")
        #expect(drawn.strokeWidth == 1.5)
    }

    @Test func rule75AClosureStylesFeaturesAndAFeaturesOwnStyleWins() throws {
        let parser = GMUGeoJSONParser(data: Data(Self.styledJSON.utf8))
        parser.parse()
        let (map, _) = map()
        let black = GMUStyle(
            styleID: "black", strokeColor: .black, fillColor: .black, width: 7, scale: 1, heading: 0, anchor: .zero, iconUrl: nil, title: nil,
            hasFill: true, hasStroke: true)
        let white = GMUStyle(
            styleID: "white", strokeColor: .white, fillColor: .white, width: 1, scale: 1, heading: 0, anchor: .zero, iconUrl: nil, title: nil,
            hasFill: true, hasStroke: true)
        parser.features.first?.style = white
        let renderer = GMUGeometryRenderer(map: map, geometries: parser.features)
        var asked: [String?] = []
        renderer.styleForFeature = { feature in
            asked.append(feature.properties?["title"] as? String)
            return black
        }
        renderer.render()
        let polygons = renderer.mapOverlays().compactMap { $0 as? GMSPolygon }
        #expect(rgba(polygons.first?.fillColor) == [1, 1, 1, 1], "the feature's own style")
        #expect(rgba(polygons.last?.fillColor) == [0, 0, 0, 1], "the closure's")
        #expect(polygons.last?.strokeWidth == 7)
        #expect(asked.count == 3, "asked for the features without a style")
    }
}
