import Foundation
import Logging
import OpenMaps

/// Makes the icon of a cluster of a size, as the library's `GMUClusterIconGenerator`.
public protocol GMUClusterIconGenerator: NSObjectProtocol {
    /// The icon for a cluster of `size` items.
    func icon(forSize size: UInt) -> UIImage!
}

/// The library's cluster icons, `GMUDefaultClusterIconGenerator`: sizes fall in buckets
/// (by default 10, 50, 100, 200 and 1000); a cluster under the first bucket shows its count,
/// one in a bucket shows the bucket and "+" ("50+"). Without background images the icon is a
/// circle in the bucket's colour (blue, green, orange, red and purple by default), at least
/// 20 points across plus 3 points a bucket plus 6, with the label in white bold 14-point text;
/// with background images the bucket's image, its label in white bold 12-point text. Icons
/// are made once a label.
open class GMUDefaultClusterIconGenerator: NSObject, GMUClusterIconGenerator {
    /// The library's buckets.
    public static let defaultBuckets: [UInt] = [10, 50, 100, 200, 1000]
    /// The library's colours for them: 0x0099CC, 0x669900, 0xFF8800, 0xCC0000, 0x9933CC.
    public static let defaultColors: [UIColor] = [0x0099CC, 0x669900, 0xFF8800, 0xCC0000, 0x9933CC].map { (rgb: Int) in
        UIColor(
            red: CGFloat((rgb >> 16) & 0xff) / 255, green: CGFloat((rgb >> 8) & 0xff) / 255, blue: CGFloat(rgb & 0xff) / 255, alpha: 1)
    }

    private static let logger = Logger(label: "OpenMaps.Utils.Clustering")

    private let buckets: [UInt]
    private let backgroundImages: [UIImage]?
    private let backgroundColors: [UIColor]
    private let cache = IconCache()

    /// The default buckets and colours.
    public override convenience init() {
        self.init(checked: Self.defaultBuckets, images: nil, colors: Self.defaultColors)
    }

    /// Buckets of the app's (positive, strictly increasing), with the default colours.
    public convenience init(buckets: [NSNumber]) {
        self.init(checked: Self.buckets(buckets), images: nil, colors: Self.defaultColors)
    }

    /// Buckets with a background image each.
    public convenience init(buckets: [NSNumber], backgroundImages: [UIImage]) {
        let checked = Self.buckets(buckets)
        guard checked.count == buckets.count, backgroundImages.count == buckets.count else {
            Self.logger.error("cluster icon buckets and background images differ in number; using the default icons")
            self.init()
            return
        }
        self.init(checked: checked, images: backgroundImages, colors: Self.defaultColors)
    }

    /// Buckets with a background colour each.
    public convenience init(buckets: [NSNumber], backgroundColors: [UIColor]) {
        let checked = Self.buckets(buckets)
        guard checked.count == buckets.count, backgroundColors.count == buckets.count else {
            Self.logger.error("cluster icon buckets and background colours differ in number; using the default icons")
            self.init()
            return
        }
        self.init(checked: checked, images: nil, colors: backgroundColors)
    }

    private init(checked buckets: [UInt], images: [UIImage]?, colors: [UIColor]) {
        self.buckets = buckets
        backgroundImages = images
        backgroundColors = colors.isEmpty ? Self.defaultColors : colors
        super.init()
    }

    /// The buckets, when they are valid (not empty, positive, strictly increasing); else the
    /// default ones, with a logged error (the library raises an exception).
    private static func buckets(_ numbers: [NSNumber]) -> [UInt] {
        let values = numbers.map(\.doubleValue)
        let valid = !values.isEmpty && values.allSatisfy { $0.isFinite && $0 > 0 && $0 < 1e15 }
            && zip(values, values.dropFirst()).allSatisfy { $0 < $1 }
        guard valid else {
            logger.error("cluster icon buckets must be positive and increasing; using the default buckets")
            return defaultBuckets
        }
        return values.map { UInt($0) }
    }

    /// The bucket a size falls in: the last one not above it (the first when none).
    private func bucketIndex(for size: UInt) -> Int {
        var index = 0
        while index + 1 < buckets.count, buckets[index + 1] <= size { index += 1 }
        return index
    }

    open func icon(forSize size: UInt) -> UIImage! {
        let index = bucketIndex(for: size)
        let text = size < buckets[0] ? "\(size)" : "\(buckets[index])+"
        return cache.icon(for: text) {
            if let images = backgroundImages {
                return Self.icon(text: text, on: images[index])
            }
            return Self.icon(text: text, bucket: index, color: backgroundColors[min(index, backgroundColors.count - 1)])
        }
    }

    private static func icon(text: String, bucket: Int, color: UIColor) -> UIImage {
        let attributes: [NSAttributedString.Key: Any] = [.font: UIFont.boldSystemFont(ofSize: 14), .foregroundColor: UIColor.white]
        let textSize = text.size(withAttributes: attributes)
        let side = max(20, max(textSize.width, textSize.height)) + CGFloat(3 * bucket) + 6
        return UIGraphicsImageRenderer(size: CGSize(width: side, height: side)).image { context in
            color.setFill()
            context.cgContext.fillEllipse(in: CGRect(x: 0, y: 0, width: side, height: side))
            text.draw(
                in: CGRect(x: (side - textSize.width) / 2, y: (side - textSize.height) / 2, width: textSize.width, height: textSize.height),
                withAttributes: attributes)
        }
    }

    private static func icon(text: String, on background: UIImage) -> UIImage {
        let attributes: [NSAttributedString.Key: Any] = [.font: UIFont.boldSystemFont(ofSize: 12), .foregroundColor: UIColor.white]
        let size = background.size
        let textSize = text.size(withAttributes: attributes)
        return UIGraphicsImageRenderer(size: size).image { _ in
            background.draw(in: CGRect(origin: .zero, size: size))
            let rect = CGRect(
                x: ((size.width - textSize.width) / 2).rounded(.down), y: ((size.height - textSize.height) / 2).rounded(.down),
                width: textSize.width.rounded(.up), height: textSize.height.rounded(.up))
            text.draw(in: rect, withAttributes: attributes)
        }
    }
}

/// Icons by label, made once; safe to use from any thread.
private final class IconCache: @unchecked Sendable {
    private let lock = NSLock()
    private var icons: [String: UIImage] = [:]

    func icon(for label: String, make: () -> UIImage) -> UIImage {
        lock.lock()
        if let icon = icons[label] {
            lock.unlock()
            return icon
        }
        lock.unlock()
        let icon = make()
        lock.lock()
        icons[label] = icon
        lock.unlock()
        return icon
    }
}
