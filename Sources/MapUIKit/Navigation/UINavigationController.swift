import Foundation

/// What a navigation controller tells as it shows controllers, as UIKit's
/// `UINavigationControllerDelegate`. Every method is optional.
@preconcurrency @MainActor
public protocol UINavigationControllerDelegate: AnyObject {
    /// A controller is about to show (pushed, popped or set).
    func navigationController(_ navigationController: UINavigationController, willShow viewController: UIViewController, animated: Bool)
    /// A controller showed.
    func navigationController(_ navigationController: UINavigationController, didShow viewController: UIViewController, animated: Bool)
}

extension UINavigationControllerDelegate {
    public func navigationController(_ navigationController: UINavigationController, willShow viewController: UIViewController, animated: Bool) {}
    public func navigationController(_ navigationController: UINavigationController, didShow viewController: UIViewController, animated: Bool) {}
}

/// A stack of view controllers under a navigation bar, as UIKit's `UINavigationController`.
///
/// The top controller's view fills the controller's view, under the bar; its safe area
/// starts below the bar. A push slides the new view in from the right over 0.35 s while the
/// old one moves a third of the way left; a pop does the reverse; the back button pops. The
/// appearance callbacks come in UIKit's order (`viewWillDisappear` of the old,
/// `viewWillAppear` of the new, then both `did...` when the slide ends).
@preconcurrency @MainActor
open class UINavigationController: UIViewController {
    /// How long a push or pop slides.
    nonisolated static let transitionDuration: TimeInterval = 0.35
    /// The most controllers a stack holds (docs/limits.md); pushes past it are refused with
    /// a warning.
    nonisolated public static let maximumDepth = 256

    /// The controllers, root first.
    open var viewControllers: [UIViewController] {
        get { stack }
        set { setViewControllers(newValue, animated: false) }
    }
    /// The controller on top.
    open var topViewController: UIViewController? { stack.last }
    /// The controller whose view shows: one presented over the stack, else the top one.
    open var visibleViewController: UIViewController? { presentedViewController ?? stack.last }
    /// The bar.
    public let navigationBar = UINavigationBar()
    /// Whether the bar is hidden (false).
    open var isNavigationBarHidden: Bool {
        get { navigationBar.isHidden }
        set { setNavigationBarHidden(newValue, animated: false) }
    }
    /// The toolbar at the bottom, showing the top controller's `toolbarItems` when shown.
    public private(set) var toolbar: UIToolbar! = UIToolbar()
    /// Whether the toolbar is hidden (true).
    open var isToolbarHidden: Bool {
        get { toolbarHidden }
        set { setToolbarHidden(newValue, animated: false) }
    }
    private var toolbarHidden = true
    /// The delegate.
    open weak var delegate: UINavigationControllerDelegate?
    /// Whether a swipe hides the bars (kept).
    open var hidesBarsOnSwipe = false

    private var stack: [UIViewController] = []
    private var transition: Transition?

    /// A change of the top controller, with the slide that shows it.
    private struct Transition {
        let from: UIViewController?
        let to: UIViewController
        /// The slide's direction: in from the right, or back from the left.
        let isPush: Bool
        /// Whether `from` left the stack (it leaves the children at the end).
        let removesFrom: Bool
        /// Whether `to` joined the stack now (it gets `didMove(toParent:)` at the end).
        let addsTo: Bool
        /// Whether the views are on screen (appearance callbacks are sent).
        let visible: Bool
        let animated: Bool
        var start: TimeInterval?
    }

    public required init() {
        super.init()
    }

    /// A stack with one controller.
    public init(rootViewController: UIViewController) {
        super.init()
        setViewControllers([rootViewController], animated: false)
    }

