import Foundation
#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif
import Logging
import MapDrawing
import MapGeometry
import OpenMaps

/// Draws GeoJSON features and KML placemarks on a map, as the library's
/// `GMUGeometryRenderer`: points become markers (titled from the style's balloon text or the
/// placemark's name, with the placemark's description as snippet; an icon from the style's
/// icon URL, its scale, heading and hot spot), lines polylines, polygons polygons with their
/// holes, ground overlays ground overlays; collections draw each member. A container's own
/// style wins; a placemark without one takes the style its URL names, or the "normal" style
/// of the style map it names. Everything drawn is tappable.
///
/// GeoJSON features without a style of their own are styled by ``styleForFeature`` when set,
/// else by their simplestyle-spec properties (`stroke`, `stroke-width`, `stroke-opacity`,
/// `fill`, `fill-opacity`, `marker-color`, `title`, `description`), both OpenMaps additions.
///
/// Taps on what it drew go to its ``delegate`` (with the feature or placemark, whose
/// properties a `GMUFeature` carries) before the map's delegate hears of them; each overlay's
/// `userData` is the container it was drawn for (both OpenMaps additions: the library leaves
/// `userData` unset and reports taps only to the map's delegate).
///
/// Images from files (paths or `file:` URLs) are read when drawn; images over HTTP are
/// fetched in the background (at most ``maximumImageBytes``), and their marker or ground
/// overlay shows once they arrive, as in the library. Base64 `data:` URLs (a KMZ archive's
/// images) are decoded when drawn (OpenMaps' own).
@preconcurrency @MainActor
public final class GMUGeometryRenderer: NSObject {
    /// The largest icon or ground overlay image read (docs/limits.md).
    nonisolated public static let maximumImageBytes = 16 << 20
    /// The most pixels an icon or ground overlay image may decode to (4096 x 4096, 64 MB),
    /// checked from its header before it is decoded (docs/limits.md; OpenMaps' own).
    nonisolated public static let maximumImagePixels = 4_096 * 4_096
    /// The most bytes the images one renderer decodes may take together (OpenMaps' own): an
    /// image is decoded once however many placemarks use it; past this, further images are
    /// not shown, with a logged warning.
    nonisolated public static let maximumDecodedImageBytes = 256 << 20

    private weak var map: GMSMapView?
    private let containers: [GMUGeometryContainer]
    private let styles: [String: GMUStyle]
    private let styleMaps: [String: GMUStyleMap]
    private var overlays: [GMSOverlay] = []
    /// Styles a GeoJSON feature without a style of its own from its properties (an OpenMaps
    /// addition); nil falls back to the feature's simplestyle-spec properties. Set it before
    /// `render()`.
    public var styleForFeature: (@MainActor (GMUFeature) -> GMUStyle?)?
    /// Told of taps on what the renderer drew (an OpenMaps addition).
    public weak var delegate: GMUGeometryRendererDelegate?
    private var isCleared = false
    /// Images by location: decoded once, shared by every placemark and overlay that uses them.
    private var images: [String: ImageLoad] = [:]
    /// The bytes of the images decoded so far.
    private var decodedImageBytes = 0

    /// An image being had, or had.
    private enum ImageLoad {
        case waiting([@MainActor (UIImage?) -> Void])
        case done(UIImage?)
    }
    nonisolated private static let logger = Logger(label: "OpenMaps.Utils.GeometryData")

    /// Draws containers with their own styles.
    public convenience init(map: GMSMapView, geometries: [GMUGeometryContainer]) {
        self.init(map: map, geometries: geometries, styles: nil, styleMaps: nil)
    }

    /// Draws containers with shared styles (KML).
    public convenience init(map: GMSMapView, geometries: [GMUGeometryContainer], styles: [GMUStyle]?) {
        self.init(map: map, geometries: geometries, styles: styles, styleMaps: nil)
    }

    /// Draws containers with shared styles and style maps (KML).
    public init(map: GMSMapView, geometries: [GMUGeometryContainer], styles: [GMUStyle]?, styleMaps: [GMUStyleMap]?) {
        self.map = map
        containers = geometries
        var byID: [String: GMUStyle] = [:]
        for style in styles ?? [] { byID[style.styleID] = style }
        self.styles = byID
        var maps: [String: GMUStyleMap] = [:]
        for styleMap in styleMaps ?? [] { maps[styleMap.styleMapId] = styleMap }
        self.styleMaps = maps
        super.init()
    }

    /// Draws every container on the map (again, when called again).
    public func render() {
        isCleared = false
        for container in containers {
            var look = style(of: container)
            var simple: SimpleStyle?
            if look == nil, let feature = container as? GMUFeature {
                look = styleForFeature?(feature)
                if look == nil { simple = SimpleStyle(feature.properties) }
            }
            draw(container.geometry, of: container, style: look, simple: simple)
        }
    }

