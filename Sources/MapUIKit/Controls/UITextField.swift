import Foundation
import MapDrawing

/// A one-line editable text, as UIKit's `UITextField`, drawn like iOS 17.
///
/// A tap makes it first responder (the caret goes where the tap was; a second tap selects a
/// word, a third everything). As first responder it takes the host's keys, as iOS does with
/// a hardware keyboard attached (so no on-screen keyboard appears): characters are typed,
/// backspace and forward delete delete, arrows move the caret (shift extends the selection,
/// command goes to the ends), command-A, C, X and V select all, copy, cut and paste, and
/// Return asks the delegate's `textFieldShouldReturn(_:)`. Text wider than the field
/// scrolls to keep the caret in view.
@preconcurrency @MainActor
open class UITextField: UIControl, UITextInput, TextEditingHost {
    /// The border drawn around the text.
    public enum BorderStyle: Int, Sendable {
        case none, line, bezel, roundedRect
    }

    /// When an overlay view (the clear button, the left or right view) shows.
    public enum ViewMode: Int, Sendable {
        case never, whileEditing, unlessEditing, always
    }

    /// Why editing ended.
    public enum DidEndEditingReason: Int, Sendable {
        case committed, cancelled
    }

    // MARK: Text

    /// The text; setting nil sets the empty string. Setting it sends no events.
    open var text: String? {
        get { editing.text }
        set {
            editing.setText(Self.oneLine(newValue ?? ""))
            selectionAnchor = nil
            textDidChange()
        }
    }
    /// The grey text shown while the field is empty.
    open var placeholder: String? { didSet { textDidChange() } }
    /// The font (the 17-point system font).
    open var font: UIFont? = .systemFont(ofSize: 17) { didSet { textDidChange() } }
    /// The text colour (`.label`).
    open var textColor: UIColor? = .label { didSet { setNeedsDisplay() } }
    /// How the text sits horizontally.
    open var textAlignment: NSTextAlignment = .natural { didSet { setNeedsDisplay() } }
    /// The border.
    open var borderStyle: BorderStyle = .none { didSet { textDidChange() } }
    /// A background image, stretched to the bounds (drawn instead of the border's fill).
    open var background: UIImage? { didSet { setNeedsDisplay() } }
    /// The background image while disabled.
    open var disabledBackground: UIImage? { didSet { setNeedsDisplay() } }
    /// Whether beginning to edit clears the text (false).
    open var clearsOnBeginEditing = false
    /// Whether the font shrinks to fit the text (kept; the text scrolls instead).
    open var adjustsFontSizeToFitWidth = false
    /// The smallest font size when shrinking (kept).
    open var minimumFontSize: CGFloat = 0
    /// Whether the user may edit text attributes (kept; the text is plain).
    open var allowsEditingTextAttributes = false
    /// The delegate.
    open weak var delegate: UITextFieldDelegate?
    /// When the clear button shows (`.never`).
    open var clearButtonMode: ViewMode = .never { didSet { setNeedsDisplay() } }
    /// A view at the left of the text.
    open var leftView: UIView? {
        didSet { overlayViewChanged(from: oldValue, to: leftView) }
    }
    /// When the left view shows (`.never`).
    open var leftViewMode: ViewMode = .never { didSet { setNeedsLayout() } }
    /// A view at the right of the text.
    open var rightView: UIView? {
        didSet { overlayViewChanged(from: oldValue, to: rightView) }
    }
    /// When the right view shows (`.never`).
    open var rightViewMode: ViewMode = .never { didSet { setNeedsLayout() } }
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
    open var attributedText: NSAttributedString? {
        get { NSAttributedString(string: editing.text, attributes: [.font: fieldFont, .foregroundColor: textColor ?? .label]) }
        set { text = newValue?.string }
    }
    /// The placeholder as an attributed string; setting it takes its string.
    open var attributedPlaceholder: NSAttributedString? {
        get { placeholder.map { NSAttributedString(string: $0, attributes: [.foregroundColor: UIColor.placeholderText]) } }
        set { placeholder = newValue?.string }
    }

