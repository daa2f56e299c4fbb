import Foundation
import MapDrawing

/// Scrolling, editable, multi-line text, as UIKit's `UITextView`.
///
/// A tap on an editable text view makes it first responder and puts the caret there (a
/// second tap selects a word, a third everything); it then takes the host's keys as
/// `UITextField` does, Return and Tab included, and up and down arrows move between lines.
/// Text taller than the view scrolls, and the caret is kept in view. With scrolling off,
/// the view's intrinsic height is its text's, so it sizes itself in a stack view.
///
/// `delegate` is typed as the scroll view's (Swift cannot narrow a settable property's
/// type): assign a `UITextViewDelegate` as usual, and the text view calls its methods.
@preconcurrency @MainActor
open class UITextView: UIScrollView, UITextInput, TextEditingHost {
    /// The text (the empty string when set to nil). Setting it sends no delegate calls.
    open var text: String! {
        get { editing.text }
        set {
            editing.setText(newValue ?? "")
            selectionAnchor = nil
            textDidChange()
        }
    }
    /// The font (the body style of the system font, 17 points, as UIKit's default).
    open var font: UIFont? = .systemFont(ofSize: 17) { didSet { textDidChange() } }
    /// The text colour (`.label`).
    open var textColor: UIColor? = .label { didSet { setNeedsDisplay() } }
    /// How lines align.
    open var textAlignment: NSTextAlignment = .natural { didSet { textDidChange() } }
    /// Whether the user may edit the text (true).
    open var isEditable = true {
        didSet { if !isEditable, isFirstResponder { resignFirstResponderForcibly() } }
    }
    /// Whether the user may select the text (true; kept: selection needs editing here).
    open var isSelectable = true
    /// The space between the view's edges and the text container (8 above and below).
    open var textContainerInset = UIEdgeInsets(top: 8, left: 0, bottom: 8, right: 0) { didSet { textDidChange() } }
    /// The region the text is laid out in.
    public let textContainer: NSTextContainer
    /// Whether the first insertion of an editing session replaces the whole text (false).
    open var clearsOnInsertion = false
    /// Whether the next insertion replaces the whole text (`clearsOnInsertion`).
    private var clearsOnNextInsertion = false
    /// Whether the user may edit text attributes (kept; the text is plain).
    open var allowsEditingTextAttributes = false
    /// A view shown instead of the keyboard (kept: there is no on-screen keyboard).
    open override var inputView: UIView? {
        get { storedInputView }
        set { storedInputView = newValue }
    }
    /// A view shown above the keyboard (kept: there is no on-screen keyboard).
    open override var inputAccessoryView: UIView? {
        get { storedInputAccessoryView }
        set { storedInputAccessoryView = newValue }
    }
    private var storedInputView: UIView?
    private var storedInputAccessoryView: UIView?

    /// The text as an attributed string (the font and colour as attributes); setting it
    /// takes its string.
    open var attributedText: NSAttributedString! {
        get { NSAttributedString(string: editing.text, attributes: [.font: textFont, .foregroundColor: textColor ?? .label]) }
        set { text = newValue?.string }
    }

    open var autocapitalizationType: UITextAutocapitalizationType = .sentences
    open var autocorrectionType: UITextAutocorrectionType = .default
    open var spellCheckingType: UITextSpellCheckingType = .default
    open var keyboardType: UIKeyboardType = .default
    open var keyboardAppearance: UIKeyboardAppearance = .default
    open var returnKeyType: UIReturnKeyType = .default
    open var enablesReturnKeyAutomatically = false
    open var isSecureTextEntry = false
    open var textContentType: UITextContentType!
    open var smartQuotesType: UITextSmartQuotesType = .default
    open var smartDashesType: UITextSmartDashesType = .default
    open var smartInsertDeleteType: UITextSmartInsertDeleteType = .default

    open override var isScrollEnabled: Bool {
        didSet { invalidateIntrinsicContentSize() }
    }

