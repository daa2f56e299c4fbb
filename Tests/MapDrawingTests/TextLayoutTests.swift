import Foundation
import MapDrawing
import Testing

@Suite("Text layout")
struct TextLayoutTests {
    let body = TextStyle(font: Font(size: 14), lineBreakMode: .byTruncatingTail, maximumLines: 0)

    @Test func wrapsAtTheWidth() {
        let text = "The quick brown fox jumps over the lazy dog and keeps on running"
        let one = TextLayout(text: text, style: body, width: nil)
        let wrapped = TextLayout(text: text, style: body, width: 120)
        #expect(one.lineCount == 1)
        #expect(wrapped.lineCount > 2)
        #expect(wrapped.size.width <= 120)
        #expect(wrapped.size.height > one.size.height * 2)
    }

    @Test func lineLimitEllipsises() {
        var style = body
        style.maximumLines = 2
        let layout = TextLayout(text: String(repeating: "word ", count: 200), style: style, width: 150)
        #expect(layout.lineCount == 2)
        #expect(layout.isTruncated)
    }

    @Test func clippingModeCutsWithoutEllipsis() {
        let style = TextStyle(font: Font(size: 14), lineBreakMode: .byWordWrapping, maximumLines: 2)
        let limited = TextLayout(text: String(repeating: "word ", count: 200), style: style, width: 150)
        let free = TextLayout(text: "word word", style: style, width: 150)
        #expect(limited.lineCount == 2 && limited.isTruncated)
        #expect(abs(limited.size.height - 2 * free.size.height) < 1)
    }

    @Test func hugeTextIsCutBeforeShaping() {
        var style = body
        style.maximumLines = 4
        let megabyte = String(repeating: "Lorem ipsum dolor sit amet ", count: 40_000)
        let layout = TextLayout(text: megabyte, style: style, width: 240)
        #expect(layout.text.count < 20_000)
        #expect(layout.isTruncated && layout.lineCount == 4)
    }

    @Test func scriptsAreShapedWithFallbackFonts() {
        // Every script lays out to a non-empty box (fallback fonts found, nothing dropped).
        for text in ["東京タワー", "北京市", "القاهرة", "Straße über Köln", "¡Señor! ¿Qué?", "🗺️📍"] {
            let layout = TextLayout(text: text, style: body)
            #expect(layout.size.width > 10, "\(text)")
            #expect(layout.size.height > 10, "\(text)")
        }
    }

    @Test func embeddedNulIsRemoved() {
        let layout = TextLayout(text: "a\0b", style: body)
        #expect(layout.text == "ab")
    }

    @Test func caretsAndHitsRoundTripInUTF16Offsets() {
        let layout = TextLayout(text: "Tää 🇫🇮\nrivi", style: body, width: nil)
        // "Tää " is 4 units, the flag 4, the newline 1: the second line starts at 9.
        let start = layout.caretRect(atUTF16Offset: 0)
        let second = layout.caretRect(atUTF16Offset: 9)
        #expect(start.minX == 0 && start.minY == 0 && start.height > 10)
        #expect(second.minY >= start.maxY - 0.5 && second.minX == 0)
        let afterFlag = layout.caretRect(atUTF16Offset: 8)
        #expect(layout.caretRect(atUTF16Offset: 5) == layout.caretRect(atUTF16Offset: 4), "inside the flag is its start")
        #expect(layout.utf16Offset(closestTo: CGPoint(x: afterFlag.minX + 1, y: afterFlag.midY)) == 8)
        #expect(layout.utf16Offset(closestTo: CGPoint(x: 1_000, y: second.midY)) == 13)
        #expect(layout.utf16Offset(closestTo: CGPoint(x: -5, y: -50)) == 0)
        #expect(layout.utf16Offset(closestTo: CGPoint(x: CGFloat.nan, y: 0)) == 0)
        #expect(layout.caretRect(atUTF16Offset: 1_000) == layout.caretRect(atUTF16Offset: 13), "clamped to the end")
    }

    @Test func selectionsCoverTheirLines() {
        let layout = TextLayout(text: "one two three four five six", style: body, width: 60)
        #expect(layout.lineCount >= 3)
        #expect(layout.selectionRects(fromUTF16Offset: 4, to: 4).isEmpty)
        let oneLine = layout.selectionRects(fromUTF16Offset: 0, to: 3)
        #expect(oneLine.count == 1 && oneLine[0].width > 10)
        let across = layout.selectionRects(fromUTF16Offset: 2, to: 25)
        #expect(across.count == 3, "first line's end, the middle lines, the last line's start")
        #expect(across[1].minX == 0 && across[1].width >= 59)
    }
}
