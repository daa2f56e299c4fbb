import MapDrawing

/// Horizontal alignment of text, as UIKit's `NSTextAlignment`.
public enum NSTextAlignment: Int, Sendable {
    case left = 0
    case center = 1
    case right = 2
    case justified = 3
    case natural = 4

    var drawing: TextAlignment {
        switch self {
        case .left: return .left
        case .center: return .center
        case .right: return .right
        case .justified: return .justified
        case .natural: return .natural
        }
    }
}

/// How text that does not fit is wrapped or cut, as UIKit's `NSLineBreakMode`.
public enum NSLineBreakMode: Int, Sendable {
    case byWordWrapping = 0
    case byCharWrapping = 1
    case byClipping = 2
    case byTruncatingHead = 3
    case byTruncatingTail = 4
    case byTruncatingMiddle = 5

    var drawing: LineBreakMode {
        switch self {
        case .byWordWrapping: return .byWordWrapping
        case .byCharWrapping: return .byCharWrapping
        case .byClipping: return .byClipping
        case .byTruncatingHead: return .byTruncatingHead
        case .byTruncatingTail: return .byTruncatingTail
        case .byTruncatingMiddle: return .byTruncatingMiddle
        }
    }
}
