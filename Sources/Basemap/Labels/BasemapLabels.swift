import Foundation
import MapDrawing
import MapGeometry

/// A label placed on the basemap: a place name, a road's name, or a POI's icon and name.
public struct PlacedLabel: Sendable {
    public enum Kind: Sendable { case place, poi, road }
    public let kind: Kind
    public let text: String
    /// The feature's own location.
    public let coordinate: CLLocationCoordinate2D
    /// Where it stands on screen.
    public let anchor: CGPoint
    /// The box taken (icon and text), for collisions.
    public let box: CGRect
    /// The icon's box (POIs), for taps.
    public let icon: CGRect?
    /// The POI's place ID ("osm:node/123").
    public let placeID: String?
    public let category: String?
    public let priority: Double
    /// The text's turn in radians (road names follow their road, kept upright).
    public var angle: Double = 0
}

/// A label the tiles offer, in projected space: placing it projects it for the camera.
struct LabelCandidate {
    let kind: PlacedLabel.Kind
    let text: String
    /// Where a place or POI stands.
    var point = MercatorPoint(x: 0, y: 0)
    /// A road's lines.
    var parts: [[MercatorPoint]] = []
    /// The feature's location (places and POIs).
    var coordinate = CLLocationCoordinate2D(latitude: 0, longitude: 0)
    let textSize: CGSize
    var placeID: String?
    let category: String
    let priority: Double
}

extension PlacedLabel {
    /// The same label moved on screen.
    func shifted(dx: Double, dy: Double) -> PlacedLabel {
        var label = PlacedLabel(
            kind: kind, text: text, coordinate: coordinate, anchor: CGPoint(x: anchor.x + dx, y: anchor.y + dy),
            box: box.offsetBy(dx: dx, dy: dy), icon: icon?.offsetBy(dx: dx, dy: dy), placeID: placeID, category: category,
            priority: priority)
        label.angle = angle
        return label
    }
}

/// Label placement: candidates from the visible tiles, most important first (capitals before
/// towns, then by rank), each placed only where it overlaps nothing placed before. Text is
/// measured once per string and style and cached.
@MainActor
public final class LabelPlacer {
    private var measured: [Font: [String: CGSize]] = [:]
    private var cachedKey: Int?
    private var cached: [PlacedLabel] = []
    /// What the last full placement was for, but where the camera stood: while only the target
    /// moves (no tilt), the placed labels are shifted instead of placed again.
    private var placedShapeKey: Int?
    private var placedTarget: MercatorPoint?
    private var placedLabels: [PlacedLabel] = []
    /// How far past the view labels are placed, and so how far a pan may go before they are
    /// placed again.
    static let panMargin: CGFloat = 48
    /// The most label candidates one tile offers; the rest of its labels are not placed.
    static let maximumCandidatesPerTile = 2_000
    /// The most label candidates gathered for one view.
    static let maximumCandidates = 10_000

    static let placeFont = Font(families: ["Roboto"], size: 12, weight: .medium)
    static let cityFont = Font(families: ["Roboto"], size: 13, weight: .medium)
    static let countryFont = Font(families: ["Roboto"], size: 13, weight: .bold)
    static let poiFont = Font(families: ["Roboto"], size: 11)
    static let poiIcon: CGFloat = 16
    static let roadFont = Font(families: ["Roboto"], size: 11)
    static let roadPriority: [String: Double] = [
        "motorway": 30, "trunk": 28, "primary": 26, "secondary": 24, "tertiary": 22, "minor": 20, "service": 12, "path": 10,
    ]

    /// The size of a string in a font (cached per font, by text: no key is built per call).
    func size(_ text: String, _ font: Font) -> CGSize {
        if let size = measured[font]?[text] { return size }
        let size = TextLayout(text: text, style: TextStyle(font: font, maximumLines: 1), width: 200).size
        if (measured[font]?.count ?? 0) > 5_000 { measured[font] = [:] }
        measured[font, default: [:]][text] = size
        return size
    }

    public init() {}

