import Foundation

/// What a split view controller asks and tells, as UIKit's `UISplitViewControllerDelegate`;
/// every method is optional.
@preconcurrency @MainActor
public protocol UISplitViewControllerDelegate: AnyObject {
    /// Whether the secondary controller is dropped when collapsing (false: it is pushed on the
    /// primary's navigation stack).
    func splitViewController(
        _ splitViewController: UISplitViewController, collapseSecondary secondaryViewController: UIViewController,
        onto primaryViewController: UIViewController
    ) -> Bool
    /// The controller to show collapsed instead of the primary (nil: the primary).
    func primaryViewController(forCollapsing splitViewController: UISplitViewController) -> UIViewController?
    /// The controller to show expanded instead of the primary (nil: the primary).
    func primaryViewController(forExpanding splitViewController: UISplitViewController) -> UIViewController?
    /// Whether the delegate showed a detail controller itself (false: the split shows it).
    func splitViewController(_ splitViewController: UISplitViewController, showDetail vc: UIViewController, sender: Any?) -> Bool
    /// Whether the delegate showed a controller in the primary position itself.
    func splitViewController(_ splitViewController: UISplitViewController, show vc: UIViewController, sender: Any?) -> Bool
    /// The column on top when a column-style split collapses (the proposed one).
    func splitViewController(
        _ svc: UISplitViewController, topColumnForCollapsingToProposedTopColumn proposedTopColumn: UISplitViewController.Column
    ) -> UISplitViewController.Column
}

extension UISplitViewControllerDelegate {
    public func splitViewController(
        _ splitViewController: UISplitViewController, collapseSecondary secondaryViewController: UIViewController,
        onto primaryViewController: UIViewController
    ) -> Bool { false }
    public func primaryViewController(forCollapsing splitViewController: UISplitViewController) -> UIViewController? { nil }
    public func primaryViewController(forExpanding splitViewController: UISplitViewController) -> UIViewController? { nil }
    public func splitViewController(_ splitViewController: UISplitViewController, showDetail vc: UIViewController, sender: Any?) -> Bool {
        false
    }
    public func splitViewController(_ splitViewController: UISplitViewController, show vc: UIViewController, sender: Any?) -> Bool {
        false
    }
    public func splitViewController(
        _ svc: UISplitViewController, topColumnForCollapsingToProposedTopColumn proposedTopColumn: UISplitViewController.Column
    ) -> UISplitViewController.Column { proposedTopColumn }
}

/// Columns of controllers, as UIKit's `UISplitViewController`, as it behaves on a phone:
/// always collapsed into one navigation stack. The primary shows first; the secondary is
/// pushed on it unless the delegate drops it (classic style) or puts the primary on top
/// (column style); `showDetailViewController` pushes on that stack.
@preconcurrency @MainActor
open class UISplitViewController: UIViewController {
    /// Classic (a list of controllers) or columns.
    public enum Style: Int, Sendable {
        case unspecified, doubleColumn, tripleColumn
    }

    /// A column of a column-style split.
    public enum Column: Int, Sendable {
        case primary, supplementary, secondary, compact
    }

    /// How columns are arranged when expanded (a phone is always collapsed).
    public enum DisplayMode: Int, Sendable {
        case automatic, secondaryOnly, oneBesideSecondary, oneOverSecondary, twoBesideSecondary, twoOverSecondary, twoDisplaceSecondary
        public static let primaryHidden = DisplayMode.secondaryOnly
        public static let allVisible = DisplayMode.oneBesideSecondary
        public static let primaryOverlay = DisplayMode.oneOverSecondary
    }

    /// The style it was made with.
    public let style: Style
    /// Told as it collapses and shows controllers.
    open weak var delegate: UISplitViewControllerDelegate?
    /// The arrangement asked for when expanded (kept).
    open var preferredDisplayMode: DisplayMode = .automatic
    /// The arrangement now: a collapsed split shows one column.
    open var displayMode: DisplayMode { .secondaryOnly }
    /// Whether it shows one column (always, on a phone).
    open var isCollapsed: Bool { true }
    /// Whether a swipe shows the primary (kept).
    open var presentsWithGesture = true
    /// The primary column's width when expanded (kept).
    open var preferredPrimaryColumnWidthFraction: CGFloat = 0.4

    private var columns: [Column: UIViewController] = [:]
    private var classic: [UIViewController] = []
    /// The controller shown: the collapsed navigation stack.
    private var shown: UIViewController?

    /// A split of a style.
    public init(style: Style) {
        self.style = style
        super.init()
    }

    /// A classic split.
    public required init() {
        style = .unspecified
        super.init()
    }

