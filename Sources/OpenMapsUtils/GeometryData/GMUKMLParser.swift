import Foundation
import Logging
import OpenMaps

/// Reads KML into placemarks, styles and style maps, as the library's `GMUKMLParser`:
/// Placemarks with a Point, LineString, Polygon (outer and inner boundaries) or MultiGeometry
/// (nested ones too), GroundOverlays (LatLonBox, rotation, drawOrder, Icon), Styles
/// (LineStyle colour and width, PolyStyle colour, fill and outline, IconStyle scale, heading,
/// hotSpot and Icon, BalloonStyle text) and StyleMaps. Other elements (Folders and Documents
/// are walked through) are skipped. KML colours are `aabbggrr`.
///
/// `parse()` keeps the library's signature; input that cannot be read gives nothing, a logged
/// error and ``parseError`` (OpenMaps' own). Documents declaring XML entities are refused (KML
/// has none; expanded they can grow without bound); elements nested deeper than
/// ``maximumDepth`` stop the reading there. Where this differs from the library's reading
/// (text in CDATA, icon scale, hotSpot, nested MultiGeometry), docs/utils.md says how.
///
/// KMZ files (OpenMaps' own; the library reads KML only) are read too, from a URL, data or a
/// stream alike: the archive's `doc.kml` (else its first `.kml` file) is the document, and
/// links to images inside the archive become `data:` URLs the renderer draws, so nothing is
/// written to disk. ``maximumArchiveEntries`` and ``maximumArchiveBytes`` bound the archive.
public final class GMUKMLParser: NSObject {
    /// The most bytes read (docs/limits.md).
    public static let maximumInputBytes = 64 << 20
    /// The deepest element nesting read.
    public static let maximumDepth = 256
    /// The most coordinates kept, all geometries together.
    public static let maximumCoordinates = 5_000_000
    /// The most entries a KMZ archive may hold (OpenMaps' own; docs/limits.md).
    public static let maximumArchiveEntries = 10_000
    /// The most bytes a KMZ archive's entries may inflate to, together (OpenMaps' own).
    public static let maximumArchiveBytes = 256 << 20

    /// The placemarks (and ground overlays), in document order.
    public var placemarks: [GMUGeometryContainer] { reader.placemarks }
    /// The shared styles (those outside placemarks), in document order.
    public var styles: [GMUStyle] { reader.styles }
    /// The style maps, in document order.
    public var styleMaps: [GMUStyleMap] { reader.styleMaps }
    /// Why the last `parse()` gave nothing or stopped early (OpenMaps' own).
    public private(set) var parseError: GMUParseError?

    private let source: GMUParseInput.Source
    private let reader = KMLReader()
    private var isParsed = false
    private static let logger = Logger(label: "OpenMaps.Utils.GeometryData")

    /// A parser of a file, read now (a file that cannot be read gives nothing).
    public init(url: URL) {
        source = .file(GMUParseInput.read(url: url, limit: Self.maximumInputBytes))
        super.init()
    }

    /// A parser of data.
    public init(data: Data) {
        source = .data(data)
        super.init()
    }

    /// A parser of a stream, read at `parse()`.
    public init(stream: InputStream) {
        source = .stream(stream)
        super.init()
    }

    /// Reads the document (once).
    public func parse() {
        guard !isParsed else { return }
        isParsed = true
        var data: Data
        switch source.read(limit: Self.maximumInputBytes) {
        case .success(let read): data = read
        case .failure(let error): return fail(error)
        }
        if KMZArchive.isArchive(data) {
            do throws(GMUParseError) {
                var archive = try KMZArchive(data)
                guard let document = archive.document else { return fail(.malformed("a KMZ archive without a KML document")) }
                let kml = try archive.contents(of: document, limit: Self.maximumInputBytes)
                let links = KMZLinks(archive)
                reader.resolveLink = { links.resolve($0) }
                data = kml
            } catch {
                return fail(error)
            }
        }
        switch SAXReader.read(data, into: reader) {
        case .entityDeclared: return fail(.entitiesDeclared)
        case .malformed(let reason) where reader.stop == nil: return fail(.malformed(reason))
        case .finished, .stopped, .malformed: break
        }
        if let stop = reader.stop {
            parseError = stop
            Self.logger.error("KML read only in part: \(stop)")
        }
    }

