import Foundation

extension UIView: LayoutItem {
    var layoutOwner: UIView? { self }
    var layoutVariables: LayoutVariables { autoLayout.variables }
    var layoutDescription: String { "\(type(of: self)):\(NSLayoutConstraint.address(of: self))" }
    var baselines: LayoutBaselines { layoutBaselines }

    /// The space UIKit's system spacing stands for between sibling views.
    nonisolated static let systemSpacing: CGFloat = 8

    /// The size `systemLayoutSizeFitting(_:)` reads as "as small as possible".
    nonisolated public static let layoutFittingCompressedSize = CGSize(width: 0, height: 0)
    /// The size `systemLayoutSizeFitting(_:)` reads as "as large as possible".
    nonisolated public static let layoutFittingExpandedSize = CGSize(width: 10_000, height: 10_000)

    // MARK: Anchors

    public var leadingAnchor: NSLayoutXAxisAnchor { NSLayoutXAxisAnchor(item: self, attribute: .leading) }
    public var trailingAnchor: NSLayoutXAxisAnchor { NSLayoutXAxisAnchor(item: self, attribute: .trailing) }
    public var leftAnchor: NSLayoutXAxisAnchor { NSLayoutXAxisAnchor(item: self, attribute: .left) }
    public var rightAnchor: NSLayoutXAxisAnchor { NSLayoutXAxisAnchor(item: self, attribute: .right) }
    public var topAnchor: NSLayoutYAxisAnchor { NSLayoutYAxisAnchor(item: self, attribute: .top) }
    public var bottomAnchor: NSLayoutYAxisAnchor { NSLayoutYAxisAnchor(item: self, attribute: .bottom) }
    public var widthAnchor: NSLayoutDimension { NSLayoutDimension(item: self, attribute: .width) }
    public var heightAnchor: NSLayoutDimension { NSLayoutDimension(item: self, attribute: .height) }
    public var centerXAnchor: NSLayoutXAxisAnchor { NSLayoutXAxisAnchor(item: self, attribute: .centerX) }
    public var centerYAnchor: NSLayoutYAxisAnchor { NSLayoutYAxisAnchor(item: self, attribute: .centerY) }
    public var firstBaselineAnchor: NSLayoutYAxisAnchor { NSLayoutYAxisAnchor(item: self, attribute: .firstBaseline) }
    public var lastBaselineAnchor: NSLayoutYAxisAnchor { NSLayoutYAxisAnchor(item: self, attribute: .lastBaseline) }

    // MARK: Constraints

    /// Whether the view's frame is set by its app (true, the default; its frame and
    /// autoresizing mask hold as constraints) or by the constraints on it (false).
    public var translatesAutoresizingMaskIntoConstraints: Bool {
        get { autoLayout.translatesAutoresizingMask }
        set {
            guard newValue != autoLayout.translatesAutoresizingMask else { return }
            autoLayout.translatesAutoresizingMask = newValue
            layoutEngineInputChanged()
        }
    }

    /// The constraints installed in this view (activated with it as their items' closest
    /// common ancestor), in activation order.
    public var constraints: [NSLayoutConstraint] { autoLayout.constraints }

    /// Installs a constraint in this view (activates it).
    public func addConstraint(_ constraint: NSLayoutConstraint) {
        constraint.isActive = true
    }

    /// Installs constraints in this view (activates them).
    public func addConstraints(_ constraints: [NSLayoutConstraint]) {
        NSLayoutConstraint.activate(constraints)
    }

    /// Removes a constraint installed in this view (deactivates it).
    public func removeConstraint(_ constraint: NSLayoutConstraint) {
        if constraint.installedView === self { constraint.isActive = false }
    }

    /// Removes constraints installed in this view.
    public func removeConstraints(_ constraints: [NSLayoutConstraint]) {
        constraints.forEach(removeConstraint)
    }

    func install(_ constraint: NSLayoutConstraint) {
        autoLayout.constraints.append(constraint)
        constraint.didInstall(in: self)
        var view: UIView? = self
        while let current = view, !current.autoLayout.subtreeUsesConstraints {
            current.autoLayout.subtreeUsesConstraints = true
            view = current.superview
        }
        layoutEngineInputChanged()
    }

    func uninstall(_ constraint: NSLayoutConstraint) {
        autoLayout.constraints.removeAll { $0 === constraint }
        constraint.didInstall(in: nil)
        layoutEngineInputChanged()
    }

    /// Asks for `updateConstraints()` before the next layout pass.
    public func setNeedsUpdateConstraints() {
        autoLayout.needsUpdateConstraints = true
        layoutEngineInputChanged()
    }

    /// Whether `updateConstraints()` is due.
    public func needsUpdateConstraints() -> Bool { autoLayout.needsUpdateConstraints }

    /// Runs `updateConstraints()` now on this view and below, where due (deepest first).
    public func updateConstraintsIfNeeded() {
        for subview in subviews { subview.updateConstraintsIfNeeded() }
        if autoLayout.needsUpdateConstraints {
            updateConstraints()
            autoLayout.needsUpdateConstraints = false
        }
    }

    // MARK: Intrinsic size

    /// How much the view resists growing past its intrinsic size on an axis (250 unless set).
    public func contentHuggingPriority(for axis: NSLayoutConstraint.Axis) -> UILayoutPriority {
        axis == .horizontal ? autoLayout.hugging.horizontal : autoLayout.hugging.vertical
    }