    /// The labels placed for a camera over the basemap's tiles (recomputed when the camera,
    /// view size, style or data change).
    public func labels(for viewport: Viewport, tiles: BasemapTiles) -> [PlacedLabel] {
        var hasher = Hasher()
        hasher.combine(viewport)
        hasher.combine(tiles.revision)
        let key = hasher.finalize()
        if key == cachedKey { return cached }
        cachedKey = key
        var shape = Hasher()
        var untargeted = viewport
        untargeted.target = CLLocationCoordinate2D(latitude: 0, longitude: 0)
        shape.combine(untargeted)
        shape.combine(tiles.revision)
        let shapeKey = shape.finalize()
        if viewport.tilt == 0, shapeKey == placedShapeKey, let target = placedTarget {
            // A pan: the old target's screen offset from the focus is how far everything moved.
            let p = viewport.point(forMercator: target), focus = viewport.focus
            let dx = p.x - focus.x, dy = p.y - focus.y
            if abs(dx) < LabelPlacer.panMargin, abs(dy) < LabelPlacer.panMargin {
                cached = placedLabels.map { $0.shifted(dx: dx, dy: dy) }
                return cached
            }
        }
        cached = place(tiles, viewport)
        placedLabels = cached
        placedShapeKey = shapeKey
        placedTarget = viewport.targetPoint
        return cached
    }

    /// The candidates of the last placement and what they were gathered for (tiles, zoom,
    /// style): while the camera moves over the same tiles they are only projected again.
    private var candidateKey: Int?
    private var candidates: [LabelCandidate] = []

    private func place(_ basemap: BasemapTiles, _ viewport: Viewport) -> [PlacedLabel] {
        let tiles = TileCover.tiles(viewport, zoom: TileCover.displayZoom(viewport.zoom))
        var hasher = Hasher()
        for (key, shift) in tiles {
            hasher.combine(key)
            hasher.combine(shift)
        }
        hasher.combine(viewport.zoom)
        hasher.combine(basemap.revision)
        let key = hasher.finalize()
        if key != candidateKey {
            candidates = gatherCandidates(basemap, tiles: tiles, zoom: viewport.zoom)
            candidateKey = key
        }
        // Placed a margin beyond the view, so a short pan can reuse them (see `labels(for:)`).
        let margin = viewport.tilt == 0 ? LabelPlacer.panMargin : 0
        let view = CGRect(x: 0, y: 0, width: viewport.width, height: viewport.height).insetBy(dx: -margin, dy: -margin)
        let toView = viewport.mercatorToView
        func project(_ m: MercatorPoint) -> CGPoint? {
            let p = toView.apply(m.x, m.y)
            return p.w > 0 ? CGPoint(x: p.x, y: p.y) : nil
        }
        var placed: [PlacedLabel] = []
        var roadsNamed: Set<String> = []
        // Placed boxes by 64-point grid cell, so each candidate is tested only near itself.
        var grid: [Int: [Int]] = [:]
        func cells(_ r: CGRect) -> [Int] {
            let x0 = Int(saturating: (r.minX / 64).rounded(.down)), x1 = Int(saturating: (r.maxX / 64).rounded(.down))
            let y0 = Int(saturating: (r.minY / 64).rounded(.down)), y1 = Int(saturating: (r.maxY / 64).rounded(.down))
            guard x1 - x0 < 64, y1 - y0 < 64 else { return [] }
            var result: [Int] = []
            for y in y0...y1 { for x in x0...x1 { result.append(y &* 4096 &+ x) } }
            return result
        }
        // Most important first (the candidates' order); each placed where nothing overlaps.
        for candidate in candidates {
            var label: PlacedLabel
            switch candidate.kind {
            case .place:
                guard let anchor = project(candidate.point) else { continue }
                let size = candidate.textSize
                label = PlacedLabel(
                    kind: .place, text: candidate.text, coordinate: candidate.coordinate, anchor: anchor,
                    box: CGRect(x: anchor.x - size.width / 2 - 2, y: anchor.y - size.height / 2 - 2, width: size.width + 4, height: size.height + 4),
                    icon: nil, placeID: nil, category: candidate.category, priority: candidate.priority)
            case .poi:
                guard let s = project(candidate.point) else { continue }
                let iconSize = LabelPlacer.poiIcon, text = candidate.textSize
                let icon = CGRect(x: s.x - iconSize / 2, y: s.y - iconSize / 2, width: iconSize, height: iconSize)
                let box = CGRect(x: icon.minX, y: min(icon.minY, s.y - text.height / 2), width: iconSize + 3 + text.width, height: max(iconSize, text.height))
                label = PlacedLabel(
                    kind: .poi, text: candidate.text, coordinate: candidate.coordinate, anchor: s, box: box, icon: icon,
                    placeID: candidate.placeID, category: candidate.category, priority: candidate.priority)
            case .road:
                guard !roadsNamed.contains(candidate.text) else { continue }
                // The longest straight piece on screen carries the name.
                var best: (CGPoint, CGPoint, CGFloat)?
                for part in candidate.parts {
                    var previous: CGPoint?
                    for m in part {
                        let b = project(m)
                        if let a = previous, let b {
                            let length = hypot(b.x - a.x, b.y - a.y)
                            if length > (best?.2 ?? 0) { best = (a, b, length) }
                        }
                        previous = b
                    }
                }
                let text = candidate.textSize
                guard let (a, b, length) = best, length >= text.width + 12 else { continue }
                roadsNamed.insert(candidate.text)
                var angle = atan2(b.y - a.y, b.x - a.x)
                if angle > .pi / 2 { angle -= .pi } else if angle < -.pi / 2 { angle += .pi }
                let mid = CGPoint(x: (a.x + b.x) / 2, y: (a.y + b.y) / 2)
                let w = text.width / 2 + 2, h = text.height / 2 + 1
                let c = abs(cos(angle)), sn = abs(sin(angle))
                let half = CGSize(width: w * c + h * sn, height: w * sn + h * c)
                label = PlacedLabel(
                    kind: .road, text: candidate.text, coordinate: coordinate(viewport.mercator(for: mid.x, mid.y)), anchor: mid,
                    box: CGRect(x: mid.x - half.width, y: mid.y - half.height, width: 2 * half.width, height: 2 * half.height),
                    icon: nil, placeID: nil, category: candidate.category, priority: candidate.priority)
                label.angle = angle
            }
            guard label.box.intersects(view), viewport.groundScale(atViewY: label.anchor.y) > 0.35 else { continue }
            // Labels keep some room between them.
            let room = label.box.insetBy(dx: -6, dy: -5)
            if cells(room).contains(where: { cell in grid[cell]?.contains { placed[$0].box.intersects(room) } ?? false }) { continue }
            for cell in cells(label.box) { grid[cell, default: []].append(placed.count) }
            placed.append(label)
            if placed.count >= 300 { break }
        }
        return placed
    }

