import Foundation
import MapDrawing
import MapUIKit
import Testing

/// docs/limits.md: images made to draw with stay within their pixel budget.
@MainActor
@Suite("Limits of images")
struct ImageLimitTests {
    @Test func limitImagePixelsAHugeImageIsMadeAtALowerScale() {
        let format = UIGraphicsImageRendererFormat()
        format.scale = 2
        let image = UIGraphicsImageRenderer(size: CGSize(width: 8_000, height: 8_000), format: format).image { _ in }
        #expect(image.scale < 2)
        #expect(image.bitmap.width * image.bitmap.height <= Canvas.maximumImagePixels)
        #expect(abs(image.size.width - 8_000) < 20, "the same size in points")
        let small = UIGraphicsImageRenderer(size: CGSize(width: 100, height: 50), format: format).image { _ in }
        #expect(small.scale == 2 && small.bitmap.width == 200)
    }

    @Test func limitBitmapPixelsPastTheLimitGiveAnEmptyBitmap() {
        #expect(Bitmap(width: Bitmap.maximumDimension, height: Bitmap.maximumDimension).isEmpty)
        #expect(!Bitmap.canHold(width: Bitmap.maximumDimension + 1, height: 1))
        #expect(Bitmap.canHold(width: 4_096, height: 4_096))
        #expect(Bitmap.pixelSize(pointWidth: 333.3, pointHeight: 100.1, scale: 1.5).map { [$0.width, $0.height] } == [500, 151])
        #expect(Bitmap.pixelSize(pointWidth: .infinity, pointHeight: 1, scale: 1) == nil)
    }
}
