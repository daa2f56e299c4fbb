import MapGeometry

/// An sRGB colour with straight (not premultiplied) alpha, components in 0...1.
public struct Color: Sendable, Hashable, CustomStringConvertible {
    public var red: Double
    public var green: Double
    public var blue: Double
    public var alpha: Double

    /// A colour from components; each is clamped into 0...1 and NaN becomes 0.
    public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        self.red = Color.clamp(red)
        self.green = Color.clamp(green)
        self.blue = Color.clamp(blue)
        self.alpha = Color.clamp(alpha)
    }

    /// A grey from a white level and alpha.
    public init(white: Double, alpha: Double = 1) {
        self.init(red: white, green: white, blue: white, alpha: alpha)
    }

    /// A colour from `0xRRGGBB` and an alpha.
    public init(rgb: UInt32, alpha: Double = 1) {
        self.init(
            red: Double((rgb >> 16) & 0xff) / 255, green: Double((rgb >> 8) & 0xff) / 255,
            blue: Double(rgb & 0xff) / 255, alpha: alpha)
    }

    /// A colour from CSS-style hex text: `#rgb`, `#rrggbb` or `#rrggbbaa` (the `#` is optional).
    /// Returns nil for anything else.
    public init?(hex: String) {
        var digits = Substring(hex)
        if digits.hasPrefix("#") { digits = digits.dropFirst() }
        guard digits.allSatisfy(\.isHexDigit) else { return nil }
        switch digits.count {
        case 3:
            guard let value = UInt32(digits, radix: 16) else { return nil }
            let r = (value >> 8) & 0xf, g = (value >> 4) & 0xf, b = value & 0xf
            self.init(rgb: (r * 17) << 16 | (g * 17) << 8 | b * 17)
        case 6:
            guard let value = UInt32(digits, radix: 16) else { return nil }
            self.init(rgb: value)
        case 8:
            guard let value = UInt32(digits, radix: 16) else { return nil }
            self.init(rgb: value >> 8, alpha: Double(value & 0xff) / 255)
        default:
            return nil
        }
    }

    /// The same colour with another alpha.
    public func withAlpha(_ alpha: Double) -> Color {
        Color(red: red, green: green, blue: blue, alpha: alpha)
    }

    /// The colour multiplied towards black by `amount` (0 keeps it, 1 gives black).
    public func darkened(by amount: Double) -> Color {
        let keep = 1 - Color.clamp(amount)
        return Color(red: red * keep, green: green * keep, blue: blue * keep, alpha: alpha)
    }

    /// The colour mixed towards white by `amount` (0 keeps it, 1 gives white).
    public func lightened(by amount: Double) -> Color {
        let t = Color.clamp(amount)
        return Color(red: red + (1 - red) * t, green: green + (1 - green) * t, blue: blue + (1 - blue) * t, alpha: alpha)
    }

    public var description: String {
        func byte(_ v: Double) -> String {
            let s = String(Int(saturating: (v * 255).rounded()).clamped(to: 0...255), radix: 16)
            return s.count == 1 ? "0" + s : s
        }
        return "#" + byte(red) + byte(green) + byte(blue) + byte(alpha)
    }

    private static func clamp(_ value: Double) -> Double {
        value.isNaN ? 0 : min(max(value, 0), 1)
    }

    public static let black = Color(white: 0)
    public static let white = Color(white: 1)
    public static let clear = Color(white: 0, alpha: 0)
}
