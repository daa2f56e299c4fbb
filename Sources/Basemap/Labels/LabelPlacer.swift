import Foundation
import MapDrawing
import MapGeometry

/// Label placement, as Google's map does it: candidates from the visible tiles, most important
/// first (countries and capitals, then cities, road names by class, POIs by category and
/// rank), each placed only where it overlaps nothing placed before. POIs are thinned by a
/// density budget that relaxes with zoom (``poiCellSize(atZoom:)``); road names run along
/// their road, repeated at a spacing, never upside down. Text is measured once per string and
/// font, when placing first reaches it, and cached.
@MainActor
public final class LabelPlacer {
    /// The fonts labels are measured in, and the sizes of the texts measured in each.
    private var measuredFonts: [Font] = []
    private var measured: [[String: CGSize]] = []
    /// The last text measured afresh, and its layout.
    private var lastMeasured: (slot: Int, layout: TextLayout)?
    /// The layouts of the last placement's labels as measured (by slot and text), so drawing
    /// their sprites does not lay the texts out again.
    var placedLayouts: [SlotText: TextLayout] = [:]
    struct SlotText: Hashable {
        let slot: Int
        let text: String
    }
    /// Label texts with their halos, and POI icons, drawn once and reused.
    var sprites: [SpriteKey: (bitmap: Bitmap, size: CGSize)] = [:]
    var iconSprites: [IconKey: Bitmap] = [:]
    /// The halo colour of the labels being drawn.
    var halo = Color(white: 1, alpha: 0.85)
    /// What the last placement leaves for the next.
    private var history = History()
    /// How far past the view labels are placed, and so how far a pan may go before they are
    /// placed again.
    static let panMargin: CGFloat = 48
    /// The most label candidates one tile offers; the rest of its labels are not placed.
    static let maximumCandidatesPerTile = 4_000
    /// The data tiles whose candidates are kept (every zoom's), so pans and zooms that come
    /// back to them only pick among them.
    static let cachedTiles = 64
    var tileCandidates: [SIMD4<Int>: TileLabels] = [:]
    /// The basemap revision (style, file) the kept candidates are for.
    var cachedRevision = -1
    /// The most label candidates gathered for one view.
    static let maximumCandidates = 10_000
    /// The most labels placed in one view.
    static let maximumPlaced = 400

    static let placeFont = Font(families: ["Roboto"], size: 12, weight: .medium)
    static let cityFont = Font(families: ["Roboto"], size: 13, weight: .medium)
    static let countryFont = Font(families: ["Roboto"], size: 13, weight: .bold)
    static let neighbourhoodFont = Font(families: ["Roboto"], size: 11, weight: .medium)
    static let poiFont = Font(families: ["Roboto"], size: 11)
    static let poiIcon: CGFloat = 16
    static let roadFont = Font(families: ["Roboto"], size: 11)
    /// How far apart the names of one road are repeated along it, in points.
    public static let roadNameSpacing: CGFloat = 260
    /// How close two places of one name may be placed, in points.
    static let samePlaceDistance: CGFloat = 400
    /// How close two POIs of one name may be placed, in points.
    static let samePOIDistance: CGFloat = 300
    /// How far a road's line may stray from a straight name's baseline, in points.
    static let roadNameStraightness: CGFloat = 2.5

    /// The slot of a font in ``measured``, given on first use (labels use a handful).
    func measuringSlot(for font: Font) -> Int {
        if let slot = measuredFonts.firstIndex(of: font) { return slot }
        measuredFonts.append(font)
        measured.append([:])
        return measuredFonts.count - 1
    }

    /// The largest box a label's text takes in placing: a measured size past it is clamped to
    /// it (texts wrap at 200 points and show one line, so none reaches it in practice), and so
    /// a candidate too far from the view for any text to reach it is passed over unmeasured.
    static let maximumTextSize = CGSize(width: 240, height: 80)

    /// Whether every candidate placing reaches is measured, even one that cannot reach the
    /// view (for tests: the labels placed are the same either way).
    var measuresEveryCandidate = false

    /// How many texts are measured and kept.
    var measuredCount: Int { measured.reduce(0) { $0 + $1.count } }

    /// The slot of a font labels were measured in, if any.
    func measuredSlot(of font: Font) -> Int? { measuredFonts.firstIndex(of: font) }

    /// The size of a one-line text in the font of a slot (at most ``maximumTextSize``),
    /// measured once.
    func size(_ text: String, slot: Int) -> CGSize {
        if let size = measured[slot][text] { return size }
        let layout = TextLayout(text: text, style: TextStyle(font: measuredFonts[slot], maximumLines: 1), width: 200)
        let size = CGSize(
            width: min(layout.size.width, LabelPlacer.maximumTextSize.width), height: min(layout.size.height, LabelPlacer.maximumTextSize.height))
        if measured[slot].count > 5_000 { measured[slot] = [:] }
        measured[slot][text] = size
        lastMeasured = (slot, layout)
        return size
    }

