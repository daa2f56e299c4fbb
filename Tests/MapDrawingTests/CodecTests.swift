import Foundation
import MapDrawing
import Testing

@Suite("PNG and JPEG codecs")
struct CodecTests {
    private func sampleBitmap() -> Bitmap {
        let canvas = Canvas(size: CGSize(width: 40, height: 30), scale: 1)
        canvas.fill(CGRect(x: 0, y: 0, width: 20, height: 30), with: Color(rgb: 0x3366CC))
        canvas.fill(CGRect(x: 20, y: 0, width: 20, height: 30), with: Color(rgb: 0xEA4335, alpha: 0.5))
        return canvas.bitmap
    }

    @Test func pngRoundTripKeepsPixels() throws {
        let bitmap = sampleBitmap()
        let decoded = try Bitmap.decode(try bitmap.pngData())
        #expect(decoded.width == 40 && decoded.height == 30)
        #expect(decoded.pixel(x: 5, y: 5) == bitmap.pixel(x: 5, y: 5))
        // Half-transparent red survives premultiplication within one step per channel.
        let original = try #require(bitmap.color(x: 30, y: 10)), back = try #require(decoded.color(x: 30, y: 10))
        #expect(abs(original.red - back.red) < 0.01 && abs(original.alpha - back.alpha) < 0.01)
    }

    @Test func jpegEncodesDecodablyOpaqueImages() throws {
        let canvas = Canvas(size: CGSize(width: 64, height: 64), scale: 1)
        canvas.clear(Color(rgb: 0x3366CC))
        let data = try canvas.bitmap.jpegData(quality: 90)
        #expect(data.starts(with: [0xFF, 0xD8, 0xFF]))
        let decoded = try Bitmap.decode(data)
        let color = try #require(decoded.color(x: 32, y: 32))
        #expect(abs(color.blue - 0.8) < 0.03 && color.alpha == 1)
    }

    @Test func corruptTruncatedAndForeignDataThrow() throws {
        let png = try sampleBitmap().pngData()
        let jpeg = try sampleBitmap().jpegData()
        let cases: [Data] = [
            Data(), Data([0x89, 0x50, 0x4E, 0x47]), png.prefix(png.count / 2), jpeg.prefix(jpeg.count / 2),
            Data(repeating: 0xAB, count: 4096), Data("<svg/>".utf8),
            png.prefix(8) + Data(repeating: 0, count: 200),
        ]
        for data in cases {
            #expect(throws: ImageCodecError.self) { try Bitmap.decode(data) }
        }
    }

    @Test func emptyBitmapDoesNotEncode() {
        #expect(throws: ImageCodecError.self) { try Bitmap(width: 0, height: 0).pngData() }
    }
}

@Suite("Bitmaps")
struct BitmapTests {
    @Test func impossibleSizesGiveEmptyBitmaps() {
        #expect(Bitmap(width: 0, height: 10).isEmpty)
        #expect(Bitmap(width: -5, height: 10).isEmpty)
        #expect(Bitmap(width: 100_000, height: 10).isEmpty)
        #expect(Bitmap(pointWidth: .nan, pointHeight: 10, scale: 2).isEmpty)
        #expect(Bitmap(pointWidth: 10, pointHeight: .infinity, scale: 2).isEmpty)
        #expect(Bitmap(pointWidth: 1e300, pointHeight: 1e300, scale: 2).isEmpty)
        #expect(Bitmap(pointWidth: 10.2, pointHeight: 5, scale: 2).width == 21)
    }

    @Test func copyIsIndependent() {
        let canvas = Canvas(size: CGSize(width: 4, height: 4), scale: 1)
        canvas.clear(.black)
        let copy = canvas.bitmap.copy()
        canvas.clear(.white)
        #expect(copy.pixel(x: 1, y: 1) == 0xFF00_0000)
        #expect(canvas.bitmap.pixel(x: 1, y: 1) == 0xFFFF_FFFF)
        #expect(copy.pixel(x: 4, y: 0) == nil)
    }
}
