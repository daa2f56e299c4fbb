import CCairo
import Foundation
import MapGeometry

/// An 8-bit coverage raster used for soft shadows: a shape is filled into it and blurred.
final class AlphaMask {
    let width: Int
    let height: Int
    let surface: OpaquePointer

    init(width: Int, height: Int) {
        self.width = width
        self.height = height
        surface = cairo_image_surface_create(CAIRO_FORMAT_A8, Int32(width), Int32(height))
    }

    deinit {
        cairo_surface_destroy(surface)
    }

    /// Runs `paint` on a context over the mask whose user space is the canvas's (given by
    /// its device matrix), shifted so that device pixel (offsetX, offsetY) is the origin.
    func draw(deviceMatrix: cairo_matrix_t, offsetX: Double, offsetY: Double, _ paint: (OpaquePointer) -> Void) {
        guard let cairo = cairo_create(surface) else { return }
        var matrix = deviceMatrix
        matrix.x0 -= offsetX
        matrix.y0 -= offsetY
        cairo_set_matrix(cairo, &matrix)
        paint(cairo)
        cairo_destroy(cairo)
    }

    /// Blurs the coverage with three box passes each way, approximating a Gaussian of
    /// standard deviation `sigma` pixels.
    func blur(sigma: Double) {
        guard sigma >= 0.5, width > 0, height > 0 else { return }
        // Box widths whose three-fold convolution matches the Gaussian's variance.
        let ideal = sqrt(12 * sigma * sigma / 3 + 1)
        let radius = max(1, Int(saturating: (ideal - 1) / 2))
        cairo_surface_flush(surface)
        guard let data = cairo_image_surface_get_data(surface) else { return }
        let stride = Int(cairo_image_surface_get_stride(surface))
        var scratch = [UInt8](repeating: 0, count: max(width, height))
        for _ in 0..<3 {
            for y in 0..<height {
                BoxBlur.pass(data + y * stride, step: 1, count: width, radius: radius, scratch: &scratch)
            }
            for x in 0..<width {
                BoxBlur.pass(data + x, step: stride, count: height, radius: radius, scratch: &scratch)
            }
        }
        cairo_surface_mark_dirty(surface)
    }
}

/// One running-sum box blur over a strided run of bytes.
enum BoxBlur {
    static func pass(_ base: UnsafeMutablePointer<UInt8>, step: Int, count: Int, radius: Int, scratch: inout [UInt8]) {
        scratch.withUnsafeMutableBufferPointer { copy in
            for i in 0..<count { copy[i] = base[i * step] }
            let window = 2 * radius + 1
            var sum = 0
            // Pixels outside the run count as transparent.
            for i in 0...min(radius, count - 1) { sum += Int(copy[i]) }
            for i in 0..<count {
                base[i * step] = UInt8((sum + window / 2) / window)
                let incoming = i + radius + 1
                let outgoing = i - radius
                if incoming < count { sum += Int(copy[incoming]) }
                if outgoing >= 0 { sum -= Int(copy[outgoing]) }
            }
        }
    }
}