    /// Archives are not supported; always nil.
    public required init?(coder: NSCoder) { nil }

    /// The controllers: primary then secondary (classic style), or the columns' set.
    open var viewControllers: [UIViewController] {
        get {
            if style == .unspecified { return classic }
            return [Column.primary, .supplementary, .secondary].compactMap { columns[$0] }
        }
        set {
            if style == .unspecified {
                classic = Array(newValue.prefix(2))
            } else {
                columns[.primary] = newValue.first
                columns[.secondary] = newValue.count > 1 ? newValue[newValue.count - 1] : nil
            }
            collapse()
        }
    }

    /// Sets a column's controller (column style); a primary or secondary that is not a
    /// navigation controller is put in one, as UIKit does.
    open func setViewController(_ vc: UIViewController?, for column: Column) {
        columns[column] = vc
        collapse()
    }

    /// A column's controller.
    open func viewController(for column: Column) -> UIViewController? {
        style == .unspecified ? (column == .primary ? classic.first : column == .secondary ? classic.dropFirst().first : nil) : columns[column]
    }

    /// Shows a column: on a phone, its controller comes to the top of the stack.
    open func show(_ column: Column) {
        guard let navigation = shown as? UINavigationController, let controller = viewController(for: column) else { return }
        if navigation.viewControllers.contains(where: { $0 === controller }) {
            _ = navigation.popToViewController(controller, animated: true)
        }
    }

    /// Hides a column (kept: one column always shows).
    open func hide(_ column: Column) {}

    open override func loadView() {
        view = UIView()
        view.backgroundColor = .systemBackground
        collapse()
    }

    /// Shows a detail controller: the delegate may; otherwise pushed on the collapsed stack
    /// (a navigation controller's controllers are moved onto it), else shown as the screen.
    open override func showDetailViewController(_ vc: UIViewController, sender: Any?) {
        if delegate?.splitViewController(self, showDetail: vc, sender: sender) == true { return }
        guard let navigation = shown as? UINavigationController else {
            replaceShown(with: vc)
            return
        }
        push(vc, onto: navigation, animated: true)
    }

    open override func show(_ vc: UIViewController, sender: Any?) {
        if delegate?.splitViewController(self, show: vc, sender: sender) == true { return }
        if let navigation = shown as? UINavigationController {
            push(vc, onto: navigation, animated: true)
        } else {
            replaceShown(with: vc)
        }
    }

    /// Pushes a controller, or a navigation controller's controllers, on a stack.
    private func push(_ vc: UIViewController, onto navigation: UINavigationController, animated: Bool) {
        if let inner = vc as? UINavigationController {
            let moved = inner.viewControllers
            inner.setViewControllers([], animated: false)
            for (index, controller) in moved.enumerated() {
                navigation.pushViewController(controller, animated: animated && index == moved.count - 1)
            }
        } else {
            navigation.pushViewController(vc, animated: animated)
        }
    }

    /// Collapses the columns into the one stack a phone shows.
    private func collapse() {
        guard isViewLoaded else { return }
        if style == .unspecified {
            guard let primary = delegate?.primaryViewController(forCollapsing: self) ?? classic.first else {
                replaceShown(with: nil)
                return
            }
            replaceShown(with: primary)
            if let secondary = classic.dropFirst().first,
                !(delegate?.splitViewController(self, collapseSecondary: secondary, onto: primary) ?? false),
                let navigation = primary as? UINavigationController
            {
                push(secondary, onto: navigation, animated: false)
            }
        } else {
            if let compact = columns[.compact] {
                replaceShown(with: compact)
                return
            }
            guard let primary = columns[.primary] else {
                replaceShown(with: nil)
                return
            }
            let navigation = primary as? UINavigationController ?? UINavigationController(rootViewController: primary)
            replaceShown(with: navigation)
            let column = delegate?.splitViewController(self, topColumnForCollapsingToProposedTopColumn: .secondary) ?? .secondary
            if column != .primary, let secondary = columns[.secondary] { push(secondary, onto: navigation, animated: false) }
        }
    }

    private func replaceShown(with controller: UIViewController?) {
        guard shown !== controller else { return }
        if let old = shown {
            old.willMove(toParent: nil)
            old.viewIfLoaded?.removeFromSuperview()
            old.removeFromParent()
        }
        shown = controller
        guard let controller else { return }
        addChild(controller)
        controller.view.frame = view.bounds
        controller.view.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        view.addSubview(controller.view)
        controller.didMove(toParent: self)
    }
}

extension UIViewController {
    /// The nearest split view controller above this one, if any.
    public var splitViewController: UISplitViewController? { nearestAncestor(UISplitViewController.self) }
}
