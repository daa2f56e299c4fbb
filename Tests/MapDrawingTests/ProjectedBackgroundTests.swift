import Foundation
import MapDrawing
import MapGeometry
import OpenMapsTesting
import Testing

/// A tilted map's tiles cover almost all of its frame, so the frame is not cleared first:
/// the land is painted only where no opaque tile will be, and the frame must come out as a
/// clear and then the tiles would leave it.
@Suite("Projected pieces over a background")
struct ProjectedBackgroundTests {
    /// A 64-pixel image: opaque (land with a disc) or see-through (a disc alone).
    private static func image(opaque: Bool) -> Bitmap {
        let canvas = Canvas(size: CGSize(width: 64, height: 64), scale: 1)
        if opaque { canvas.clear(Color(rgb: 0x336699)) }
        canvas.fill(.ellipse(in: CGRect(x: 8, y: 12, width: 40, height: 30)), with: Color(red: 0.9, green: 0.2, blue: 0.1, alpha: opaque ? 1 : 0.6))
        canvas.bitmap.recordOpacity()
        return canvas.bitmap
    }

    private static func bytes(_ bitmap: Bitmap) -> [UInt8] {
        bitmap.withUnsafeBytes { Array($0) }
    }

    @Test func recordOpacityFindsOnlyWhollyOpaqueBitmaps() {
        #expect(Self.image(opaque: true).isOpaque)
        #expect(!Self.image(opaque: false).isOpaque)
        let unrecorded = Canvas(size: CGSize(width: 4, height: 4), scale: 1)
        unrecorded.clear(.white)
        #expect(!unrecorded.bitmap.isOpaque, "false until recorded")
        let oneClear = Canvas(size: CGSize(width: 4, height: 4), scale: 1)
        oneClear.clear(.white)
        oneClear.bitmap.withUnsafeMutableBytes { $0[4 * 5 + 3] = 0xFE }
        oneClear.bitmap.recordOpacity()
        #expect(!oneClear.bitmap.isOpaque, "one pixel short of opaque")
        Bitmap(width: 0, height: 0).recordOpacity()
        #expect(!Bitmap(width: 0, height: 0).isOpaque)
    }

    @Test func backgroundPaintedAroundOpaquePiecesLeavesWhatAClearThenThePiecesLeave() {
        var mix = SeededGenerator(seed: 33)
        let opaque = Self.image(opaque: true), seeThrough = Self.image(opaque: false)
        let background = Color(rgb: 0xEEE8DD)
        var skipped = 0
        for round in 0..<24 {
            let scale = [1.0, 2, 1.5][round % 3]
            var pieces: [ProjectedImage] = []
            for _ in 0..<(2 + Int(mix.next() % 5)) {
                // A tilted square, somewhere over the 200 x 150 point canvas.
                let size = 0.5 + mix.unit() * 1.5, angle = mix.unit() * 2 * Double.pi
                let g = mix.unit() * 0.004, h = mix.unit() * 0.004
                let tx = mix.unit() * 200 - 20, ty = mix.unit() * 150 - 20
                let transform = ProjectiveTransform(
                    cos(angle) * size, -sin(angle) * size, tx, sin(angle) * size, cos(angle) * size, ty, g, h, 1)
                let see = mix.next() % 4 == 0
                pieces.append(
                    ProjectedImage(
                        image: see ? seeThrough : opaque, part: CGRect(x: 0, y: 0, width: 64, height: 64), transform: transform,
                        bleed: mix.next() % 2 == 0 ? 1 : 0, opacity: mix.next() % 5 == 0 ? 0.7 : 1))
            }
            let expected = Canvas(size: CGSize(width: 200, height: 150), scale: scale)
            expected.clear(background)
            expected.draw(pieces)
            let actual = Canvas(size: CGSize(width: 200, height: 150), scale: scale, cleared: false)
            // Whatever was in the memory before.
            actual.bitmap.withUnsafeMutableBytes { bytes in
                for index in bytes.indices { bytes[index] = UInt8(truncatingIfNeeded: mix.next()) }
            }
            let clipped = round % 4 == 3
            if clipped {
                // A clip of whole pixels is painted around the pieces; one of fractional edges is cleared first.
                let box = round % 8 == 3 ? CGRect(x: 10, y: 8, width: 150, height: 100) : CGRect(x: 10.25, y: 8, width: 150, height: 100)
                for canvas in [expected, actual] { canvas.clip(to: box) }
                expected.clear(background)
                expected.draw(pieces)
                actual.clear(.clear)
                actual.bitmap.withUnsafeMutableBytes { bytes in
                    for index in bytes.indices where index % 7 == 0 { bytes[index] = 0x5A }
                }
                skipped += 1
            }
            actual.draw(pieces, background: background)
            if clipped {
                // Compare inside the clip only: outside it, neither drew.
                let box = round % 8 == 3 ? CGRect(x: 10, y: 8, width: 150, height: 100) : CGRect(x: 11, y: 8, width: 149, height: 100)
                let pixels = CGRect(x: box.minX * scale, y: box.minY * scale, width: box.width * scale, height: box.height * scale).integral
                for y in Int(pixels.minY)..<Int(pixels.maxY) {
                    for x in Int(pixels.minX)..<Int(pixels.maxX) {
                        #expect(actual.bitmap.pixel(x: x, y: y) == expected.bitmap.pixel(x: x, y: y), "round \(round) at \(x), \(y)")
                        if actual.bitmap.pixel(x: x, y: y) != expected.bitmap.pixel(x: x, y: y) { return }
                    }
                }
            } else {
                let got = Self.bytes(actual.bitmap), want = Self.bytes(expected.bitmap)
                let first = got.count == want.count ? got.indices.first { got[$0] != want[$0] } : 0
                #expect(got.count == want.count && first == nil, "round \(round), scale \(scale): first difference at byte \(first ?? -1)")
            }
        }
        #expect(skipped == 6)
    }
}