    /// The labels the tiles offer at a zoom, in projected space, most important first.
    private func gatherCandidates(_ basemap: BasemapTiles, tiles: [CoveringTile], zoom: Double) -> [LabelCandidate] {
        let style = basemap.style
        var candidates: [LabelCandidate] = []
        var seen: Set<String> = []
        for (key, shift) in tiles where candidates.count < LabelPlacer.maximumCandidates {
            let (data, levels) = basemap.data(for: key)
            guard let tile = data else { continue }
            let tileStart = candidates.count
            /// Whether this tile has offered as many labels as one tile may.
            func tileIsFull() -> Bool { candidates.count - tileStart >= LabelPlacer.maximumCandidatesPerTile }
            let dataZ = key.z - levels, n = Double(1 << dataZ)
            let originX = Double(key.x >> levels), originY = Double(key.y >> levels)
            func mercator(_ p: SIMD2<Double>, _ extent: Double) -> MercatorPoint {
                MercatorPoint(x: (originX + p.x / extent) / n + Double(shift), y: (originY + p.y / extent) / n)
            }
            if style.showPlaceLabels, let places = tile.layer("place") {
                for feature in places.features where feature.type == .point && !tileIsFull() {
                    guard let name = feature.properties["name"]?.string, !name.isEmpty, let point = feature.parts.first?.first else { continue }
                    let rank = feature.properties["rank"]?.number ?? 10
                    let klass = feature.properties["class"]?.string ?? "town"
                    let capital = feature.properties["capital"] != nil
                    // Smaller places appear as the map zooms in.
                    guard rank <= zoom + 1 || (klass == "city" && zoom >= 8) || zoom >= 10 else { continue }
                    let m = mercator(point, places.extent)
                    let id = "place:\(name):\(Int(saturating: m.x * 1e5)):\(Int(saturating: m.y * 1e5))"
                    guard seen.insert(id).inserted else { continue }
                    let font = klass == "country" ? LabelPlacer.countryFont : klass == "city" ? LabelPlacer.cityFont : LabelPlacer.placeFont
                    candidates.append(
                        LabelCandidate(
                            kind: .place, text: name, point: m, coordinate: coordinate(m), textSize: size(name, font), category: klass,
                            priority: (capital ? 100 : 0) + (klass == "city" ? 50 : 0) - rank))
                }
            }
            if zoom >= 14, style.showRoadLabels, let roads = tile.layer("transportation_name") {
                for feature in roads.features where feature.type == .lineString && !tileIsFull() {
                    guard let name = feature.properties["name"]?.string, !name.isEmpty else { continue }
                    let klass = feature.properties["class"]?.string ?? "minor"
                    guard zoom >= 15 || (LabelPlacer.roadPriority[klass] ?? 0) >= 22 else { continue }
                    candidates.append(
                        LabelCandidate(
                            kind: .road, text: name, parts: feature.parts.map { $0.map { mercator($0, roads.extent) } },
                            textSize: size(name, LabelPlacer.roadFont), category: klass, priority: LabelPlacer.roadPriority[klass] ?? 10))
                }
            }
            if zoom >= 15, style.showPOIIcons || style.showPOIText, let pois = tile.layer("poi") {
                for feature in pois.features where feature.type == .point && !tileIsFull() {
                    guard let name = feature.properties["name"]?.string, let point = feature.parts.first?.first,
                        let osm = feature.properties["osm_id"]?.string,
                        !style.hiddenPOIGroups.contains(BasemapStyle.poiGroup(of: feature.properties["class"]?.string ?? "")),
                        seen.insert(osm).inserted
                    else { continue }
                    let m = mercator(point, pois.extent)
                    candidates.append(
                        LabelCandidate(
                            kind: .poi, text: name, point: m, coordinate: coordinate(m), textSize: size(name, LabelPlacer.poiFont),
                            placeID: LabelPlacer.placeID(osm), category: feature.properties["class"]?.string ?? "poi",
                            priority: -Double(feature.properties["rank"]?.number ?? 10)))
                }
            }
        }
        // Stable: equal labels keep the tiles' order.
        let order = candidates.indices.sorted {
            let a = candidates[$0], b = candidates[$1]
            if a.priority != b.priority { return a.priority > b.priority }
            if a.text != b.text { return a.text < b.text }
            return $0 < $1
        }
        return order.map { candidates[$0] }
    }

