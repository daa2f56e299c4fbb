import Foundation
import Testing

@testable import MapDrawing

/// A thread keeps the Pango descriptions of the fonts it lays text out in, up to a limit.
@Suite("Described fonts")
struct DescribedFontsTests {
    @Test func limitDescribedFontsAreFreedPastTheLimitAndTextLaysOutTheSame() {
        // A synchronous test runs on one thread throughout: the counts are that thread's.
        let style = TextStyle(font: Font(families: ["DejaVu Sans"], size: 15, weight: .bold), maximumLines: 1)
        let first = TextLayout(text: "Aleksanterinkatu", style: style, width: 200)
        var largest = 0
        for step in 0..<(TextSystem.describedFontsLimit * 2) {
            let other = TextStyle(font: Font(size: 8 + Double(step) / 16), maximumLines: 1)
            _ = TextLayout(text: "Esplanadi", style: other, width: 200)
            largest = max(largest, TextSystem.describedFontsCount)
        }
        #expect(largest == TextSystem.describedFontsLimit)
        #expect(TextSystem.describedFontsCount < TextSystem.describedFontsLimit)
        // Described again after the cache started over, the font lays the text out the same.
        let again = TextLayout(text: "Aleksanterinkatu", style: style, width: 200)
        #expect(again.size == first.size)
        #expect(again.firstBaseline == first.firstBaseline)
    }

    @Test func aFontIsDescribedOnceAThread() {
        let style = TextStyle(font: Font(families: ["Noto Sans"], size: 13.25), maximumLines: 1)
        _ = TextLayout(text: "Kamppi", style: style, width: 200)
        let count = TextSystem.describedFontsCount
        for text in ["Kamppi", "Töölö", "Kallio", "Punavuori"] { _ = TextLayout(text: text, style: style, width: 200) }
        #expect(TextSystem.describedFontsCount == count)
    }
}
