import CRaster
import Foundation
import OpenMapsTesting
import Testing

/// The projective sampler walks 16 rows together, a span of each in turn, so that a turned or
/// tilted tile's source is read while it is still in cache: the pixels must be exactly those
/// a walk a row at a time draws.
@Suite("Projected rows walked together")
struct ProjectedRowsTests {
    /// A premultiplied pixel: opaque, see-through or clear.
    private static func pixel(_ mix: inout SeededGenerator) -> UInt32 {
        let alpha = [UInt32(255), 255, 255, 128, 0][Int(mix.next() % 5)]
        func channel(_ mix: inout SeededGenerator) -> UInt32 { UInt32(mix.next() % 256) * alpha / 255 }
        return alpha << 24 | channel(&mix) << 16 | channel(&mix) << 8 | channel(&mix)
    }

    private static func draw(rows: Int32, target: [UInt32], width: Int32, height: Int32, source: [UInt32], side: Int32, inverse: [Double], alpha: Int32) -> [UInt32] {
        var target = target
        var source = source
        target.withUnsafeMutableBufferPointer { t in
            source.withUnsafeMutableBufferPointer { s in
                guard let tp = t.baseAddress, let sp = s.baseAddress else { return }
                let into = openmaps_pixels(pixels: tp, width: width, height: height, stride: width)
                let from = openmaps_pixels(pixels: sp, width: side, height: side, stride: side)
                let clip: [Int32] = [0, 0, width, height]
                let part: [Int32] = [0, 0, side, side]
                let bounds: [Double] = [-1, -1, Double(side) + 1, Double(side) + 1]
                openmaps_draw_projected_rows(into, clip, from, part, inverse, bounds, alpha, rows)
            }
        }
        return target
    }

    @Test func rowsWalkedTogetherDrawExactlyWhatOneRowAtATimeDraws() {
        var mix = SeededGenerator(seed: 25)
        let width: Int32 = 173, height: Int32 = 131, side: Int32 = 64
        let source = (0..<Int(side * side)).map { _ in Self.pixel(&mix) }
        let target = (0..<Int(width * height)).map { _ in Self.pixel(&mix) }
        var cases = 0
        for _ in 0..<40 {
            // Turned, scaled and tilted: target pixels back to source pixels.
            let angle = mix.unit() * 2 * Double.pi, zoom = 0.2 + mix.unit() * 3
            let c = cos(angle) * zoom, s = sin(angle) * zoom
            let g = (mix.unit() - 0.3) * 0.01, h = (mix.unit() - 0.5) * 0.01
            // The target's centre, give or take, shows the source's centre.
            let cx = 86 + mix.unit() * 40 - 20, cy = 65 + mix.unit() * 40 - 20, wc = 1 + g * cx + h * cy
            let inverse = [c, -s, 32 * wc - (c * cx - s * cy), s, c, 32 * wc - (s * cx + c * cy), g, h, 1]
            let alpha = Int32([256, 256, 200, 17][Int(mix.next() % 4)])
            let single = Self.draw(rows: 1, target: target, width: width, height: height, source: source, side: side, inverse: inverse, alpha: alpha)
            #expect(single != target, "the case draws something")
            for rows: Int32 in [16, 7, 64] {
                let together = Self.draw(rows: rows, target: target, width: width, height: height, source: source, side: side, inverse: inverse, alpha: alpha)
                #expect(together == single, "rows \(rows), angle \(angle), zoom \(zoom), tilt \(g), \(h)")
            }
            cases += 1
        }
        #expect(cases == 40)
    }
}
