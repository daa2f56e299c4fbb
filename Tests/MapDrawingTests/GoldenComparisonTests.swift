import Foundation
import OpenMapsTesting
import MapDrawing
import Testing

@Suite("Golden-image comparison")
struct GoldenComparisonTests {
    private func picture(block: Color?) -> Bitmap {
        let canvas = Canvas(size: CGSize(width: 100, height: 100), scale: 1)
        canvas.clear(.white)
        canvas.fill(.ellipse(in: CGRect(x: 10, y: 10, width: 80, height: 80)), with: Color(rgb: 0x4285F4))
        if let block { canvas.fill(CGRect(x: 0, y: 0, width: 3, height: 3), with: block) }
        return canvas.bitmap
    }

    @Test func identicalPicturesHaveNoDifferingPixels() {
        #expect(GoldenImage.compare(picture(block: nil), picture(block: nil)).0 == 0)
    }

    @Test func visibleChangesAreCountedAndFaintOnesAreNot() {
        // A 3x3 black block: 9 pixels, more than 0.015% of 10,000 pixels (1 pixel allowed).
        #expect(GoldenImage.compare(picture(block: .black), picture(block: nil)).0 == 9)
        // A change below the perceptual threshold does not count.
        #expect(GoldenImage.compare(picture(block: Color(white: 0.99)), picture(block: nil)).0 == 0)
    }

    @Test func mismatchFailsAndSizeMismatchFails() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("openmaps-golden-\(getpid())")
        let goldens = directory.appendingPathComponent("__Goldens__")
        try FileManager.default.createDirectory(at: goldens, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        try picture(block: nil).pngData().write(to: goldens.appendingPathComponent("circle.png"))
        let fakeTestFile = directory.appendingPathComponent("FakeTests.swift").path
        #expect(GoldenImage.check(picture(block: nil), named: "circle", testFile: fakeTestFile, recording: false).passed)
        #expect(!GoldenImage.check(picture(block: .black), named: "circle", testFile: fakeTestFile, recording: false).passed)
        #expect(!GoldenImage.check(Bitmap(width: 10, height: 10), named: "circle", testFile: fakeTestFile, recording: false).passed)
        #expect(!GoldenImage.check(picture(block: nil), named: "missing", testFile: fakeTestFile, recording: false).passed)
    }
}
