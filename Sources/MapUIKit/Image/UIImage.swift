import Foundation
import Logging
import MapGeometry
import MapDrawing

/// An immutable image with a scale factor, as UIKit's `UIImage`: its `size` is in points,
/// its pixels are `size x scale`. An `NSObject`, open to subclasses (as the SDK's pin images
/// are); immutable.
open class UIImage: NSObject, @unchecked Sendable {
    /// How an image is drawn: as is, or as a template filled with the tint colour.
    public enum RenderingMode: Int, Sendable {
        case automatic
        case alwaysOriginal
        case alwaysTemplate
    }

    private static let logger = Logger(label: "OpenMaps.UIKit")

    /// The pixels.
    public let bitmap: Bitmap
    /// Pixels per point.
    public let scale: CGFloat
    /// How the image is drawn.
    public let renderingMode: RenderingMode

    /// The frames of an animated image (nil for a still one).
    public private(set) var images: [UIImage]?
    /// How long an animated image's frames take to play once, in seconds (0 for a still one).
    public private(set) var duration: TimeInterval = 0

    /// An animated image of frames playing in `duration` seconds, as UIKit's; nil without
    /// frames. Views and markers show its first frame (frames are kept in `images`).
    public class func animatedImage(with images: [UIImage], duration: TimeInterval) -> UIImage? {
        guard let first = images.first else { return nil }
        let image = UIImage(bitmap: first.bitmap, scale: first.scale, renderingMode: first.renderingMode)
        image.images = images
        image.duration = duration.isFinite && duration > 0 ? duration : 0
        return image
    }

    /// An image from pixels at a scale (non-finite or non-positive scales count as 1).
    public init(bitmap: Bitmap, scale: CGFloat = 1, renderingMode: RenderingMode = .automatic) {
        self.bitmap = bitmap
        self.scale = scale.isFinite && scale > 0 ? scale : 1
        self.renderingMode = renderingMode
        super.init()
    }

    /// An empty image.
    public override convenience init() {
        self.init(bitmap: Bitmap(width: 0, height: 0))
    }

    /// Decodes PNG or JPEG data at scale 1; nil for corrupt, truncated or unknown data.
    public convenience init?(data: Data) {
        self.init(data: data, scale: 1)
    }

    /// Decodes PNG or JPEG data at a scale; nil for corrupt, truncated or unknown data.
    public convenience init?(data: Data, scale: CGFloat) {
        do {
            self.init(bitmap: try Bitmap.decode(data), scale: scale)
        } catch {
            UIImage.logger.debug("image data not decoded: \(error)")
            return nil
        }
    }

    /// The largest image file ``init(contentsOfFile:)`` reads: 128 MB (larger gives nil).
    public static let maximumFileBytes: Int64 = 128 << 20

    /// Loads a PNG or JPEG file; a name ending `@2x`/`@3x` sets the scale. Nil if unreadable, not
    /// a regular file, or larger than ``maximumFileBytes``.
    public convenience init?(contentsOfFile path: String) {
        // Only a regular file of at most `maximumFileBytes` is read: a FIFO would block, a
        // device never end.
        guard case .success(let data) = RegularFile.read(atPath: path, limit: Int(UIImage.maximumFileBytes)) else { return nil }
        self.init(data: data, scale: UIImage.scale(inFileName: path))
    }

    /// Finds an image by name in the main bundle's resources or the working directory,
    /// preferring the screen's scale (`name@2x.png`), then other scales, then `name.png`,
    /// `name.jpg`, and `name` itself.
    public convenience init?(named name: String) {
        self.init(named: name, in: nil, compatibleWith: nil)
    }

    /// Finds an image by name in a bundle (the main bundle when nil); see ``init(named:)``.
    public convenience init?(named name: String, in bundle: Bundle?, compatibleWith traitCollection: UITraitCollection?) {
        guard !name.isEmpty, let path = UIImage.path(named: name, in: bundle) else { return nil }
        self.init(contentsOfFile: path)
    }

    /// The size in points.
    public var size: CGSize {
        CGSize(width: CGFloat(bitmap.width) / scale, height: CGFloat(bitmap.height) / scale)
    }

    /// The same pixels drawn another way.
    public func withRenderingMode(_ renderingMode: RenderingMode) -> UIImage {
        UIImage(bitmap: bitmap, scale: scale, renderingMode: renderingMode)
    }

    /// A copy whose opaque parts are filled with `color` (the shape kept, the colours replaced).
    public func withTintColor(_ color: UIColor) -> UIImage {
        let canvas = Canvas(bitmap: Bitmap(width: bitmap.width, height: bitmap.height), scale: 1)
        canvas.drawMask(bitmap, in: CGRect(x: 0, y: 0, width: bitmap.width, height: bitmap.height), color: color.color)
        return UIImage(bitmap: canvas.bitmap, scale: scale, renderingMode: .alwaysOriginal)
    }

