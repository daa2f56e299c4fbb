import Foundation

/// How typed text is capitalized, as UIKit's `UITextAutocapitalizationType`.
public enum UITextAutocapitalizationType: Int, Sendable {
    case none, words, sentences, allCharacters
}

/// Whether typed text is autocorrected, as UIKit's `UITextAutocorrectionType`.
public enum UITextAutocorrectionType: Int, Sendable {
    case `default`, no, yes
}

/// Whether typed text is spell-checked, as UIKit's `UITextSpellCheckingType`.
public enum UITextSpellCheckingType: Int, Sendable {
    case `default`, no, yes
}

/// The kind of on-screen keyboard a text input asks for, as UIKit's `UIKeyboardType`.
public enum UIKeyboardType: Int, Sendable {
    case `default`, asciiCapable, numbersAndPunctuation, URL, numberPad, phonePad, namePhonePad, emailAddress
    case decimalPad, twitter, webSearch, asciiCapableNumberPad
    /// The same as `asciiCapable`.
    public static var alphabet: UIKeyboardType { .asciiCapable }
}

/// The keyboard's look, as UIKit's `UIKeyboardAppearance`.
public enum UIKeyboardAppearance: Int, Sendable {
    case `default`, dark, light
    /// The same as `dark`.
    public static var alert: UIKeyboardAppearance { .dark }
}

/// The title of the keyboard's return key, as UIKit's `UIReturnKeyType`.
public enum UIReturnKeyType: Int, Sendable {
    case `default`, go, google, join, next, route, search, send, yahoo, done, emergencyCall, `continue`
}

/// Whether straight quotes become curly ones, as UIKit's `UITextSmartQuotesType`.
public enum UITextSmartQuotesType: Int, Sendable {
    case `default`, no, yes
}

/// Whether double hyphens become dashes, as UIKit's `UITextSmartDashesType`.
public enum UITextSmartDashesType: Int, Sendable {
    case `default`, no, yes
}

/// Whether spaces are added and removed around pasted words, as UIKit's
/// `UITextSmartInsertDeleteType`.
public enum UITextSmartInsertDeleteType: Int, Sendable {
    case `default`, no, yes
}

/// What a text input holds, for autofill, as UIKit's `UITextContentType`.
public struct UITextContentType: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public init(_ rawValue: String) { self.rawValue = rawValue }

    public static let name = UITextContentType("name")
    public static let namePrefix = UITextContentType("honorific-prefix")
    public static let middleName = UITextContentType("additional-name")
    public static let nameSuffix = UITextContentType("honorific-suffix")
    public static let nickname = UITextContentType("nickname")
    public static let jobTitle = UITextContentType("organization-title")
    public static let organizationName = UITextContentType("organization")
    public static let sublocality = UITextContentType("address-level3")
    public static let creditCardNumber = UITextContentType("cc-number")
    public static let givenName = UITextContentType("given-name")
    public static let familyName = UITextContentType("family-name")
    public static let location = UITextContentType("location")
    public static let fullStreetAddress = UITextContentType("street-address")
    public static let streetAddressLine1 = UITextContentType("address-line1")
    public static let streetAddressLine2 = UITextContentType("address-line2")
    public static let addressCity = UITextContentType("address-level2")
    public static let addressState = UITextContentType("address-level1")
    public static let countryName = UITextContentType("country-name")
    public static let postalCode = UITextContentType("postal-code")
    public static let telephoneNumber = UITextContentType("tel")
    public static let emailAddress = UITextContentType("email")
    public static let URL = UITextContentType("url")
    public static let username = UITextContentType("username")
    public static let password = UITextContentType("password")
    public static let newPassword = UITextContentType("new-password")
    public static let oneTimeCode = UITextContentType("one-time-code")
}

/// How a text input wants its keyboard to behave, as UIKit's `UITextInputTraits`. Every
/// member has a default, as every member of UIKit's is optional. Here they are kept and
/// read back: with a hardware keyboard (the host's) there is no on-screen keyboard to set up.
@preconcurrency @MainActor
public protocol UITextInputTraits: AnyObject {
    var autocapitalizationType: UITextAutocapitalizationType { get set }
    var autocorrectionType: UITextAutocorrectionType { get set }
    var spellCheckingType: UITextSpellCheckingType { get set }
    var keyboardType: UIKeyboardType { get set }
    var keyboardAppearance: UIKeyboardAppearance { get set }
    var returnKeyType: UIReturnKeyType { get set }
    var enablesReturnKeyAutomatically: Bool { get set }
    var isSecureTextEntry: Bool { get set }
    var textContentType: UITextContentType! { get set }
    var smartQuotesType: UITextSmartQuotesType { get set }
    var smartDashesType: UITextSmartDashesType { get set }
    var smartInsertDeleteType: UITextSmartInsertDeleteType { get set }
}

extension UITextInputTraits {
    public var autocapitalizationType: UITextAutocapitalizationType {
        get { .sentences }
        set {}
    }
    public var autocorrectionType: UITextAutocorrectionType {
        get { .default }
        set {}
    }
    public var spellCheckingType: UITextSpellCheckingType {
        get { .default }
        set {}
    }
    public var keyboardType: UIKeyboardType {
        get { .default }
        set {}
    }
    public var keyboardAppearance: UIKeyboardAppearance {
        get { .default }
        set {}
    }
    public var returnKeyType: UIReturnKeyType {
        get { .default }
        set {}
    }
    public var enablesReturnKeyAutomatically: Bool {
        get { false }
        set {}
    }
    public var isSecureTextEntry: Bool {
        get { false }
        set {}
    }
    public var textContentType: UITextContentType! {
        get { nil }
        set {}
    }
    public var smartQuotesType: UITextSmartQuotesType {
        get { .default }
        set {}
    }
    public var smartDashesType: UITextSmartDashesType {
        get { .default }
        set {}
    }
    public var smartInsertDeleteType: UITextSmartInsertDeleteType {
        get { .default }
        set {}
    }
}