    var editing = TextEditing()
    var selectionAnchor: Int?
    private(set) var isEditingText = false
    private var cachedLayout: (key: LayoutKey, layout: TextLayout)?
    private var laidOutWidth: CGFloat = -1

    private var textDelegate: UITextViewDelegate? { delegate as? UITextViewDelegate }

    public override init(frame: CGRect) {
        textContainer = NSTextContainer(size: .zero)
        super.init(frame: frame)
        setUp()
    }

    /// A text view laying its text out in a container (a new one when nil).
    public init(frame: CGRect, textContainer: NSTextContainer?) {
        self.textContainer = textContainer ?? NSTextContainer(size: .zero)
        super.init(frame: frame)
        setUp()
    }

    public convenience init() {
        self.init(frame: .zero)
    }

    private func setUp() {
        backgroundColor = .systemBackground
        textContainer.onChange = { [weak self] in self?.textDidChange() }
    }

    /// Archives are not supported; always nil.
    public required init?(coder: NSCoder) { nil }

    // MARK: Layout

    private var textFont: UIFont { font ?? .systemFont(ofSize: 12) }

    /// Where the text container starts in the content.
    private var textOrigin: CGPoint {
        CGPoint(x: textContainerInset.left + textContainer.lineFragmentPadding, y: textContainerInset.top)
    }

    /// The width lines wrap at, for a view width.
    private func wrappingWidth(forViewWidth width: CGFloat) -> CGFloat? {
        guard textContainer.widthTracksTextView else {
            return textContainer.size.width > 0 ? textContainer.size.width - 2 * textContainer.lineFragmentPadding : nil
        }
        guard width > 0 else { return nil }
        return max(1, width - textContainerInset.left - textContainerInset.right - 2 * textContainer.lineFragmentPadding)
    }

    private struct LayoutKey: Equatable {
        var text: String
        var font: UIFont
        var alignment: NSTextAlignment
        var width: CGFloat?
        var lines: Int
        var lineBreakMode: NSLineBreakMode
        var thread: ObjectIdentifier
    }

    private func textLayout(width: CGFloat?) -> TextLayout {
        let key = LayoutKey(
            text: editing.text, font: textFont, alignment: textAlignment, width: width, lines: textContainer.maximumNumberOfLines,
            lineBreakMode: textContainer.lineBreakMode, thread: ObjectIdentifier(Thread.current))
        if let cachedLayout, cachedLayout.key == key { return cachedLayout.layout }
        let style = TextStyle(
            font: textFont.font, color: .black, alignment: textAlignment.drawing, lineBreakMode: textContainer.lineBreakMode.drawing,
            maximumLines: textContainer.maximumNumberOfLines)
        let layout = TextLayout(text: editing.text, style: style, width: width.map { Double($0) })
        cachedLayout = (key, layout)
        return layout
    }

    private var currentLayout: TextLayout { textLayout(width: wrappingWidth(forViewWidth: bounds.width)) }

    /// The text's size at a view width: at least one line tall.
    private func textSize(forViewWidth width: CGFloat) -> CGSize {
        let layout = textLayout(width: wrappingWidth(forViewWidth: width))
        return CGSize(width: layout.size.width, height: max(layout.size.height, textFont.lineHeight))
    }

    /// The size that shows all the text at the given width (unwrapped when it is zero).
    open override func sizeThatFits(_ size: CGSize) -> CGSize {
        let text = textSize(forViewWidth: size.width)
        let chrome = CGSize(
            width: textContainerInset.left + textContainerInset.right + 2 * textContainer.lineFragmentPadding,
            height: textContainerInset.top + textContainerInset.bottom)
        let width = size.width > 0 ? size.width : (text.width + chrome.width).rounded(.up)
        return CGSize(width: width, height: (text.height + chrome.height).rounded(.up))
    }