    /// Whether the field is being edited (it is first responder).
    public private(set) var isEditing = false

    // MARK: Text input traits

    open var autocapitalizationType: UITextAutocapitalizationType = .sentences
    open var autocorrectionType: UITextAutocorrectionType = .default
    open var spellCheckingType: UITextSpellCheckingType = .default
    open var keyboardType: UIKeyboardType = .default
    open var keyboardAppearance: UIKeyboardAppearance = .default
    open var returnKeyType: UIReturnKeyType = .default
    open var enablesReturnKeyAutomatically = false
    /// Whether the text shows as dots and cannot be copied (false).
    open var isSecureTextEntry = false { didSet { textDidChange() } }
    open var textContentType: UITextContentType!
    open var smartQuotesType: UITextSmartQuotesType = .default
    open var smartDashesType: UITextSmartDashesType = .default
    open var smartInsertDeleteType: UITextSmartInsertDeleteType = .default

    var editing = TextEditing()
    var selectionAnchor: Int?
    /// How far the text is scrolled left while editing, to keep the caret in view.
    private var scrollOffset: CGFloat = 0
    private var cachedLayout: (key: LayoutKey, layout: TextLayout)?

    public override init(frame: CGRect) {
        super.init(frame: frame)
        contentVerticalAlignment = .center
    }

    /// A field that runs an action on Return (`.primaryActionTriggered`).
    public convenience init(frame: CGRect, primaryAction: UIAction?) {
        self.init(frame: frame)
        if let primaryAction { addAction(primaryAction, for: .primaryActionTriggered) }
    }

    public convenience init() {
        self.init(frame: .zero)
    }

    /// Archives are not supported; always nil.
    public required init?(coder: NSCoder) { nil }

    override class var isOpaqueByDefault: Bool { false }

    private static func oneLine(_ text: String) -> String {
        guard text.contains(where: \.isNewline) else { return text }
        return String(text.map { $0.isNewline ? " " : $0 })
    }

    private func textDidChange() {
        cachedLayout = nil
        invalidateIntrinsicContentSize()
        scrollCaretIntoView()
        setNeedsDisplay()
    }

    private func overlayViewChanged(from old: UIView?, to new: UIView?) {
        if let old, old !== new, old.superview === self { old.removeFromSuperview() }
        if let new { addSubview(new) }
        setNeedsLayout()
    }

    // MARK: Geometry

    private var fieldFont: UIFont { font ?? .systemFont(ofSize: 17) }

    /// The text's inset from the border on each side.
    private var horizontalInset: CGFloat {
        switch borderStyle {
        case .none: 0
        case .line, .bezel: 6
        case .roundedRect: 7
        }
    }

    private func shows(_ mode: ViewMode) -> Bool {
        switch mode {
        case .never: false
        case .always: true
        case .whileEditing: isEditing
        case .unlessEditing: !isEditing
        }
    }

    private var showsClearButton: Bool { shows(clearButtonMode) && !editing.text.isEmpty }

    /// The border's rectangle.
    open func borderRect(forBounds bounds: CGRect) -> CGRect { bounds }

    /// The rectangle the text is drawn in when not editing: inside the border, beside the
    /// overlay views and the clear button.
    open func textRect(forBounds bounds: CGRect) -> CGRect {
        var rect = bounds.insetBy(dx: horizontalInset, dy: 0)
        if leftView != nil, shows(leftViewMode) {
            let left = leftViewRect(forBounds: bounds)
            rect = CGRect(x: max(rect.minX, left.maxX), y: rect.minY, width: rect.maxX - max(rect.minX, left.maxX), height: rect.height)
        }
        var right = rect.maxX
        if rightView != nil, shows(rightViewMode) { right = min(right, rightViewRect(forBounds: bounds).minX) }
        if showsClearButton { right = min(right, clearButtonRect(forBounds: bounds).minX) }
        rect.size.width = max(0, right - rect.minX)
        return rect
    }

    /// The rectangle the text is drawn in while editing.
    open func editingRect(forBounds bounds: CGRect) -> CGRect { textRect(forBounds: bounds) }

