import Foundation

/// A font request: families in order of preference, a size in points, a weight and a slant.
///
/// Families missing from the machine, and characters a family lacks (CJK, Arabic, emoji),
/// fall back through ``Font/fallbackFamilies``, so every script renders shaped.
public struct Font: Sendable, Hashable {
    /// Font weights on the CSS/OpenType scale.
    public struct Weight: Sendable, Hashable, Comparable {
        public let value: Double
        public init(_ value: Double) { self.value = min(max(value.isFinite ? value : 400, 100), 1000) }
        public static func < (a: Weight, b: Weight) -> Bool { a.value < b.value }

        public static let ultraLight = Weight(100)
        public static let thin = Weight(200)
        public static let light = Weight(300)
        public static let regular = Weight(400)
        public static let medium = Weight(500)
        public static let semibold = Weight(600)
        public static let bold = Weight(700)
        public static let heavy = Weight(800)
        public static let black = Weight(900)
    }

    /// The families behind every font, after the requested ones: Latin, CJK, Arabic, emoji.
    public static let fallbackFamilies = [
        "Roboto", "Noto Sans", "Noto Sans CJK SC", "Noto Sans Arabic", "DejaVu Sans",
    ]

    /// The preferred families, most preferred first.
    public var families: [String]
    /// The size in points (the em size); clamped to 0.5...1000, 17 when not finite.
    public var size: Double
    public var weight: Weight
    public var italic: Bool

    public init(families: [String] = ["Roboto"], size: Double, weight: Weight = .regular, italic: Bool = false) {
        self.families = families
        self.size = size.isFinite ? min(max(size, 0.5), 1000) : 17
        self.weight = weight
        self.italic = italic
    }

    /// The system font (Roboto) at a size and weight.
    public static func system(size: Double, weight: Weight = .regular) -> Font {
        Font(size: size, weight: weight)
    }

    /// The family list handed to Pango: requested families, then the fallbacks.
    var familyList: String {
        var seen = Set<String>()
        return (families + Font.fallbackFamilies)
            .map { $0.replacingOccurrences(of: ",", with: " ") }
            .filter { seen.insert($0).inserted }
            .joined(separator: ",")
    }
}