/// A responder that takes typed text, as UIKit's `UIKeyInput`. As first responder it gets
/// the host's keys: characters through `insertText(_:)`, backspace through `deleteBackward()`.
@preconcurrency @MainActor
public protocol UIKeyInput: UITextInputTraits {
    /// Whether there is any text.
    var hasText: Bool { get }
    /// Inserts text at the insertion point (replacing the selection).
    func insertText(_ text: String)
    /// Deletes the character before the insertion point (or the selection).
    func deleteBackward()
}

/// A responder whose text can be read, selected and replaced by position, as UIKit's
/// `UITextInput`: the members for positions, ranges, the selection and the caret. (Input
/// methods' marked text, tokenizers and writing directions are not here: keys arrive
/// composed.) `UITextField` and `UITextView` adopt it.
@preconcurrency @MainActor
public protocol UITextInput: UIKeyInput {
    /// The selection, or nil.
    var selectedTextRange: UITextRange? { get set }
    /// Text being composed by an input method.
    var markedTextRange: UITextRange? { get }
    /// The start of the text.
    var beginningOfDocument: UITextPosition { get }
    /// The end of the text.
    var endOfDocument: UITextPosition { get }
    /// The text of a range.
    func text(in range: UITextRange) -> String?
    /// Replaces a range's text.
    func replace(_ range: UITextRange, withText text: String)
    /// The range between two positions.
    func textRange(from fromPosition: UITextPosition, to toPosition: UITextPosition) -> UITextRange?
    /// The position an offset from another, or nil outside the text.
    func position(from position: UITextPosition, offset: Int) -> UITextPosition?
    /// How two positions order.
    func compare(_ position: UITextPosition, to other: UITextPosition) -> ComparisonResult
    /// The offset from one position to another.
    func offset(from: UITextPosition, to toPosition: UITextPosition) -> Int
    /// The caret's rectangle at a position.
    func caretRect(for position: UITextPosition) -> CGRect
    /// The position nearest a point.
    func closestPosition(to point: CGPoint) -> UITextPosition?
}

/// How a hardware key types into a `UIKeyInput`.
@MainActor
enum UIKeyInputTyping {
    /// Whether a key types: backspace, return, tab, or characters with no command or control.
    static func types(_ key: UIKey) -> Bool {
        switch key.keyCode {
        case .keyboardDeleteOrBackspace, .keyboardReturnOrEnter: return true
        default:
            return !key.characters.isEmpty && key.modifierFlags.isDisjoint(with: [.command, .control])
                && !key.characters.unicodeScalars.contains { $0.properties.generalCategory == .control && $0 != "\t" && $0 != "\n" }
        }
    }
}

extension UIKeyInput {
    /// Types a key into the input; false when the key types nothing.
    func typeKey(_ key: UIKey) -> Bool {
        guard UIKeyInputTyping.types(key) else { return false }
        switch key.keyCode {
        case .keyboardDeleteOrBackspace: deleteBackward()
        case .keyboardReturnOrEnter: insertText("\n")
        default: insertText(key.characters)
        }
        return true
    }
}

/// A place in a text input's text, as UIKit's `UITextPosition`. OpenMaps' text views count
/// positions in UTF-16 code units from the start, as `NSRange` does.
@preconcurrency @MainActor
open class UITextPosition: NSObject {
    /// The UTF-16 offset from the start of the text.
    let offset: Int

    init(offset: Int) {
        self.offset = offset
        super.init()
    }

    public override func isEqual(_ object: Any?) -> Bool {
        (object as? UITextPosition)?.offset == offset
    }

    public override var hash: Int { offset.hashValue }
}

/// A range of a text input's text, as UIKit's `UITextRange`.
@preconcurrency @MainActor
open class UITextRange: NSObject {
    private let startPosition: UITextPosition
    private let endPosition: UITextPosition

    init(start: Int, end: Int) {
        startPosition = UITextPosition(offset: min(start, end))
        endPosition = UITextPosition(offset: max(start, end))
        super.init()
    }

    /// The start of the range.
    open var start: UITextPosition { startPosition }
    /// The end of the range.
    open var end: UITextPosition { endPosition }
    /// Whether the range is empty (an insertion point).
    open var isEmpty: Bool { startPosition.offset == endPosition.offset }

    /// The range as an `NSRange`.
    var nsRange: NSRange { NSRange(location: startPosition.offset, length: endPosition.offset - startPosition.offset) }
}

/// The system's pasteboard, as UIKit's `UIPasteboard`: here the process's own, holding
/// strings that text views copy, cut and paste.
@preconcurrency @MainActor
public final class UIPasteboard: NSObject {
    /// The general pasteboard.
    public static let general = UIPasteboard()

    /// The first string on the pasteboard.
    public var string: String? {
        get { strings?.first }
        set { strings = newValue.map { [$0] } }
    }
    /// Every string on the pasteboard.
    public var strings: [String]?
    /// Whether the pasteboard holds a string.
    public var hasStrings: Bool { !(strings ?? []).isEmpty }
}
