import Foundation
import Logging

/// Text being edited and its selection, shared by `UITextField` and `UITextView`: offsets
/// are UTF-16 code units (as `NSRange` counts) and always fall on a character's start.
struct TextEditing {
    /// The most UTF-16 units an edited text holds (docs/limits.md): setting, typing and
    /// pasting past it keep what fits, with a warning. All of it is laid out and drawn (text
    /// layouts shape up to 20,000 characters).
    static let maximumLength = 20_000

    private(set) var text = ""
    /// The selection; empty for an insertion point.
    private(set) var selection = NSRange(location: 0, length: 0)

    var length: Int { text.utf16.count }

    /// Replaces the whole text; the insertion point goes to the end.
    mutating func setText(_ newText: String) {
        text = Self.fitted(newText, room: Self.maximumLength)
        selection = NSRange(location: length, length: 0)
    }

    /// Sets the selection, clamped into the text and moved to characters' starts.
    mutating func select(_ range: NSRange) {
        let start = boundary(atOrBefore: range.location)
        let end = boundary(atOrBefore: Self.end(of: range))
        selection = NSRange(location: start, length: max(0, end - start))
    }

    /// Replaces a range with a string; the insertion point goes after the new text. Returns
    /// the range replaced, clamped, or nil when nothing changed.
    @discardableResult
    mutating func replace(_ range: NSRange, with string: String) -> NSRange? {
        let start = boundary(atOrBefore: range.location)
        let end = boundary(atOrBefore: Self.end(of: range))
        let removed = end - start
        let inserted = Self.fitted(string, room: Self.maximumLength - (length - removed))
        guard removed > 0 || !inserted.isEmpty else { return nil }
        let lower = String.Index(utf16Offset: start, in: text), upper = String.Index(utf16Offset: end, in: text)
        text.replaceSubrange(lower..<upper, with: inserted)
        // A combining mark typed after a letter joins it: the caret goes to a character start.
        selection = NSRange(location: boundary(atOrBefore: start + inserted.utf16.count), length: 0)
        return NSRange(location: start, length: removed)
    }

    /// The range a backspace deletes: the selection, or the character before the caret.
    var backwardDeletionRange: NSRange? {
        if selection.length > 0 { return selection }
        guard selection.location > 0 else { return nil }
        let before = offset(before: selection.location)
        return NSRange(location: before, length: selection.location - before)
    }

    /// The range a forward delete removes: the selection, or the character after the caret.
    var forwardDeletionRange: NSRange? {
        if selection.length > 0 { return selection }
        guard selection.location < length else { return nil }
        return NSRange(location: selection.location, length: offset(after: selection.location) - selection.location)
    }

    /// The selected text.
    var selectedText: String {
        let lower = String.Index(utf16Offset: selection.location, in: text)
        let upper = String.Index(utf16Offset: selection.location + selection.length, in: text)
        return String(text[lower..<upper])
    }

    /// The text of a range, clamped.
    func text(in range: NSRange) -> String {
        let start = boundary(atOrBefore: range.location), end = boundary(atOrBefore: Self.end(of: range))
        return String(text[String.Index(utf16Offset: start, in: text)..<String.Index(utf16Offset: end, in: text)])
    }

    /// The start of the character before an offset.
    func offset(before offset: Int) -> Int {
        let index = String.Index(utf16Offset: boundary(atOrBefore: offset), in: text)
        guard index > text.startIndex else { return 0 }
        return text.index(before: index).utf16Offset(in: text)
    }

    /// The end of the character at an offset.
    func offset(after offset: Int) -> Int {
        let index = String.Index(utf16Offset: boundary(atOrBefore: offset), in: text)
        guard index < text.endIndex else { return length }
        return text.index(after: index).utf16Offset(in: text)
    }

    /// The word around an offset: the run of letters and digits it touches (the character
    /// at it when that is neither).
    func wordRange(at location: Int) -> NSRange {
        let position = boundary(atOrBefore: location)
        func isWord(_ character: Character) -> Bool { character.isLetter || character.isNumber || character == "_" }
        var start = String.Index(utf16Offset: position, in: text)
        var end = start
        if end < text.endIndex, !isWord(text[end]) {
            if start > text.startIndex, isWord(text[text.index(before: start)]) {
                end = start
            } else {
                return NSRange(location: position, length: offset(after: position) - position)
            }
        }
        while start > text.startIndex, isWord(text[text.index(before: start)]) { start = text.index(before: start) }
        while end < text.endIndex, isWord(text[end]) { end = text.index(after: end) }
        let lower = start.utf16Offset(in: text), upper = end.utf16Offset(in: text)
        return NSRange(location: lower, length: upper - lower)
    }

    /// The start of the character that holds an offset, clamped into the text.
    func boundary(atOrBefore offset: Int) -> Int {
        guard offset > 0 else { return 0 }
        guard offset < length else { return length }
        // String rounds an index inside a character down to the character's start.
        let index = String.Index(utf16Offset: offset, in: text)
        return text.index(before: text.index(after: index)).utf16Offset(in: text)
    }

    /// A range's end, saturated (an `NSNotFound` location or a huge length stays in range).
    private static func end(of range: NSRange) -> Int {
        let (end, overflow) = range.location.addingReportingOverflow(max(0, range.length))
        return overflow ? Int.max : end
    }

    /// A string cut to at most `room` UTF-16 units, at a character's end; NUL characters
    /// (which text layout cannot take) become U+FFFD, so offsets stay as typed.
    private static func fitted(_ string: String, room: Int) -> String {
        let string = string.contains("\0") ? string.replacingOccurrences(of: "\0", with: "\u{FFFD}") : string
        guard string.utf16.count > max(0, room) else { return string }
        var result = ""
        var used = 0
        for character in string {
            let size = character.utf16.count
            if used + size > room { break }
            result.append(character)
            used += size
        }
        TextEditingLog.logger.warning("text of \(string.utf16.count) UTF-16 units cut to \(used) (limit \(maximumLength))")
        return result
    }
}


/// The log of text editing.
enum TextEditingLog {
    static let logger = Logger(label: "OpenMaps.UIKit")
}

@MainActor
extension TextEditing {
    /// The range between two positions, each moved to a character's start.
    func textRange(from start: UITextPosition, to end: UITextPosition) -> UITextRange {
        UITextRange(start: boundary(atOrBefore: start.offset), end: boundary(atOrBefore: end.offset))
    }

    /// How two positions order.
    func compare(_ position: UITextPosition, to other: UITextPosition) -> ComparisonResult {
        position.offset < other.offset ? .orderedAscending : position.offset > other.offset ? .orderedDescending : .orderedSame
    }

    /// The position an offset (UTF-16 units) from another, or nil outside the text.
    func position(from position: UITextPosition, offset: Int) -> UITextPosition? {
        let (target, overflow) = position.offset.addingReportingOverflow(offset)
        guard !overflow, target >= 0, target <= length else { return nil }
        return UITextPosition(offset: target)
    }
}
