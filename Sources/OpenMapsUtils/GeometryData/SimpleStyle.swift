import Foundation
import OpenMaps

/// GeoJSON's simplestyle-spec (1.1.0) read from a feature's properties (an OpenMaps addition):
/// `stroke`, `stroke-width`, `stroke-opacity`, `fill`, `fill-opacity`, `marker-color`,
/// `title` and `description`. Colours are `#rgb` or `#rrggbb`; opacities 0 ... 1; widths
/// 0 ... 1,000 points; anything else is ignored. `marker-size` and `marker-symbol` are read but
/// not drawn (the Maki icons are not here): a marker is the default pin in `marker-color`.
struct SimpleStyle: Equatable {
    var stroke: UIColor?
    var strokeWidth: CGFloat?
    var fill: UIColor?
    var markerColor: UIColor?
    var title: String?
    var snippet: String?

    /// The simplestyle properties of a feature; nil when it has none.
    init?(_ properties: [String: NSObject]?) {
        guard let properties else { return nil }
        func text(_ key: String) -> String? { (properties[key] as? NSString).map { String($0) } ?? (properties[key] as? String) }
        func number(_ key: String) -> Double? {
            guard let value = (properties[key] as? NSNumber)?.doubleValue, value.isFinite else { return nil }
            return value
        }
        func opacity(_ key: String) -> CGFloat { CGFloat(min(max(number(key) ?? 1, 0), 1)) }
        stroke = text("stroke").flatMap(Self.color)?.withAlphaComponent(opacity("stroke-opacity"))
        strokeWidth = number("stroke-width").map { CGFloat(min(max($0, 0), 1_000)) }
        fill = text("fill").flatMap(Self.color)?.withAlphaComponent(opacity("fill-opacity"))
        markerColor = text("marker-color").flatMap(Self.color)
        title = text("title")
        snippet = text("description")
        if self == SimpleStyle() { return nil }
    }

    private init() {}

    static func == (a: SimpleStyle, b: SimpleStyle) -> Bool {
        a.stroke == b.stroke && a.strokeWidth == b.strokeWidth && a.fill == b.fill && a.markerColor == b.markerColor && a.title == b.title
            && a.snippet == b.snippet
    }

    /// `#rgb` or `#rrggbb` (the `#` optional).
    static func color(_ text: String) -> UIColor? {
        var hex = text.trimmingCharacters(in: .whitespaces)
        if hex.hasPrefix("#") { hex.removeFirst() }
        if hex.count == 3 { hex = hex.map { "\($0)\($0)" }.joined() }
        guard hex.count == 6, let value = UInt32(hex, radix: 16) else { return nil }
        return UIColor(
            red: CGFloat((value >> 16) & 0xff) / 255, green: CGFloat((value >> 8) & 0xff) / 255, blue: CGFloat(value & 0xff) / 255, alpha: 1)
    }
}