    /// The rectangle the placeholder is drawn in.
    open func placeholderRect(forBounds bounds: CGRect) -> CGRect { textRect(forBounds: bounds) }

    /// The clear button's rectangle: 19 points square at the right, centred vertically.
    open func clearButtonRect(forBounds bounds: CGRect) -> CGRect {
        var right = bounds.maxX - (borderStyle == .none ? 0 : 5)
        if rightView != nil, shows(rightViewMode) { right = min(right, rightViewRect(forBounds: bounds).minX) }
        return CGRect(x: right - 19, y: bounds.midY - 9.5, width: 19, height: 19)
    }

    /// The left view's rectangle: its size, at the left, centred vertically.
    open func leftViewRect(forBounds bounds: CGRect) -> CGRect {
        let size = overlaySize(leftView)
        return CGRect(x: bounds.minX, y: bounds.midY - size.height / 2, width: size.width, height: size.height)
    }

    /// The right view's rectangle: its size, at the right, centred vertically.
    open func rightViewRect(forBounds bounds: CGRect) -> CGRect {
        let size = overlaySize(rightView)
        return CGRect(x: bounds.maxX - size.width, y: bounds.midY - size.height / 2, width: size.width, height: size.height)
    }

    private func overlaySize(_ view: UIView?) -> CGSize {
        guard let view else { return .zero }
        if view.bounds.width > 0 || view.bounds.height > 0 { return view.bounds.size }
        let intrinsic = view.intrinsicContentSize
        return CGSize(width: max(0, intrinsic.width), height: max(0, intrinsic.height))
    }

    open override func layoutSubviews() {
        super.layoutSubviews()
        if let leftView {
            leftView.isHidden = !shows(leftViewMode)
            leftView.frame = leftViewRect(forBounds: bounds)
        }
        if let rightView {
            rightView.isHidden = !shows(rightViewMode)
            rightView.frame = rightViewRect(forBounds: bounds)
        }
    }

    /// The text's (or the placeholder's) width plus the border's insets; the line's height,
    /// 34 points for the 17-point font with a rounded border.
    open override var intrinsicContentSize: CGSize {
        let shown = editing.text.isEmpty ? (placeholder ?? "") : displayText
        let textWidth = shown.isEmpty ? 0 : TextLayout(text: shown, style: style(maximumLines: 1)).size.width
        var width = (textWidth + 2 * horizontalInset + TextCaretDrawing.caretWidth).rounded(.up)
        if leftView != nil, shows(leftViewMode) { width += overlaySize(leftView).width }
        if rightView != nil, shows(rightViewMode) { width += overlaySize(rightView).width }
        if clearButtonMode != .never { width += 19 + (borderStyle == .none ? 0 : 5) }
        let line = fieldFont.lineHeight.rounded(.up)
        let height: CGFloat =
            switch borderStyle {
            case .roundedRect: line + 14
            case .line, .bezel: line + 10
            case .none: line
            }
        return CGSize(width: width, height: max(height, overlaySize(leftView).height, overlaySize(rightView).height))
    }

    open override func sizeThatFits(_ size: CGSize) -> CGSize { intrinsicContentSize }

    // MARK: Drawing

    /// The text as shown: dots for secure entry.
    private var displayText: String {
        isSecureTextEntry ? String(repeating: "\u{2022}", count: editing.text.count) : editing.text
    }

    private struct LayoutKey: Equatable {
        var text: String
        var font: UIFont
        var truncates: Bool
        var width: CGFloat
        var thread: ObjectIdentifier
    }

    private func style(maximumLines: Int, truncating: Bool = false) -> TextStyle {
        TextStyle(
            font: fieldFont.font, color: .black, alignment: .left,
            lineBreakMode: truncating ? .byTruncatingTail : .byClipping, maximumLines: maximumLines)
    }

