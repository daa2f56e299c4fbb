import Foundation

extension UIButton {
    /// How a button looks, as UIKit's `UIButton.Configuration` (iOS 15 and later): a style
    /// (plain, tinted, gray, filled, bordered...) with its title, subtitle, image, colours,
    /// size, corners and insets.
    public struct Configuration: Hashable {
        /// The button's size class: font and insets.
        public enum Size: Int, Sendable {
            case mini, small, medium, large
        }

        /// How round the corners are.
        public enum CornerStyle: Int, Sendable {
            case fixed, dynamic, small, medium, large, capsule
        }

        /// How the title and subtitle align.
        public enum TitleAlignment: Int, Sendable {
            case automatic, leading, center, trailing
        }

        /// The style the configuration started from.
        enum Style: Hashable, Sendable {
            case plain, tinted, gray, filled, bordered, borderedTinted, borderedProminent, borderless
        }

        var style: Style

        /// The title, if any.
        public var title: String?
        /// A second, smaller line, if any.
        public var subtitle: String?
        /// An image beside the title, if any.
        public var image: UIImage?
        /// The colour of the title, subtitle and template images (the style's when nil).
        public var baseForegroundColor: UIColor?
        /// The background colour (the style's when nil).
        public var baseBackgroundColor: UIColor?
        /// The background's own settings.
        public var background = UIBackgroundConfiguration()
        /// Corners (dynamic: by size).
        public var cornerStyle: CornerStyle = .dynamic
        /// The size class (medium).
        public var buttonSize: Size = .medium
        /// Space around the content (the size class's unless set).
        public var contentInsets: NSDirectionalEdgeInsets {
            get { customInsets ?? Self.insets(for: buttonSize) }
            set { customInsets = newValue }
        }

        private var customInsets: NSDirectionalEdgeInsets?
        /// Which side of the title the image is on (leading).
        public var imagePlacement: NSDirectionalRectEdge = .leading
        /// Space between the image and the title (4... as UIKit's default).
        public var imagePadding: CGFloat = 0
        /// Space between the title and the subtitle.
        public var titlePadding: CGFloat = 0
        /// How the title and subtitle align.
        public var titleAlignment: TitleAlignment = .automatic
        /// Whether an activity indicator shows in place of the image.
        public var showsActivityIndicator = false

        init(style: Style) {
            self.style = style
        }

        /// No background; tinted content.
        public static func plain() -> Configuration { Configuration(style: .plain) }
        /// A tinted, translucent background; tinted content.
        public static func tinted() -> Configuration { Configuration(style: .tinted) }
        /// A grey background; tinted content.
        public static func gray() -> Configuration { Configuration(style: .gray) }
        /// A tinted background; white content.
        public static func filled() -> Configuration { Configuration(style: .filled) }
        /// No background (the former plain style).
        public static func borderless() -> Configuration { Configuration(style: .borderless) }
        /// A grey background, as `gray()`.
        public static func bordered() -> Configuration { Configuration(style: .bordered) }
        /// A tinted translucent background, as `tinted()`.
        public static func borderedTinted() -> Configuration { Configuration(style: .borderedTinted) }
        /// A tinted background with white content, as `filled()`.
        public static func borderedProminent() -> Configuration { Configuration(style: .borderedProminent) }

        /// The insets UIKit gives a size class.
        static func insets(for size: Size) -> NSDirectionalEdgeInsets {
            switch size {
            case .mini: NSDirectionalEdgeInsets(top: 3, leading: 8, bottom: 3, trailing: 8)
            case .small: NSDirectionalEdgeInsets(top: 5, leading: 10, bottom: 5, trailing: 10)
            case .medium: NSDirectionalEdgeInsets(top: 7, leading: 12, bottom: 7, trailing: 12)
            case .large: NSDirectionalEdgeInsets(top: 14, leading: 20, bottom: 14, trailing: 20)
            }
        }

        /// The title's point size for a size class.
        static func titleSize(for size: Size) -> CGFloat {
            switch size {
            case .mini: 12
            case .small: 13
            case .medium: 15
            case .large: 17
            }
        }

        /// The corner radius for a height.
        func cornerRadius(height: CGFloat) -> CGFloat {
            if let radius = background.cornerRadius { return radius }
            switch cornerStyle {
            case .fixed: return 0
            case .small: return 4
            case .medium: return 8
            case .large: return 12
            case .capsule: return height / 2
            case .dynamic:
                switch buttonSize {
                case .mini: return 4
                case .small: return 6
                case .medium: return 8
                case .large: return 12
                }
            }
        }

        /// Whether the style draws a background.
        var hasBackground: Bool {
            switch style {
            case .plain, .borderless: false
            default: true
            }
        }

        /// Whether the content is white on the tint (filled styles).
        var isProminent: Bool { style == .filled || style == .borderedProminent }

        /// Whether the background is the tint at low opacity (tinted styles).
        var isTinted: Bool { style == .tinted || style == .borderedTinted }
    }
}

/// A background's look, as UIKit's `UIBackgroundConfiguration` (the part buttons use).
public struct UIBackgroundConfiguration: Hashable {
    /// The fill colour (the style's when nil).
    public var backgroundColor: UIColor?
    /// The corner radius (the configuration's corner style's when nil).
    public var cornerRadius: CGFloat?
    /// The outline colour, if any.
    public var strokeColor: UIColor?
    /// The outline width (0).
    public var strokeWidth: CGFloat = 0

    public init() {}

    /// An empty background (nothing drawn unless set).
    public static func clear() -> UIBackgroundConfiguration { UIBackgroundConfiguration() }
}

/// Edges by leading and trailing, as UIKit's `NSDirectionalRectEdge`.
public struct NSDirectionalRectEdge: OptionSet, Hashable, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    public static let top = NSDirectionalRectEdge(rawValue: 1 << 0)
    public static let leading = NSDirectionalRectEdge(rawValue: 1 << 1)
    public static let bottom = NSDirectionalRectEdge(rawValue: 1 << 2)
    public static let trailing = NSDirectionalRectEdge(rawValue: 1 << 3)
    public static let all: NSDirectionalRectEdge = [.top, .leading, .bottom, .trailing]
}
