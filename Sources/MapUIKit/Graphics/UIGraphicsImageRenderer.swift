import Foundation
import MapDrawing

/// The scale and opacity of images a renderer makes.
public final class UIGraphicsImageRendererFormat: @unchecked Sendable {
    /// Pixels per point; defaults to the main screen's scale.
    public var scale: CGFloat
    /// Whether the image starts opaque white instead of transparent.
    public var opaque: Bool

    public init() {
        scale = UIScreen.defaultScale
        opaque = false
    }

    /// The default format: main screen scale, not opaque.
    public class func `default`() -> UIGraphicsImageRendererFormat { UIGraphicsImageRendererFormat() }
}

/// The context a renderer's drawing block receives.
public final class UIGraphicsImageRendererContext {
    /// The Core Graphics context to draw with.
    public let cgContext: CGContext
    let format: UIGraphicsImageRendererFormat

    init(cgContext: CGContext, format: UIGraphicsImageRendererFormat) {
        self.cgContext = cgContext
        self.format = format
    }

    /// The image drawn so far.
    public var currentImage: UIImage {
        UIImage(bitmap: cgContext.canvas.bitmap.copy(), scale: cgContext.canvas.scale)
    }

    /// Fills a rectangle with the current fill colour.
    public func fill(_ rect: CGRect) { cgContext.fill(rect) }
    /// Strokes a rectangle with the current stroke colour.
    public func stroke(_ rect: CGRect) { cgContext.stroke(rect) }
    /// Limits later drawing to a rectangle.
    public func clip(to rect: CGRect) { cgContext.clip(to: rect) }
}

/// Draws images of a fixed size in points with a block of drawing code, as UIKit's
/// `UIGraphicsImageRenderer`. Use it to make custom marker icons.
public final class UIGraphicsImageRenderer {
    /// The size of the images in points.
    public let size: CGSize
    /// Their scale and opacity.
    public let format: UIGraphicsImageRendererFormat

    public init(size: CGSize) {
        self.size = size
        format = UIGraphicsImageRendererFormat()
    }

    public init(size: CGSize, format: UIGraphicsImageRendererFormat) {
        self.size = size
        self.format = format
    }

    public convenience init(bounds: CGRect) {
        self.init(size: bounds.size)
    }

    /// Runs `actions` with a fresh context current, and returns what it drew.
    /// A zero, negative or non-finite size gives an empty image.
    public func image(actions: (UIGraphicsImageRendererContext) -> Void) -> UIImage {
        let context = CGContext(canvas: Canvas.forImage(size: size, scale: format.scale))
        if format.opaque { context.canvas.clear(.white) }
        GraphicsContextStack.with(context) {
            actions(UIGraphicsImageRendererContext(cgContext: context, format: format))
        }
        return UIImage(bitmap: context.canvas.bitmap, scale: context.canvas.scale)
    }

    /// The PNG data of what `actions` draws.
    public func pngData(actions: (UIGraphicsImageRendererContext) -> Void) -> Data {
        image(actions: actions).pngData() ?? Data()
    }

    /// The JPEG data of what `actions` draws.
    public func jpegData(withCompressionQuality quality: CGFloat, actions: (UIGraphicsImageRendererContext) -> Void) -> Data {
        image(actions: actions).jpegData(compressionQuality: quality) ?? Data()
    }
}
