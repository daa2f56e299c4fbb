import Foundation
@testable import OpenMaps
import Testing

@Suite("Pin images")
struct PinImageTests {
    @Test func limitPinGlyphTextCutToEightCharacters() {
        #expect(GMSPinImage.shownText("ABCDEFGHIJKLMNOP") == "ABCDEFGH")
        let marked = "e" + String(repeating: "\u{301}", count: 100_000)
        #expect(GMSPinImage.shownText(marked).unicodeScalars.count == 64, "one character of many marks is cut too")
        #expect(GMSPinImage.shownText("👩‍👩‍👧‍👦 family") == "👩‍👩‍👧‍👦 family".prefix(8).description)
        let options = GMSPinImageOptions()
        options.glyph = GMSPinImageGlyph(text: String(repeating: "W", count: 100_000), textColor: .black)
        #expect(GMSPinImage(options: options).size == DefaultMarkerIcon.size)
    }
}
