import Foundation
import MapDrawing

/// Drawing strings in the current graphics context, as UIKit's `NSString` and
/// `NSAttributedString` additions: `size(withAttributes:)`, `draw(at:withAttributes:)` and
/// `draw(in:withAttributes:)`. The attributes read are `.font` (UIKit's default, 12 points,
/// when absent) and `.foregroundColor` (black); text is laid out by Pango like labels'.
extension StringProtocol {
    /// The size the string takes on one line a paragraph.
    public func size(withAttributes attributes: [NSAttributedString.Key: Any]? = nil) -> CGSize {
        StringDrawing.layout(String(self), attributes: attributes, width: nil).size
    }

    /// Draws the string with its top left at a point, one line a paragraph.
    public func draw(at point: CGPoint, withAttributes attributes: [NSAttributedString.Key: Any]? = nil) {
        StringDrawing.draw(String(self), attributes: attributes, in: CGRect(origin: point, size: .zero), wraps: false)
    }

    /// Draws the string in a rectangle, wrapping at its width and clipped to it.
    public func draw(in rect: CGRect, withAttributes attributes: [NSAttributedString.Key: Any]? = nil) {
        StringDrawing.draw(String(self), attributes: attributes, in: rect, wraps: true)
    }
}

extension NSString {
    /// The size the string takes on one line a paragraph.
    public func size(withAttributes attributes: [NSAttributedString.Key: Any]? = nil) -> CGSize {
        (self as String).size(withAttributes: attributes)
    }

    /// Draws the string with its top left at a point, one line a paragraph.
    public func draw(at point: CGPoint, withAttributes attributes: [NSAttributedString.Key: Any]? = nil) {
        (self as String).draw(at: point, withAttributes: attributes)
    }

    /// Draws the string in a rectangle, wrapping at its width and clipped to it.
    public func draw(in rect: CGRect, withAttributes attributes: [NSAttributedString.Key: Any]? = nil) {
        (self as String).draw(in: rect, withAttributes: attributes)
    }
}

extension NSAttributedString {
    /// The size the string takes on one line a paragraph, in its first run's attributes.
    public func size() -> CGSize {
        string.size(withAttributes: leadingAttributes)
    }

    /// Draws the string with its top left at a point, in its first run's attributes.
    public func draw(at point: CGPoint) {
        string.draw(at: point, withAttributes: leadingAttributes)
    }

    /// Draws the string in a rectangle, wrapping at its width, in its first run's attributes.
    public func draw(in rect: CGRect) {
        string.draw(in: rect, withAttributes: leadingAttributes)
    }

    private var leadingAttributes: [NSAttributedString.Key: Any] {
        length > 0 ? attributes(at: 0, effectiveRange: nil) : [:]
    }
}

/// The layouts behind string drawing.
enum StringDrawing {
    /// UIKit's font for strings drawn without one: 12 points.
    static let defaultFontSize: CGFloat = 12

    static func layout(_ text: String, attributes: [NSAttributedString.Key: Any]?, width: CGFloat?) -> TextLayout {
        let font = attributes?[.font] as? UIFont ?? .systemFont(ofSize: defaultFontSize)
        let color = (attributes?[.foregroundColor] as? UIColor ?? .black).color
        let style = TextStyle(font: font.font, color: color, alignment: .natural, lineBreakMode: .byWordWrapping, maximumLines: 0)
        return TextLayout(text: text, style: style, width: width.map { Double($0) })
    }

    static func draw(_ text: String, attributes: [NSAttributedString.Key: Any]?, in rect: CGRect, wraps: Bool) {
        guard !text.isEmpty, rect.isFinite, let canvas = UIGraphicsGetCurrentContext()?.canvas else { return }
        let layout = layout(text, attributes: attributes, width: wraps ? rect.width : nil)
        canvas.withSavedState {
            if wraps { canvas.clip(to: rect) }
            layout.draw(in: canvas, at: rect.origin)
        }
    }
}