    public init() {}

    /// The side of the world-anchored square cells in which at most one POI is shown, at a
    /// zoom, in points; nil where every POI that fits is shown (zoom 18 and closer). About 20
    /// POIs show on a phone's screen at zoom 16, as on Google's map.
    public static func poiCellSize(atZoom zoom: Double) -> CGFloat? {
        switch zoom {
        case ..<15: return 220
        case ..<16: return 150
        case ..<17: return 110
        case ..<18: return 70
        default: return nil
        }
    }

    /// The least importance (0...1, ``OpenMapTilesSchema/importance(ofCategory:)``) of a POI
    /// shown at a zoom: only landmarks, stations and the like at zoom 14, all from zoom 16.
    public static func poiMinimumImportance(atZoom zoom: Double) -> Double {
        zoom < 15 ? 0.85 : zoom < 16 ? 0.45 : 0
    }

    /// The labels placed for a camera over the basemap's tiles (recomputed when the camera,
    /// view size, style or data change).
    public func labels(for viewport: Viewport, tiles: BasemapTiles) -> [PlacedLabel] {
        let key = LabelPlacer.key(viewport, tiles)
        if let ahead {
            self.ahead = nil
            if ahead.key == key {
                history = ahead.after
                return ahead.labels
            }
        }
        if key == history.cachedKey { return history.cached }
        history.cachedKey = key
        var shape = Hasher()
        var untargeted = viewport
        untargeted.target = CLLocationCoordinate2D(latitude: 0, longitude: 0)
        shape.combine(untargeted)
        shape.combine(tiles.revision)
        shape.combine(tiles.dataRevision)
        let shapeKey = shape.finalize()
        if viewport.tilt == 0, shapeKey == history.placedShapeKey, let target = history.placedTarget {
            // A pan: the old target's screen offset from the focus is how far everything moved.
            let p = viewport.point(forMercator: target), focus = viewport.focus
            let dx = p.x - focus.x, dy = p.y - focus.y
            if abs(dx) < LabelPlacer.panMargin, abs(dy) < LabelPlacer.panMargin {
                history.cached = history.placedLabels.map { $0.shifted(dx: dx, dy: dy) }
                return history.cached
            }
        }
        let placed = place(tiles, viewport)
        history.cached = placed
        history.placedLabels = placed
        history.placedShapeKey = shapeKey
        history.placedTarget = viewport.targetPoint
        return placed
    }

    /// What a placement for a camera is kept by: the camera, style and data.
    private static func key(_ viewport: Viewport, _ tiles: BasemapTiles) -> Int {
        var hasher = Hasher()
        hasher.combine(viewport)
        hasher.combine(tiles.revision)
        hasher.combine(tiles.dataRevision)
        return hasher.finalize()
    }

    /// Places labels for a camera ahead of drawing them (ours; a map does it while its tiles
    /// render), as ``labels(for:tiles:)`` would now: its next call, for the same camera, style
    /// and data, gives them; any other call first drops them, as though they had never been
    /// placed. (A placement starts from the one before, which a pan shifts: one made ahead for
    /// a camera never drawn leaves no trace.)
    public func placeAhead(for viewport: Viewport, tiles: BasemapTiles) -> [PlacedLabel] {
        ahead = nil
        let before = history
        let placed = labels(for: viewport, tiles: tiles)
        ahead = (LabelPlacer.key(viewport, tiles), placed, history)
        history = before
        return placed
    }

    /// A placement made ahead, by its key, and the history it leaves.
    private var ahead: (key: Int, labels: [PlacedLabel], after: History)?

