import Foundation
import MapDrawing

/// The white pictogram inside a POI's icon, by category, as Google's map shows one: a fork
/// and knife for food, a cup for cafés, a bed for lodging, a columned front for museums...
enum POIGlyph: Hashable, Sendable, CaseIterable {
    case food, cafe, bar, lodging, museum, park, train, bus, ferry, airport, health, pharmacy, school, worship, shop, grocery
    case bank, government, stadium, generic

    /// The glyph of a POI category (see ``OpenMapTilesSchema/poiCategory(_:subclass:)``).
    init(category: String) {
        switch category {
        case "restaurant", "fast_food": self = .food
        case "cafe": self = .cafe
        case "bar", "beer": self = .bar
        case "lodging": self = .lodging
        case "museum", "art_gallery", "attraction", "monument", "theatre", "cinema", "zoo": self = .museum
        case "park": self = .park
        case "railway": self = .train
        case "bus": self = .bus
        case "ferry": self = .ferry
        case "airport": self = .airport
        case "hospital", "doctor": self = .health
        case "pharmacy": self = .pharmacy
        case "school", "college", "library": self = .school
        case "place_of_worship": self = .worship
        case "shop": self = .shop
        case "grocery": self = .grocery
        case "bank": self = .bank
        case "town_hall", "police", "post", "office": self = .government
        case "stadium": self = .stadium
        default: self = .generic
        }
    }

