import CCairo
import Foundation
import MapGeometry

/// Caret and hit geometry, for text that is edited. Positions are UTF-16 offsets into
/// ``TextLayout/text`` (as UIKit's text positions and `NSRange` count), clamped into it and
/// rounded down to the start of a character.
extension TextLayout {
    /// The caret's rectangle at a position: a zero-width line as tall as its line, with its
    /// top left relative to the layout's top left.
    public func caretRect(atUTF16Offset offset: Int) -> CGRect {
        let index = byteIndex(forUTF16Offset: offset)
        var strong = PangoRectangle(), weak = PangoRectangle()
        pango_layout_get_cursor_pos(pangoLayout, Int32(clamping: index), &strong, &weak)
        let scale = Double(openmaps_pango_scale)
        return CGRect(x: Double(strong.x) / scale, y: Double(strong.y) / scale, width: 0, height: Double(strong.height) / scale)
    }

    /// The position nearest a point relative to the layout's top left: the character edge
    /// closest to it on the line at its height (the first or last line above or below).
    public func utf16Offset(closestTo point: CGPoint) -> Int {
        guard point.isFinite else { return 0 }
        let scale = Double(openmaps_pango_scale)
        var index: Int32 = 0, trailing: Int32 = 0
        let x = Int32(saturating: (min(max(point.x, -1e6), 1e6) * scale).rounded())
        let y = Int32(saturating: (min(max(point.y, -1e6), 1e6) * scale).rounded())
        pango_layout_xy_to_index(pangoLayout, x, y, &index, &trailing)
        var byte = min(max(Int(index), 0), text.utf8.count)
        // A trailing edge (`trailing` > 0) is past the grapheme at the index; past a line's
        // end the caret stays before its line break.
        if trailing > 0, byte < text.utf8.count {
            let start = String.Index(utf16Offset: utf16Offset(forByteIndex: byte), in: text)
            if start < text.endIndex, !text[start].isNewline {
                byte += text[start..<text.index(after: start)].utf8.count
            }
        }
        return utf16Offset(forByteIndex: byte)
    }

    /// The rectangles that cover the text between two positions, one a line, as a selection
    /// is drawn: the first line from the start to its end, middle lines whole, the last from
    /// its start to the end position. Relative to the layout's top left.
    public func selectionRects(fromUTF16Offset start: Int, to end: Int) -> [CGRect] {
        let low = min(start, end), high = max(start, end)
        guard low != high else { return [] }
        let first = caretRect(atUTF16Offset: low), last = caretRect(atUTF16Offset: high)
        if abs(first.minY - last.minY) < 0.5 {
            return [CGRect(x: min(first.minX, last.minX), y: first.minY, width: abs(last.minX - first.minX), height: first.height)]
        }
        let right = max(width ?? size.width, size.width)
        var rects = [CGRect(x: first.minX, y: first.minY, width: max(0, right - first.minX), height: first.height)]
        let middleTop = first.maxY, middleBottom = last.minY
        if middleBottom > middleTop + 0.5 {
            rects.append(CGRect(x: 0, y: middleTop, width: right, height: middleBottom - middleTop))
        }
        rects.append(CGRect(x: 0, y: last.minY, width: last.minX, height: last.height))
        return rects
    }

    /// The UTF-8 index of a UTF-16 offset, clamped and rounded down to a scalar's start.
    func byteIndex(forUTF16Offset offset: Int) -> Int {
        convert(offset, from: { $0.utf16.count }, to: { $0.utf8.count })
    }

    /// The UTF-16 offset of a UTF-8 index, rounded down to a scalar's start.
    func utf16Offset(forByteIndex index: Int) -> Int {
        convert(index, from: { $0.utf8.count }, to: { $0.utf16.count })
    }

    /// An offset in one encoding as an offset in another, walking the scalars; rounded down
    /// to a scalar's start.
    private func convert(_ offset: Int, from source: (Unicode.Scalar) -> Int, to target: (Unicode.Scalar) -> Int) -> Int {
        guard offset > 0 else { return 0 }
        var sourceOffset = 0, targetOffset = 0
        for scalar in text.unicodeScalars {
            let next = sourceOffset + source(scalar)
            if next > offset { break }
            sourceOffset = next
            targetOffset += target(scalar)
        }
        return targetOffset
    }
}
