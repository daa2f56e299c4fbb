import Foundation

/// The attributes UIKit adds to `NSAttributedString.Key` (its raw values), for the text
/// OpenMaps draws from attributed strings (a picker's attributed titles).
extension NSAttributedString.Key {
    /// The text's font, a `UIFont`.
    public static let font = NSAttributedString.Key("NSFont")
    /// The text's colour, a `UIColor`.
    public static let foregroundColor = NSAttributedString.Key("NSColor")
    /// The colour behind the text, a `UIColor`.
    public static let backgroundColor = NSAttributedString.Key("NSBackgroundColor")
}
