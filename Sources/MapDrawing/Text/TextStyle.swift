/// Horizontal alignment of text lines within the layout width.
/// Raw values are UIKit's `NSTextAlignment` numbers.
public enum TextAlignment: Int, Sendable, Hashable {
    /// Leading edge for the paragraph's direction (left for Latin, right for Arabic).
    case natural = 4
    case left = 0
    case center = 1
    case right = 2
    case justified = 3
}

/// How text that does not fit is broken or cut, with UIKit's meanings.
/// Raw values are UIKit's `NSLineBreakMode` numbers.
public enum LineBreakMode: Int, Sendable, Hashable {
    /// Wrap at word boundaries; lines past the limit are cut off.
    case byWordWrapping
    /// Wrap at character boundaries; lines past the limit are cut off.
    case byCharWrapping
    /// Wrap at words, cut the last allowed line where it ends.
    case byClipping
    /// Wrap at words, end the last allowed line with an ellipsis at its start.
    case byTruncatingHead
    /// Wrap at words, end the last allowed line with an ellipsis.
    case byTruncatingTail
    /// Wrap at words, elide the middle of the last allowed line.
    case byTruncatingMiddle
}

/// Everything about how a string is laid out and drawn, except the text and the width.
public struct TextStyle: Sendable, Hashable {
    public var font: Font
    public var color: Color
    public var alignment: TextAlignment
    public var lineBreakMode: LineBreakMode
    /// The most lines shown; 0 means no limit.
    public var maximumLines: Int

    public init(
        font: Font, color: Color = .black, alignment: TextAlignment = .natural,
        lineBreakMode: LineBreakMode = .byTruncatingTail, maximumLines: Int = 1
    ) {
        self.font = font
        self.color = color
        self.alignment = alignment
        self.lineBreakMode = lineBreakMode
        self.maximumLines = max(0, maximumLines)
    }
}
