import Foundation
import MapDrawing

/// A font, as UIKit's `UIFont`. The system font is Roboto (the Google Maps look).
public final class UIFont: Sendable, Equatable, Hashable, CustomStringConvertible {
    /// UIKit's font weights (-1...1), mapped onto OpenType weights when drawn.
    public struct Weight: RawRepresentable, Sendable, Hashable {
        public let rawValue: CGFloat
        public init(rawValue: CGFloat) { self.rawValue = rawValue }
        public init(_ rawValue: CGFloat) { self.rawValue = rawValue }

        public static let ultraLight = Weight(-0.8)
        public static let thin = Weight(-0.6)
        public static let light = Weight(-0.4)
        public static let regular = Weight(0)
        public static let medium = Weight(0.23)
        public static let semibold = Weight(0.3)
        public static let bold = Weight(0.4)
        public static let heavy = Weight(0.56)
        public static let black = Weight(0.62)

        /// The OpenType weight (100...900) nearest to this UIKit weight.
        var openType: MapDrawing.Font.Weight {
            let table: [(CGFloat, Double)] = [
                (-0.8, 100), (-0.6, 200), (-0.4, 300), (0, 400), (0.23, 500), (0.3, 600), (0.4, 700), (0.56, 800), (0.62, 900),
            ]
            let value = rawValue.isFinite ? rawValue : 0
            let nearest = table.min { abs($0.0 - value) < abs($1.0 - value) }
            return MapDrawing.Font.Weight(nearest?.1 ?? 400)
        }
    }

    /// The drawing layer's font.
    public let font: MapDrawing.Font
    /// The family name, e.g. "Roboto".
    public let familyName: String
    /// The face name, e.g. "Roboto-Bold".
    public let fontName: String

    private init(font: MapDrawing.Font, familyName: String, fontName: String) {
        self.font = font
        self.familyName = familyName
        self.fontName = fontName
    }

    /// The system font at a size in points.
    public class func systemFont(ofSize fontSize: CGFloat) -> UIFont {
        systemFont(ofSize: fontSize, weight: .regular)
    }

    /// The system font at a size and weight.
    public class func systemFont(ofSize fontSize: CGFloat, weight: Weight) -> UIFont {
        let font = MapDrawing.Font(families: ["Roboto"], size: fontSize, weight: weight.openType)
        return UIFont(font: font, familyName: "Roboto", fontName: "Roboto-\(faceName(font.weight))")
    }

    /// The bold system font at a size.
    public class func boldSystemFont(ofSize fontSize: CGFloat) -> UIFont {
        systemFont(ofSize: fontSize, weight: .bold)
    }

    /// The italic system font at a size.
    public class func italicSystemFont(ofSize fontSize: CGFloat) -> UIFont {
        let font = MapDrawing.Font(families: ["Roboto"], size: fontSize, italic: true)
        return UIFont(font: font, familyName: "Roboto", fontName: "Roboto-Italic")
    }

    /// A font by family or face name ("DejaVu Sans", "Roboto-Bold"). Unknown families fall
    /// back to the system font when drawn, as fontconfig does.
    public convenience init?(name fontName: String, size fontSize: CGFloat) {
        guard !fontName.isEmpty else { return nil }
        var family = fontName
        var weight = MapDrawing.Font.Weight.regular
        var italic = false
        if let dash = fontName.lastIndex(of: "-") {
            family = String(fontName[..<dash])
            let face = fontName[fontName.index(after: dash)...].lowercased()
            if face.contains("bold") { weight = .bold }
            if face.contains("medium") { weight = .medium }
            if face.contains("light") { weight = .light }
            if face.contains("italic") { italic = true }
        }
        let font = MapDrawing.Font(families: [family], size: fontSize, weight: weight, italic: italic)
        self.init(font: font, familyName: family, fontName: fontName)
    }

    /// The em size in points.
    public var pointSize: CGFloat { font.size }
    /// Typical line height (Roboto's ascent plus descent, about 1.17 em).
    public var lineHeight: CGFloat { font.size * 1.171875 }
    /// Height above the baseline.
    public var ascender: CGFloat { font.size * 0.927734375 }
    /// Depth below the baseline (negative).
    public var descender: CGFloat { -font.size * 0.244140625 }

    /// The same font at another size.
    public func withSize(_ fontSize: CGFloat) -> UIFont {
        var copy = font
        copy.size = MapDrawing.Font(size: fontSize).size
        return UIFont(font: copy, familyName: familyName, fontName: fontName)
    }

    private static func faceName(_ weight: MapDrawing.Font.Weight) -> String {
        switch weight.value {
        case ..<250: return "Thin"
        case ..<350: return "Light"
        case ..<450: return "Regular"
        case ..<650: return "Medium"
        case ..<850: return "Bold"
        default: return "Black"
        }
    }

    public static func == (a: UIFont, b: UIFont) -> Bool { a.font == b.font }
    public func hash(into hasher: inout Hasher) { hasher.combine(font) }
    public var description: String { "UIFont \(fontName) \(pointSize)pt" }
}
