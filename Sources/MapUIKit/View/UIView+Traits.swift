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
            if current.superview == nil, current.windowUserInterfaceStyle != .unspecified { return current.windowUserInterfaceStyle }
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
    public var safeAreaInsets: UIEdgeInsets {
        guard let superview else { return windowSafeAreaInsets }
        let outer = superview.safeAreaInsets, frame = self.frame, size = superview.bounds.size
        return UIEdgeInsets(
            top: max(0, outer.top - frame.minY), left: max(0, outer.left - frame.minX),
            bottom: max(0, outer.bottom - (size.height - frame.maxY)), right: max(0, outer.right - (size.width - frame.maxX)))
    }

    /// Sets the window's safe-area insets on a root view (a host's job) and tells the tree.
    package func setWindowSafeAreaInsets(_ insets: UIEdgeInsets) {
        let usable = UIEdgeInsets(
            top: Self.usableInset(insets.top), left: Self.usableInset(insets.left),
            bottom: Self.usableInset(insets.bottom), right: Self.usableInset(insets.right))
        guard usable != windowSafeAreaInsets else { return }
        windowSafeAreaInsets = usable
        func visit(_ view: UIView) {
            view.safeAreaInsetsDidChange()
            view.subviews.forEach(visit)
        }
        visit(self)
        layoutEngineInputChanged()
    }

    /// Sets the window's appearance on a root view (a host's job) and tells the tree.
    package func setWindowUserInterfaceStyle(_ style: UIUserInterfaceStyle) {
        let before = appearances()
        windowUserInterfaceStyle = style
        appearanceMayHaveChanged(from: before)
    }

    /// An inset a window may have: finite, 0...10,000 points.
    private static func usableInset(_ value: CGFloat) -> CGFloat {
        value.isFinite ? min(max(value, 0), 10_000) : 0
    }
}