    /// What a placement leaves for the next: the last camera's labels, and the last full
    /// placement, which a pan shifts.
    private struct History {
        /// The last camera's key and labels.
        var cachedKey: Int?
        var cached: [PlacedLabel] = []
        /// What the last full placement was for, but where the camera stood: while only the
        /// target moves (no tilt), the placed labels are shifted instead of placed again.
        var placedShapeKey: Int?
        var placedTarget: MercatorPoint?
        var placedLabels: [PlacedLabel] = []
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
        hasher.combine(basemap.dataRevision)
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
        placedLayouts.removeAll(keepingCapacity: true)
        lastMeasured = nil
        /// Keeps the layout of a candidate's text for its sprite, when it was just measured.
        func keepLayout(_ candidate: LabelCandidate) {
            guard let last = lastMeasured, last.slot == candidate.fontSlot, last.layout.text == candidate.text else { return }
            placedLayouts[SlotText(slot: last.slot, text: candidate.text)] = last.layout
        }
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
        func fits(_ label: PlacedLabel) -> Bool {
            guard label.box.intersects(view), viewport.groundScale(atViewY: label.anchor.y) > 0.35 else { return false }
            // Labels keep some room between them.
            let room = label.box.insetBy(dx: -6, dy: -5)
            return !cells(room).contains { cell in grid[cell]?.contains { placed[$0].box.intersects(room) } ?? false }
        }
        /// Whether a label at an anchor whose box lies within `reach` (its box with the largest
        /// text) might fit: the tests of ``fits`` that need no measured text.
        func mayFit(at anchor: CGPoint, _ reach: CGRect) -> Bool {
            measuresEveryCandidate || (reach.intersects(view) && viewport.groundScale(atViewY: anchor.y) > 0.35)
        }
        func add(_ label: PlacedLabel) {
            for cell in cells(label.box) { grid[cell, default: []].append(placed.count) }
            placed.append(label)
        }
        // The POI density budget: one POI per world-anchored cell, so the choice holds while
        // the map pans.
        let cellSize = LabelPlacer.poiCellSize(atZoom: viewport.zoom)
        let worldPoints = 256 * pow(2, viewport.zoom)
        var poiCells: Set<SIMD2<Int>> = []
        var placeNames: [String: [CGPoint]] = [:], poiNames: [String: [CGPoint]] = [:]
        let box = viewport.visibleMercatorBox
        // Where each road's name is already placed, to keep repeats a spacing apart.
        var roadNames: [String: [CGPoint]] = [:]
        // Most important first (the candidates' order); each placed where nothing overlaps.
        // From zoom 18, where every POI that fits is drawn (no density budget), places and POIs
        // go before road names: a POI stands at its one spot, a road name has a spot every 260
        // points along its road and finds another (rule 37).
        let passes: [(LabelCandidate) -> Bool] = cellSize == nil ? [{ $0.kind != .road }, { $0.kind == .road }] : [{ _ in true }]
        for inPass in passes {
            for candidate in candidates where placed.count < LabelPlacer.maximumPlaced && inPass(candidate) {
                switch candidate.kind {
                case .place:
                    guard let anchor = project(candidate.point) else { continue }
                    // One name once in a stretch of screen (a city named by two sources).
                    let near = placeNames[candidate.text]?.contains { hypot($0.x - anchor.x, $0.y - anchor.y) < LabelPlacer.samePlaceDistance } ?? false
                    func box(_ text: CGSize) -> CGRect {
                        CGRect(x: anchor.x - text.width / 2 - 2, y: anchor.y - text.height / 2 - 2, width: text.width + 4, height: text.height + 4)
                    }
                    guard !near, mayFit(at: anchor, box(LabelPlacer.maximumTextSize)) else { continue }
                    let label = PlacedLabel(
                        kind: .place, text: candidate.text, coordinate: candidate.coordinate, anchor: anchor,
                        box: box(size(candidate.text, slot: candidate.fontSlot)), icon: nil, placeID: nil, category: candidate.category,
                        priority: candidate.priority)
                    if fits(label) {
                        add(label)
                        keepLayout(candidate)
                        placeNames[candidate.text, default: []].append(anchor)
                    }
                case .poi:
                    guard let s = project(candidate.point) else { continue }
                    var cell: SIMD2<Int>?
                    if let cellSize {
                        let key = SIMD2(
                            Int(saturating: (candidate.point.x * worldPoints / cellSize).rounded(.down)),
                            Int(saturating: (candidate.point.y * worldPoints / cellSize).rounded(.down)))
                        guard !poiCells.contains(key) else { continue }
                        cell = key
                    }
                    // One name once nearby (a station's platforms, a shop's two entrances).
                    let twin = poiNames[candidate.text]?.contains { hypot($0.x - s.x, $0.y - s.y) < LabelPlacer.samePOIDistance } ?? false
                    let iconSize = LabelPlacer.poiIcon
                    let icon = CGRect(x: s.x - iconSize / 2, y: s.y - iconSize / 2, width: iconSize, height: iconSize)
                    func box(_ text: CGSize) -> CGRect {
                        CGRect(x: icon.minX, y: min(icon.minY, s.y - text.height / 2), width: iconSize + 3 + text.width, height: max(iconSize, text.height))
                    }
                    guard !twin, mayFit(at: s, box(LabelPlacer.maximumTextSize)) else { continue }
                    let label = PlacedLabel(
                        kind: .poi, text: candidate.text, coordinate: candidate.coordinate, anchor: s, box: box(size(candidate.text, slot: candidate.fontSlot)),
                        icon: icon, placeID: candidate.placeID, category: candidate.category, priority: candidate.priority)
                    guard fits(label) else { continue }
                    add(label)
                    keepLayout(candidate)
                    poiNames[candidate.text, default: []].append(s)
                    if let cell { poiCells.insert(cell) }
                case .road:
                    let b = candidate.bounds
                    guard b.x <= box.maxX, b.z >= box.minX, b.y <= box.maxY, b.w >= box.minY else { continue }
                    let text = size(candidate.text, slot: candidate.fontSlot)
                    for part in candidate.parts {
                        let line = part.compactMap(project)
                        guard line.count == part.count else { continue }
                        for spot in LabelPlacer.spotsAlong(line, textWidth: text.width + 8, spacing: LabelPlacer.roadNameSpacing) {
                            let others = roadNames[candidate.text] ?? []
                            guard !others.contains(where: { hypot($0.x - spot.mid.x, $0.y - spot.mid.y) < LabelPlacer.roadNameSpacing * 0.8 }) else { continue }
                            let w = text.width / 2 + 2, h = text.height / 2 + 1
                            let c = abs(cos(spot.angle)), sn = abs(sin(spot.angle))
                            let half = CGSize(width: w * c + h * sn, height: w * sn + h * c)
                            var label = PlacedLabel(
                                kind: .road, text: candidate.text, coordinate: coordinate(viewport.mercator(for: spot.mid.x, spot.mid.y)), anchor: spot.mid,
                                box: CGRect(x: spot.mid.x - half.width, y: spot.mid.y - half.height, width: 2 * half.width, height: 2 * half.height),
                                icon: nil, placeID: nil, category: candidate.category, priority: candidate.priority)
                            label.angle = spot.angle
                            guard fits(label) else { continue }
                            add(label)
                            keepLayout(candidate)
                            roadNames[candidate.text, default: []].append(spot.mid)
                        }
                    }
                }
            }
        }
        return placed
    }

