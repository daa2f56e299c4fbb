import Foundation
import MapDrawing

/// The measurements and colours of the default info window (Google's look).
public struct InfoWindowStyle: Sendable {
    /// The widest the text may run before it wraps, in points.
    public var maximumTextWidth: CGFloat = 240
    /// Space between the bubble's edge and its content.
    public var contentInsets = UIEdgeInsets(top: 10, left: 14, bottom: 10, right: 14)
    /// Space between title and snippet.
    public var lineSpacing: CGFloat = 3
    public var cornerRadius: CGFloat = 8
    public var pointerWidth: CGFloat = 18
    public var pointerHeight: CGFloat = 10
    public var backgroundColor = Color.white
    public var titleFont = Font(families: ["Roboto"], size: 14, weight: .bold)
    public var titleColor = Color(rgb: 0x202124)
    /// Lines of title shown before the rest is cut with an ellipsis.
    public var titleMaximumLines = 3
    public var snippetFont = Font(families: ["Roboto"], size: 13)
    public var snippetColor = Color(rgb: 0x5F6368)
    /// Lines of snippet shown before the rest is cut with an ellipsis.
    public var snippetMaximumLines = 6
    public var shadowColor = Color(white: 0, alpha: 0.3)
    public var shadowOffset = CGSize(width: 0, height: 1)
    public var shadowRadius: CGFloat = 4
    /// The largest custom window or contents view, in points on each side.
    public var maximumViewSize: CGFloat = 500

    /// The default style.
    public static let standard = InfoWindowStyle()

    /// The default window in a dark appearance: a dark grey bubble with light text.
    public static let dark: InfoWindowStyle = {
        var style = InfoWindowStyle()
        style.backgroundColor = Color(rgb: 0x303134)
        style.titleColor = Color(rgb: 0xE8EAED)
        style.snippetColor = Color(rgb: 0xBDC1C6)
        style.shadowColor = Color(white: 0, alpha: 0.5)
        return style
    }()

    public init() {}

    /// Room around the bubble for its shadow.
    public var shadowMargin: CGFloat {
        (shadowRadius * 1.5).rounded(.up) + max(abs(shadowOffset.width), abs(shadowOffset.height))
    }
}