    /// Sets how much the view resists growing past its intrinsic size on an axis.
    public func setContentHuggingPriority(_ priority: UILayoutPriority, for axis: NSLayoutConstraint.Axis) {
        if axis == .horizontal { autoLayout.hugging.horizontal = priority } else { autoLayout.hugging.vertical = priority }
        layoutEngineInputChanged()
    }

    /// How much the view resists shrinking below its intrinsic size on an axis (750 unless set).
    public func contentCompressionResistancePriority(for axis: NSLayoutConstraint.Axis) -> UILayoutPriority {
        axis == .horizontal ? autoLayout.compressionResistance.horizontal : autoLayout.compressionResistance.vertical
    }

    /// Sets how much the view resists shrinking below its intrinsic size on an axis.
    public func setContentCompressionResistancePriority(_ priority: UILayoutPriority, for axis: NSLayoutConstraint.Axis) {
        if axis == .horizontal {
            autoLayout.compressionResistance.horizontal = priority
        } else {
            autoLayout.compressionResistance.vertical = priority
        }
        layoutEngineInputChanged()
    }

    /// Tells the layout engine the intrinsic content size changed.
    public func invalidateIntrinsicContentSize() {
        layoutEngineInputChanged()
    }

    /// The smallest (or largest) size that satisfies the constraints of the view and its
    /// subviews, nearest the target: `layoutFittingCompressedSize` or
    /// `layoutFittingExpandedSize`, or any size.
    public func systemLayoutSizeFitting(_ targetSize: CGSize) -> CGSize {
        systemLayoutSizeFitting(targetSize, withHorizontalFittingPriority: .fittingSizeLevel, verticalFittingPriority: .fittingSizeLevel)
    }

    /// The size that satisfies the constraints nearest the target, each axis held to it at a priority.
    public func systemLayoutSizeFitting(
        _ targetSize: CGSize, withHorizontalFittingPriority horizontalFittingPriority: UILayoutPriority,
        verticalFittingPriority: UILayoutPriority
    ) -> CGSize {
        let engine = LayoutEngine(root: self, fitting: (targetSize, horizontalFittingPriority, verticalFittingPriority))
        engine.update()
        return engine.solvedFrame(of: self)?.size ?? bounds.size
    }

    // MARK: Guides and margins

    /// The layout guides added to the view.
    public var layoutGuides: [UILayoutGuide] { autoLayout.guides }

    /// Adds a layout guide to the view.
    public func addLayoutGuide(_ guide: UILayoutGuide) {
        guard !autoLayout.guides.contains(where: { $0 === guide }) else { return }
        guide.owningView?.removeLayoutGuide(guide)
        autoLayout.guides.append(guide)
        guide.owningView = self
        layoutEngineInputChanged()
    }

    /// Removes a layout guide from the view.
    public func removeLayoutGuide(_ guide: UILayoutGuide) {
        guard autoLayout.guides.contains(where: { $0 === guide }) else { return }
        autoLayout.guides.removeAll { $0 === guide }
        guide.owningView = nil
        layoutEngineInputChanged()
    }

    /// The part of the view its window's status bar, home indicator and bars leave free.
    public var safeAreaLayoutGuide: UILayoutGuide {
        if let guide = autoLayout.safeAreaGuide { return guide }
        let guide = UILayoutGuide(role: .safeArea, owner: self)
        autoLayout.safeAreaGuide = guide
        return guide
    }

    /// The view's bounds inside its layout margins (inside the safe area unless
    /// `insetsLayoutMarginsFromSafeArea` is false).
    public var layoutMarginsGuide: UILayoutGuide {
        if let guide = autoLayout.marginsGuide { return guide }
        let guide = UILayoutGuide(role: .margins, owner: self)
        autoLayout.marginsGuide = guide
        return guide
    }

    // MARK: The engine

    /// The topmost view of the tree.
    var rootView: UIView {
        var view = self
        while let parent = view.superview { view = parent }
        return view
    }

    /// The root view of the tree, when the tree uses constraints.
    var layoutEngineRoot: UIView? {
        let root = rootView
        return root.autoLayout.subtreeUsesConstraints ? root : nil
    }

    /// The engine of the tree this view is in, when it has one.
    var layoutEngine: LayoutEngine? { autoLayout.engine }

    /// Something the engine reads changed: the next layout pass solves again.
    func layoutEngineInputChanged() {
        let root = rootView
        root.autoLayout.engine?.isDirty = true
        root.setNeedsLayout()
    }
}

/// Edge insets by leading and trailing edge, as UIKit's `NSDirectionalEdgeInsets`.
public struct NSDirectionalEdgeInsets: Hashable, Sendable {
    public var top: CGFloat
    public var leading: CGFloat
    public var bottom: CGFloat
    public var trailing: CGFloat

    public init() { self.init(top: 0, leading: 0, bottom: 0, trailing: 0) }

    public init(top: CGFloat, leading: CGFloat, bottom: CGFloat, trailing: CGFloat) {
        self.top = top
        self.leading = leading
        self.bottom = bottom
        self.trailing = trailing
    }

    public static let zero = NSDirectionalEdgeInsets()
}
