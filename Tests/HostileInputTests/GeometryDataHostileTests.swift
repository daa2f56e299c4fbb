import Basemap
import Foundation
import Geocoding
import MapDrawing
import OpenMaps
import OpenMapsUtils
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Run inside `HostileInputTests`, one at a time: their children are large.
extension HostileInputTests {
    /// Large and hostile KML and GeoJSON (docs/limits.md), each in a child process.
    @Suite("Hostile input: KML and GeoJSON")
    struct GeometryDataHostileTests {
        /// A KML document of placemarks, about `bytes` long.
        static func placemarks(bytes: Int) -> (data: Data, count: Int) {
            var text = "<kml><Document>\n"
            var count = 0
            let head = text.utf8.count
            let one = "<Placemark><name>p</name><Point><coordinates>24.94,60.17,0</coordinates></Point></Placemark>\n"
            count = (bytes - head) / one.utf8.count
            text += String(repeating: one, count: count)
            text += "</Document></kml>"
            return (Data(text.utf8), count)
        }

        /// Past libxml2's default 10 MB, up to the documented 64 MB: every placemark is read.
        @Test func limitKMLInputBytesDocumentsUpTo64MBAreReadWhole() async {
            await #expect(processExitsWith: .success) {
                await ExitGuard.run {
                    for bytes in [12_000_000, 60 << 20] {
                        let (data, count) = HostileInputTests.GeometryDataHostileTests.placemarks(bytes: bytes)
                        let parser = GMUKMLParser(data: data)
                        parser.parse()
                        guard parser.parseError == nil, parser.placemarks.count == count else {
                            print("\(bytes) bytes: \(parser.placemarks.count) of \(count), \(String(describing: parser.parseError))")
                            exit(4)
                        }
                    }
                    let over = Data(count: GMUKMLParser.maximumInputBytes + 1)
                    let refused = GMUKMLParser(data: over)
                    refused.parse()
                    guard refused.parseError == .tooLarge(limit: GMUKMLParser.maximumInputBytes) else { exit(5) }
                }
            }
        }

