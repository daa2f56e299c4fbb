import Foundation
import MapDrawing
import MapGeometry
import Testing

@Suite("Projective drawing")
struct ProjectiveDrawingTests {
    /// A 4x4 image: left half red, right half blue (opaque).
    private func halves() -> Bitmap {
        let canvas = Canvas(size: CGSize(width: 4, height: 4), scale: 1)
        canvas.fill(CGRect(x: 0, y: 0, width: 2, height: 4), with: Color(red: 1, green: 0, blue: 0))
        canvas.fill(CGRect(x: 2, y: 0, width: 2, height: 4), with: Color(red: 0, green: 0, blue: 1))
        return canvas.bitmap
    }

    @Test func anAffineTransformDrawsLikeScaling() {
        let canvas = Canvas(size: CGSize(width: 20, height: 20), scale: 2)
        // 4 px -> 8 pt -> 16 px, placed at (2, 2) pt.
        canvas.draw(halves(), part: CGRect(x: 0, y: 0, width: 4, height: 4), transform: .affine(a: 2, b: 0, c: 0, d: 2, tx: 2, ty: 2))
        #expect(canvas.bitmap.pixel(x: 6, y: 10) == 0xFFFF_0000)  // left half
        #expect(canvas.bitmap.pixel(x: 17, y: 10) == 0xFF00_00FF)  // right half
        #expect(canvas.bitmap.pixel(x: 2, y: 10) == 0)  // outside
        #expect(canvas.bitmap.pixel(x: 21, y: 10) == 0)
    }

    @Test func perspectiveShrinksTheFarSide() {
        let canvas = Canvas(size: CGSize(width: 100, height: 100), scale: 1)
        // w grows with y: rows lower in the image are smaller and pulled toward the origin.
        let transform = ProjectiveTransform(25, 0, 0, 0, 25, 0, 0, 0.5, 1)
        canvas.draw(halves(), part: CGRect(x: 0, y: 0, width: 4, height: 4), transform: transform)
        // Top row spans 0...100 px; the image's bottom (y = 4) maps to x up to 100 / 3.
        #expect(canvas.bitmap.pixel(x: 90, y: 0) == 0xFF00_00FF)
        #expect(canvas.bitmap.pixel(x: 40, y: 32) == 0)
        #expect(canvas.bitmap.pixel(x: 10, y: 32) == 0xFFFF_0000)
    }

    @Test func pointsBehindTheEyeAreNotDrawn() {
        let canvas = Canvas(size: CGSize(width: 8, height: 8), scale: 1)
        // The same points as the identity, but all with w = -1: behind the eye.
        canvas.draw(halves(), part: CGRect(x: 0, y: 0, width: 4, height: 4), transform: ProjectiveTransform(-1, 0, 0, 0, -1, 0, 0, 0, -1))
        #expect(canvas.bitmap.pixel(x: 1, y: 1) == 0)
        canvas.draw(halves(), part: CGRect(x: 0, y: 0, width: 4, height: 4), transform: .identity)
        #expect(canvas.bitmap.pixel(x: 1, y: 1) == 0xFFFF_0000)
    }

    @Test func opacityBlendsOverWhatIsThere() throws {
        let canvas = Canvas(size: CGSize(width: 8, height: 8), scale: 1)
        canvas.clear(.white)
        canvas.draw(halves(), part: CGRect(x: 0, y: 0, width: 4, height: 4), transform: .affine(a: 2, b: 0, c: 0, d: 2, tx: 0, ty: 0), opacity: 0.5)
        let mixed = try #require(canvas.bitmap.color(x: 1, y: 4))
        #expect(abs(mixed.red - 1) < 0.02 && abs(mixed.green - 0.5) < 0.02 && abs(mixed.alpha - 1) < 0.01)
    }

    @Test func degenerateAndNonFiniteTransformsDrawNothing() {
        let canvas = Canvas(size: CGSize(width: 8, height: 8), scale: 1)
        let part = CGRect(x: 0, y: 0, width: 4, height: 4)
        canvas.draw(halves(), part: part, transform: ProjectiveTransform(0, 0, 0, 0, 0, 0, 0, 0, 1))
        canvas.draw(halves(), part: part, transform: ProjectiveTransform(.nan, 0, 0, 0, 1, 0, 0, 0, 1))
        canvas.draw(halves(), part: CGRect(x: -100, y: -100, width: 1e300, height: .infinity), transform: .identity)
        canvas.draw(halves(), part: part, transform: .identity, bleed: -.infinity)
        canvas.draw(Bitmap(width: 0, height: 0), part: part, transform: .identity)
        #expect((0..<8).allSatisfy { canvas.bitmap.pixel(x: $0, y: $0) == 0 })
    }
}

@Suite("Pixel-aligned copies")
struct BlitTests {
    private func dot() -> Bitmap {
        let canvas = Canvas(size: CGSize(width: 2, height: 2), scale: 1)
        canvas.clear(Color(red: 1, green: 0, blue: 0))
        return canvas.bitmap
    }

    @Test func aBlitLandsOnTheNearestDevicePixelUnresampled() {
        let canvas = Canvas(size: CGSize(width: 10, height: 10), scale: 2)
        // (1.3, 1.2) pt is (2.6, 2.4) px: the copy starts at pixel (3, 2), exactly the image.
        canvas.blit(dot(), at: CGPoint(x: 1.3, y: 1.2))
        #expect(canvas.bitmap.pixel(x: 3, y: 2) == 0xFFFF_0000)
        #expect(canvas.bitmap.pixel(x: 4, y: 3) == 0xFFFF_0000)
        #expect(canvas.bitmap.pixel(x: 2, y: 2) == 0)
        #expect(canvas.bitmap.pixel(x: 5, y: 3) == 0)
    }

    @Test func aBlitHonoursOpacityAndFallsBackUnderRotation() throws {
        let canvas = Canvas(size: CGSize(width: 10, height: 10), scale: 1)
        canvas.blit(dot(), at: CGPoint(x: 0, y: 0), opacity: 0.5)
        let half = try #require(canvas.bitmap.color(x: 0, y: 0))
        #expect(abs(half.alpha - 0.5) < 0.01)
        canvas.rotate(by: .pi / 2)
        canvas.blit(dot(), at: CGPoint(x: 4, y: -6))
        #expect(canvas.bitmap.pixel(x: 5, y: 4) == 0xFFFF_0000)
        canvas.blit(dot(), at: CGPoint(x: Double.nan, y: 0))
    }
}
