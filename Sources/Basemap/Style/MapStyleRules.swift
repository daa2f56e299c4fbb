import Foundation
import Logging
import MapDrawing
import MapGeometry

/// Google's map styling JSON, parsed: rules of `featureType`, `elementType` and `stylers`,
/// applied in order to the basemap's features.
public struct MapStyleRules: Sendable {
    @available(*, deprecated, renamed: "MapStyleError")
    public typealias StyleError = MapStyleError

    enum Styler: Sendable {
        case visibility(String)
        case color(Color)
        case weight(Double)
        case lightness(Double)
        case saturation(Double)
        case gamma(Double)
        case hue(Color)
        case invertLightness(Bool)
    }

    struct Rule: Sendable {
        let feature: String
        let element: String
        let stylers: [Styler]
    }

    static let featureTypes: Set<String> = [
        "all", "administrative", "administrative.country", "administrative.land_parcel", "administrative.locality",
        "administrative.neighborhood", "administrative.province", "landscape", "landscape.man_made", "landscape.natural",
        "landscape.natural.landcover", "landscape.natural.terrain", "poi", "poi.attraction", "poi.business", "poi.government",
        "poi.medical", "poi.park", "poi.place_of_worship", "poi.school", "poi.sports_complex", "road", "road.arterial",
        "road.highway", "road.highway.controlled_access", "road.local", "transit", "transit.line", "transit.station",
        "transit.station.airport", "transit.station.bus", "transit.station.rail", "water",
    ]
    static let elementTypes: Set<String> = [
        "all", "geometry", "geometry.fill", "geometry.stroke", "labels", "labels.icon", "labels.text", "labels.text.fill",
        "labels.text.stroke",
    ]

    let rules: [Rule]

    /// No rules: the default look.
    public init() {
        rules = []
    }

    /// The most rules a style may have (the styling wizard makes a few dozen).
    public static let maximumRules = 10_000
    /// The most stylers in one rule.
    public static let maximumStylers = 64
    /// The longest style text, in UTF-8 bytes.
    public static let maximumBytes = 4 * 1_024 * 1_024

    private static let logger = Logger(label: "OpenMaps.Basemap")

    /// Parses styling JSON; throws `MapStyleError` naming the first bad entry. A styler number
    /// outside its range is clamped into it with a logged warning.
    public init(json: String) throws {
        guard json.utf8.count <= MapStyleRules.maximumBytes else {
            throw MapStyleError(description: "map style is longer than \(MapStyleRules.maximumBytes) bytes")
        }
        guard let data = json.data(using: .utf8), let object = try? JSONSerialization.jsonObject(with: data) else {
            throw MapStyleError(description: "map style is not valid JSON")
        }
        guard let entries = object as? [Any] else { throw MapStyleError(description: "map style must be a JSON array of rules") }
        guard entries.count <= MapStyleRules.maximumRules else {
            throw MapStyleError(description: "map style has \(entries.count) rules, more than the \(MapStyleRules.maximumRules) allowed")
        }
        var rules: [Rule] = []
        for (index, entry) in entries.enumerated() {
            guard let fields = entry as? [String: Any] else { throw MapStyleError(description: "map style rule \(index) is not an object") }
            let feature = fields["featureType"] as? String ?? "all"
            let element = fields["elementType"] as? String ?? "all"
            guard MapStyleRules.featureTypes.contains(feature) else {
                throw MapStyleError(description: "map style rule \(index): unknown featureType \"\(feature)\"")
            }
            guard MapStyleRules.elementTypes.contains(element) else {
                throw MapStyleError(description: "map style rule \(index): unknown elementType \"\(element)\"")
            }
            guard let stylers = fields["stylers"] as? [Any] else {
                throw MapStyleError(description: "map style rule \(index) has no \"stylers\" array")
            }
            guard stylers.count <= MapStyleRules.maximumStylers else {
                throw MapStyleError(description: "map style rule \(index) has more than \(MapStyleRules.maximumStylers) stylers")
            }
            rules.append(Rule(feature: feature, element: element, stylers: try stylers.enumerated().map { try MapStyleRules.styler($1, rule: index, position: $0) }))
        }
        self.rules = rules
    }

    private static func styler(_ value: Any, rule: Int, position: Int) throws -> Styler {
        let at = "map style rule \(rule), stylers[\(position)]"
        guard let fields = value as? [String: Any], fields.count == 1, let (key, raw) = fields.first else {
            throw MapStyleError(description: "\(at) must be an object with one styler")
        }
        func number(_ range: ClosedRange<Double>) throws -> Double {
            guard let n = (raw as? NSNumber)?.doubleValue ?? (raw as? String).flatMap(Double.init), n.isFinite else {
                throw MapStyleError(description: "\(at): \(key) must be a number in \(range.lowerBound)...\(range.upperBound)")
            }
            guard range.contains(n) else {
                let clamped = n.clamped(to: range)
                logger.warning("\(at): \(key) \(n) clamped to \(clamped)")
                return clamped
            }
            return n
        }
        func color() throws -> Color {
            guard let text = raw as? String, text.count == 7, let color = Color(hex: text) else {
                throw MapStyleError(description: "\(at): \(key) must be a colour like \"#rrggbb\"")
            }
            return color
        }
        switch key {
        case "visibility":
            guard let v = raw as? String, ["on", "off", "simplified"].contains(v) else {
                throw MapStyleError(description: "\(at): visibility must be \"on\", \"off\" or \"simplified\"")
            }
            return .visibility(v)
        case "color": return .color(try color())
        case "hue": return .hue(try color())
        case "weight": return .weight(try number(0...100))
        case "lightness": return .lightness(try number(-100...100))
        case "saturation": return .saturation(try number(-100...100))
        case "gamma": return .gamma(try number(0.01...10))
        case "invert_lightness":
            guard let b = raw as? Bool ?? (raw as? String).map({ $0 == "true" }) else {
                throw MapStyleError(description: "\(at): invert_lightness must be true or false")
            }
            return .invertLightness(b)
        default:
            throw MapStyleError(description: "\(at): unknown styler \"\(key)\"")
        }
    }