    /// A copy tinted with `color`, drawn in a rendering mode.
    public func withTintColor(_ color: UIColor, renderingMode: RenderingMode) -> UIImage {
        withTintColor(color).withRenderingMode(renderingMode)
    }

    /// PNG data of the pixels, or nil for an empty image.
    public func pngData() -> Data? {
        try? bitmap.pngData()
    }

    /// JPEG data of the pixels over white, or nil for an empty image.
    public func jpegData(compressionQuality: CGFloat) -> Data? {
        guard !bitmap.isEmpty else { return nil }
        let opaque = Canvas(bitmap: Bitmap(width: bitmap.width, height: bitmap.height), scale: 1)
        opaque.clear(.white)
        opaque.draw(bitmap, in: CGRect(x: 0, y: 0, width: bitmap.width, height: bitmap.height))
        let quality = compressionQuality.isFinite ? Int((min(max(compressionQuality, 0), 1) * 100).rounded()) : 85
        return try? opaque.bitmap.jpegData(quality: max(1, quality))
    }

    /// Draws the image at its size with its top left at `point`, in the current context.
    public func draw(at point: CGPoint) {
        draw(in: CGRect(origin: point, size: size))
    }

    /// Draws the image stretched into a rectangle, in the current context.
    public func draw(in rect: CGRect) {
        guard let context = UIGraphicsGetCurrentContext() else { return }
        draw(in: rect, canvas: context.canvas, alpha: 1)
    }

    /// Draws the image into a rectangle with an alpha, in the current context.
    public func draw(in rect: CGRect, blendMode: CGBlendMode, alpha: CGFloat) {
        guard let context = UIGraphicsGetCurrentContext() else { return }
        draw(in: rect, canvas: context.canvas, alpha: alpha)
    }

    /// Draws into a canvas; template images are filled with `tint` when given.
    func draw(in rect: CGRect, canvas: Canvas, alpha: CGFloat, tint: UIColor? = nil) {
        if renderingMode == .alwaysTemplate, let tint {
            canvas.withTransparencyLayer(opacity: alpha) {
                canvas.drawMask(bitmap, in: rect, color: tint.color)
            }
        } else {
            canvas.draw(bitmap, in: rect, opacity: alpha)
        }
    }

    open override var description: String { "UIImage \(size.width)x\(size.height) @\(scale)x" }

    // MARK: Finding files

    private static func scale(inFileName path: String) -> CGFloat {
        let stem = (path as NSString).deletingPathExtension
        if stem.hasSuffix("@3x") { return 3 }
        if stem.hasSuffix("@2x") { return 2 }
        return 1
    }

    private static func path(named name: String, in bundle: Bundle?) -> String? {
        var directories: [String] = []
        let bundle = bundle ?? Bundle.main
        if let resources = bundle.resourcePath { directories.append(resources) }
        directories.append(bundle.bundlePath)
        if bundle === Bundle.main { directories.append(FileManager.default.currentDirectoryPath) }
        let stem = (name as NSString).deletingPathExtension
        let givenExtension = (name as NSString).pathExtension
        let extensions = givenExtension.isEmpty ? ["png", "jpg", "jpeg"] : [givenExtension]
        let preferred = Int(UIScreen.defaultScale.rounded())
        let suffixes = (["@\(preferred)x"] + ["@3x", "@2x", ""]).reduce(into: [String]()) {
            if !$0.contains($1) { $0.append($1) }
        }
        let fileManager = FileManager.default
        for directory in directories {
            for suffix in suffixes {
                for fileExtension in extensions {
                    let candidate = (directory as NSString).appendingPathComponent("\(stem)\(suffix).\(fileExtension)")
                    if fileManager.fileExists(atPath: candidate) { return candidate }
                }
            }
            let exact = (directory as NSString).appendingPathComponent(name)
            if fileManager.fileExists(atPath: exact) { return exact }
        }
        return nil
    }
}

/// Blend modes for `UIImage.draw(in:blendMode:alpha:)`; images are composited normally.
public enum CGBlendMode: Int32, Sendable { case normal }

/// A view's environment, as UIKit's `UITraitCollection`: here, its light or dark appearance.
public final class UITraitCollection: NSObject, Sendable {
    /// Light or dark (`.unspecified` when nothing says).
    public let userInterfaceStyle: UIUserInterfaceStyle

    /// Traits that say nothing.
    public override init() {
        userInterfaceStyle = .unspecified
        super.init()
    }

    /// Traits with an appearance.
    public init(userInterfaceStyle: UIUserInterfaceStyle) {
        self.userInterfaceStyle = userInterfaceStyle
        super.init()
    }

    /// Whether the colours of two trait collections may differ (their appearances do).
    public func hasDifferentColorAppearance(comparedTo traitCollection: UITraitCollection?) -> Bool {
        userInterfaceStyle != (traitCollection?.userInterfaceStyle ?? .unspecified)
    }
}

/// Light or dark appearance, as UIKit's `UIUserInterfaceStyle`.
public enum UIUserInterfaceStyle: Int, Sendable {
    case unspecified = 0
    case light = 1
    case dark = 2
}
