import Foundation

extension UIView {
    /// The view's traits: its appearance is its own `overrideUserInterfaceStyle`, else its
    /// superview's, else the window's (light unless a host says otherwise).
    public var traitCollection: UITraitCollection {
        UITraitCollection(userInterfaceStyle: effectiveUserInterfaceStyle)
    }

    var effectiveUserInterfaceStyle: UIUserInterfaceStyle {
        var view: UIView? = self
        while let current = view {
            if current.overrideUserInterfaceStyle != .unspecified { return current.overrideUserInterfaceStyle }
            if current.superview == nil, let window = current as? UIWindow, window.screenUserInterfaceStyle != .unspecified {
                return window.screenUserInterfaceStyle
            }
            view = current.superview
        }
        return .light
    }

    /// Tells the view and its subviews that their appearance may have changed, calling
    /// `traitCollectionDidChange(_:)` on each whose appearance did.
    func appearanceMayHaveChanged(from previous: [ObjectIdentifier: UIUserInterfaceStyle]) {
        let now = effectiveUserInterfaceStyle
        let before = previous[ObjectIdentifier(self)] ?? now
        if before != now {
            traitCollectionDidChange(UITraitCollection(userInterfaceStyle: before))
            noteVisualChange()
        }
        for subview in subviews { subview.appearanceMayHaveChanged(from: previous) }
    }

    /// Each view's appearance in this tree, before a change.
    func appearances() -> [ObjectIdentifier: UIUserInterfaceStyle] {
        var styles: [ObjectIdentifier: UIUserInterfaceStyle] = [:]
        func visit(_ view: UIView) {
            styles[ObjectIdentifier(view)] = view.effectiveUserInterfaceStyle
            view.subviews.forEach(visit)
        }
        visit(self)
        return styles
    }

    /// The safe area: the part of the view not covered by the window's insets (status bar,
    /// home indicator), in the view's own coordinates. The root view takes its window's insets
    /// (a host sets them; zero by default); a subview takes what of its superview's reaches it.
    /// A view controller's view adds the controller's `additionalSafeAreaInsets` and what its
    /// container covers (a navigation bar).
    public var safeAreaInsets: UIEdgeInsets {
        let added = viewController?.safeAreaAdditions ?? .zero
        guard let superview else { return ((self as? UIWindow)?.screenSafeAreaInsets ?? .zero).adding(added) }
        let outer = superview.safeAreaInsets, frame = self.frame, size = superview.bounds.size
        return UIEdgeInsets(
            top: max(0, outer.top - frame.minY), left: max(0, outer.left - frame.minX),
            bottom: max(0, outer.bottom - (size.height - frame.maxY)), right: max(0, outer.right - (size.width - frame.maxX))
        ).adding(added)
    }

    /// The safe rectangle that bounds this view's safe area, in the root's coordinates: the
    /// nearest view controller view (this one or above) that adds insets, cut by its safe
    /// area; else the root's. It does not depend on this view's own frame, so layout can
    /// solve the view's safe-area guide against it.
    var safeAreaBoundary: CGRect {
        let root = rootView
        var view: UIView? = self
        while let current = view, current !== root {
            if let added = current.viewController?.safeAreaAdditions, added != .zero {
                return current.convert(current.bounds, to: root).inset(by: current.safeAreaInsets)
            }
            view = current.superview
        }
        return root.bounds.inset(by: root.safeAreaInsets)
    }

    /// Tells the view and its subviews (and their controllers) that their safe areas may have
    /// changed, and layout that its input did.
    func safeAreaMayHaveChanged() {
        func visit(_ view: UIView) {
            view.safeAreaInsetsDidChange()
            view.viewController?.viewSafeAreaInsetsDidChange()
            view.subviews.forEach(visit)
        }
        visit(self)
        layoutEngineInputChanged()
        setNeedsLayout()
    }
}

extension UIWindow {
    /// Sets the screen's safe-area insets (a host's job; each edge finite, 0...10,000 points)
    /// and tells the tree.
    package func setScreenSafeAreaInsets(_ insets: UIEdgeInsets) {
        let usable = UIEdgeInsets(
            top: Self.usableInset(insets.top), left: Self.usableInset(insets.left),
            bottom: Self.usableInset(insets.bottom), right: Self.usableInset(insets.right))
        guard usable != screenSafeAreaInsets else { return }
        screenSafeAreaInsets = usable
        safeAreaMayHaveChanged()
    }

    /// Sets the screen's appearance (a host's job) and tells the tree.
    package func setScreenUserInterfaceStyle(_ style: UIUserInterfaceStyle) {
        let before = appearances()
        screenUserInterfaceStyle = style
        appearanceMayHaveChanged(from: before)
    }

    /// An inset a window may have: finite, 0...10,000 points.
    private static func usableInset(_ value: CGFloat) -> CGFloat {
        value.isFinite ? min(max(value, 0), 10_000) : 0
    }
}

extension UIEdgeInsets {
    /// The sum of two insets, edge by edge.
    func adding(_ other: UIEdgeInsets) -> UIEdgeInsets {
        UIEdgeInsets(top: top + other.top, left: left + other.left, bottom: bottom + other.bottom, right: right + other.right)
    }
}