    private func fail(_ error: GMUParseError) {
        parseError = error
        reader.clear()
        Self.logger.error("KML not read: \(error)")
    }
}

/// The SAX reader behind `GMUKMLParser`: a stack of open elements, the placemark, geometry,
/// style and style map under construction.
final class KMLReader: SAXHandler {
    private(set) var placemarks: [GMUGeometryContainer] = []
    private(set) var styles: [GMUStyle] = []
    private(set) var styleMaps: [GMUStyleMap] = []
    private(set) var stop: GMUParseError?
    /// Turns a link into the URL read (a KMZ archive's entries into `data:` URLs).
    var resolveLink: ((String) -> String)?

    private var open: [String] = []
    /// The open element's text so far, in UTF-8.
    private var text: [UInt8] = []
    private var coordinatesLeft = GMUKMLParser.maximumCoordinates

    // The placemark or ground overlay being read.
    private var inFeature = false
    private var isGroundOverlay = false
    private var name: String?
    private var snippet: String?
    private var styleUrl: String?
    private var inlineStyle: GMUStyle?
    private var geometry: GMUGeometry?
    private var box: [String: Double] = [:]
    private var rotation = 0.0
    private var drawOrder: Int32 = 0
    private var overlayHref: String?

    // Geometries being read: MultiGeometry members, a polygon's rings, a point or line's coordinates.
    private var collections: [[GMUGeometry]] = []
    private var outerRing: [CLLocationCoordinate2D]?
    private var holes: [[CLLocationCoordinate2D]] = []
    private var coordinates: [CLLocationCoordinate2D] = []

    // The style being read.
    private var style = StyleDraft()
    private var styleMapId: String?
    private var pairs: [GMUPair] = []
    private var pairKey: String?
    private var pairUrl: String?

    struct StyleDraft {
        var id: String?
        var stroke: UIColor?
        var fill: UIColor?
        var width: CGFloat = 0
        var scale: CGFloat = 1
        var heading: CGFloat = 0
        var anchor = CGPoint.zero
        var icon: String?
        var title: String?
        var hasFill = true
        var hasStroke = true
    }

    func clear() {
        placemarks = []
        styles = []
        styleMaps = []
    }

    /// An element's name without its namespace prefix ("kml:Placemark" is a Placemark).
    private func local(_ name: String) -> String {
        guard let colon = name.lastIndex(of: ":") else { return name }
        return String(name[name.index(after: colon)...])
    }

    private func isInside(_ element: String) -> Bool { open.dropLast().contains(element) }
    private var parent: String? { open.count >= 2 ? open[open.count - 2] : nil }

    func startElement(_ elementName: String, attributes attributeDict: [String: String]) -> Bool {
        let element = local(elementName)
        open.append(element)
        text.removeAll(keepingCapacity: true)
        guard open.count <= GMUKMLParser.maximumDepth else {
            stop = .tooDeep(limit: GMUKMLParser.maximumDepth)
            return false
        }
        switch element {
        case "Placemark", "GroundOverlay":
            startFeature(groundOverlay: element == "GroundOverlay")
        case "MultiGeometry":
            collections.append([])
        case "Polygon":
            outerRing = nil
            holes = []
        case "Point", "LineString", "LinearRing":
            coordinates = []
        case "Style":
            style = StyleDraft()
            style.id = attributeDict["id"].map { "#" + $0 }
        case "StyleMap":
            styleMapId = attributeDict["id"].map { "#" + $0 }
            pairs = []
        case "Pair":
            pairKey = nil
            pairUrl = nil
        case "hotSpot" where isInside("IconStyle"):
            // Fractions only, as the library reads it; KML's y counts from the bottom.
            if attributeDict["xunits"] == "fraction", attributeDict["yunits"] == "fraction",
                let x = attributeDict["x"].flatMap(Double.init), let y = attributeDict["y"].flatMap(Double.init), x.isFinite, y.isFinite
            {
                style.anchor = CGPoint(x: x, y: 1 - y)
            } else {
                style.anchor = CGPoint(x: 0.5, y: 1)
            }
        default:
            break
        }
        return true
    }