    /// The glyph's shapes in a square (the icon's inner box): filled in white, or stroked
    /// where `stroked` says so.
    func paths(in box: CGRect) -> (fill: Path, stroke: Path, width: Double) {
        let x = box.minX, y = box.minY, s = box.width
        func p(_ u: Double, _ v: Double) -> CGPoint { CGPoint(x: x + u * s, y: y + v * s) }
        func r(_ u: Double, _ v: Double, _ w: Double, _ h: Double) -> CGRect { CGRect(x: x + u * s, y: y + v * s, width: w * s, height: h * s) }
        var fill = Path(), stroke = Path()
        let width = max(0.8, s * 0.11)
        switch self {
        case .food:
            // Fork (left) and knife (right).
            stroke.move(to: p(0.3, 0.1)); stroke.line(to: p(0.3, 0.9))
            stroke.move(to: p(0.18, 0.1)); stroke.line(to: p(0.18, 0.4)); stroke.line(to: p(0.42, 0.4)); stroke.line(to: p(0.42, 0.1))
            fill.addRoundedRect(r(0.6, 0.1, 0.2, 0.45), cornerRadius: 0.08 * s)
            stroke.move(to: p(0.7, 0.5)); stroke.line(to: p(0.7, 0.9))
        case .cafe:
            fill.addRoundedRect(r(0.15, 0.3, 0.5, 0.45), cornerRadius: 0.1 * s)
            stroke.addEllipse(in: r(0.58, 0.38, 0.22, 0.22))
            fill.addRect(r(0.1, 0.8, 0.6, 0.08))
        case .bar:
            fill.addPath(.polygon([p(0.15, 0.15), p(0.85, 0.15), p(0.5, 0.55)]))
            stroke.move(to: p(0.5, 0.5)); stroke.line(to: p(0.5, 0.85))
            stroke.move(to: p(0.3, 0.87)); stroke.line(to: p(0.7, 0.87))
        case .lodging:
            fill.addRect(r(0.1, 0.55, 0.8, 0.15))
            fill.addRoundedRect(r(0.38, 0.35, 0.52, 0.22), cornerRadius: 0.06 * s)
            fill.addEllipse(in: r(0.12, 0.33, 0.22, 0.2))
            stroke.move(to: p(0.13, 0.25)); stroke.line(to: p(0.13, 0.85))
            stroke.move(to: p(0.87, 0.65)); stroke.line(to: p(0.87, 0.85))
        case .museum:
            fill.addPath(.polygon([p(0.1, 0.35), p(0.5, 0.1), p(0.9, 0.35)]))
            for u in [0.2, 0.43, 0.66] { fill.addRect(r(u, 0.4, 0.14, 0.36)) }
            fill.addRect(r(0.1, 0.8, 0.8, 0.1))
        case .park:
            fill.addEllipse(in: r(0.2, 0.08, 0.6, 0.58))
            fill.addRect(r(0.44, 0.6, 0.12, 0.32))
        case .train:
            fill.addRoundedRect(r(0.22, 0.1, 0.56, 0.62), cornerRadius: 0.12 * s)
            stroke.move(to: p(0.3, 0.9)); stroke.line(to: p(0.4, 0.74))
            stroke.move(to: p(0.7, 0.9)); stroke.line(to: p(0.6, 0.74))
        case .bus:
            fill.addRoundedRect(r(0.18, 0.12, 0.64, 0.64), cornerRadius: 0.1 * s)
            fill.addRect(r(0.24, 0.76, 0.14, 0.12))
            fill.addRect(r(0.62, 0.76, 0.14, 0.12))
        case .ferry:
            fill.addPath(.polygon([p(0.1, 0.55), p(0.9, 0.55), p(0.75, 0.8), p(0.25, 0.8)]))
            fill.addRect(r(0.3, 0.3, 0.4, 0.22))
        case .airport:
            fill.addPath(.polygon([p(0.45, 0.1), p(0.55, 0.1), p(0.58, 0.42), p(0.92, 0.6), p(0.92, 0.7), p(0.57, 0.6), p(0.55, 0.8), p(0.67, 0.9), p(0.33, 0.9), p(0.45, 0.8), p(0.43, 0.6), p(0.08, 0.7), p(0.08, 0.6), p(0.42, 0.42)]))
        case .health:
            fill.addRect(r(0.38, 0.15, 0.24, 0.7))
            fill.addRect(r(0.15, 0.38, 0.7, 0.24))
        case .pharmacy:
            fill.addRoundedRect(r(0.2, 0.25, 0.6, 0.6), cornerRadius: 0.1 * s)
            fill.addRect(r(0.3, 0.1, 0.4, 0.12))
        case .school:
            fill.addPath(.polygon([p(0.05, 0.4), p(0.5, 0.18), p(0.95, 0.4), p(0.5, 0.62)]))
            fill.addPath(.polygon([p(0.25, 0.52), p(0.75, 0.52), p(0.75, 0.75), p(0.5, 0.85), p(0.25, 0.75)]))
        case .worship:
            fill.addPath(.polygon([p(0.5, 0.08), p(0.8, 0.38), p(0.8, 0.9), p(0.2, 0.9), p(0.2, 0.38)]))
        case .shop:
            fill.addRoundedRect(r(0.18, 0.35, 0.64, 0.55), cornerRadius: 0.06 * s)
            stroke.move(to: p(0.35, 0.4)); stroke.line(to: p(0.35, 0.22)); stroke.line(to: p(0.65, 0.22)); stroke.line(to: p(0.65, 0.4))
        case .grocery:
            fill.addPath(.polygon([p(0.1, 0.2), p(0.9, 0.3), p(0.8, 0.65), p(0.25, 0.65)]))
            fill.addEllipse(in: r(0.25, 0.72, 0.16, 0.16))
            fill.addEllipse(in: r(0.64, 0.72, 0.16, 0.16))
        case .bank:
            fill.addPath(.polygon([p(0.1, 0.35), p(0.5, 0.12), p(0.9, 0.35)]))
            fill.addRect(r(0.1, 0.8, 0.8, 0.1))
            for u in [0.18, 0.43, 0.68] { fill.addRect(r(u, 0.4, 0.14, 0.36)) }
        case .government:
            fill.addRect(r(0.15, 0.4, 0.7, 0.5))
            fill.addPath(.polygon([p(0.1, 0.4), p(0.5, 0.1), p(0.9, 0.4)]))
        case .stadium:
            stroke.addEllipse(in: r(0.12, 0.25, 0.76, 0.5))
            fill.addEllipse(in: r(0.35, 0.4, 0.3, 0.2))
        case .generic:
            fill.addEllipse(in: r(0.3, 0.3, 0.4, 0.4))
        }
        return (fill, stroke, width)
    }
}
