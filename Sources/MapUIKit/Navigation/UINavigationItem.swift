import Foundation

/// What a navigation bar shows for a view controller, as UIKit's `UINavigationItem`: its
/// title (or title view), back button and bar button items.
@preconcurrency @MainActor
open class UINavigationItem: NSObject {
    /// When a large title shows.
    public enum LargeTitleDisplayMode: Int, Sendable {
        case automatic, always, never, inline
    }

    /// The title (the view controller's `title` sets it).
    open var title: String? { didSet { changed() } }
    /// A view shown instead of the title.
    open var titleView: UIView? { didSet { changed() } }
    /// A line of text above the bar (kept).
    open var prompt: String? { didSet { changed() } }
    /// The title the back button shows on the next screen (this title, or "Back", when nil).
    open var backButtonTitle: String? { didSet { changed() } }
    /// The item the back button shows on the next screen.
    open var backBarButtonItem: UIBarButtonItem? { didSet { changed() } }
    /// Whether the back button is hidden (false).
    open var hidesBackButton = false { didSet { changed() } }
    /// Whether the left items sit beside the back button rather than replace it (false).
    open var leftItemsSupplementBackButton = false { didSet { changed() } }
    /// When a large title shows (`.automatic`: as the bar prefers).
    open var largeTitleDisplayMode: LargeTitleDisplayMode = .automatic { didSet { changed() } }
    /// The bar's look while this item is on top and content is scrolled under it.
    open var standardAppearance: UINavigationBarAppearance? { didSet { changed() } }
    /// The bar's look while content is at its top edge.
    open var scrollEdgeAppearance: UINavigationBarAppearance? { didSet { changed() } }
    /// The items at the left, leading first.
    open var leftBarButtonItems: [UIBarButtonItem]? {
        didSet {
            watch(leftBarButtonItems)
            changed()
        }
    }
    /// The items at the right, trailing first.
    open var rightBarButtonItems: [UIBarButtonItem]? {
        didSet {
            watch(rightBarButtonItems)
            changed()
        }
    }

    /// The first left item.
    open var leftBarButtonItem: UIBarButtonItem? {
        get { leftBarButtonItems?.first }
        set { leftBarButtonItems = newValue.map { [$0] } }
    }
    /// The first right item.
    open var rightBarButtonItem: UIBarButtonItem? {
        get { rightBarButtonItems?.first }
        set { rightBarButtonItems = newValue.map { [$0] } }
    }

    /// The search controller whose bar shows under the title.
    open var searchController: UISearchController? {
        didSet {
            searchController?.searchingController = owner
            changed()
        }
    }
    /// Whether the search bar hides as the content scrolls (kept; it stays shown).
    open var hidesSearchBarWhenScrolling = true
    /// The controller whose item this is (the one searching, for a search controller).
    weak var owner: UIViewController? {
        didSet { searchController?.searchingController = owner }
    }

    /// Called when the item changed, so its bar shows it again (a bar's job).
    var onChange: (@MainActor () -> Void)?

    public override init() {
        super.init()
    }

    /// An item with a title.
    public convenience init(title: String) {
        self.init()
        self.title = title
    }

    /// Archives are not supported; always nil.
    public required init?(coder: NSCoder) { nil }

    /// Sets the left items.
    open func setLeftBarButtonItems(_ items: [UIBarButtonItem]?, animated: Bool) { leftBarButtonItems = items }
    /// Sets the right items.
    open func setRightBarButtonItems(_ items: [UIBarButtonItem]?, animated: Bool) { rightBarButtonItems = items }
    /// Sets the left item.
    open func setLeftBarButton(_ item: UIBarButtonItem?, animated: Bool) { leftBarButtonItem = item }
    /// Sets the right item.
    open func setRightBarButton(_ item: UIBarButtonItem?, animated: Bool) { rightBarButtonItem = item }
    /// Hides or shows the back button.
    open func setHidesBackButton(_ hidesBackButton: Bool, animated: Bool) { self.hidesBackButton = hidesBackButton }

    private func watch(_ items: [UIBarButtonItem]?) {
        for item in items ?? [] { item.onChange = { [weak self] in self?.changed() } }
    }

    private func changed() { onChange?() }
}
