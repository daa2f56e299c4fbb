import CCairo
import Foundation
import Logging
import MapGeometry

/// A string shaped and broken into lines by Pango, ready to measure and draw.
///
/// Lines wrap at `width`; with ``TextStyle/maximumLines`` set, text past the last line is
/// cut or ellipsised as ``TextStyle/lineBreakMode`` says. Arbitrarily long input is cut
/// before shaping to what the line limit can show, so layout time stays bounded.
/// A layout belongs to the thread that made it.
public final class TextLayout {
    /// The most characters shaped when there is no line limit.
    public static let unlimitedCharacterBudget = 20_000

    private static let logger = Logger(label: "OpenMaps.Drawing")

    public let text: String
    public let style: TextStyle
    /// The wrapping width in points, or nil for one unwrapped line per paragraph.
    public let width: Double?

    /// The size the shown lines take, in points.
    public private(set) var size: CGSize = .zero
    /// How many lines are shown.
    public private(set) var lineCount = 0
    /// Whether text was cut (by the line limit, an ellipsis, or the input budget).
    public private(set) var isTruncated = false
    /// Distance from the top to the first line's baseline, in points.
    public private(set) var firstBaseline: Double = 0
    /// How far right of the layout's left edge its lines' box starts, in points: more than 0
    /// when lines are centred or aligned right within the width, as a right-to-left paragraph
    /// is with natural alignment.
    public private(set) var linesOffset: Double = 0

    private let layout: OpaquePointer
    /// The Pango layout, for the caret geometry.
    var pangoLayout: OpaquePointer { layout }
    private var clipHeight: Double?

    /// Lays out `text`. A nil, non-finite or non-positive width means no wrapping.
    public init(text: String, style: TextStyle, width: Double? = nil) {
        self.style = style
        let usableWidth = width.flatMap { $0.isFinite && $0 > 0 ? min($0, 100_000) : nil }
        self.width = usableWidth
        let (prepared, cut) = TextLayout.prepare(text, style: style, width: usableWidth)
        self.text = prepared
        let (context, description) = TextSystem.contextAndDescription(for: style.font)
        layout = pango_layout_new(context)
        configure(description, cut: cut)
    }

    deinit {
        g_object_unref(UnsafeMutableRawPointer(layout))
    }

    /// Cuts input to what can be shown and removes characters Pango cannot take.
    private static func prepare(_ text: String, style: TextStyle, width: Double?) -> (String, Bool) {
        var budget = unlimitedCharacterBudget
        if style.maximumLines > 0 {
            // A safe bound on the graphemes one line can hold at this size: the narrowest
            // glyphs of the fonts in use ('i', 'l', '.', space) are wider than a fifth of the em.
            let perLine = Int(saturating: ((width ?? 4_000) / (style.font.size * 0.2)).rounded(.up)).clamped(to: 0...100_000) + 8
            budget = min(budget, perLine * style.maximumLines + 1)
        }
        var cut = false
        var result = text
        if text.utf8.count > budget {
            result = String(text.prefix(budget))
            cut = result.utf8.count < text.utf8.count
            if cut {
                logger.debug("text of \(text.utf8.count) bytes cut to \(budget) characters before layout")
            }
        }
        if result.contains("\0") {
            result = result.replacingOccurrences(of: "\0", with: "")
        }
        return (result, cut)
    }

    private func configure(_ description: OpaquePointer, cut: Bool) {
        let scale = Double(openmaps_pango_scale)
        pango_layout_set_font_description(layout, description)
        pango_layout_set_text(layout, text, Int32(clamping: text.utf8.count))
        if let width {
            pango_layout_set_width(layout, Int32(saturating: (width * scale).rounded(.down)))
        } else {
            pango_layout_set_width(layout, -1)
        }
        switch style.alignment {
        case .natural, .left: pango_layout_set_alignment(layout, PANGO_ALIGN_LEFT)
        case .center: pango_layout_set_alignment(layout, PANGO_ALIGN_CENTER)
        case .right: pango_layout_set_alignment(layout, PANGO_ALIGN_RIGHT)
        case .justified:
            pango_layout_set_alignment(layout, PANGO_ALIGN_LEFT)
            pango_layout_set_justify(layout, 1)
        }
        pango_layout_set_wrap(layout, style.lineBreakMode == .byCharWrapping ? PANGO_WRAP_CHAR : PANGO_WRAP_WORD_CHAR)

        let limit = style.maximumLines
        let ellipsize: PangoEllipsizeMode
        switch style.lineBreakMode {
        case .byTruncatingHead: ellipsize = PANGO_ELLIPSIZE_START
        case .byTruncatingTail: ellipsize = PANGO_ELLIPSIZE_END
        case .byTruncatingMiddle: ellipsize = PANGO_ELLIPSIZE_MIDDLE
        default: ellipsize = PANGO_ELLIPSIZE_NONE
        }
        if ellipsize != PANGO_ELLIPSIZE_NONE, limit > 0 {
            pango_layout_set_ellipsize(layout, ellipsize)
            pango_layout_set_height(layout, Int32(-limit))
        }

        var ink = PangoRectangle(), logical = PangoRectangle()
        pango_layout_get_extents(layout, &ink, &logical)
        let totalLines = Int(pango_layout_get_line_count(layout))
        var height = Double(logical.height) / scale
        var shownLines = totalLines
        if limit > 0, totalLines > limit, ellipsize == PANGO_ELLIPSIZE_NONE {
            // Cut after the last allowed line.
            height = TextLayout.bottomOfLine(limit - 1, in: layout) / scale
            shownLines = limit
            clipHeight = height
        }
        lineCount = shownLines
        size = CGSize(width: Double(logical.width) / scale, height: height)
        linesOffset = Double(logical.x) / scale
        firstBaseline = Double(pango_layout_get_baseline(layout)) / scale
        isTruncated = cut || pango_layout_is_ellipsized(layout) != 0 || shownLines < totalLines
    }

    private static func bottomOfLine(_ index: Int, in layout: OpaquePointer) -> Double {
        guard let iterator = pango_layout_get_iter(layout) else { return 0 }
        defer { pango_layout_iter_free(iterator) }
        var line = 0
        var y0: Int32 = 0, y1: Int32 = 0
        repeat {
            pango_layout_iter_get_line_yrange(iterator, &y0, &y1)
            if line == index { break }
            line += 1
        } while pango_layout_iter_next_line(iterator) != 0
        return Double(y1)
    }

    /// Draws the text with its top left at `origin`, in the style's colour.
    public func draw(in canvas: Canvas, at origin: CGPoint) {
        draw(in: canvas, at: origin, color: style.color)
    }

    /// Draws the text with its top left at `origin`, in another colour.
    public func draw(in canvas: Canvas, at origin: CGPoint, color: Color) {
        guard origin.isFinite, !text.isEmpty else { return }
        let cairo = canvas.cairo
        cairo_save(cairo)
        if let clipHeight {
            cairo_rectangle(cairo, origin.x - 1, origin.y, (width ?? size.width) + 2, clipHeight)
            cairo_clip(cairo)
        }
        cairo_set_source_rgba(cairo, color.red, color.green, color.blue, color.alpha)
        cairo_move_to(cairo, origin.x, origin.y)
        pango_cairo_show_layout(cairo, layout)
        cairo_restore(cairo)
    }
}
