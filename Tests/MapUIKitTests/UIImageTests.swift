import Foundation
import MapUIKit
import Testing

@MainActor
@Suite("UIImage and drawing")
struct UIImageTests {
    private func redSquare(scale: CGFloat = 2) -> UIImage {
        let format = UIGraphicsImageRendererFormat()
        format.scale = scale
        return UIGraphicsImageRenderer(size: CGSize(width: 10, height: 10), format: format).image { context in
            UIColor.red.setFill()
            context.fill(CGRect(x: 0, y: 0, width: 10, height: 5))
        }
    }

    @Test func rendererDrawsAtItsScale() {
        let image = redSquare(scale: 3)
        #expect(image.size == CGSize(width: 10, height: 10))
        #expect(image.bitmap.width == 30)
        #expect(image.bitmap.color(x: 15, y: 5) == .init(red: 1, green: 0, blue: 0))
        #expect(image.bitmap.color(x: 15, y: 25)?.alpha == 0)
    }

    @Test func dataRoundTripAndScale() throws {
        let data = try #require(redSquare().pngData())
        let image = try #require(UIImage(data: data, scale: 2))
        #expect(image.size == CGSize(width: 10, height: 10))
        #expect(UIImage(data: data)?.size == CGSize(width: 20, height: 20))
        #expect(UIImage(data: try #require(redSquare().jpegData(compressionQuality: 0.8))) != nil)
    }

    @Test func corruptOrTruncatedDataGivesNil() throws {
        let data = try #require(redSquare().pngData())
        #expect(UIImage(data: Data()) == nil)
        #expect(UIImage(data: data.prefix(40)) == nil)
        #expect(UIImage(data: Data(repeating: 7, count: 1000)) == nil)
        #expect(UIImage(contentsOfFile: "/nonexistent/image.png") == nil)
        #expect(UIImage(named: "no-such-image") == nil)
        #expect(UIImage(named: "") == nil)
    }

    @Test func namedFindsScaledFilesInTheWorkingDirectory() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("openmaps-named-\(getpid())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        try #require(redSquare(scale: 2).pngData()).write(to: directory.appendingPathComponent("square@2x.png"))
        let bundle = try #require(Bundle(path: directory.path))
        let image = try #require(UIImage(named: "square", in: bundle, compatibleWith: nil))
        #expect(image.scale == 2 && image.size == CGSize(width: 10, height: 10))
    }

    @Test func tintKeepsTheShapeAndReplacesTheColour() {
        let tinted = redSquare().withTintColor(.blue)
        #expect(tinted.bitmap.color(x: 5, y: 2) == .init(red: 0, green: 0, blue: 1))
        #expect(tinted.bitmap.color(x: 5, y: 15)?.alpha == 0)
    }

    @Test func templateImagesDrawInTheTintColour() {
        let view = UIImageView(image: redSquare().withRenderingMode(.alwaysTemplate))
        view.tintColor = .green
        let image = view.renderedImage(scale: 2)
        #expect(image.bitmap.color(x: 5, y: 2) == .init(red: 0, green: 1, blue: 0))
    }

    @Test func contentModesPlaceTheImage() {
        let view = UIImageView(frame: CGRect(x: 0, y: 0, width: 40, height: 20))
        view.image = redSquare()
        view.contentMode = .scaleAspectFit
        let fit = view.renderedImage(scale: 1)
        // The 10x10 image fits as 20x20 centred: its red top half covers y 0..<10, x 10..<30.
        #expect(fit.bitmap.color(x: 20, y: 5) == .init(red: 1, green: 0, blue: 0))
        #expect(fit.bitmap.color(x: 5, y: 5)?.alpha == 0)
        view.contentMode = .topLeft
        let topLeft = view.renderedImage(scale: 1)
        #expect(topLeft.bitmap.color(x: 5, y: 2) == .init(red: 1, green: 0, blue: 0))
        #expect(topLeft.bitmap.color(x: 20, y: 2)?.alpha == 0)
    }

    @Test func hsbColoursConvert() {
        #expect(UIColor(hue: 0, saturation: 1, brightness: 1, alpha: 1) == .red)
        #expect(UIColor(hue: 1.0 / 3, saturation: 1, brightness: 1, alpha: 1) == .green)
        #expect(UIColor(hue: .nan, saturation: 0, brightness: 1, alpha: 1) == .white)
    }
}
