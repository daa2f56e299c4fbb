import Foundation

/// What a key of a hardware keyboard does in a text view, as on iOS with a keyboard
/// attached: arrows move the caret (with shift they extend the selection; with command they
/// go to the line's or text's ends), forward delete deletes, command-A, C, X and V select
/// all, copy, cut and paste.
enum TextEditCommand: Equatable {
    case moveLeft(extending: Bool)
    case moveRight(extending: Bool)
    case moveUp(extending: Bool)
    case moveDown(extending: Bool)
    case lineStart(extending: Bool)
    case lineEnd(extending: Bool)
    case documentStart(extending: Bool)
    case documentEnd(extending: Bool)
    case deleteForward
    case selectAll, copy, cut, paste

    /// The command of a key, or nil when the key is typing or not an editing key.
    init?(_ key: UIKey) {
        let shift = key.modifierFlags.contains(.shift)
        let command = key.modifierFlags.contains(.command)
        switch key.keyCode {
        case .keyboardLeftArrow: self = command ? .lineStart(extending: shift) : .moveLeft(extending: shift)
        case .keyboardRightArrow: self = command ? .lineEnd(extending: shift) : .moveRight(extending: shift)
        case .keyboardUpArrow: self = command ? .documentStart(extending: shift) : .moveUp(extending: shift)
        case .keyboardDownArrow: self = command ? .documentEnd(extending: shift) : .moveDown(extending: shift)
        case .keyboardHome: self = .documentStart(extending: shift)
        case .keyboardEnd: self = .documentEnd(extending: shift)
        case .keyboardDeleteForward: self = .deleteForward
        case .keyboardA where command: self = .selectAll
        case .keyboardC where command: self = .copy
        case .keyboardX where command: self = .cut
        case .keyboardV where command: self = .paste
        default: return nil
        }
    }
}