    /// Takes everything drawn off the map, and lets its images go.
    public func clear() {
        isCleared = true
        for overlay in overlays { overlay.map = nil }
        overlays = []
        images = [:]
        decodedImageBytes = 0
    }

    /// What `render()` drew (the library's testing accessor, public in its package).
    public func mapOverlays() -> [GMSOverlay] { overlays }

    /// The style a container is drawn with.
    private func style(of container: GMUGeometryContainer) -> GMUStyle? {
        if let own = container.style { return own }
        guard let placemark = container as? GMUPlacemark, let url = placemark.styleUrl else { return nil }
        return styles[url] ?? getStyle(fromStyleMaps: url)
    }

    /// The "normal" style of the style map a URL names.
    public func getStyle(fromStyleMaps styleUrl: String) -> GMUStyle? {
        guard let pair = styleMaps[styleUrl]?.pairs.first(where: { $0.key == "normal" }) else { return nil }
        return styles[pair.styleUrl]
    }

    private func draw(_ geometry: GMUGeometry, of container: GMUGeometryContainer, style: GMUStyle?, simple: SimpleStyle?, depth: Int = 0) {
        let placemark = container as? GMUPlacemark
        switch geometry {
        case let point as GMUPoint:
            let marker = GMSMarker(position: point.coordinate)
            marker.isTappable = true
            marker.title = style?.title ?? placemark?.title ?? simple?.title
            if let placemark { marker.snippet = placemark.snippet } else if let snippet = simple?.snippet { marker.snippet = snippet }
            if let color = simple?.markerColor { marker.icon = GMSMarker.markerImage(with: color) }
            if let style {
                if style.anchor != .zero { marker.groundAnchor = style.anchor }
                if style.heading != 0 { marker.rotation = Double(style.heading) }
            }
            add(marker, for: container)
            if let url = style?.iconUrl {
                let scale = style?.scale ?? 1
                loadImage(url) { [weak self, weak marker] image in
                    guard let self, let marker, let image else { return }
                    marker.icon = UIImage(bitmap: image.bitmap, scale: image.scale / (scale > 0 ? scale : 1))
                    if !self.isCleared { marker.map = self.map }
                }
            } else {
                marker.map = map
            }
        case let line as GMULineString:
            let polyline = GMSPolyline(path: line.path)
            if let style {
                if style.width != 0 { polyline.strokeWidth = style.width }
                if let stroke = style.strokeColor { polyline.strokeColor = stroke }
            }
            if let simple {
                if let stroke = simple.stroke { polyline.strokeColor = stroke }
                if let width = simple.strokeWidth { polyline.strokeWidth = width }
            }
            polyline.title = placemark?.title ?? simple?.title
            polyline.isTappable = true
            add(polyline, for: container)
            polyline.map = map
        case let shape as GMUPolygon:
            let polygon = GMSPolygon(path: shape.paths.first)
            if shape.paths.count > 1 { polygon.holes = Array(shape.paths.dropFirst()) }
            if let style {
                if !style.hasFill {
                    polygon.fillColor = .clear
                } else if let fill = style.fillColor {
                    polygon.fillColor = fill
                }
                if !style.hasStroke {
                    polygon.strokeWidth = 0
                } else {
                    if let stroke = style.strokeColor { polygon.strokeColor = stroke }
                    if style.width != 0 { polygon.strokeWidth = style.width }
                }
            }
            if let simple {
                if let fill = simple.fill { polygon.fillColor = fill }
                if let stroke = simple.stroke { polygon.strokeColor = stroke }
                if let width = simple.strokeWidth { polygon.strokeWidth = width }
            }
            polygon.title = placemark?.title ?? simple?.title
            polygon.isTappable = true
            add(polygon, for: container)
            polygon.map = map
        case let collection as GMUGeometryCollection:
            guard depth < GMUGeoJSONParser.maximumCollectionDepth else { return }
            for member in collection.geometries { draw(member, of: container, style: style, simple: simple, depth: depth + 1) }
        case let ground as GMUGroundOverlay:
            let bounds = GMSCoordinateBounds(coordinate: ground.northEast, coordinate: ground.southWest)
            let overlay = GMSGroundOverlay(bounds: bounds, icon: nil)
            overlay.bearing = ground.rotation
            overlay.zIndex = ground.zIndex
            overlay.title = placemark?.title
            overlay.isTappable = true
            add(overlay, for: container)
            loadImage(ground.href) { [weak self, weak overlay] image in
                guard let self, let overlay, let image else { return }
                overlay.icon = image
                if !self.isCleared { overlay.map = self.map }
            }
        default:
            break
        }
    }

    /// Keeps what was drawn, with the container it was drawn for as its `userData`, and
    /// reports taps on it to the delegate.
    private func add(_ overlay: GMSOverlay, for container: GMUGeometryContainer) {
        overlay.userData = container
        overlay.tapObserver = { [weak self] tapped in
            guard let self, let container = tapped.userData as? GMUGeometryContainer else { return }
            self.delegate?.renderer(self, didTap: container, overlay: tapped)
        }
        overlays.append(overlay)
    }

