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
    /// The POI's category or the place's or road's class.
    public let category: String?
    public let priority: Double
    /// The text's turn in radians (road names follow their road, kept upright: within ±90°).
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
    /// The box around a road's lines (min x, min y, max x, max y), so roads off the view are
    /// passed over without projecting them.
    var bounds = SIMD4<Double>(-.infinity, -.infinity, .infinity, .infinity)
    /// The feature's location (places and POIs).
    var coordinate = CLLocationCoordinate2D(latitude: 0, longitude: 0)
    /// The placer's slot of the font its text is drawn in (``LabelPlacer/measuringSlot(for:)``):
    /// the text is measured only when placing reaches it (most of a tile's candidates are off
    /// the view or not shown at its zoom).
    let fontSlot: Int
    var placeID: String?
    let category: String
    let priority: Double
    /// The zooms at which it shows.
    var zooms: Range<Double> = 0..<Double.infinity
}

/// The labels one data tile offers, as read, and their order of importance: by priority, then
/// text; equal labels as read.
struct TileLabels {
    let candidates: [LabelCandidate]
    let order: [Int]

    init(_ candidates: [LabelCandidate]) {
        self.candidates = candidates
        order = candidates.indices.sorted { LabelCandidate.comesFirst(candidates[$0], candidates[$1]) ?? ($0 < $1) }
    }
}

extension LabelCandidate {
    /// Whether a label is placed before another: the higher priority first, then by text; nil
    /// for labels equal in both (their order is the tiles').
    static func comesFirst(_ a: LabelCandidate, _ b: LabelCandidate) -> Bool? {
        if a.priority != b.priority { return a.priority > b.priority }
        if a.text != b.text { return a.text < b.text }
        return nil
    }

    /// The box around lines of projected points.
    static func bounds(of parts: [[MercatorPoint]]) -> SIMD4<Double> {
        var box = SIMD4<Double>(.infinity, .infinity, -.infinity, -.infinity)
        for part in parts {
            for m in part { box = SIMD4(min(box.x, m.x), min(box.y, m.y), max(box.z, m.x), max(box.w, m.y)) }
        }
        return box
    }
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

    /// The slop around a POI's icon that still hits it, in points (rule 7).
    public static let poiHitSlop: CGFloat = 4

    /// Whether a screen point hits a POI's drawn icon, with ``poiHitSlop`` around it (rule 7).
    public func poiIconContains(_ point: CGPoint) -> Bool {
        kind == .poi && (icon?.insetBy(dx: -PlacedLabel.poiHitSlop, dy: -PlacedLabel.poiHitSlop).contains(point) ?? false)
    }
}