        /// 5,000,000 coordinates are kept, the rest dropped with `.tooManyCoordinates`.
        @Test func limitKMLCoordinatesPastFiveMillionAreDroppedWithAnError() async {
            await #expect(processExitsWith: .success) {
                await ExitGuard.run {
                    let count = GMUKMLParser.maximumCoordinates + 100_000
                    var text = "<kml><Placemark><LineString><coordinates>"
                    text += String(repeating: "1,2 ", count: count)
                    text += "</coordinates></LineString></Placemark></kml>"
                    let parser = GMUKMLParser(data: Data(text.utf8))
                    parser.parse()
                    guard parser.parseError == .tooManyCoordinates(limit: GMUKMLParser.maximumCoordinates),
                        let line = parser.placemarks.first?.geometry as? GMULineString, line.path.count() == UInt(GMUKMLParser.maximumCoordinates)
                    else { exit(4) }
                }
            }
        }

        /// An 11 MB UTF-16 document declaring entities is refused at the declaration, at once.
        @Test func limitKMLEntitiesInUTF16AreRefusedAtOnce() async {
            await #expect(processExitsWith: .success) {
                await ExitGuard.run(seconds: 20) {
                    var text = #"<?xml version="1.0" encoding="UTF-16"?><!DOCTYPE kml [<!ENTITY a "aaaaaaaaaaaaaaaaaaaa">"#
                    for level in 1...8 { text += "<!ENTITY \(Character(UnicodeScalar(UInt8(97 + level)))) \"" + String(repeating: "&\(Character(UnicodeScalar(UInt8(96 + level))));", count: 10) + "\">" }
                    text += "]><kml><Placemark><name>"
                    text += String(repeating: "&i;", count: 1_800_000)
                    text += "</name></Placemark></kml>"
                    guard let data = text.data(using: .utf16), data.count > 10_000_000 else { exit(6) }
                    let parser = GMUKMLParser(data: data)
                    parser.parse()
                    guard parser.parseError == .entitiesDeclared, parser.placemarks.isEmpty else { exit(4) }
                }
            }
        }

        /// A FIFO, a folder or a device named as a KML or GeoJSON file, an image, a map style,
        /// a geocoder pack or a style's icon is not read: nothing waits on it.
        @Test func limitFilesThatAreNotRegularAreNotReadAndNeverBlock() async {
            await #expect(processExitsWith: .success) {
                await ExitGuard.run(seconds: 20) {
                    let fifo = FileManager.default.temporaryDirectory.appendingPathComponent("openmaps-fifo-\(getpid())")
                    mkfifo(fifo.path, 0o600)
                    defer { try? FileManager.default.removeItem(at: fifo) }
                    for url in [fifo, FileManager.default.temporaryDirectory, URL(fileURLWithPath: "/dev/zero")] {
                        let kml = GMUKMLParser(url: url)
                        kml.parse()
                        let json = GMUGeoJSONParser(url: url)
                        json.parse()
                        guard kml.parseError == .unreadable, json.parseError == .unreadable, UIImage(contentsOfFile: url.path) == nil else { exit(4) }
                        guard (try? GMSMapStyle(contentsOfFileURL: url)) == nil, (try? ReverseGeocoder(contentsOf: url)) == nil else { exit(8) }
                    }
                    await MainActor.run {
                        let document = """
                            <kml><Document><Style id="s"><IconStyle><Icon><href>\(fifo.path)</href></Icon></IconStyle></Style>
                            <Placemark><styleUrl>#s</styleUrl><Point><coordinates>24.94,60.17</coordinates></Point></Placemark></Document></kml>
                            """
                        let parser = GMUKMLParser(data: Data(document.utf8))
                        parser.parse()
                        let map = GMSMapView(options: GMSMapViewOptions())
                        let renderer = GMUGeometryRenderer(map: map, geometries: parser.placemarks, styles: parser.styles, styleMaps: parser.styleMaps)
                        renderer.render()
                        guard (renderer.mapOverlays().first as? GMSMarker)?.icon == nil else { exit(5) }
                    }
                }
            }
        }

        /// A feature collection of points about `bytes` long, and how many features it holds.
        static func pointCollection(bytes: Int) -> (data: Data, count: Int) {
            let one = #"{"type":"Feature","properties":{"name":"p","rank":3},"geometry":{"type":"Point","coordinates":[24.94123,60.17123]}},"#
            let count = (bytes - 64) / one.utf8.count
            var text = #"{"type":"FeatureCollection","features":["#
            text += String(repeating: one, count: count)
            text.removeLast()
            text += "]}"
            return (Data(text.utf8), count)
        }

        /// GeoJSON up to the documented 64 MB is read within memory (JSONSerialization's object
        /// graph took 75 times the file); past a million features the rest are dropped.
        @Test func limitGeoJSONInputBytesA60MBFileIsReadWithinMemory() async {
            await #expect(processExitsWith: .success) {
                await ExitGuard.run {
                    let (data, count) = HostileInputTests.GeometryDataHostileTests.pointCollection(bytes: 60 << 20)
                    let parser = GMUGeoJSONParser(data: data)
                    parser.parse()
                    let expected = min(count, GMUGeoJSONParser.maximumFeatures)
                    guard parser.features.count == expected else {
                        print("\(parser.features.count) of \(count) features, \(String(describing: parser.parseError))")
                        exit(4)
                    }
                    guard count <= GMUGeoJSONParser.maximumFeatures || parser.parseError == .tooManyFeatures(limit: GMUGeoJSONParser.maximumFeatures) else { exit(5) }
                }
            }
        }

        /// Image bombs as icons: an 8192 x 8192 PNG (a few hundred KB) is refused from its header,
        /// however many placemarks name it; 4096 x 4096 images (64 MB each decoded) stop at the
        /// renderer's 256 MB budget; one image that many placemarks share is decoded once.
        @Test func limitDecodedImagesAreBoundedPerImageAndPerRenderer() async {
            await #expect(processExitsWith: .success) {
                await ExitGuard.run {
                    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("openmaps-bombs-\(getpid())")
                    try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
                    defer { try? FileManager.default.removeItem(at: folder) }
                    func png(side: Int) -> Data {
                        let canvas = Canvas(size: CGSize(width: side, height: side), scale: 1)
                        canvas.clear(Color(red: 0.9, green: 0.2, blue: 0.1))
                        return (try? canvas.bitmap.pngData(compressionLevel: 9)) ?? Data()
                    }
                    let bomb = png(side: 8_192), big = png(side: 4_096)
                    var names: [String] = []
                    for index in 0..<40 {
                        let bombPath = folder.appendingPathComponent("bomb-\(index).png").path, bigPath = folder.appendingPathComponent("big-\(index).png").path
                        _ = FileManager.default.createFile(atPath: bombPath, contents: bomb)
                        _ = FileManager.default.createFile(atPath: bigPath, contents: big)
                        names += [bombPath, bigPath]
                    }
                    let shared = folder.appendingPathComponent("big-0.png").path
                    names += Array(repeating: shared, count: 40)
                    let styles = names.enumerated().map { #"<Style id="s\#($0.offset)"><IconStyle><Icon><href>\#($0.element)</href></Icon></IconStyle></Style>"# }
                    let placemarks = names.indices.map { "<Placemark><styleUrl>#s\($0)</styleUrl><Point><coordinates>24.9\($0),60.1</coordinates></Point></Placemark>" }
                    let kml = "<kml><Document>" + styles.joined() + placemarks.joined() + "</Document></kml>"
                    await MainActor.run {
                        let parser = GMUKMLParser(data: Data(kml.utf8))
                        parser.parse()
                        let map = GMSMapView(options: GMSMapViewOptions())
                        let renderer = GMUGeometryRenderer(map: map, geometries: parser.placemarks, styles: parser.styles, styleMaps: parser.styleMaps)
                        renderer.render()
                        let markers = renderer.mapOverlays().compactMap { $0 as? GMSMarker }
                        let shown = markers.filter { $0.map != nil }
                        // Bombs: none; big ones: four fit the budget (the shared one among them);
                        // the 40 naming the shared one: all.
                        guard markers.count == 120, shown.count == 44 else {
                            print("\(shown.count) of \(markers.count) shown")
                            exit(4)
                        }
                    }
                }
            }
        }

        /// A ZIP archive of `files`, stored (not deflated), as a KMZ is.
        static func storedArchive(_ files: [(name: String, data: Data)]) -> Data {
            var archive = Data(), directory = Data()
            func le(_ value: Int, _ bytes: Int) -> Data { Data((0..<bytes).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) }) }
            for file in files {
                let name = Data(file.name.utf8), crc = Int(Inflate.crc32(file.data)), offset = archive.count
                let common = le(20, 2) + le(0, 2) + le(0, 2) + le(0, 2) + le(0, 2) + le(crc, 4) + le(file.data.count, 4) + le(file.data.count, 4) + le(name.count, 2)
                archive += le(0x0403_4B50, 4) + common + le(0, 2) + name + file.data
                directory += le(0x0201_4B50, 4) + le(20, 2) + common + le(0, 2) + le(0, 2) + le(0, 2) + le(0, 2) + le(0, 4) + le(offset, 4) + name
            }
            let start = archive.count
            archive += directory
            archive += le(0x0605_4B50, 4) + le(0, 2) + le(0, 2) + le(files.count, 2) + le(files.count, 2) + le(directory.count, 4) + le(start, 4) + le(0, 2)
            return archive
        }

        /// Image bombs inside a KMZ: 30 PNGs of 8192 x 8192 (a few hundred KB each, 256 MB each
        /// decoded) are refused from their headers, and 30 distinct 4096 x 4096 ones stop at the
        /// renderer's 256 MB budget; the archive's document is read and its other placemarks shown.
        @Test func limitDecodedImagesInAKMZAreBoundedAsAnyOthers() async {
            await #expect(processExitsWith: .success) {
                await ExitGuard.run {
                    func png(side: Int) -> Data {
                        let canvas = Canvas(size: CGSize(width: side, height: side), scale: 1)
                        canvas.clear(Color(red: 0.1, green: 0.3, blue: 0.8))
                        return (try? canvas.bitmap.pngData(compressionLevel: 9)) ?? Data()
                    }
                    // Bytes after a PNG's end make each image distinct (so none is shared).
                    let bomb = png(side: 8_192), big = png(side: 4_096)
                    var files: [(name: String, data: Data)] = []
                    var styles = "", placemarks = ""
                    for index in 0..<30 {
                        files.append(("files/bomb-\(index).png", bomb + Data("\(index)".utf8)))
                        files.append(("files/big-\(index).png", big + Data("\(index)".utf8)))
                    }
                    for (index, file) in files.enumerated() {
                        styles += #"<Style id="s\#(index)"><IconStyle><Icon><href>\#(file.name)</href></Icon></IconStyle></Style>"#
                        placemarks += "<Placemark><styleUrl>#s\(index)</styleUrl><Point><coordinates>24.9\(index),60.1</coordinates></Point></Placemark>"
                    }
                    placemarks += "<Placemark><name>plain</name><Point><coordinates>24.5,60.1</coordinates></Point></Placemark>"
                    let kml = "<kml><Document>" + styles + placemarks + "</Document></kml>"
                    let kmz = Self.storedArchive([("doc.kml", Data(kml.utf8))] + files)
                    await MainActor.run {
                        let parser = GMUKMLParser(data: kmz)
                        parser.parse()
                        guard parser.parseError == nil, parser.placemarks.count == 61 else {
                            print("\(String(describing: parser.parseError)), \(parser.placemarks.count) placemarks")
                            exit(4)
                        }
                        let map = GMSMapView(options: GMSMapViewOptions())
                        let renderer = GMUGeometryRenderer(map: map, geometries: parser.placemarks, styles: parser.styles, styleMaps: parser.styleMaps)
                        renderer.render()
                        let markers = renderer.mapOverlays().compactMap { $0 as? GMSMarker }
                        let shown = markers.filter { $0.map != nil }
                        // Bombs: none; big ones: the four that fit the budget; the plain one.
                        guard markers.count == 61, shown.count == 5 else {
                            print("\(shown.count) of \(markers.count) shown")
                            exit(5)
                        }
                    }
                }
            }
        }
    }
}