    /// With scrolling off, the text's unwrapped width and its height at the current width
    /// (unwrapped while the view has none); with scrolling on, none.
    open override var intrinsicContentSize: CGSize {
        guard !isScrollEnabled else { return super.intrinsicContentSize }
        let unwrapped = sizeThatFits(.zero)
        let height = bounds.width > 0 ? sizeThatFits(CGSize(width: bounds.width, height: 0)).height : unwrapped.height
        return CGSize(width: unwrapped.width, height: height)
    }

    open override func layoutSubviews() {
        super.layoutSubviews()
        if bounds.width != laidOutWidth {
            laidOutWidth = bounds.width
            updateContentSize()
            if !isScrollEnabled { invalidateIntrinsicContentSize() }
        }
    }

    private func updateContentSize() {
        let size = sizeThatFits(CGSize(width: bounds.width, height: 0))
        contentSize = CGSize(width: bounds.width, height: size.height)
    }

    private func textDidChange() {
        cachedLayout = nil
        updateContentSize()
        if !isScrollEnabled { invalidateIntrinsicContentSize() }
        setNeedsDisplay()
    }

    // MARK: Drawing

    open override func draw(_ rect: CGRect) {
        guard let canvas = UIGraphicsGetCurrentContext()?.canvas else { return }
        let layout = currentLayout
        let origin = textOrigin
        let selection = editing.selection
        if isEditingText, selection.length > 0 {
            let rects = layout.selectionRects(fromUTF16Offset: selection.location, to: selection.location + selection.length)
            TextCaretDrawing.drawSelection(rects, at: origin, tint: tintColor, in: canvas)
        }
        if !editing.text.isEmpty { layout.draw(in: canvas, at: origin, color: (textColor ?? .label).color) }
        if isEditingText, selection.length == 0 {
            TextCaretDrawing.drawCaret(caretRectInText(selection.location, layout: layout), at: origin, tint: tintColor, in: canvas)
        }
    }

    /// The caret at an offset, relative to the text's origin (a line's height at the start of
    /// empty text, where Pango gives none).
    private func caretRectInText(_ offset: Int, layout: TextLayout) -> CGRect {
        guard !editing.text.isEmpty else {
            let x: CGFloat =
                switch textAlignment {
                case .center: (wrappingWidth(forViewWidth: bounds.width) ?? 0) / 2
                case .right: wrappingWidth(forViewWidth: bounds.width) ?? 0
                default: 0
                }
            return CGRect(x: x, y: 0, width: 0, height: textFont.lineHeight)
        }
        return layout.caretRect(atUTF16Offset: offset)
    }

    private func scrollCaretIntoView() {
        guard isScrollEnabled else { return }
        let end = editing.selection.location + editing.selection.length
        let caret = caretRectInText(end, layout: currentLayout).offsetBy(dx: textOrigin.x, dy: textOrigin.y)
        // The caret's line with the container's insets above and below it, so the first and
        // last lines show their margins.
        let line = CGRect(
            x: caret.minX - TextCaretDrawing.caretWidth, y: caret.minY - textContainerInset.top,
            width: 2 * TextCaretDrawing.caretWidth, height: caret.height + textContainerInset.top + textContainerInset.bottom)
        scrollRectToVisible(line, animated: false)
    }

    // MARK: Touches

    open override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {
        guard let touch = touches.first, isEditable else {
            super.touchesEnded(touches, with: event)
            return
        }
        let wasEditing = isEditingText
        guard wasEditing || becomeFirstResponder() else { return }
        let point = touch.location(in: self)
        let offset = offset(at: point)
        selectionAnchor = nil
        switch wasEditing ? touch.tapCount : 1 {
        case 1: editing.select(NSRange(location: offset, length: 0))
        case 2: editing.select(editing.wordRange(at: offset))
        default: editing.select(NSRange(location: 0, length: editing.length))
        }
        selectionDidChange()
    }