    /// Text and CDATA alike (no more than the input holds: no entity expands).
    func characters(_ bytes: UnsafeBufferPointer<UInt8>) {
        text.append(contentsOf: bytes)
    }

    func endElement(_ elementName: String) {
        let element = local(elementName)
        defer {
            open.removeLast()
            text.removeAll(keepingCapacity: text.count < 1 << 16)
        }
        if element == "coordinates" {
            coordinates = text.withUnsafeBufferPointer(parseCoordinates)
            return
        }
        let value = String(decoding: text, as: UTF8.self)
        let trimmed = value.trimmingCharacters(in: .whitespacesAndNewlines)
        switch element {
        case "Placemark", "GroundOverlay":
            endFeature()
        case "name" where inFeature && (parent == "Placemark" || parent == "GroundOverlay"):
            name = value
        case "description" where inFeature && (parent == "Placemark" || parent == "GroundOverlay"):
            snippet = value
        case "styleUrl":
            if parent == "Pair" {
                pairUrl = trimmed
            } else if inFeature {
                styleUrl = trimmed
            }
        case "key" where parent == "Pair":
            pairKey = trimmed
        case "Pair":
            if let pairKey, let pairUrl { pairs.append(GMUPair(key: pairKey, styleUrl: pairUrl)) }
        case "StyleMap":
            if let styleMapId { styleMaps.append(GMUStyleMap(id: styleMapId, pairs: pairs)) }
            styleMapId = nil
        case "LinearRing":
            if isInside("outerBoundaryIs") {
                outerRing = coordinates
            } else if isInside("innerBoundaryIs") {
                holes.append(coordinates)
            }
        case "Point":
            if let first = coordinates.first { add(GMUPoint(coordinate: first)) }
        case "LineString":
            if !coordinates.isEmpty { add(GMULineString(path: coordinates.gmsMutablePath)) }
        case "Polygon":
            if let outer = outerRing, !outer.isEmpty {
                add(GMUPolygon(paths: [outer.gmsMutablePath] + holes.filter { !$0.isEmpty }.map(\.gmsMutablePath)))
            }
            outerRing = nil
            holes = []
        case "MultiGeometry":
            if let members = collections.popLast() { add(GMUGeometryCollection(geometries: members)) }
        case "north", "south", "east", "west":
            if isInside("LatLonBox"), let number = Double(trimmed), number.isFinite { box[element] = number }
        case "rotation" where isInside("LatLonBox"):
            // KML turns counter-clockwise; a bearing turns clockwise.
            var angle = Double(trimmed) ?? 0
            if !angle.isFinite || abs(angle) > 180 { angle = 0 }
            rotation = angle <= 0 ? -angle : 360 - angle
        case "drawOrder":
            drawOrder = Int32(clamping: Int(trimmed) ?? 0)
        case "href":
            let link = resolveLink?(trimmed) ?? trimmed
            if isInside("Style") {
                style.icon = link
            } else if isGroundOverlay {
                overlayHref = link
            }
        case "color":
            if parent == "LineStyle" {
                style.stroke = Self.color(trimmed)
            } else if parent == "PolyStyle" {
                style.fill = Self.color(trimmed)
            }
        case "width" where parent == "LineStyle":
            if let number = Double(trimmed), number.isFinite { style.width = CGFloat(min(max(number, 0), 1_000)) }
        case "fill" where parent == "PolyStyle":
            style.hasFill = Self.bool(trimmed)
        case "outline" where parent == "PolyStyle":
            style.hasStroke = Self.bool(trimmed)
        case "scale" where parent == "IconStyle":
            if let number = Double(trimmed), number.isFinite, number > 0 { style.scale = CGFloat(min(number, 100)) }
        case "heading" where parent == "IconStyle":
            if let number = Double(trimmed), number.isFinite { style.heading = CGFloat(number) }
        case "text" where parent == "BalloonStyle":
            style.title = value
        case "Style":
            endStyle()
        default:
            break
        }
    }

