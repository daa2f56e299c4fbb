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

    /// The pixels, row by row (`bytesPerRow / 4` apart).
    private static func words(_ bitmap: Bitmap) -> [UInt32] {
        bitmap.withUnsafeBytes { Array($0.bindMemory(to: UInt32.self)) }
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
        var clippedRounds = 0
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
            // Every fourth round under a clip: of whole pixels (painted around the pieces) or
            // of a fractional edge (cleared first).
            let clip: CGRect? = round % 4 != 3 ? nil : round % 8 == 3 ? CGRect(x: 10, y: 8, width: 150, height: 100) : CGRect(x: 10.25, y: 8, width: 150, height: 100)
            let expected = Canvas(size: CGSize(width: 200, height: 150), scale: scale)
            let actual = Canvas(size: CGSize(width: 200, height: 150), scale: scale, cleared: false)
            // Whatever was in the memory before.
            actual.bitmap.withUnsafeMutableBytes { bytes in
                for index in bytes.indices { bytes[index] = UInt8(truncatingIfNeeded: mix.next()) }
            }
            if let clip {
                for canvas in [expected, actual] { canvas.clip(to: clip) }
                clippedRounds += 1
            }
            expected.clear(background)
            expected.draw(pieces)
            actual.draw(pieces, background: background)
            // Inside the clip's whole pixels (outside it, neither drew).
            let box = clip ?? CGRect(x: 0, y: 0, width: 200, height: 150)
            let left = Int((box.minX * scale).rounded(.up)), right = Int((box.maxX * scale).rounded(.down))
            let top = Int((box.minY * scale).rounded(.up)), bottom = Int((box.maxY * scale).rounded(.down))
            let got = Self.words(actual.bitmap), want = Self.words(expected.bitmap), stride = actual.bitmap.bytesPerRow / 4
            var differing = 0, first = ""
            for y in top..<bottom {
                for x in left..<right where got[y * stride + x] != want[y * stride + x] {
                    if differing == 0 { first = "\(x), \(y)" }
                    differing += 1
                }
            }
            #expect(differing == 0, "round \(round), scale \(scale): \(differing) pixels differ, the first at \(first)")
        }
        #expect(clippedRounds == 6)
    }
}
