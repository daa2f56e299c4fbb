import MapDrawing

/// Horizontal alignment of text, as UIKit's `NSTextAlignment`.
/// Raw values are UIKit's: 0 for `left` on to 4 for `natural`.
public enum NSTextAlignment: Int, Sendable {
    case left, center, right, justified, natural

    var drawing: TextAlignment { TextAlignment(rawValue: rawValue) ?? .natural }
}

/// How text that does not fit is wrapped or cut, as UIKit's `NSLineBreakMode`.
/// Raw values are UIKit's: 0 for `byWordWrapping` on to 5 for `byTruncatingMiddle`.
public enum NSLineBreakMode: Int, Sendable {
    case byWordWrapping, byCharWrapping, byClipping, byTruncatingHead, byTruncatingTail, byTruncatingMiddle

    var drawing: LineBreakMode { LineBreakMode(rawValue: rawValue) ?? .byTruncatingTail }
}