    /// Whether a rule's type covers a target type ("road" covers "road.local").
    private static func covers(_ rule: String, _ target: String) -> Bool {
        rule == "all" || rule == target || target.hasPrefix(rule + ".")
    }

    /// A style slot's colour and visibility after every matching rule, in order.
    func resolve(_ base: Color, feature: String, element: String, visible: Bool = true) -> (color: Color, visible: Bool) {
        var color = base, shown = visible
        for rule in rules where MapStyleRules.covers(rule.feature, feature) && MapStyleRules.covers(rule.element, element) {
            for styler in rule.stylers {
                switch styler {
                case .visibility(let v): shown = v != "off"
                case .color(let c): color = c.withAlpha(color.alpha)
                case .lightness(let l): color = ColorAdjust.lightness(color, l)
                case .saturation(let s): color = ColorAdjust.saturation(color, s)
                case .gamma(let g): color = ColorAdjust.gamma(color, g)
                case .hue(let h): color = ColorAdjust.hue(color, h)
                case .invertLightness(let on): if on { color = ColorAdjust.invertLightness(color) }
                case .weight: break
                }
            }
        }
        return (color, shown)
    }

    /// A style slot's visibility after every matching rule.
    func isVisible(feature: String, element: String) -> Bool {
        resolve(.black, feature: feature, element: element).visible
    }
}

/// Google's styler colour operations, on HSL.
enum ColorAdjust {
    static func hsl(_ c: Color) -> (Double, Double, Double) {
        let maxC = max(c.red, c.green, c.blue), minC = min(c.red, c.green, c.blue)
        let l = (maxC + minC) / 2
        guard maxC != minC else { return (0, 0, l) }
        let d = maxC - minC
        let s = l > 0.5 ? d / (2 - maxC - minC) : d / (maxC + minC)
        var h: Double
        if maxC == c.red { h = (c.green - c.blue) / d + (c.green < c.blue ? 6 : 0) } else if maxC == c.green { h = (c.blue - c.red) / d + 2 } else { h = (c.red - c.green) / d + 4 }
        h /= 6
        return (h, s, l)
    }

    static func color(_ h: Double, _ s: Double, _ l: Double, alpha: Double) -> Color {
        guard s > 0 else { return Color(red: l, green: l, blue: l, alpha: alpha) }
        func channel(_ p: Double, _ q: Double, _ tIn: Double) -> Double {
            var t = tIn
            if t < 0 { t += 1 }
            if t > 1 { t -= 1 }
            if t < 1.0 / 6 { return p + (q - p) * 6 * t }
            if t < 0.5 { return q }
            if t < 2.0 / 3 { return p + (q - p) * (2.0 / 3 - t) * 6 }
            return p
        }
        let q = l < 0.5 ? l * (1 + s) : l + s - l * s, p = 2 * l - q
        return Color(red: channel(p, q, h + 1.0 / 3), green: channel(p, q, h), blue: channel(p, q, h - 1.0 / 3), alpha: alpha)
    }

    static func lightness(_ c: Color, _ amount: Double) -> Color {
        let (h, s, l) = hsl(c)
        let target = amount >= 0 ? l + (1 - l) * amount / 100 : l + l * amount / 100
        return color(h, s, target, alpha: c.alpha)
    }

    static func saturation(_ c: Color, _ amount: Double) -> Color {
        let (h, s, l) = hsl(c)
        let target = amount >= 0 ? s + (1 - s) * amount / 100 : s + s * amount / 100
        return color(h, target, l, alpha: c.alpha)
    }

    static func gamma(_ c: Color, _ g: Double) -> Color {
        let (h, s, l) = hsl(c)
        return color(h, s, pow(l, 1 / g), alpha: c.alpha)
    }

    static func hue(_ c: Color, _ target: Color) -> Color {
        let (_, s, l) = hsl(c), (h, _, _) = hsl(target)
        return color(h, s, l, alpha: c.alpha)
    }

    static func invertLightness(_ c: Color) -> Color {
        let (h, s, l) = hsl(c)
        return color(h, s, 1 - l, alpha: c.alpha)
    }
}

/// Why styling JSON is not valid; the description names the bad entry.
public struct MapStyleError: Error, CustomStringConvertible, Sendable {
    public let description: String

    public init(description: String) {
        self.description = description
    }
}
