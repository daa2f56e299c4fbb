import CRaster
import Foundation
import OpenMapsTesting
import Testing

/// Near a piece's edges a span of 16 pixels reaches past the part it samples. Its samples
/// must still sit where the mapping puts them: stepping towards an end clamped into the part
/// squeezed the pixels before a tile's seam (or a label's end) by up to a few pixels.
@Suite("Projected pieces' edges")
struct ProjectedEdgesTests {
    /// The bilinear sample of an opaque image at a source point, clamped into the image, in
    /// floating point.
    private static func reference(_ image: [UInt32], side: Int, u: Double, v: Double) -> [Double] {
        let maxIndex = Double(side - 1)
        let u = min(max(u, 0), maxIndex), v = min(max(v, 0), maxIndex)
        let iu = min(Int(u), side - 1), iv = min(Int(v), side - 1)
        let iu1 = min(iu + 1, side - 1), iv1 = min(iv + 1, side - 1)
        let wu = u - Double(iu), wv = v - Double(iv)
        return [0, 8, 16, 24].map { shift in
            func c(_ x: Int, _ y: Int) -> Double { Double((image[y * side + x] >> UInt32(shift)) & 0xFF) }
            let top = c(iu, iv) * (1 - wu) + c(iu1, iv) * wu, bottom = c(iu, iv1) * (1 - wu) + c(iu1, iv1) * wu
            return top * (1 - wv) + bottom * wv
        }
    }

    @Test func samplesBeforeAPiecesEdgeStayWhereTheMappingPutsThem() {
        var mix = SeededGenerator(seed: 41)
        let width = 160, height = 120, side = 48
        // Opaque noise: a sample a fraction of a pixel out of place differs plainly.
        let source = (0..<(side * side)).map { _ in 0xFF00_0000 | UInt32(mix.next() % 0x100_0000) }
        var worst = 0.0, drawn = 0
        for _ in 0..<30 {
            let angle = mix.unit() * 2 * Double.pi, zoom = 0.3 + mix.unit() * 1.5
            let c = cos(angle) * zoom, s = sin(angle) * zoom
            // Turned and scaled (affine, so a span's linear steps are exact but for rounding).
            let cx = 80 + mix.unit() * 20 - 10, cy = 60 + mix.unit() * 20 - 10
            let inverse = [c, -s, 24 - (c * cx - s * cy), s, c, 24 - (s * cx + c * cy), 0, 0, 1]
            var target = [UInt32](repeating: 0, count: width * height)
            var from = source
            target.withUnsafeMutableBufferPointer { t in
                from.withUnsafeMutableBufferPointer { f in
                    guard let tp = t.baseAddress, let fp = f.baseAddress else { return }
                    let into = openmaps_pixels(pixels: tp, width: Int32(width), height: Int32(height), stride: Int32(width))
                    let image = openmaps_pixels(pixels: fp, width: Int32(side), height: Int32(side), stride: Int32(side))
                    // A piece drawn a pixel past its part (a tile's bleed), samples clamped into the part.
                    let bounds = [-1, -1, Double(side) + 1, Double(side) + 1]
                    openmaps_draw_projected(into, [0, 0, Int32(width), Int32(height)], image, [0, 0, Int32(side), Int32(side)], inverse, bounds, 256)
                }
            }
            for y in 0..<height {
                for x in 0..<width where target[y * width + x] != 0 {
                    let xc = Double(x) + 0.5, yc = Double(y) + 0.5
                    let w = inverse[6] * xc + inverse[7] * yc + inverse[8]
                    let u = (inverse[0] * xc + inverse[1] * yc + inverse[2]) / w - 0.5
                    let v = (inverse[3] * xc + inverse[4] * yc + inverse[5]) / w - 0.5
                    let expected = Self.reference(source, side: side, u: u, v: v)
                    let pixel = target[y * width + x]
                    for (index, shift) in [0, 8, 16, 24].enumerated() {
                        worst = max(worst, abs(Double((pixel >> UInt32(shift)) & 0xFF) - expected[index]))
                    }
                    drawn += 1
                }
            }
        }
        #expect(drawn > 30 * 1_000, "the cases draw")
        // 8-bit weights and truncation: a few levels at most.
        #expect(worst <= 4, "worst channel difference \(worst)")
    }
}
