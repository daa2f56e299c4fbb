import Foundation
import Logging

extension Canvas {
    /// The most pixels an image made to draw with (a marker icon, a rendered view, an image
    /// context) has: 4096 x 4096, 64 MB. Past it the image is made at a lower scale, the same
    /// size in points, as a phone would run out of memory long before.
    public static let maximumImagePixels = 4_096 * 4_096

    private static let logger = Logger(label: "OpenMaps.Drawing")

    /// A canvas for an image of a size in points at a scale, the scale lowered (with a logged
    /// warning) so the image has at most ``maximumImagePixels``.
    public static func forImage(size: CGSize, scale: Double) -> Canvas {
        let usable = scale.isFinite && scale > 0 ? scale : 1
        let pixels = Double(size.width) * Double(size.height) * usable * usable
        guard pixels.isFinite, pixels > Double(maximumImagePixels) else { return Canvas(size: size, scale: usable) }
        let lowered = usable * (Double(maximumImagePixels) / pixels).squareRoot() * 0.999
        logger.warning("an image of \(size.width) x \(size.height) points at scale \(usable) is made at scale \(lowered)")
        return Canvas(size: size, scale: lowered)
    }
}