    /// The text offset nearest a point of the view (in content coordinates).
    private func offset(at point: CGPoint) -> Int {
        let origin = textOrigin
        return editing.boundary(atOrBefore: currentLayout.utf16Offset(closestTo: CGPoint(x: point.x - origin.x, y: point.y - origin.y)))
    }

    // MARK: First responder

    open override var canBecomeFirstResponder: Bool { isEditable }

    @discardableResult
    open override func becomeFirstResponder() -> Bool {
        if isFirstResponder { return true }
        guard canBecomeFirstResponder, firstResponderWindow != nil else { return false }
        if textDelegate?.textViewShouldBeginEditing(self) == false { return false }
        guard super.becomeFirstResponder() else { return false }
        isEditingText = true
        clearsOnNextInsertion = clearsOnInsertion
        editing.select(NSRange(location: editing.length, length: 0))
        textDidChange()
        textDelegate?.textViewDidBeginEditing(self)
        NotificationCenter.default.post(name: Self.textDidBeginEditingNotification, object: self)
        return true
    }

    @discardableResult
    open override func resignFirstResponder() -> Bool {
        guard isFirstResponder else { return super.resignFirstResponder() }
        if textDelegate?.textViewShouldEndEditing(self) == false { return false }
        guard super.resignFirstResponder() else { return false }
        endEditingSession()
        return true
    }

    override func resignFirstResponderForcibly() {
        guard isFirstResponder else { return }
        super.resignFirstResponderForcibly()
        endEditingSession()
    }

    private func endEditingSession() {
        isEditingText = false
        selectionAnchor = nil
        setNeedsDisplay()
        textDelegate?.textViewDidEndEditing(self)
        NotificationCenter.default.post(name: Self.textDidEndEditingNotification, object: self)
    }

    // MARK: Keys and editing

    open var hasText: Bool { !editing.text.isEmpty }

    /// Types text at the caret, replacing the selection (the whole text, the first time in
    /// a session, with `clearsOnInsertion`).
    open func insertText(_ text: String) {
        guard isEditingText else { return }
        if clearsOnNextInsertion {
            clearsOnNextInsertion = false
            replaceByUser(NSRange(location: 0, length: editing.length), with: text)
            return
        }
        replaceByUser(editing.selection, with: text)
    }

    /// Deletes the selection, or the character before the caret.
    open func deleteBackward() {
        guard isEditingText, let range = editing.backwardDeletionRange else { return }
        replaceByUser(range, with: "")
    }

    func replaceByUser(_ range: NSRange, with string: String) {
        guard textDelegate?.textView(self, shouldChangeTextIn: range, replacementText: string) != false else { return }
        cachedLayout = nil
        guard editing.replace(range, with: string) != nil else { return }
        selectionAnchor = nil
        textDidChange()
        scrollCaretIntoView()
        textDelegate?.textViewDidChangeSelection(self)
        textDelegate?.textViewDidChange(self)
        NotificationCenter.default.post(name: Self.textDidChangeNotification, object: self)
    }

    func selectionDidChange() {
        scrollCaretIntoView()
        setNeedsDisplay()
        textDelegate?.textViewDidChangeSelection(self)
    }

    func offset(from offset: Int, movingLines lines: Int) -> Int {
        let layout = currentLayout
        let caret = caretRectInText(offset, layout: layout)
        let y = caret.midY + CGFloat(lines) * max(caret.height, 1)
        if y < 0 { return 0 }
        if y > max(layout.size.height, caret.maxY) { return editing.length }
        return editing.boundary(atOrBefore: layout.utf16Offset(closestTo: CGPoint(x: caret.minX, y: y)))
    }

    func lineBoundary(of offset: Int, end: Bool) -> Int {
        let layout = currentLayout
        let caret = caretRectInText(offset, layout: layout)
        return editing.boundary(atOrBefore: layout.utf16Offset(closestTo: CGPoint(x: end ? 1e6 : -1e6, y: caret.midY)))
    }

    var allowsCopying: Bool { true }