    public override init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) {
        super.init(nibName: nibNameOrNil, bundle: nibBundleOrNil)
    }

    /// Archives are not supported; always nil.
    public required init?(coder: NSCoder) { nil }

    open override func loadView() {
        let container = NavigationContainerView()
        container.controller = self
        container.backgroundColor = .systemBackground
        navigationBar.onBack = { [weak self] in self?.popViewController(animated: true) }
        container.addSubview(navigationBar)
        toolbar.isHidden = !showsToolbar
        container.addSubview(toolbar)
        view = container
        if let top = stack.last { install(top) }
    }

    // MARK: The stack

    /// Pushes a controller on top, sliding it in when animated.
    open func pushViewController(_ viewController: UIViewController, animated: Bool) {
        finishTransition()
        guard !stack.contains(where: { $0 === viewController }), viewController !== self else { return }
        guard stack.count < Self.maximumDepth else {
            LayoutEngine.logger.warning("navigation stack deeper than \(Self.maximumDepth); push refused")
            return
        }
        let from = stack.last
        addChild(viewController)
        stack.append(viewController)
        viewController.isMovingToParent = true
        show(viewController, from: from, isPush: true, removesFrom: false, addsTo: true, animated: animated)
    }

    /// Pops the top controller (never the root), sliding back when animated.
    @discardableResult
    open func popViewController(animated: Bool) -> UIViewController? {
        finishTransition()
        guard stack.count > 1, let popped = stack.popLast() else { return nil }
        // UIKit tells the popped controller it leaves as the pop begins.
        popped.willMove(toParent: nil)
        popped.isMovingFromParent = true
        show(stack[stack.count - 1], from: popped, isPush: false, removesFrom: true, addsTo: false, animated: animated)
        return popped
    }

    /// Pops every controller above the root.
    @discardableResult
    open func popToRootViewController(animated: Bool) -> [UIViewController]? {
        guard let root = stack.first else { return nil }
        return popToViewController(root, animated: animated)
    }

    /// Pops the controllers above one in the stack.
    @discardableResult
    open func popToViewController(_ viewController: UIViewController, animated: Bool) -> [UIViewController]? {
        finishTransition()
        guard let index = stack.firstIndex(where: { $0 === viewController }), index < stack.count - 1 else { return nil }
        let popped = Array(stack[(index + 1)...])
        stack.removeSubrange((index + 1)...)
        // The top one slides away; those under it leave at once.
        for controller in popped.dropLast() { detach(controller) }
        if let top = popped.last {
            top.willMove(toParent: nil)
            top.isMovingFromParent = true
            show(viewController, from: top, isPush: false, removesFrom: true, addsTo: false, animated: animated)
        }
        return popped
    }

    /// Replaces the stack; the new top shows (sliding in when animated and it is new).
    open func setViewControllers(_ viewControllers: [UIViewController], animated: Bool) {
        finishTransition()
        var unique: [UIViewController] = []
        for controller in viewControllers.prefix(Self.maximumDepth) where controller !== self && !unique.contains(where: { $0 === controller }) {
            unique.append(controller)
        }
        let from = stack.last
        let leaving = stack.filter { old in !unique.contains { $0 === old } }
        let joining = unique.filter { $0.parent !== self }
        for controller in joining { addChild(controller) }
        stack = unique
        for controller in leaving where controller !== from { detach(controller) }
        // Controllers under the top are children at once; a new top when its slide ends.
        for controller in joining where controller !== unique.last { controller.didMove(toParent: self) }
        guard let top = unique.last else {
            if let from { detach(from) }
            navigationBar.items = []
            return
        }
        if top === from {
            navigationBar.items = stack.map(\.navigationItem)
            return
        }
        let removesFrom = from.map { old in leaving.contains { $0 === old } } ?? false
        if let from, removesFrom {
            from.willMove(toParent: nil)
            from.isMovingFromParent = true
        }
        let addsTo = joining.contains { $0 === top }
        if addsTo { top.isMovingToParent = true }
        show(top, from: from, isPush: addsTo || from == nil, removesFrom: removesFrom, addsTo: addsTo, animated: animated && from != nil)
    }

    /// Hides or shows the bar.
    open func setNavigationBarHidden(_ hidden: Bool, animated: Bool) {
        guard navigationBar.isHidden != hidden else { return }
        navigationBar.isHidden = hidden
        updateBarInsets()
        viewIfLoaded?.setNeedsLayout()
    }

    /// Hides or shows the toolbar (a top controller that `hidesBottomBarWhenPushed` keeps it
    /// hidden).
    open func setToolbarHidden(_ hidden: Bool, animated: Bool) {
        guard toolbarHidden != hidden else { return }
        toolbarHidden = hidden
        updateToolbar()
    }

    /// A controller's toolbar items changed: the toolbar shows them when it is on top.
    func toolbarItemsChanged(of controller: UIViewController) {
        if controller === topViewController { updateToolbar() }
    }

    /// Whether the toolbar shows: not hidden, and the top controller lets it.
    private var showsToolbar: Bool { !toolbarHidden && !(topViewController?.hidesBottomBarWhenPushed ?? false) }

    /// Shows the top controller's items in the toolbar, and the toolbar when it shows.
    private func updateToolbar() {
        toolbar.items = topViewController?.toolbarItems
        toolbar.isHidden = !showsToolbar
        updateBarInsets()
        viewIfLoaded?.setNeedsLayout()
    }

    // MARK: Showing

    private func show(
        _ controller: UIViewController, from: UIViewController?, isPush: Bool, removesFrom: Bool, addsTo: Bool, animated: Bool
    ) {
        navigationBar.items = stack.map(\.navigationItem)
        updateToolbar()
        let visible = isViewLoaded && view.superview != nil
        // Only a screen in a window runs frames; elsewhere the change is made at once.
        let animate = animated && visible && view.firstResponderWindow != nil
        // The transition is recorded before any callback, so one that changes the stack
        // finishes this one first.
        transition = Transition(
            from: from, to: controller, isPush: isPush, removesFrom: removesFrom, addsTo: addsTo, visible: visible, animated: animate, start: nil)
        if isViewLoaded {
            install(controller)
            if animate { place(progress: 0) }
        }
        delegate?.navigationController(self, willShow: controller, animated: animate)
        if visible {
            from?.viewWillDisappear(animate)
            controller.viewWillAppear(animate)
        }
        if !animate { finishTransition() }
    }

    /// Puts a controller's view in the container, under the bar, filling it.
    private func install(_ controller: UIViewController) {
        guard let container = viewIfLoaded else { return }
        let content = controller.view!
        content.frame = container.bounds
        content.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        if content.superview !== container { container.insertSubview(content, at: max(0, container.subviews.count - 1)) }
        container.bringSubviewToFront(navigationBar)
        container.bringSubviewToFront(toolbar)
        updateBarInsets()
    }

    /// Takes a controller off the stack's views and out of the children.
    private func detach(_ controller: UIViewController) {
        controller.willMove(toParent: nil)
        controller.viewIfLoaded?.removeFromSuperview()
        controller.removeFromParent()
        controller.containerSafeAreaInsets = .zero
    }

    /// Lays the sliding views out at a point of the transition (0...1, eased).
    private func place(progress: Double) {
        guard let transition, let container = viewIfLoaded else { return }
        let width = container.bounds.width
        let eased = CGFloat(1 - pow(1 - min(max(progress, 0), 1), 3))
        let incoming = transition.to.view!, outgoing = transition.from?.viewIfLoaded
        if transition.isPush {
            incoming.frame.origin.x = width * (1 - eased)
            outgoing?.frame.origin.x = -width / 3 * eased
        } else {
            incoming.frame.origin.x = -width / 3 * (1 - eased)
            outgoing?.frame.origin.x = width * eased
            if let outgoing { container.bringSubviewToFront(outgoing) }
            container.bringSubviewToFront(navigationBar)
            container.bringSubviewToFront(toolbar)
        }
    }

    /// Ends a running transition at once.
    private func finishTransition() {
        guard let transition else { return }
        self.transition = nil
        let to = transition.to
        to.viewIfLoaded?.frame.origin.x = 0
        if let from = transition.from, from !== to {
            from.viewIfLoaded?.removeFromSuperview()
            if transition.visible { from.viewDidDisappear(transition.animated) }
            if transition.removesFrom {
                from.removeFromParent()
                from.containerSafeAreaInsets = .zero
            }
            from.isMovingFromParent = false
        }
        if transition.addsTo { to.didMove(toParent: self) }
        if transition.visible { to.viewDidAppear(transition.animated) }
        to.isMovingToParent = false
        delegate?.navigationController(self, didShow: to, animated: transition.animated)
    }

    /// The top controller's safe area starts below the bar and ends above the toolbar.
    private func updateBarInsets() {
        let top = navigationBar.isHidden ? 0 : navigationBar.contentHeight
        let bottom = showsToolbar ? UIToolbar.standardHeight : 0
        for controller in stack { controller.containerSafeAreaInsets = UIEdgeInsets(top: top, left: 0, bottom: bottom, right: 0) }
    }

    /// Lays the bar out over the top of the view, up under the status bar.
    func layoutBar(in container: UIView) {
        let statusBar = container.safeAreaInsets.top - (safeAreaAdditions.top)
        let height = max(0, statusBar) + navigationBar.contentHeight
        navigationBar.frame = CGRect(x: 0, y: 0, width: container.bounds.width, height: height)
        // The toolbar's row sits above the home indicator; its background runs under it.
        let homeIndicator = max(0, container.safeAreaInsets.bottom - safeAreaAdditions.bottom)
        let toolbarHeight = UIToolbar.standardHeight + homeIndicator
        toolbar.frame = CGRect(x: 0, y: container.bounds.height - toolbarHeight, width: container.bounds.width, height: toolbarHeight)
        updateBarInsets()
        let content = topViewController?.viewIfLoaded.flatMap { Self.firstScrollView(in: $0) }
        navigationBar.isAtScrollEdge = content.map { $0.contentOffset.y <= -$0.adjustedContentInset.top + 0.5 } ?? true
        toolbar.isAtScrollEdge = content.map { scroll in
            let bottom = scroll.contentSize.height + scroll.adjustedContentInset.bottom - scroll.bounds.height
            return scroll.contentOffset.y >= max(bottom, -scroll.adjustedContentInset.top) - 0.5
        } ?? true
    }

    /// A controller's first scroll view, breadth first (the bars look at whether its content
    /// is at their edge; without one, content is at both edges).
    private static func firstScrollView(in view: UIView) -> UIScrollView? {
        var queue = [view]
        var index = 0
        while index < queue.count, index < 64 {
            let current = queue[index]
            index += 1
            if let scroll = current as? UIScrollView { return scroll }
            queue.append(contentsOf: current.subviews)
        }
        return nil
    }

    // MARK: Frames

    var isTransitioning: Bool { transition != nil }

    func advanceTransition(to time: TimeInterval) {
        guard var transition else { return }
        guard let start = transition.start else {
            transition.start = time
            self.transition = transition
            return
        }
        let progress = (time - start) / Self.transitionDuration
        place(progress: progress)
        if progress >= 1 { finishTransition() }
    }

    // MARK: Appearance

    open override func viewWillAppear(_ animated: Bool) {
        super.viewWillAppear(animated)
        topViewController?.viewWillAppear(animated)
    }

    open override func viewDidAppear(_ animated: Bool) {
        super.viewDidAppear(animated)
        topViewController?.viewDidAppear(animated)
    }

    open override func viewWillDisappear(_ animated: Bool) {
        super.viewWillDisappear(animated)
        topViewController?.viewWillDisappear(animated)
    }

    open override func viewDidDisappear(_ animated: Bool) {
        super.viewDidDisappear(animated)
        topViewController?.viewDidDisappear(animated)
    }
}

/// A navigation controller's view: it lays out the bar and runs the slides on the host's clock.
@MainActor
final class NavigationContainerView: UIView, FrameAnimating {
    weak var controller: UINavigationController?

    override func layoutSubviews() {
        super.layoutSubviews()
        controller?.layoutBar(in: self)
    }

    var wantsFrames: Bool { controller?.isTransitioning ?? false }
    var isSettling: Bool { wantsFrames }
    func advanceFrame(to time: TimeInterval) { controller?.advanceTransition(to: time) }
}

extension UIViewController {
    /// The nearest navigation controller above this one (itself excluded), if any.
    public var navigationController: UINavigationController? { nearestAncestor(UINavigationController.self) }

    /// The nearest controller of a kind above this one (itself excluded), if any.
    func nearestAncestor<Kind: UIViewController>(_ kind: Kind.Type) -> Kind? {
        var current = parent
        while let controller = current {
            if let found = controller as? Kind { return found }
            current = controller.parent
        }
        return nil
    }
}
