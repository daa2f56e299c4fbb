import Foundation

/// Owns a view and its life cycle, as UIKit's `UIViewController`: the view is made on
/// first use by `loadView()`, then `viewDidLoad()` runs.
@preconcurrency @MainActor
open class UIViewController: UIResponder {
    private var loadedView: UIView?
    private var isLoadingView = false

    /// A title for the controller: its navigation item's title too, as in UIKit.
    open var title: String? {
        didSet { if title != oldValue { navigationItem.title = title } }
    }

    /// What a navigation bar shows for the controller (made on first use, with its title).
    open var navigationItem: UINavigationItem {
        if let storedNavigationItem { return storedNavigationItem }
        let item = UINavigationItem()
        item.title = title
        item.owner = self
        storedNavigationItem = item
        return item
    }
    private var storedNavigationItem: UINavigationItem?

    /// The items a navigation controller's toolbar shows while this controller is on top.
    open var toolbarItems: [UIBarButtonItem]? {
        didSet { navigationController?.toolbarItemsChanged(of: self) }
    }

    /// Sets the toolbar items.
    open func setToolbarItems(_ toolbarItems: [UIBarButtonItem]?, animated: Bool) { self.toolbarItems = toolbarItems }

    /// Whether a navigation controller's toolbar hides while this controller is on top (false).
    open var hidesBottomBarWhenPushed = false

    // MARK: Presentation (see UIViewController+Presentation.swift)

    /// The controller this one, or one of its ancestors, presents, as UIKit answers.
    public var presentedViewController: UIViewController? { storedPresented ?? parent?.presentedViewController }
    /// The controller that presents this one, or one of its ancestors, as UIKit answers.
    public var presentingViewController: UIViewController? { storedPresenting ?? parent?.presentingViewController }
    /// What this controller itself presents.
    var storedPresented: UIViewController?
    /// What presents this controller itself.
    weak var storedPresenting: UIViewController?
    /// How the controller covers the screen when presented (`.automatic`: a sheet).
    open var modalPresentationStyle: UIModalPresentationStyle = .automatic
    /// How it comes on screen (kept; sheets slide up, alerts fade).
    open var modalTransitionStyle: UIModalTransitionStyle = .coverVertical
    /// Whether a sheet refuses to be swiped away (kept; there is no swipe to dismiss yet).
    open var isModalInPresentation = false
    /// The size the controller prefers when presented in a popover or form (kept).
    open var preferredContentSize: CGSize = .zero
    /// The view a presentation put this controller's view in.
    var presentationContainer: PresentationContainerView?

    /// Whether the controller is being added to a parent (true from a push until it shows).
    public internal(set) var isMovingToParent = false
    /// Whether the controller is being removed from its parent (true from a pop until it is gone).
    public internal(set) var isMovingFromParent = false

    /// Presents a controller over this one's screen, as on a phone: a sheet slides up to just
    /// below the status bar, `.fullScreen` covers the screen, alerts fade in at the centre and
    /// action sheets slide up from the bottom. `completion` runs once it shows.
    open func present(_ viewControllerToPresent: UIViewController, animated flag: Bool, completion: (() -> Void)? = nil) {
        presentViewController(viewControllerToPresent, animated: flag, completion: completion)
    }

    /// Dismisses the controller this one presents, or this one from its presenter.
    open func dismiss(animated flag: Bool, completion: (() -> Void)? = nil) {
        dismissPresented(animated: flag, completion: completion)
    }

    /// Shows a controller in a detail position: a split view controller above shows it (on a
    /// phone, pushed on its collapsed navigation stack); otherwise as `show(_:sender:)` does.
    open func showDetailViewController(_ vc: UIViewController, sender: Any?) {
        if let split = splitViewController {
            split.showDetailViewController(vc, sender: sender)
        } else {
            show(vc, sender: sender)
        }
    }

    /// A controller with no nib. Apps make controllers from a type (`type.init()`), so a
    /// subclass with a designated initialiser of its own must provide `init()` too.
    public required override init() {
        super.init()
    }