    /// The layout of the shown text: whole while editing (it scrolls), cut with an ellipsis
    /// at the text rectangle's width otherwise.
    private func textLayout(width: CGFloat) -> TextLayout {
        let truncates = !isEditing
        let key = LayoutKey(
            text: displayText, font: fieldFont, truncates: truncates, width: truncates ? width : 0, thread: ObjectIdentifier(Thread.current))
        if let cachedLayout, cachedLayout.key == key { return cachedLayout.layout }
        let layout = TextLayout(text: key.text, style: style(maximumLines: truncates ? 1 : 0, truncating: truncates), width: truncates ? Double(width) : nil)
        cachedLayout = (key, layout)
        return layout
    }

    /// Where the text's layout starts in the field: aligned in the rectangle, scrolled while
    /// editing, centred vertically.
    private func textOrigin(in rect: CGRect, layout: TextLayout) -> CGPoint {
        let y: CGFloat =
            switch contentVerticalAlignment {
            case .top: rect.minY
            case .bottom: rect.maxY - layout.size.height
            default: rect.midY - layout.size.height / 2
            }
        if isEditing, layout.size.width + TextCaretDrawing.caretWidth > rect.width {
            return CGPoint(x: rect.minX - scrollOffset, y: y)
        }
        return CGPoint(x: alignedX(width: layout.size.width, in: rect), y: y)
    }

    /// Where text of a width starts in a rectangle, by the alignment.
    private func alignedX(width: CGFloat, in rect: CGRect) -> CGFloat {
        let free = max(0, rect.width - width)
        switch textAlignment {
        case .center: return rect.minX + free / 2
        case .right: return rect.minX + free
        default: return rect.minX
        }
    }

    /// Keeps the caret inside the editing rectangle by scrolling the text.
    private func scrollCaretIntoView() {
        guard isEditing else {
            scrollOffset = 0
            return
        }
        let rect = editingRect(forBounds: bounds)
        let layout = textLayout(width: rect.width)
        let overflow = layout.size.width + TextCaretDrawing.caretWidth - rect.width
        guard overflow > 0 else {
            scrollOffset = 0
            return
        }
        let caretEnd = editing.selection.location + editing.selection.length
        let caretX = layout.caretRect(atUTF16Offset: displayOffset(caretEnd)).minX
        if caretX - scrollOffset > rect.width - TextCaretDrawing.caretWidth {
            scrollOffset = caretX - rect.width + TextCaretDrawing.caretWidth
        } else if caretX - scrollOffset < 0 {
            scrollOffset = caretX
        }
        scrollOffset = min(max(scrollOffset, 0), overflow)
    }

    /// A text offset as an offset of the shown text (one dot a character for secure entry).
    private func displayOffset(_ offset: Int) -> Int {
        guard isSecureTextEntry else { return offset }
        let index = String.Index(utf16Offset: offset, in: editing.text)
        return editing.text[..<index].count
    }

    /// An offset of the shown text as a text offset.
    private func textOffset(_ displayOffset: Int) -> Int {
        guard isSecureTextEntry else { return displayOffset }
        let index = editing.text.index(editing.text.startIndex, offsetBy: min(max(displayOffset, 0), editing.text.count))
        return index.utf16Offset(in: editing.text)
    }

    open override func draw(_ rect: CGRect) {
        guard let context = UIGraphicsGetCurrentContext() else { return }
        let canvas = context.canvas
        let border = borderRect(forBounds: bounds)
        drawBorder(border, in: canvas)
        if editing.text.isEmpty {
            if let placeholder, !placeholder.isEmpty { drawPlaceholder(in: placeholderRect(forBounds: bounds)) }
            if isEditing, editing.selection.length == 0 {
                let textRect = editingRect(forBounds: bounds)
                let height = fieldFont.lineHeight
                let x: CGFloat =
                    switch textAlignment {
                    case .center: textRect.midX
                    case .right: textRect.maxX - TextCaretDrawing.caretWidth / 2
                    default: textRect.minX + TextCaretDrawing.caretWidth / 2
                    }
                let caret = CGRect(x: x, y: textRect.midY - height / 2, width: 0, height: height)
                TextCaretDrawing.drawCaret(caret, at: .zero, tint: tintColor, in: canvas)
            }
        } else {
            drawText(in: isEditing ? editingRect(forBounds: bounds) : textRect(forBounds: bounds))
        }
        if showsClearButton { drawClearButton(in: clearButtonRect(forBounds: bounds), canvas: canvas) }
    }