    private func coordinate(_ m: MercatorPoint) -> CLLocationCoordinate2D {
        let c = WebMercator.unproject(m)
        return CLLocationCoordinate2D(latitude: c.latitude, longitude: CameraLimits.wrapLongitude(c.longitude))
    }

    /// A stable place ID from the OSM object: "osm:node/123" or "osm:way/456".
    static func placeID(_ osm: String) -> String {
        guard let kind = osm.first else { return "osm:" + osm }
        return (kind == "n" ? "osm:node/" : kind == "w" ? "osm:way/" : "osm:") + osm.dropFirst()
    }

    /// Draws placed labels: place names with a white halo, POIs as a coloured disc and name.
    /// Each text with its halo is drawn once into a sprite and reused while it stays placed.
    public func draw(_ labels: [PlacedLabel], style: BasemapStyle, in canvas: Canvas) {
        halo = style.labelHalo
        for label in labels {
            switch label.kind {
            case .place:
                let font = label.category == "city" ? LabelPlacer.cityFont : LabelPlacer.placeFont
                let sprite = sprite(label.text, font, style.placeText, scale: canvas.scale)
                canvas.draw(sprite.bitmap, in: CGRect(x: label.anchor.x - sprite.size.width / 2, y: label.anchor.y - sprite.size.height / 2, width: sprite.size.width, height: sprite.size.height), interpolation: .fast)
            case .road:
                let sprite = sprite(label.text, LabelPlacer.roadFont, style.roadText, scale: canvas.scale)
                canvas.withSavedState {
                    canvas.translate(x: label.anchor.x, y: label.anchor.y)
                    canvas.rotate(by: label.angle)
                    canvas.draw(sprite.bitmap, in: CGRect(x: -sprite.size.width / 2, y: -sprite.size.height / 2, width: sprite.size.width, height: sprite.size.height))
                }
            case .poi:
                guard let icon = label.icon else { continue }
                let color = style.poiIcon ?? LabelPlacer.color(for: label.category ?? "")
                if style.showPOIIcons {
                    canvas.draw(iconSprite(color, scale: canvas.scale), in: icon, interpolation: .fast)
                }
                guard style.showPOIText else { continue }
                let sprite = sprite(label.text, LabelPlacer.poiFont, style.poiText ?? (style.poiTextIsLighter ? color.lightened(by: 0.35) : color.darkened(by: 0.25)), scale: canvas.scale)
                canvas.draw(sprite.bitmap, in: CGRect(x: icon.maxX + 1, y: label.anchor.y - sprite.size.height / 2, width: sprite.size.width, height: sprite.size.height), interpolation: .fast)
            }
        }
    }

