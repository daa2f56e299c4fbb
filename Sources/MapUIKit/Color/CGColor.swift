import Foundation
import MapDrawing

/// A colour as Core Graphics passes it around (`layer.borderColor = UIColor.red.cgColor`).
public final class CGColor: Sendable, Equatable, CustomStringConvertible {
    /// The colour in sRGB with straight alpha.
    public let color: Color

    /// A colour from sRGB components.
    public init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        color = Color(red: red, green: green, blue: blue, alpha: alpha)
    }

    init(_ color: Color) {
        self.color = color
    }

    /// The alpha component.
    public var alpha: CGFloat { color.alpha }
    /// Red, green, blue and alpha.
    public var components: [CGFloat]? { [color.red, color.green, color.blue, color.alpha] }
    /// 4: red, green, blue, alpha.
    public var numberOfComponents: Int { 4 }

    /// The same colour with another alpha.
    public func copy(alpha: CGFloat) -> CGColor? { CGColor(color.withAlpha(alpha)) }

    public static func == (a: CGColor, b: CGColor) -> Bool { a.color == b.color }
    public var description: String { "CGColor \(color)" }
}