    open override func pressesBegan(_ presses: Set<UIPress>, with event: UIPressesEvent?) {
        if !performEditCommand(for: presses) { super.pressesBegan(presses, with: event) }
    }

    open override func pressesEnded(_ presses: Set<UIPress>, with event: UIPressesEvent?) {
        if !isEditCommand(presses) { super.pressesEnded(presses, with: event) }
    }

    // MARK: Selection and positions

    /// The selection, in UTF-16 units.
    open var selectedRange: NSRange {
        get { editing.selection }
        set {
            editing.select(newValue)
            selectionAnchor = nil
            selectionDidChange()
        }
    }

    /// The selection as a text range.
    open var selectedTextRange: UITextRange? {
        get { UITextRange(start: editing.selection.location, end: editing.selection.location + editing.selection.length) }
        set { if let newValue { selectedRange = newValue.nsRange } }
    }

    /// The start of the text.
    open var beginningOfDocument: UITextPosition { UITextPosition(offset: 0) }
    /// The end of the text.
    open var endOfDocument: UITextPosition { UITextPosition(offset: editing.length) }

    /// The range between two positions.
    open func textRange(from fromPosition: UITextPosition, to toPosition: UITextPosition) -> UITextRange? {
        editing.textRange(from: fromPosition, to: toPosition)
    }

    /// The position an offset (UTF-16 units) from another, or nil outside the text.
    open func position(from position: UITextPosition, offset: Int) -> UITextPosition? {
        editing.position(from: position, offset: offset)
    }

    /// The offset (UTF-16 units) from one position to another.
    open func offset(from: UITextPosition, to toPosition: UITextPosition) -> Int { toPosition.offset - from.offset }

    /// How two positions order.
    open func compare(_ position: UITextPosition, to other: UITextPosition) -> ComparisonResult {
        editing.compare(position, to: other)
    }

    /// Text being composed by an input method (never: keys arrive composed).
    open var markedTextRange: UITextRange? { nil }

    /// The text of a range.
    open func text(in range: UITextRange) -> String? { editing.text(in: range.nsRange) }

    /// Replaces a range's text, as the user would (the delegate is asked).
    open func replace(_ range: UITextRange, withText text: String) { replaceByUser(range.nsRange, with: text) }

    /// Scrolls until a range's start is in view.
    open func scrollRangeToVisible(_ range: NSRange) {
        let caret = caretRectInText(editing.boundary(atOrBefore: range.location), layout: currentLayout)
        scrollRectToVisible(caret.offsetBy(dx: textOrigin.x, dy: textOrigin.y), animated: false)
    }

    /// The caret's rectangle at a position, in the view's content coordinates.
    open func caretRect(for position: UITextPosition) -> CGRect {
        let caret = caretRectInText(editing.boundary(atOrBefore: position.offset), layout: currentLayout)
        return CGRect(
            x: textOrigin.x + caret.minX - TextCaretDrawing.caretWidth / 2, y: textOrigin.y + caret.minY, width: TextCaretDrawing.caretWidth,
            height: caret.height)
    }

    /// The position nearest a point of the view's content.
    open func closestPosition(to point: CGPoint) -> UITextPosition? { UITextPosition(offset: offset(at: point)) }

    // MARK: Standard edit actions

    /// Selects all the text.
    open func selectAll(_ sender: Any?) { if isEditingText { perform(.selectAll) } }
    /// Copies the selection to the general pasteboard.
    open func copy(_ sender: Any?) { perform(.copy) }
    /// Copies the selection and deletes it.
    open func cut(_ sender: Any?) { if isEditingText { perform(.cut) } }
    /// Replaces the selection with the pasteboard's string.
    open func paste(_ sender: Any?) { if isEditingText { perform(.paste) } }
    /// Deletes the selection.
    open func delete(_ sender: Any?) {
        if isEditingText, editing.selection.length > 0 { replaceByUser(editing.selection, with: "") }
    }

    override var takesItsOwnTaps: Bool { isEditable }
}