    /// What a label sprite is drawn from.
    private struct SpriteKey: Hashable {
        let text: String
        let font: Font
        let color: Color
        let halo: Color
        let scale: Double
    }

    private var sprites: [SpriteKey: (bitmap: Bitmap, size: CGSize)] = [:]

    /// A label's text with its halo, drawn once at a scale (2 points of margin for the halo).
    private func sprite(_ text: String, _ font: Font, _ color: Color, scale: Double) -> (bitmap: Bitmap, size: CGSize) {
        let key = SpriteKey(text: text, font: font, color: color, halo: halo, scale: scale)
        if let sprite = sprites[key] { return sprite }
        if sprites.count > 2_000 { sprites.removeAll() }
        let layout = TextLayout(text: text, style: TextStyle(font: font, color: color, maximumLines: 1), width: 300)
        let size = CGSize(width: layout.size.width + 4, height: layout.size.height + 4)
        let canvas = Canvas(size: size, scale: scale)
        drawHalo(layout, at: CGPoint(x: 2, y: 2), in: canvas)
        layout.draw(in: canvas, at: CGPoint(x: 2, y: 2))
        let sprite = (canvas.bitmap, size)
        sprites[key] = sprite
        return sprite
    }

    private var iconSprites: [IconKey: Bitmap] = [:]

    private struct IconKey: Hashable {
        let color: Color
        let scale: Double
    }

    /// A POI icon (a disc in a colour, ringed and dotted in white), drawn once per colour.
    private func iconSprite(_ color: Color, scale: Double) -> Bitmap {
        let key = IconKey(color: color, scale: scale)
        if let sprite = iconSprites[key] { return sprite }
        if iconSprites.count > 64 { iconSprites.removeAll() }
        let size = LabelPlacer.poiIcon
        let canvas = Canvas(size: CGSize(width: size, height: size), scale: scale)
        let icon = CGRect(x: 0, y: 0, width: size, height: size)
        canvas.fill(.ellipse(in: icon), with: .white)
        canvas.fill(.ellipse(in: icon.insetBy(dx: 1.5, dy: 1.5)), with: color)
        canvas.fill(.ellipse(in: icon.insetBy(dx: 6, dy: 6)), with: .white)
        iconSprites[key] = canvas.bitmap
        return canvas.bitmap
    }

    /// The halo colour of the labels being drawn.
    private var halo = Color(white: 1, alpha: 0.85)

    /// A halo: the text drawn around itself (glyph-cached, cheaper than stroking outlines).
    private func drawHalo(_ layout: TextLayout, at origin: CGPoint, in canvas: Canvas) {
        for (dx, dy) in [(-1.0, 0.0), (1, 0), (0, -1), (0, 1), (-0.7, -0.7), (0.7, 0.7), (-0.7, 0.7), (0.7, -0.7)] {
            layout.draw(in: canvas, at: CGPoint(x: origin.x + dx, y: origin.y + dy), color: halo)
        }
    }

    /// Google's POI colours by category.
    static func color(for category: String) -> Color {
        switch category {
        case "restaurant", "fast_food", "cafe", "bar", "beer": return Color(rgb: 0xF28B36)
        case "shop": return Color(rgb: 0x4B77D1)
        case "lodging": return Color(rgb: 0xE46CA8)
        case "museum", "art_gallery", "attraction", "monument", "theatre", "cinema": return Color(rgb: 0x12A5A5)
        case "park": return Color(rgb: 0x34A853)
        case "school", "college", "library", "town_hall", "police", "post", "place_of_worship": return Color(rgb: 0x7B8794)
        case "hospital", "pharmacy": return Color(rgb: 0xEA4335)
        case "railway": return Color(rgb: 0x5C6BC0)
        default: return Color(rgb: 0x8E8E93)
        }
    }
}

extension PlacedLabel {
    /// The slop around a POI's icon that still hits it, in points (rule 7).
    public static let poiHitSlop: CGFloat = 4

    /// Whether a screen point hits a POI's drawn icon, with ``poiHitSlop`` around it (rule 7).
    public func poiIconContains(_ point: CGPoint) -> Bool {
        kind == .poi && (icon?.insetBy(dx: -PlacedLabel.poiHitSlop, dy: -PlacedLabel.poiHitSlop).contains(point) ?? false)
    }
}