    private func drawBorder(_ rect: CGRect, in canvas: Canvas) {
        if let image = (isEnabled ? background : disabledBackground ?? background) {
            image.draw(in: rect)
            return
        }
        switch borderStyle {
        case .none: break
        case .roundedRect:
            let shape = Path.roundedRect(rect.insetBy(dx: 0.25, dy: 0.25), cornerRadius: 5)
            canvas.fill(shape, with: UIColor.tertiarySystemBackground.color)
            canvas.stroke(shape, with: UIColor.systemGray4.color, style: StrokeStyle(width: 0.5))
        case .line:
            canvas.stroke(.rect(rect.insetBy(dx: 0.5, dy: 0.5)), with: UIColor.label.color, style: StrokeStyle(width: 1))
        case .bezel:
            canvas.fill(.rect(rect), with: UIColor.tertiarySystemBackground.color)
            canvas.stroke(.rect(rect.insetBy(dx: 0.5, dy: 0.5)), with: UIColor.systemGray.color, style: StrokeStyle(width: 1))
            canvas.fill(.rect(CGRect(x: rect.minX + 1, y: rect.minY + 1, width: rect.width - 2, height: 1)), with: UIColor.systemGray3.color)
        }
    }

    /// Draws the text (with the selection and the caret while editing) in a rectangle.
    open func drawText(in rect: CGRect) {
        guard let canvas = UIGraphicsGetCurrentContext()?.canvas, rect.width > 0, rect.height > 0 else { return }
        let layout = textLayout(width: rect.width)
        let origin = textOrigin(in: rect, layout: layout)
        let color = isEnabled ? (textColor ?? .label) : .tertiaryLabel
        canvas.withSavedState {
            canvas.clip(to: .rect(rect.insetBy(dx: -TextCaretDrawing.caretWidth, dy: 0)))
            let selection = editing.selection
            if isEditing, selection.length > 0 {
                let rects = layout.selectionRects(
                    fromUTF16Offset: displayOffset(selection.location), to: displayOffset(selection.location + selection.length))
                TextCaretDrawing.drawSelection(rects, at: origin, tint: tintColor, in: canvas)
            }
            layout.draw(in: canvas, at: origin, color: color.color)
            if isEditing, selection.length == 0 {
                TextCaretDrawing.drawCaret(layout.caretRect(atUTF16Offset: displayOffset(selection.location)), at: origin, tint: tintColor, in: canvas)
            }
        }
    }

    /// Draws the placeholder in a rectangle, in `.placeholderText`.
    open func drawPlaceholder(in rect: CGRect) {
        guard let canvas = UIGraphicsGetCurrentContext()?.canvas, let placeholder, rect.width > 0 else { return }
        let layout = TextLayout(text: placeholder, style: style(maximumLines: 1, truncating: true), width: Double(rect.width))
        let origin = CGPoint(x: alignedX(width: layout.size.width, in: rect), y: rect.midY - layout.size.height / 2)
        layout.draw(in: canvas, at: origin, color: UIColor.placeholderText.color)
    }

    /// The clear button: a grey disc with a white cross.
    private func drawClearButton(in rect: CGRect, canvas: Canvas) {
        let disc = rect.insetBy(dx: 2, dy: 2)
        canvas.fill(.ellipse(in: disc), with: UIColor.systemGray2.color)
        let arm = disc.width * 0.2
        var cross = Path()
        cross.move(to: CGPoint(x: disc.midX - arm, y: disc.midY - arm))
        cross.line(to: CGPoint(x: disc.midX + arm, y: disc.midY + arm))
        cross.move(to: CGPoint(x: disc.midX + arm, y: disc.midY - arm))
        cross.line(to: CGPoint(x: disc.midX - arm, y: disc.midY + arm))
        canvas.stroke(cross, with: UIColor.systemBackground.color, style: StrokeStyle(width: 1.5, cap: .round))
    }

