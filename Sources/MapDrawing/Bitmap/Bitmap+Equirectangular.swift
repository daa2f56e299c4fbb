import CRaster
import Foundation

/// A pinhole camera looking out from the centre of a sphere: its unit vectors in east, north,
/// up coordinates, and the distance from the eye to the image plane in target pixels.
public struct SphereCamera: Sendable {
    /// Along the view.
    public var forward: SIMD3<Double>
    /// To the right of the view.
    public var right: SIMD3<Double>
    /// Up the picture.
    public var up: SIMD3<Double>
    /// The focal length, in target pixels.
    public var focalLength: Double

    public init(forward: SIMD3<Double>, right: SIMD3<Double>, up: SIMD3<Double>, focalLength: Double) {
        self.forward = forward
        self.right = right
        self.up = up
        self.focalLength = focalLength
    }
}

extension Bitmap {
    /// Fills this bitmap with what a camera at the centre of a sphere sees of an
    /// equirectangular image wrapped round it: 360° of heading across `source` (its
    /// horizontal centre at `centreHeading`, in degrees clockwise from north), from straight
    /// up (top row) to straight down (bottom row). The ray through a pixel centre (x, y) is
    /// `forward * focalLength + right * (x - centre.x) - up * (y - centre.y)`. Sampled
    /// bilinearly, seamless across the image's edges; every pixel is overwritten.
    ///
    /// Nothing is drawn when either bitmap is empty or a value is not finite.
    public func drawEquirectangular(_ source: Bitmap, camera: SphereCamera, centre: CGPoint, centreHeading: Double) {
        guard !isEmpty, !source.isEmpty, camera.focalLength.isFinite, camera.focalLength > 0, centre.x.isFinite, centre.y.isFinite,
            centreHeading.isFinite
        else { return }
        let vectors = [camera.forward, camera.right, camera.up].flatMap { [$0.x, $0.y, $0.z] }
        guard vectors.allSatisfy(\.isFinite) else { return }
        withMutableRasterPixels { target in
            source.withRasterPixels { image in
                guard target.pixels != nil, image.pixels != nil else { return }
                vectors.withUnsafeBufferPointer { basis in
                    guard let pointer = basis.baseAddress else { return }
                    openmaps_draw_equirectangular(
                        target, image, pointer, camera.focalLength, Double(centre.x), Double(centre.y), centreHeading * .pi / 180)
                }
            }
        }
    }
}
