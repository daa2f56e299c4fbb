import Foundation
import MapDrawing
import MapGeometry

/// A view that shows read-only text, as UIKit's `UILabel`: one line by default, wrapped
/// over `numberOfLines` (0 for as many as fit), cut by `lineBreakMode`, centred vertically.
@preconcurrency @MainActor
open class UILabel: UIView {
    /// The text shown.
    public var text: String? {
        didSet {
            noteVisualChange()
            invalidateIntrinsicContentSize()
        }
    }
    /// The font (the 17-point system font by default).
    public var font: UIFont! = .systemFont(ofSize: 17) {
        didSet {
            noteVisualChange()
            invalidateIntrinsicContentSize()
        }
    }
    /// The text colour (black by default).
    public var textColor: UIColor! = .black { didSet { noteVisualChange() } }
    /// Horizontal alignment of the lines.
    public var textAlignment: NSTextAlignment = .natural { didSet { noteVisualChange() } }
    /// The most lines shown; 0 for no limit but the bounds.
    public var numberOfLines = 1 {
        didSet {
            noteVisualChange()
            invalidateIntrinsicContentSize()
        }
    }
    /// How lines wrap and how the last one is cut.
    public var lineBreakMode: NSLineBreakMode = .byTruncatingTail {
        didSet {
            noteVisualChange()
            invalidateIntrinsicContentSize()
        }
    }
    /// The width multi-line text wraps at when sized with `intrinsicContentSize`.
    public var preferredMaxLayoutWidth: CGFloat = 0 { didSet { invalidateIntrinsicContentSize() } }

    override class var isOpaqueByDefault: Bool { false }

    /// The text's size when laid out within `size.width` (no limit when it is zero or less).
    open override func sizeThatFits(_ size: CGSize) -> CGSize {
        let width = numberOfLines == 1 ? nil : (size.width > 0 && size.width.isFinite ? size.width : nil)
        guard let layout = makeLayout(width: width, maximumLines: numberOfLines) else { return .zero }
        return CGSize(width: roundUp(layout.size.width), height: roundUp(layout.size.height))
    }

    open override var intrinsicContentSize: CGSize {
        sizeThatFits(CGSize(width: preferredMaxLayoutWidth, height: 0))
    }

    /// The first baseline sits an ascender below the top of the text, which is centred in the
    /// bounds; the last a descender above its bottom.
    override var layoutBaselines: LayoutBaselines {
        let height = intrinsicContentSize.height
        return LayoutBaselines(first: (0.5, font.ascender - height / 2), last: (0.5, height / 2 + font.descender))
    }

    /// Draws the text in a rectangle (bounds by default).
    open func drawText(in rect: CGRect) {
        guard let context = UIGraphicsGetCurrentContext(), rect.width > 0, rect.height > 0 else { return }
        // As many lines as the height holds, within numberOfLines.
        let fitting = max(1, Int(saturating: ((rect.height + 0.5) / font.lineHeight).rounded(.down)))
        let limit = numberOfLines == 0 ? fitting : min(numberOfLines, fitting)
        guard let layout = makeLayout(width: rect.width, maximumLines: limit) else { return }
        let y = rect.minY + max(0, (rect.height - layout.size.height) / 2)
        layout.draw(in: context.canvas, at: CGPoint(x: rect.minX, y: y), color: textColor.color)
    }

    open override func draw(_ rect: CGRect) {
        drawText(in: bounds)
    }

    /// What a text layout depends on (not the colour: layouts are drawn in any colour).
    private struct LayoutKey: Equatable {
        var text: String
        var font: UIFont
        var alignment: NSTextAlignment
        var lineBreakMode: NSLineBreakMode
        var width: CGFloat?
        var maximumLines: Int
        /// Text layouts belong to their thread's Pango context (Pango is not thread-safe).
        var thread: ObjectIdentifier
    }

    /// The last layouts made, most recent first: a label is measured and drawn with the same
    /// few layouts frame after frame, and shaping text is the costly part of drawing it.
    private var layouts: [(key: LayoutKey, layout: TextLayout)] = []

    private func makeLayout(width: CGFloat?, maximumLines: Int) -> TextLayout? {
        guard let text, !text.isEmpty else { return nil }
        let key = LayoutKey(
            text: text, font: font, alignment: textAlignment, lineBreakMode: lineBreakMode, width: width, maximumLines: maximumLines,
            thread: ObjectIdentifier(Thread.current))
        if let index = layouts.firstIndex(where: { $0.key == key }) {
            let found = layouts.remove(at: index)
            layouts.insert(found, at: 0)
            return found.layout
        }
        let style = TextStyle(
            font: font.font, color: textColor.color, alignment: textAlignment.drawing,
            lineBreakMode: lineBreakMode.drawing, maximumLines: maximumLines)
        let layout = TextLayout(text: text, style: style, width: width.map { Double($0) })
        layouts.insert((key, layout), at: 0)
        if layouts.count > 3 { layouts.removeLast() }
        return layout
    }

    private func roundUp(_ value: CGFloat) -> CGFloat {
        let scale = UIScreen.defaultScale
        return (value * scale).rounded(.up) / scale
    }
}