    // MARK: Touches

    open override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {
        let wasEnabled = isEnabled
        super.touchesEnded(touches, with: event)
        guard wasEnabled, let touch = touches.first else { return }
        let point = touch.location(in: self)
        guard bounds.contains(point) else { return }
        if showsClearButton, clearButtonRect(forBounds: bounds).insetBy(dx: -6, dy: -6).contains(point) {
            clearByUser()
            if !isEditing { becomeFirstResponder() }
            return
        }
        let wasEditing = isEditing
        guard wasEditing || becomeFirstResponder() else { return }
        let offset = offset(at: point)
        selectionAnchor = nil
        switch wasEditing ? touch.tapCount : 1 {
        case 1: editing.select(NSRange(location: offset, length: 0))
        case 2: editing.select(isSecureTextEntry ? NSRange(location: 0, length: editing.length) : editing.wordRange(at: offset))
        default: editing.select(NSRange(location: 0, length: editing.length))
        }
        selectionDidChange()
    }

    /// The text offset nearest a point of the field.
    private func offset(at point: CGPoint) -> Int {
        let rect = editingRect(forBounds: bounds)
        let layout = textLayout(width: rect.width)
        let origin = textOrigin(in: rect, layout: layout)
        let shown = layout.utf16Offset(closestTo: CGPoint(x: point.x - origin.x, y: layout.size.height / 2))
        return editing.boundary(atOrBefore: textOffset(shown))
    }

    // MARK: First responder

    open override var canBecomeFirstResponder: Bool { isEnabled }

    @discardableResult
    open override func becomeFirstResponder() -> Bool {
        if isFirstResponder { return true }
        guard canBecomeFirstResponder, firstResponderWindow != nil else { return false }
        if delegate?.textFieldShouldBeginEditing(self) == false { return false }
        guard super.becomeFirstResponder() else { return false }
        isEditing = true
        if clearsOnBeginEditing, !editing.text.isEmpty, delegate?.textFieldShouldClear(self) != false {
            editing.setText("")
        }
        editing.select(NSRange(location: editing.length, length: 0))
        selectionAnchor = nil
        textDidChange()
        setNeedsLayout()
        delegate?.textFieldDidBeginEditing(self)
        sendActions(for: .editingDidBegin)
        NotificationCenter.default.post(name: Self.textDidBeginEditingNotification, object: self)
        return true
    }

    @discardableResult
    open override func resignFirstResponder() -> Bool {
        guard isFirstResponder else { return super.resignFirstResponder() }
        if delegate?.textFieldShouldEndEditing(self) == false { return false }
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
        isEditing = false
        selectionAnchor = nil
        textDidChange()
        setNeedsLayout()
        delegate?.textFieldDidEndEditing(self, reason: .committed)
        sendActions(for: .editingDidEnd)
        NotificationCenter.default.post(name: Self.textDidEndEditingNotification, object: self)
    }

    // MARK: Keys and editing

    open var hasText: Bool { !editing.text.isEmpty }

    /// Types text at the caret, replacing the selection; a newline is Return.
    open func insertText(_ text: String) {
        guard isEditing else { return }
        if text == "\n" || text == "\r" {
            returnPressed()
            return
        }
        replaceByUser(editing.selection, with: Self.oneLine(text))
    }

    /// Deletes the selection, or the character before the caret.
    open func deleteBackward() {
        guard isEditing, let range = editing.backwardDeletionRange else { return }
        replaceByUser(range, with: "")
    }

    private func returnPressed() {
        guard delegate?.textFieldShouldReturn(self) != false else { return }
        sendActions(for: [.primaryActionTriggered, .editingDidEndOnExit])
        // UIKit dismisses the keyboard when an action handles "did end on exit".
        if allControlEvents.contains(.editingDidEndOnExit) { resignFirstResponder() }
    }

    private func clearByUser() {
        guard delegate?.textFieldShouldClear(self) != false else { return }
        editing.setText("")
        selectionAnchor = nil
        textDidChange()
        userTextChanged()
    }

