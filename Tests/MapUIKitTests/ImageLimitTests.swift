import Foundation
import MapDrawing
import MapUIKit
import Testing

/// docs/limits.md: images made to draw with stay within their pixel budget.
@MainActor
@Suite("Limits of images")
struct ImageLimitTests {
    @Test func limitImageFilesAreRegularFilesOfAtMost128MB() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("openmaps-image-limit-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        // A FIFO nobody writes to: reading it would block for ever.
        let fifo = folder.appendingPathComponent("pipe.png").path
        #expect(mkfifo(fifo, 0o600) == 0)
        #expect(UIImage(contentsOfFile: fifo) == nil)
        // A folder, and a file past the size limit (sparse: no disk used).
        #expect(UIImage(contentsOfFile: folder.path) == nil)
        let huge = folder.appendingPathComponent("huge.png")
        #expect(FileManager.default.createFile(atPath: huge.path, contents: Data([0x89, 0x50, 0x4E, 0x47])))
        let handle = try FileHandle(forWritingTo: huge)
        try handle.truncate(atOffset: UInt64(UIImage.maximumFileBytes) + 1)
        try handle.close()
        #expect(UIImage(contentsOfFile: huge.path) == nil)
        // A real image within the limit still loads.
        let small = folder.appendingPathComponent("dot.png")
        let canvas = Canvas(size: CGSize(width: 2, height: 2), scale: 1)
        canvas.clear(.white)
        try canvas.bitmap.pngData(compressionLevel: 6).write(to: small)
        #expect(UIImage(contentsOfFile: small.path) != nil)
    }

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