    private func startFeature(groundOverlay: Bool) {
        inFeature = true
        isGroundOverlay = groundOverlay
        name = nil
        snippet = nil
        styleUrl = nil
        inlineStyle = nil
        geometry = nil
        box = [:]
        rotation = 0
        drawOrder = 0
        overlayHref = nil
        collections = []
    }

    private func endFeature() {
        guard inFeature else { return }
        inFeature = false
        if isGroundOverlay {
            guard let north = box["north"], let south = box["south"], let east = box["east"], let west = box["west"] else { return }
            let overlay = GMUGroundOverlay(
                coordinate: CLLocationCoordinate2D(latitude: north, longitude: east),
                southWest: CLLocationCoordinate2D(latitude: south, longitude: west), zIndex: drawOrder, rotation: rotation,
                href: overlayHref ?? "")
            placemarks.append(GMUPlacemark(geometry: overlay, title: name, snippet: snippet, style: inlineStyle, styleUrl: styleUrl))
        } else {
            placemarks.append(GMUPlacemark(geometry: geometry, title: name, snippet: snippet, style: inlineStyle, styleUrl: styleUrl))
        }
    }

    /// A finished geometry joins the open MultiGeometry, else becomes the placemark's.
    private func add(_ shape: GMUGeometry) {
        if !collections.isEmpty {
            collections[collections.count - 1].append(shape)
        } else if inFeature, geometry == nil {
            geometry = shape
        }
    }

    private func endStyle() {
        let made = GMUStyle(
            styleID: style.id ?? "", strokeColor: style.stroke, fillColor: style.fill, width: style.width, scale: style.scale,
            heading: style.heading, anchor: style.anchor, iconUrl: style.icon, title: style.title, hasFill: style.hasFill,
            hasStroke: style.hasStroke)
        if inFeature {
            inlineStyle = made
        } else if style.id != nil {
            styles.append(made)
        }
        style = StyleDraft()
    }

    /// "lon,lat[,alt]" tuples separated by white space (spaces, tabs, line feeds and carriage
    /// returns, in any mix: `&#13;&#10;` between tuples is white space too); unusable tuples
    /// are dropped.
    private func parseCoordinates(_ text: UnsafeBufferPointer<UInt8>) -> [CLLocationCoordinate2D] {
        var result: [CLLocationCoordinate2D] = []
        func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x0A || byte == 0x09 || byte == 0x0D }
        var index = 0
        while index < text.count {
            while index < text.count, isSpace(text[index]) { index += 1 }
            let start = index
            while index < text.count, !isSpace(text[index]) { index += 1 }
            guard index > start else { break }
            let parts = UnsafeBufferPointer(rebasing: text[start..<index]).split(separator: UInt8(ascii: ","), omittingEmptySubsequences: false)
            guard parts.count >= 2, let longitude = Double(String(decoding: parts[0], as: UTF8.self)),
                let latitude = Double(String(decoding: parts[1], as: UTF8.self)),
                longitude.isFinite, latitude.isFinite, abs(latitude) <= 90, abs(longitude) <= 540
            else { continue }
            coordinatesLeft -= 1
            guard coordinatesLeft >= 0 else {
                if stop == nil { stop = .tooManyCoordinates(limit: GMUKMLParser.maximumCoordinates) }
                break
            }
            result.append(CLLocationCoordinate2D(latitude: latitude, longitude: longitude))
        }
        return result
    }

    /// KML's `aabbggrr`; unreadable colours are transparent.
    static func color(_ text: String) -> UIColor {
        let hex = text.hasPrefix("#") ? String(text.dropFirst()) : text
        guard hex.count == 8, let value = UInt32(hex, radix: 16) else { return .clear }
        func channel(_ shift: UInt32) -> CGFloat { CGFloat((value >> shift) & 0xff) / 255 }
        return UIColor(red: channel(0), green: channel(8), blue: channel(16), alpha: channel(24))
    }

    /// KML's booleans: "1" or "true" (any case) are true.
    static func bool(_ text: String) -> Bool {
        let lower = text.lowercased()
        return lower == "1" || lower == "true" || lower == "yes"
    }
}
