import Foundation
import MapDrawing
import Testing

@Suite("Canvas")
struct CanvasTests {
    @Test func drawsInPointsAtScale() throws {
        let canvas = Canvas(size: CGSize(width: 10, height: 10), scale: 3)
        #expect(canvas.bitmap.width == 30)
        canvas.fill(CGRect(x: 5, y: 0, width: 5, height: 10), with: .black)
        #expect(canvas.bitmap.pixel(x: 14, y: 5) == 0)
        #expect(canvas.bitmap.pixel(x: 15, y: 5) == 0xFF00_0000)
    }

    @Test func nonFiniteGeometryDrawsNothing() {
        let canvas = Canvas(size: CGSize(width: 10, height: 10), scale: 1)
        var path = Path()
        path.move(to: CGPoint(x: CGFloat.nan, y: 0))
        path.line(to: CGPoint(x: 5, y: CGFloat.infinity))
        path.addRect(CGRect(x: 0, y: 0, width: CGFloat.nan, height: 4))
        canvas.fill(path, with: .black)
        canvas.stroke(.rect(CGRect(x: 1, y: 1, width: 5, height: 5)), with: .black, style: StrokeStyle(width: .nan))
        canvas.translate(x: .nan, y: 1)
        canvas.fill(CGRect(x: 0, y: 0, width: 10, height: 10), with: .black)
        // Only the last fill (after an ignored NaN translation) painted.
        #expect(canvas.bitmap.pixel(x: 0, y: 0) == 0xFF00_0000)
        #expect(path.isEmpty)
    }

    @Test func shadowIsSoftAndOffset() throws {
        let canvas = Canvas(size: CGSize(width: 60, height: 60), scale: 2)
        let square = Path.rect(CGRect(x: 20, y: 20, width: 20, height: 20))
        canvas.drawShadow(of: square, color: .black, offset: CGSize(width: 0, height: 4), radius: 4)
        // Dark under the shape's offset centre, fading outside it, nothing far away.
        let inside = try #require(canvas.bitmap.color(x: 60, y: 68)).alpha
        let edge = try #require(canvas.bitmap.color(x: 60, y: 90)).alpha
        let far = try #require(canvas.bitmap.color(x: 5, y: 5)).alpha
        #expect(inside > 0.95)
        #expect(edge > 0.05 && edge < 0.95)
        #expect(far == 0)
    }

    @Test func unbalancedStatePopsAreIgnored() {
        let canvas = Canvas(size: CGSize(width: 4, height: 4), scale: 1)
        canvas.popState()
        canvas.pushState()
        canvas.popState()
        canvas.popState()
        canvas.fill(CGRect(x: 0, y: 0, width: 4, height: 4), with: .black)
        #expect(canvas.bitmap.pixel(x: 2, y: 2) == 0xFF00_0000)
    }
}