    /// UIKit's designated initialiser; nib files do not exist here, so both are ignored.
    public init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) {
        super.init()
    }

    /// Archives are not supported; always nil.
    public required init?(coder: NSCoder) {
        return nil
    }

    /// The root view, loaded on first access. Read inside `loadView()` before one is set,
    /// it is a plain view the size of the screen (instead of loading again).
    public var view: UIView! {
        get {
            if isLoadingView, loadedView == nil { loadedView = UIView(frame: UIScreen.main.bounds) }
            loadViewIfNeeded()
            return loadedView
        }
        set {
            loadedView?.viewController = nil
            loadedView = newValue
            newValue?.viewController = self
        }
    }

    /// Whether the view has been loaded.
    public var isViewLoaded: Bool { loadedView != nil }

    /// The view if it is loaded, without loading it.
    public var viewIfLoaded: UIView? { loadedView }

    /// Loads the view now if it is not loaded.
    public func loadViewIfNeeded() {
        guard loadedView == nil, !isLoadingView else { return }
        isLoadingView = true
        loadView()
        if loadedView == nil { loadedView = UIView(frame: UIScreen.main.bounds) }
        loadedView?.viewController = self
        // A phone's root views keep 16 points from the sides (UIKit's system minimum).
        loadedView?.directionalLayoutMargins = NSDirectionalEdgeInsets(top: 0, leading: 16, bottom: 0, trailing: 16)
        isLoadingView = false
        viewDidLoad()
    }

    /// Makes the root view; the default makes a plain view the size of the screen.
    /// Overrides set `view`.
    open func loadView() {
        loadedView = UIView(frame: UIScreen.main.bounds)
    }

    /// The appearance the controller's view takes (`.unspecified`: inherit); set on the view.
    open var overrideUserInterfaceStyle: UIUserInterfaceStyle {
        get { view.overrideUserInterfaceStyle }
        set { view.overrideUserInterfaceStyle = newValue }
    }

    /// The controller's traits: its view's.
    public var traitCollection: UITraitCollection { view.traitCollection }

    /// The status bar's look the controller wants; a host draws the status bar with it.
    open var preferredStatusBarStyle: UIStatusBarStyle { .default }

    /// Whether the controller wants the status bar hidden.
    open var prefersStatusBarHidden: Bool { false }

    /// Counts requests to look at the status bar again, so hosts redraw it.
    private(set) var statusBarAppearanceRevision = 0

    /// Asks the host to read `preferredStatusBarStyle` and `prefersStatusBarHidden` again.
    public func setNeedsStatusBarAppearanceUpdate() {
        statusBarAppearanceRevision &+= 1
        viewIfLoaded?.setNeedsDisplay()
    }

    /// The next responder: the superview of the controller's view, else the parent controller.
    open override var next: UIResponder? { viewIfLoaded?.superview ?? parent }

    /// The window the controller's view is in.
    override var firstResponderWindow: UIWindow? { viewIfLoaded?.firstResponderWindow }

    /// Insets added to the view's safe area (zero), as when the app draws bars of its own.
    open var additionalSafeAreaInsets: UIEdgeInsets = .zero {
        didSet {
            guard additionalSafeAreaInsets != oldValue else { return }
            viewIfLoaded?.safeAreaMayHaveChanged()
        }
    }

    /// What a container covers of the view (a navigation controller's bar); set by containers.
    var containerSafeAreaInsets: UIEdgeInsets = .zero {
        didSet {
            guard containerSafeAreaInsets != oldValue else { return }
            viewIfLoaded?.safeAreaMayHaveChanged()
        }
    }

    /// Everything the controller adds to its view's safe area.
    var safeAreaAdditions: UIEdgeInsets { additionalSafeAreaInsets.adding(containerSafeAreaInsets) }

    /// Shows a controller: pushed on the navigation controller above (or this one), else
    /// presented.
    open func show(_ vc: UIViewController, sender: Any?) {
        if let navigation = self as? UINavigationController ?? navigationController {
            navigation.pushViewController(vc, animated: true)
        } else {
            present(vc, animated: true)
        }
    }

    /// Called when the view's safe area changed.
    open func viewSafeAreaInsetsDidChange() {}

    /// Called once the view is loaded.
    open func viewDidLoad() {}
    /// Called before the view lays out its subviews (after its constraints are solved).
    open func viewWillLayoutSubviews() {}
    /// Called after the view laid out its subviews.
    open func viewDidLayoutSubviews() {}

    // MARK: Children

    /// The child view controllers, in the order they were added.
    public private(set) var children: [UIViewController] = []
    /// The parent view controller, if any.
    public private(set) weak var parent: UIViewController?

    /// Adds a child view controller (calls `willMove(toParent:)`; the app adds its view and
    /// calls `didMove(toParent:)`, as in UIKit).
    open func addChild(_ childController: UIViewController) {
        guard childController !== self, childController.parent !== self else { return }
        childController.removeFromParent()
        childController.willMove(toParent: self)
        children.append(childController)
        childController.parent = self
    }

    /// Removes the controller from its parent (calls `didMove(toParent: nil)`; the app calls
    /// `willMove(toParent: nil)` first and removes the view, as in UIKit).
    open func removeFromParent() {
        guard let parent else { return }
        parent.children.removeAll { $0 === self }
        self.parent = nil
        didMove(toParent: nil)
    }

    /// Called before the controller is added to or removed from a parent.
    open func willMove(toParent parent: UIViewController?) {}
    /// Called after the controller was added to or removed from a parent.
    open func didMove(toParent parent: UIViewController?) {}
    /// Called before the view is shown by a host.
    open func viewWillAppear(_ animated: Bool) {}
    /// Called after the view is shown by a host.
    open func viewDidAppear(_ animated: Bool) {}
    /// Called before the view is taken off screen by a host.
    open func viewWillDisappear(_ animated: Bool) {}
    /// Called after the view is taken off screen by a host.
    open func viewDidDisappear(_ animated: Bool) {}
}

/// The status bar's look, as UIKit's `UIStatusBarStyle`.
public enum UIStatusBarStyle: Int, Sendable {
    /// Dark text in a light appearance, light text in a dark one.
    case `default` = 0
    /// Light text, for dark backgrounds.
    case lightContent = 1
    /// Dark text, for light backgrounds.
    case darkContent = 3
}