    /// An image from a path, a `file:` URL (read now) or an HTTP URL (fetched in the
    /// background); nil when it cannot be had. Each location is read and decoded once for the
    /// renderer; the images together stay within ``maximumDecodedImageBytes``.
    private func loadImage(_ location: String, then use: @escaping @MainActor (UIImage?) -> Void) {
        switch images[location] {
        case .done(let image)?:
            use(image)
            return
        case .waiting(let waiting)?:
            images[location] = .waiting(waiting + [use])
            return
        case nil:
            images[location] = .waiting([use])
        }
        if let url = URL(string: location), let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https" {
            let limit = Self.maximumImageBytes
            Task.detached {
                let image = await Self.fetch(url, limit: limit)
                await MainActor.run { [weak self] in self?.loaded(image, for: location) }
            }
            return
        }
        if location.hasPrefix("data:") {
            loaded(Self.decode(dataURL: location), for: location)
            return
        }
        let path = URL(string: location).flatMap { $0.isFileURL ? $0.path : nil } ?? location
        loaded(Self.read(path: path), for: location)
    }

    /// Keeps an image had for a location, within the budget, and hands it to those waiting.
    private func loaded(_ image: UIImage?, for location: String) {
        var kept = image
        if let image {
            let bytes = image.bitmap.width * image.bitmap.height * 4
            if decodedImageBytes + bytes > Self.maximumDecodedImageBytes {
                Self.logger.warning("image \(location.prefix(80)) not shown: the renderer's images would pass \(Self.maximumDecodedImageBytes) bytes")
                kept = nil
            } else {
                decodedImageBytes += bytes
            }
        }
        guard case .waiting(let waiting)? = images[location] else { return }
        images[location] = .done(kept)
        for use in waiting { use(kept) }
    }

    /// An image decoded from PNG or JPEG bytes, of at most ``maximumImagePixels``.
    nonisolated private static func image(from data: Data, _ source: @autoclosure () -> String) -> UIImage? {
        do {
            return UIImage(bitmap: try Bitmap.decode(data, maximumPixels: maximumImagePixels), scale: 1)
        } catch {
            logger.warning("image \(source().prefix(80)) not decoded: \(error)")
            return nil
        }
    }

    /// An image from a base64 `data:` URL (a KMZ archive's images; OpenMaps' own).
    nonisolated private static func decode(dataURL: String) -> UIImage? {
        guard let comma = dataURL.firstIndex(of: ","), dataURL[..<comma].hasSuffix(";base64"),
            let data = Data(base64Encoded: String(dataURL[dataURL.index(after: comma)...])), data.count <= maximumImageBytes
        else {
            logger.warning("an image data URL that is not base64 or is larger than \(maximumImageBytes) bytes")
            return nil
        }
        return image(from: data, "a data URL")
    }

    /// An image file: a regular file of at most ``maximumImageBytes`` (a FIFO, which would block
    /// the main actor for ever, a folder or a device is not read).
    nonisolated private static func read(path: String) -> UIImage? {
        switch RegularFile.read(atPath: path, limit: maximumImageBytes) {
        case .success(let data): return image(from: data, path)
        case .failure(let failure):
            logger.warning("image \(path) not read: \(failure)")
            return nil
        }
    }

    /// The fetcher of HTTP images: the tile layers', with their timeouts; a body past the limit
    /// is cancelled as it arrives, never read whole first.
    nonisolated private static let fetcher = TileFetcher()

    nonisolated private static func fetch(_ url: URL, limit: Int) async -> UIImage? {
        let limits = TileFetchLimits(connectTimeout: 5, readTimeout: 5, requestTimeout: 10, maximumBytes: limit)
        switch await fetcher.fetch(URLRequest(url: url), limits: limits) {
        case .success(let (data, response)):
            if let http = response as? HTTPURLResponse, !(200..<300).contains(http.statusCode) {
                logger.warning("image \(url): HTTP \(http.statusCode)")
                return nil
            }
            return image(from: data, url.absoluteString)
        case .failure(let error):
            logger.warning("image \(url) not fetched: \(error)")
            return nil
        }
    }
}

/// Told of taps on the features and placemarks a ``GMUGeometryRenderer`` drew (an OpenMaps
/// addition).
@preconcurrency @MainActor
public protocol GMUGeometryRendererDelegate: AnyObject {
    /// A feature or placemark was tapped: the container (a `GMUFeature` carries its
    /// properties) and the overlay drawn for it that was hit (a marker, polyline, polygon or
    /// ground overlay). The map's delegate hears of the tap afterwards, as of any other.
    func renderer(_ renderer: GMUGeometryRenderer, didTap container: GMUGeometryContainer, overlay: GMSOverlay)
}
