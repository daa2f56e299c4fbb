import Foundation

/// Modifier keys held with a key, as UIKit's `UIKeyModifierFlags` (its raw values).
public struct UIKeyModifierFlags: OptionSet, Hashable, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    public static let alphaShift = UIKeyModifierFlags(rawValue: 1 << 16)
    public static let shift = UIKeyModifierFlags(rawValue: 1 << 17)
    public static let control = UIKeyModifierFlags(rawValue: 1 << 18)
    public static let alternate = UIKeyModifierFlags(rawValue: 1 << 19)
    public static let command = UIKeyModifierFlags(rawValue: 1 << 20)
    public static let numericPad = UIKeyModifierFlags(rawValue: 1 << 21)
}

/// A key's USB HID usage, as UIKit's `UIKeyboardHIDUsage` (its raw values): the letters,
/// digits and the editing and arrow keys. Switch over it with `@unknown default`, as over
/// UIKit's.
public enum UIKeyboardHIDUsage: Int, Sendable {
    case keyboardErrorUndefined = 3
    case keyboardA = 4, keyboardB, keyboardC, keyboardD, keyboardE, keyboardF, keyboardG, keyboardH, keyboardI, keyboardJ
    case keyboardK, keyboardL, keyboardM, keyboardN, keyboardO, keyboardP, keyboardQ, keyboardR, keyboardS, keyboardT
    case keyboardU, keyboardV, keyboardW, keyboardX, keyboardY, keyboardZ
    case keyboard1 = 30, keyboard2, keyboard3, keyboard4, keyboard5, keyboard6, keyboard7, keyboard8, keyboard9, keyboard0
    case keyboardReturnOrEnter = 40, keyboardEscape, keyboardDeleteOrBackspace, keyboardTab, keyboardSpacebar
    case keyboardHome = 74, keyboardPageUp, keyboardDeleteForward, keyboardEnd, keyboardPageDown
    case keyboardRightArrow = 79, keyboardLeftArrow, keyboardDownArrow, keyboardUpArrow

    /// The usage of a key that types a character (a letter, digit, space, return or tab),
    /// or `keyboardErrorUndefined` for any other.
    static func typing(_ character: Character) -> UIKeyboardHIDUsage {
        if character.isNewline { return .keyboardReturnOrEnter }
        switch character {
        case "\t": return .keyboardTab
        case " ": return .keyboardSpacebar
        case "0": return .keyboard0
        default: break
        }
        guard let ascii = character.asciiValue else { return .keyboardErrorUndefined }
        switch ascii {
        case UInt8(ascii: "a")...UInt8(ascii: "z"): return UIKeyboardHIDUsage(rawValue: 4 + Int(ascii - UInt8(ascii: "a"))) ?? .keyboardErrorUndefined
        case UInt8(ascii: "A")...UInt8(ascii: "Z"): return UIKeyboardHIDUsage(rawValue: 4 + Int(ascii - UInt8(ascii: "A"))) ?? .keyboardErrorUndefined
        case UInt8(ascii: "1")...UInt8(ascii: "9"): return UIKeyboardHIDUsage(rawValue: 30 + Int(ascii - UInt8(ascii: "1"))) ?? .keyboardErrorUndefined
        default: return .keyboardErrorUndefined
        }
    }
}

/// A key of a hardware keyboard, as UIKit's `UIKey`: what it types and the modifiers held.
public final class UIKey: NSObject, Sendable {
    /// The characters the key types with its modifiers.
    public let characters: String
    /// The characters the key types without modifiers.
    public let charactersIgnoringModifiers: String
    /// The modifier keys held.
    public let modifierFlags: UIKeyModifierFlags
    /// The key's HID usage.
    public let keyCode: UIKeyboardHIDUsage

    /// A key press a host sends (an OpenMaps addition: UIKit makes keys itself). A key that
    /// types nothing (an arrow, backspace) has empty `characters`.
    public init(keyCode: UIKeyboardHIDUsage, characters: String = "", modifierFlags: UIKeyModifierFlags = []) {
        self.keyCode = keyCode
        self.characters = characters
        charactersIgnoringModifiers = characters
        self.modifierFlags = modifierFlags
        super.init()
    }

    /// The key that types a character (an OpenMaps addition), with modifiers. A newline is
    /// the Return key, which types "\r" as UIKit's does.
    public convenience init(typing character: Character, modifierFlags: UIKeyModifierFlags = []) {
        let code = UIKeyboardHIDUsage.typing(character)
        self.init(keyCode: code, characters: code == .keyboardReturnOrEnter ? "\r" : String(character), modifierFlags: modifierFlags)
    }
}

/// A press of a physical button or key, as UIKit's `UIPress`.
@preconcurrency @MainActor
open class UIPress: NSObject {
    /// Where a press is in its life.
    public enum Phase: Int, Sendable {
        case began, changed, stationary, ended, cancelled
    }

    /// The physical button of a press (the remote's buttons; keys are `key`).
    public enum PressType: Int, Sendable {
        case upArrow, downArrow, leftArrow, rightArrow, select, menu, playPause
        case pageUp = 30, pageDown
        case tvRemoteOneTwoThree = 32, tvRemoteFourColors
    }

    /// The press's phase.
    public internal(set) var phase: Phase
    /// The button; `.select` for a key of a keyboard.
    public let type: PressType
    /// When the phase last changed, in seconds.
    public internal(set) var timestamp: TimeInterval
    /// The key pressed.
    public let key: UIKey?
    /// How hard the button is pressed: 1 while down, 0 after.
    public var force: CGFloat { phase == .ended || phase == .cancelled ? 0 : 1 }
    /// The responder the press went to.
    public internal(set) weak var responder: UIResponder?

    init(key: UIKey, phase: Phase, timestamp: TimeInterval, responder: UIResponder?) {
        self.key = key
        type = .select
        self.phase = phase
        self.timestamp = timestamp
        self.responder = responder
        super.init()
    }
}

/// An event of presses, as UIKit's `UIPressesEvent`.
open class UIPressesEvent: UIEvent {
    /// Every press of the event.
    public let allPresses: Set<UIPress>

    init(timestamp: TimeInterval, presses: Set<UIPress>) {
        allPresses = presses
        super.init(timestamp: timestamp, touches: [])
        allTouches = nil
    }

    open override var type: EventType { .presses }

    /// The presses of a gesture recognizer (none here: recognizers do not take keys).
    @MainActor
    public func presses(for gesture: UIGestureRecognizer) -> Set<UIPress> { [] }
}