    /// Where a name of a width fits along a line on screen: stretches as long as the text
    /// whose points stay within ``roadNameStraightness`` of their chord, every `spacing`
    /// points (tried every 24 points until one fits). Each spot's angle keeps the text
    /// upright (within ±90°).
    static func spotsAlong(_ line: [CGPoint], textWidth: Double, spacing: Double) -> [(mid: CGPoint, angle: Double)] {
        guard line.count >= 2, textWidth > 0 else { return [] }
        var distance = [0.0]
        for i in 1..<line.count { distance.append(distance[i - 1] + hypot(line[i].x - line[i - 1].x, line[i].y - line[i - 1].y)) }
        guard let total = distance.last, total >= textWidth, total.isFinite else { return [] }
        func point(at d: Double, from index: inout Int) -> CGPoint {
            while index < line.count - 2, distance[index + 1] < d { index += 1 }
            let span = distance[index + 1] - distance[index]
            let t = span > 0 ? ((d - distance[index]) / span).clamped(to: 0...1) : 0
            return CGPoint(x: line[index].x + (line[index + 1].x - line[index].x) * t, y: line[index].y + (line[index + 1].y - line[index].y) * t)
        }
        var spots: [(CGPoint, Double)] = []
        // The first spot near the middle of a short line, else half a spacing in.
        var s = total < spacing ? total / 2 : min(spacing / 2, total - textWidth / 2)
        var tries = 0
        while s + textWidth / 2 <= total + 0.001, tries < 2_000 {
            tries += 1
            var i = 0
            let a = point(at: max(0, s - textWidth / 2), from: &i)
            let first = i
            let b = point(at: s + textWidth / 2, from: &i)
            let chord = hypot(b.x - a.x, b.y - a.y)
            var straight = chord >= textWidth * 0.92
            if straight, chord > 0 {
                for k in (first + 1)...max(first + 1, i) where k < line.count && distance[k] < s + textWidth / 2 {
                    let p = line[k]
                    let offset = abs((b.x - a.x) * (a.y - p.y) - (a.x - p.x) * (b.y - a.y)) / chord
                    if offset > roadNameStraightness { straight = false; break }
                }
            }
            if straight {
                var angle = atan2(b.y - a.y, b.x - a.x)
                if angle > .pi / 2 { angle -= .pi } else if angle < -.pi / 2 { angle += .pi }
                spots.append((CGPoint(x: (a.x + b.x) / 2, y: (a.y + b.y) / 2), angle))
                s += spacing
            } else {
                s += 24
            }
        }
        return spots.map { (mid: $0.0, angle: $0.1) }
    }

    func coordinate(_ m: MercatorPoint) -> CLLocationCoordinate2D {
        let c = WebMercator.unproject(m)
        return CLLocationCoordinate2D(latitude: c.latitude, longitude: CameraLimits.wrapLongitude(c.longitude))
    }
}
