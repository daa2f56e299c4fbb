import Foundation
import MapDrawing

/// An sRGB colour, as UIKit's `UIColor`: fixed, or dynamic (a colour for each appearance,
/// resolved with the trait collection in force where it is drawn).
public final class UIColor: Sendable, Equatable, Hashable, CustomStringConvertible {
    private let base: Color
    private let provider: (@Sendable (UITraitCollection) -> UIColor)?

    /// The colour in sRGB with straight alpha; a dynamic colour resolves with
    /// `UITraitCollection.current` (the view being drawn's traits, light elsewhere).
    public var color: Color {
        guard let provider else { return base }
        return provider(UITraitCollection.current).color
    }

    /// A colour from red, green, blue and alpha in 0...1 (values outside are clamped).
    public init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        base = Color(red: red, green: green, blue: blue, alpha: alpha)
        provider = nil
    }

    /// A grey from a white level and alpha.
    public init(white: CGFloat, alpha: CGFloat) {
        base = Color(white: white, alpha: alpha)
        provider = nil
    }

    /// A dynamic colour: the provider gives the colour for a trait collection.
    public init(dynamicProvider: @escaping @Sendable (UITraitCollection) -> UIColor) {
        base = dynamicProvider(UITraitCollection(userInterfaceStyle: .light)).color
        provider = dynamicProvider
    }

    /// The fixed colour for a trait collection (itself when not dynamic).
    public func resolvedColor(with traitCollection: UITraitCollection) -> UIColor {
        guard let provider else { return self }
        return provider(traitCollection).resolvedColor(with: traitCollection)
    }

    /// A dynamic system colour from its light and dark values (sRGB hex, alpha).
    static func system(light: UInt32, dark: UInt32, lightAlpha: Double = 1, darkAlpha: Double = 1) -> UIColor {
        let lightColor = UIColor(Color(rgb: light, alpha: lightAlpha)), darkColor = UIColor(Color(rgb: dark, alpha: darkAlpha))
        return UIColor { $0.userInterfaceStyle == .dark ? darkColor : lightColor }
    }

    /// A colour from hue, saturation, brightness (HSB) and alpha, each in 0...1.
    public convenience init(hue: CGFloat, saturation: CGFloat, brightness: CGFloat, alpha: CGFloat) {
        let h = (hue.isFinite ? hue - hue.rounded(.down) : 0) * 6
        let s = min(max(saturation.isFinite ? saturation : 0, 0), 1)
        let v = min(max(brightness.isFinite ? brightness : 0, 0), 1)
        let sector = Int(h) % 6, f = h - CGFloat(Int(h))
        let p = v * (1 - s), q = v * (1 - s * f), t = v * (1 - s * (1 - f))
        let (r, g, b): (CGFloat, CGFloat, CGFloat) = [
            (v, t, p), (q, v, p), (p, v, t), (p, q, v), (t, p, v), (v, p, q),
        ][sector]
        self.init(red: r, green: g, blue: b, alpha: alpha)
    }

    /// The colour of a Core Graphics colour.
    public init(cgColor: CGColor) {
        base = cgColor.color
        provider = nil
    }

    package init(_ color: Color) {
        base = color
        provider = nil
    }

    /// The Core Graphics colour, for layer properties.
    public var cgColor: CGColor { CGColor(color) }

    /// The same colour with another alpha.
    public func withAlphaComponent(_ alpha: CGFloat) -> UIColor {
        guard provider != nil else { return UIColor(base.withAlpha(alpha)) }
        return UIColor { [self] traits in UIColor(resolvedColor(with: traits).color.withAlpha(alpha)) }
    }

    /// Writes the sRGB components; always succeeds.
    @discardableResult
    public func getRed(
        _ red: UnsafeMutablePointer<CGFloat>?, green: UnsafeMutablePointer<CGFloat>?,
        blue: UnsafeMutablePointer<CGFloat>?, alpha: UnsafeMutablePointer<CGFloat>?
    ) -> Bool {
        red?.pointee = color.red
        green?.pointee = color.green
        blue?.pointee = color.blue
        alpha?.pointee = color.alpha
        return true
    }

    /// Writes the hue, saturation, brightness (HSB, each 0...1) and alpha; always succeeds.
    /// A grey has hue and saturation 0.
    @discardableResult
    public func getHue(
        _ hue: UnsafeMutablePointer<CGFloat>?, saturation: UnsafeMutablePointer<CGFloat>?,
        brightness: UnsafeMutablePointer<CGFloat>?, alpha: UnsafeMutablePointer<CGFloat>?
    ) -> Bool {
        let c = color
        let high = max(c.red, c.green, c.blue), low = min(c.red, c.green, c.blue), range = high - low
        var h: CGFloat = 0
        if range > 0 {
            if high == c.red {
                h = (c.green - c.blue) / range
            } else if high == c.green {
                h = 2 + (c.blue - c.red) / range
            } else {
                h = 4 + (c.red - c.green) / range
            }
            h /= 6
            if h < 0 { h += 1 }
        }
        hue?.pointee = h
        saturation?.pointee = high > 0 ? range / high : 0
        brightness?.pointee = high
        alpha?.pointee = c.alpha
        return true
    }

    /// Makes this the fill colour of the current graphics context.
    public func setFill() { UIGraphicsGetCurrentContext()?.setFillColor(cgColor) }
    /// Makes this the stroke colour of the current graphics context.
    public func setStroke() { UIGraphicsGetCurrentContext()?.setStrokeColor(cgColor) }
    /// Makes this both fill and stroke colour of the current graphics context.
    public func set() {
        setFill()
        setStroke()
    }

    /// Equal when equal in light and in dark.
    public static func == (a: UIColor, b: UIColor) -> Bool {
        guard a.provider != nil || b.provider != nil else { return a.base == b.base }
        let light = UITraitCollection(userInterfaceStyle: .light), dark = UITraitCollection(userInterfaceStyle: .dark)
        return a.resolvedColor(with: light).base == b.resolvedColor(with: light).base
            && a.resolvedColor(with: dark).base == b.resolvedColor(with: dark).base
    }
    public func hash(into hasher: inout Hasher) { hasher.combine(base) }
    public var description: String { "UIColor \(color)" }

    // Named colours with UIKit's values.
    public static let black = UIColor(white: 0, alpha: 1)
    public static let darkGray = UIColor(white: 1.0 / 3, alpha: 1)
    public static let lightGray = UIColor(white: 2.0 / 3, alpha: 1)
    public static let white = UIColor(white: 1, alpha: 1)
    public static let gray = UIColor(white: 0.5, alpha: 1)
    public static let red = UIColor(red: 1, green: 0, blue: 0, alpha: 1)
    public static let green = UIColor(red: 0, green: 1, blue: 0, alpha: 1)
    public static let blue = UIColor(red: 0, green: 0, blue: 1, alpha: 1)
    public static let cyan = UIColor(red: 0, green: 1, blue: 1, alpha: 1)
    public static let yellow = UIColor(red: 1, green: 1, blue: 0, alpha: 1)
    public static let magenta = UIColor(red: 1, green: 0, blue: 1, alpha: 1)
    public static let orange = UIColor(red: 1, green: 0.5, blue: 0, alpha: 1)
    public static let purple = UIColor(red: 0.5, green: 0, blue: 0.5, alpha: 1)
    public static let brown = UIColor(red: 0.6, green: 0.4, blue: 0.2, alpha: 1)
    public static let clear = UIColor(white: 0, alpha: 0)
    // System colours (light appearance).
    // System colours, dynamic, with iOS 17's light and dark values.
    public static let systemRed = system(light: 0xFF3B30, dark: 0xFF453A)
    public static let systemGreen = system(light: 0x34C759, dark: 0x30D158)
    public static let systemBlue = system(light: 0x007AFF, dark: 0x0A84FF)
    public static let systemOrange = system(light: 0xFF9500, dark: 0xFF9F0A)
    public static let systemYellow = system(light: 0xFFCC00, dark: 0xFFD60A)
    public static let systemPink = system(light: 0xFF2D55, dark: 0xFF375F)
    public static let systemPurple = system(light: 0xAF52DE, dark: 0xBF5AF2)
    public static let systemTeal = system(light: 0x30B0C7, dark: 0x40C8E0)
    public static let systemIndigo = system(light: 0x5856D6, dark: 0x5E5CE6)
    public static let systemMint = system(light: 0x00C7BE, dark: 0x63E6E2)
    public static let systemCyan = system(light: 0x32ADE6, dark: 0x64D2FF)
    public static let systemBrown = system(light: 0xA2845E, dark: 0xAC8E68)
    public static let systemGray = system(light: 0x8E8E93, dark: 0x8E8E93)
    public static let systemGray2 = system(light: 0xAEAEB2, dark: 0x636366)
    public static let systemGray3 = system(light: 0xC7C7CC, dark: 0x48484A)
    public static let systemGray4 = system(light: 0xD1D1D6, dark: 0x3A3A3C)
    public static let systemGray5 = system(light: 0xE5E5EA, dark: 0x2C2C2E)
    public static let systemGray6 = system(light: 0xF2F2F7, dark: 0x1C1C1E)
    /// The tint views use unless they set their own (system blue).
    public static let tintColor = systemBlue
    public static let label = system(light: 0x000000, dark: 0xFFFFFF)
    public static let secondaryLabel = system(light: 0x3C3C43, dark: 0xEBEBF5, lightAlpha: 0.6, darkAlpha: 0.6)
    public static let tertiaryLabel = system(light: 0x3C3C43, dark: 0xEBEBF5, lightAlpha: 0.3, darkAlpha: 0.3)
    public static let quaternaryLabel = system(light: 0x3C3C43, dark: 0xEBEBF5, lightAlpha: 0.18, darkAlpha: 0.16)
    public static let placeholderText = system(light: 0x3C3C43, dark: 0xEBEBF5, lightAlpha: 0.3, darkAlpha: 0.3)
    public static let link = system(light: 0x007AFF, dark: 0x0984FF)
    public static let systemBackground = system(light: 0xFFFFFF, dark: 0x000000)
    public static let secondarySystemBackground = system(light: 0xF2F2F7, dark: 0x1C1C1E)
    public static let tertiarySystemBackground = system(light: 0xFFFFFF, dark: 0x2C2C2E)
    public static let systemGroupedBackground = system(light: 0xF2F2F7, dark: 0x000000)
    public static let secondarySystemGroupedBackground = system(light: 0xFFFFFF, dark: 0x1C1C1E)
    public static let tertiarySystemGroupedBackground = system(light: 0xF2F2F7, dark: 0x2C2C2E)
    public static let systemFill = system(light: 0x787880, dark: 0x787880, lightAlpha: 0.2, darkAlpha: 0.36)
    public static let secondarySystemFill = system(light: 0x787880, dark: 0x787880, lightAlpha: 0.16, darkAlpha: 0.32)
    public static let tertiarySystemFill = system(light: 0x767680, dark: 0x767680, lightAlpha: 0.12, darkAlpha: 0.24)
    public static let quaternarySystemFill = system(light: 0x747480, dark: 0x767680, lightAlpha: 0.08, darkAlpha: 0.18)
    public static let separator = system(light: 0x3C3C43, dark: 0x545458, lightAlpha: 0.29, darkAlpha: 0.6)
    public static let opaqueSeparator = system(light: 0xC6C6C8, dark: 0x38383A)
    public static let darkText = UIColor.black
    public static let lightText = UIColor(white: 1, alpha: 0.6)
}
