import Foundation
import MapDrawing

/// An sRGB colour, as UIKit's `UIColor`.
public final class UIColor: Sendable, Equatable, Hashable, CustomStringConvertible {
    /// The colour in sRGB with straight alpha.
    public let color: Color

    /// A colour from red, green, blue and alpha in 0...1 (values outside are clamped).
    public init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        color = Color(red: red, green: green, blue: blue, alpha: alpha)
    }

    /// A grey from a white level and alpha.
    public init(white: CGFloat, alpha: CGFloat) {
        color = Color(white: white, alpha: alpha)
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
        color = cgColor.color
    }

    package init(_ color: Color) {
        self.color = color
    }

    /// The Core Graphics colour, for layer properties.
    public var cgColor: CGColor { CGColor(color) }

    /// The same colour with another alpha.
    public func withAlphaComponent(_ alpha: CGFloat) -> UIColor {
        UIColor(color.withAlpha(alpha))
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

    /// Makes this the fill colour of the current graphics context.
    public func setFill() { UIGraphicsGetCurrentContext()?.setFillColor(cgColor) }
    /// Makes this the stroke colour of the current graphics context.
    public func setStroke() { UIGraphicsGetCurrentContext()?.setStrokeColor(cgColor) }
    /// Makes this both fill and stroke colour of the current graphics context.
    public func set() {
        setFill()
        setStroke()
    }

    public static func == (a: UIColor, b: UIColor) -> Bool { a.color == b.color }
    public func hash(into hasher: inout Hasher) { hasher.combine(color) }
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
    public static let systemRed = UIColor(Color(rgb: 0xFF3B30))
    public static let systemGreen = UIColor(Color(rgb: 0x34C759))
    public static let systemBlue = UIColor(Color(rgb: 0x007AFF))
    public static let systemOrange = UIColor(Color(rgb: 0xFF9500))
    public static let systemYellow = UIColor(Color(rgb: 0xFFCC00))
    public static let systemPink = UIColor(Color(rgb: 0xFF2D55))
    public static let systemPurple = UIColor(Color(rgb: 0xAF52DE))
    public static let systemTeal = UIColor(Color(rgb: 0x5AC8FA))
    public static let systemIndigo = UIColor(Color(rgb: 0x5856D6))
    public static let systemGray = UIColor(Color(rgb: 0x8E8E93))
    public static let systemBackground = UIColor.white
    public static let label = UIColor.black
    public static let secondaryLabel = UIColor(Color(rgb: 0x3C3C43, alpha: 0.6))
    public static let separator = UIColor(Color(rgb: 0x3C3C43, alpha: 0.29))
}
