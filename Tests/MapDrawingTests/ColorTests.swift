import MapDrawing
import Testing

@Suite("Colours")
struct ColorTests {
    @Test func hexTextParses() {
        #expect(Color(hex: "#EA4335") == Color(rgb: 0xEA4335))
        #expect(Color(hex: "fff") == Color.white)
        #expect(Color(hex: "#00000080")?.alpha == Double(0x80) / 255)
    }

    @Test func malformedHexIsNil() {
        for text in ["", "#", "#12", "#12345", "zzzzzz", "#1234567890", "#+12345"] {
            #expect(Color(hex: text) == nil, "\(text)")
        }
    }

    @Test func componentsAreClampedAndNaNIsZero() {
        let color = Color(red: 2, green: -1, blue: .nan, alpha: .infinity)
        #expect(color == Color(red: 1, green: 0, blue: 0, alpha: 1))
    }
}