    func replaceByUser(_ range: NSRange, with string: String) {
        let fitted = Self.oneLine(string)
        guard delegate?.textField(self, shouldChangeCharactersIn: range, replacementString: fitted) != false else { return }
        cachedLayout = nil
        guard editing.replace(range, with: fitted) != nil else { return }
        selectionAnchor = nil
        textDidChange()
        userTextChanged()
    }

    private func userTextChanged() {
        delegate?.textFieldDidChangeSelection(self)
        sendActions(for: .editingChanged)
        NotificationCenter.default.post(name: Self.textDidChangeNotification, object: self)
    }

    func selectionDidChange() {
        scrollCaretIntoView()
        setNeedsDisplay()
        delegate?.textFieldDidChangeSelection(self)
    }

    func offset(from offset: Int, movingLines lines: Int) -> Int { lines < 0 ? 0 : editing.length }

    func lineBoundary(of offset: Int, end: Bool) -> Int { end ? editing.length : 0 }

    var allowsCopying: Bool { !isSecureTextEntry }

    var isEditingText: Bool { isEditing }

    open override func pressesBegan(_ presses: Set<UIPress>, with event: UIPressesEvent?) {
        if performEditCommand(for: presses) { return }
        // Tab moves on in iOS; a one-line field does not type it.
        if presses.first?.key?.keyCode == .keyboardTab {
            next?.pressesBegan(presses, with: event)
            return
        }
        super.pressesBegan(presses, with: event)
    }

    open override func pressesEnded(_ presses: Set<UIPress>, with event: UIPressesEvent?) {
        if isEditCommand(presses) { return }
        if presses.first?.key?.keyCode == .keyboardTab {
            next?.pressesEnded(presses, with: event)
            return
        }
        super.pressesEnded(presses, with: event)
    }

    // MARK: Standard edit actions

    /// Selects all the text.
    open func selectAll(_ sender: Any?) { if isEditing { perform(.selectAll) } }
    /// Copies the selection to the general pasteboard (not secure text).
    open func copy(_ sender: Any?) { perform(.copy) }
    /// Copies the selection and deletes it.
    open func cut(_ sender: Any?) { if isEditing { perform(.cut) } }
    /// Replaces the selection with the pasteboard's string.
    open func paste(_ sender: Any?) { if isEditing { perform(.paste) } }
    /// Deletes the selection.
    open func delete(_ sender: Any?) {
        if isEditing, editing.selection.length > 0 { replaceByUser(editing.selection, with: "") }
    }

    // MARK: Text positions (UITextInput)

    /// The selection, or nil while the field is not editing.
    open var selectedTextRange: UITextRange? {
        get {
            guard isEditing else { return nil }
            return UITextRange(start: editing.selection.location, end: editing.selection.location + editing.selection.length)
        }
        set {
            guard let newValue else { return }
            editing.select(newValue.nsRange)
            selectionAnchor = nil
            selectionDidChange()
        }
    }

    /// Text being composed by an input method (never: keys arrive composed).
    open var markedTextRange: UITextRange? { nil }

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

    /// The text of a range.
    open func text(in range: UITextRange) -> String? { editing.text(in: range.nsRange) }

    /// Replaces a range's text, as the user would (the delegate is asked).
    open func replace(_ range: UITextRange, withText text: String) { replaceByUser(range.nsRange, with: text) }

    /// The caret's rectangle at a position, in the field's coordinates.
    open func caretRect(for position: UITextPosition) -> CGRect {
        let rect = isEditing ? editingRect(forBounds: bounds) : textRect(forBounds: bounds)
        let layout = textLayout(width: rect.width)
        let origin = textOrigin(in: rect, layout: layout)
        let caret = layout.caretRect(atUTF16Offset: displayOffset(editing.boundary(atOrBefore: position.offset)))
        return CGRect(x: origin.x + caret.minX - 1, y: origin.y + caret.minY, width: TextCaretDrawing.caretWidth, height: caret.height)
    }

    /// The position nearest a point of the field.
    open func closestPosition(to point: CGPoint) -> UITextPosition? { UITextPosition(offset: offset(at: point)) }
}
