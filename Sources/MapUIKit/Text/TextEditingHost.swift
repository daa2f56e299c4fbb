import Foundation
import MapDrawing

/// A view that edits text: `UITextField` and `UITextView` share how keys and edit actions
/// change their text and selection.
@MainActor
protocol TextEditingHost: UIResponder {
    var editing: TextEditing { get set }
    /// The fixed end of a selection being extended with shift and arrows.
    var selectionAnchor: Int? { get set }
    /// Changes text as the user does: asks the delegate, changes, tells everyone.
    func replaceByUser(_ range: NSRange, with string: String)
    /// The selection changed (not the text).
    func selectionDidChange()
    /// The position a line up (negative) or down from an offset, at the same x.
    func offset(from offset: Int, movingLines lines: Int) -> Int
    /// The start or end of the line that holds an offset.
    func lineBoundary(of offset: Int, end: Bool) -> Int
    /// Whether the text may be copied (false for secure text).
    var allowsCopying: Bool { get }
    /// Whether the view is being edited (it is first responder).
    var isEditingText: Bool { get }
}

extension TextEditingHost {
    /// Runs the editing command of a key going down, if it is one and the view is being
    /// edited; returns whether it did.
    func performEditCommand(for presses: Set<UIPress>) -> Bool {
        guard isEditingText, let key = presses.first?.key, let command = TextEditCommand(key) else { return false }
        perform(command)
        return true
    }

    /// Whether a key going up is an editing command's (taken, not passed on).
    func isEditCommand(_ presses: Set<UIPress>) -> Bool {
        guard isEditingText, let key = presses.first?.key else { return false }
        return TextEditCommand(key) != nil
    }

    /// Runs an editing command.
    func perform(_ command: TextEditCommand) {
        let selection = editing.selection
        let start = selection.location, end = selection.location + selection.length
        switch command {
        case .moveLeft(let extending):
            move(extending: extending) { caret in
                extending || selection.length == 0 ? editing.offset(before: caret) : start
            }
        case .moveRight(let extending):
            move(extending: extending) { caret in
                extending || selection.length == 0 ? editing.offset(after: caret) : end
            }
        // Without shift, a selection's start moves up and to its line's start; its end down.
        case .moveUp(let extending): move(extending: extending) { offset(from: extending ? $0 : start, movingLines: -1) }
        case .moveDown(let extending): move(extending: extending) { offset(from: $0, movingLines: 1) }
        case .lineStart(let extending): move(extending: extending) { lineBoundary(of: extending ? $0 : start, end: false) }
        case .lineEnd(let extending): move(extending: extending) { lineBoundary(of: $0, end: true) }
        case .documentStart(let extending): move(extending: extending) { _ in 0 }
        case .documentEnd(let extending): move(extending: extending) { _ in editing.length }
        case .deleteForward:
            if let range = editing.forwardDeletionRange { replaceByUser(range, with: "") }
        case .selectAll:
            selectionAnchor = nil
            editing.select(NSRange(location: 0, length: editing.length))
            selectionDidChange()
        case .copy:
            if allowsCopying, selection.length > 0 { UIPasteboard.general.string = editing.selectedText }
        case .cut:
            guard allowsCopying, selection.length > 0 else { return }
            UIPasteboard.general.string = editing.selectedText
            replaceByUser(selection, with: "")
        case .paste:
            if let string = UIPasteboard.general.string, !string.isEmpty { replaceByUser(selection, with: string) }
        }
    }

    /// Moves the caret, or the moving end of the selection when extending.
    private func move(extending: Bool, to target: (Int) -> Int) {
        let selection = editing.selection
        let start = selection.location, end = selection.location + selection.length
        if extending {
            let anchor = selectionAnchor ?? start
            let moving = anchor == start ? end : start
            let moved = target(moving)
            selectionAnchor = anchor
            editing.select(NSRange(location: min(anchor, moved), length: abs(moved - anchor)))
        } else {
            selectionAnchor = nil
            let moved = target(selection.length > 0 ? end : start)
            editing.select(NSRange(location: moved, length: 0))
        }
        selectionDidChange()
    }
}

/// How text views draw a caret and a selection, as iOS 17 does: a 2-point caret in the tint
/// colour (steady: hosts render frames on demand, so it does not blink), the selection
/// under the text in the tint colour at 20% opacity.
enum TextCaretDrawing {
    static let caretWidth: CGFloat = 2

    static func drawSelection(_ rects: [CGRect], at origin: CGPoint, tint: UIColor, in canvas: Canvas) {
        let color = tint.color.withAlpha(tint.color.alpha * 0.2)
        for rect in rects {
            canvas.fill(.rect(rect.offsetBy(dx: origin.x, dy: origin.y)), with: color)
        }
    }

    static func drawCaret(_ rect: CGRect, at origin: CGPoint, tint: UIColor, in canvas: Canvas) {
        let caret = CGRect(x: origin.x + rect.minX - caretWidth / 2, y: origin.y + rect.minY, width: caretWidth, height: rect.height)
        canvas.fill(.roundedRect(caret, cornerRadius: 1), with: tint.color)
    }
}
