import Foundation

/// The region a text view lays its text out in, as UIKit's `NSTextContainer`: the text
/// view's width less `lineFragmentPadding` on each side, up to `maximumNumberOfLines`.
@preconcurrency @MainActor
open class NSTextContainer: NSObject {
    /// Space at each end of every line (5).
    open var lineFragmentPadding: CGFloat = 5 { didSet { changed() } }
    /// The most lines laid out; 0 for no limit.
    open var maximumNumberOfLines = 0 { didSet { changed() } }
    /// How lines break and the last is cut (`.byWordWrapping`).
    open var lineBreakMode: NSLineBreakMode = .byWordWrapping { didSet { changed() } }
    /// Whether the width follows the text view's (true).
    open var widthTracksTextView = true { didSet { changed() } }
    /// Whether the height follows the text view's (false).
    open var heightTracksTextView = false { didSet { changed() } }
    /// The container's size when it does not follow the text view.
    open var size: CGSize = CGSize(width: 10_000_000, height: 10_000_000) { didSet { changed() } }

    /// Called when the container changed (its text view lays out again).
    var onChange: (@MainActor () -> Void)?

    /// A container of a size.
    public init(size: CGSize) {
        self.size = size
        super.init()
    }

    public override convenience init() {
        self.init(size: .zero)
    }

    private func changed() { onChange?() }
}
