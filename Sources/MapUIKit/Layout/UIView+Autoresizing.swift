import Foundation

extension UIView {
    /// Which of a view's margins and sizes follow its superview's size, as UIKit's
    /// `UIView.AutoresizingMask` (springs and struts).
    public struct AutoresizingMask: OptionSet, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static let flexibleLeftMargin = AutoresizingMask(rawValue: 1 << 0)
        public static let flexibleWidth = AutoresizingMask(rawValue: 1 << 1)
        public static let flexibleRightMargin = AutoresizingMask(rawValue: 1 << 2)
        public static let flexibleTopMargin = AutoresizingMask(rawValue: 1 << 3)
        public static let flexibleHeight = AutoresizingMask(rawValue: 1 << 4)
        public static let flexibleBottomMargin = AutoresizingMask(rawValue: 1 << 5)
    }

    /// How the view follows its superview's size changes (none by default).
    public var autoresizingMask: AutoresizingMask {
        get { autoLayout.autoresizingMask }
        set { autoLayout.autoresizingMask = newValue }
    }

    /// Whether subviews follow this view's size changes by their autoresizing masks (true).
    public var autoresizesSubviews: Bool {
        get { autoLayout.autoresizesSubviews }
        set { autoLayout.autoresizesSubviews = newValue }
    }

    /// Moves and resizes subviews that translate their autoresizing masks after the bounds
    /// changed from `oldSize`: each axis's change is shared by its flexible parts (left margin,
    /// width, right margin) in proportion to their sizes (evenly when those are all zero).
    func resizeSubviews(from oldSize: CGSize) {
        guard autoresizesSubviews, oldSize.isFinite else { return }
        let newSize = bounds.size
        for subview in subviews where subview.autoLayout.translatesAutoresizingMask && !subview.autoresizingMask.isEmpty {
            let mask = subview.autoresizingMask
            var frame = subview.frame
            let horizontal = Self.share(
                newSize.width - oldSize.width, parts: (frame.minX, frame.width, oldSize.width - frame.maxX),
                flexible: (mask.contains(.flexibleLeftMargin), mask.contains(.flexibleWidth), mask.contains(.flexibleRightMargin)))
            let vertical = Self.share(
                newSize.height - oldSize.height, parts: (frame.minY, frame.height, oldSize.height - frame.maxY),
                flexible: (mask.contains(.flexibleTopMargin), mask.contains(.flexibleHeight), mask.contains(.flexibleBottomMargin)))
            frame.origin.x += horizontal.0
            frame.size.width = max(0, frame.width + horizontal.1)
            frame.origin.y += vertical.0
            frame.size.height = max(0, frame.height + vertical.1)
            if frame.isFinite, frame != subview.frame { subview.frame = frame }
        }
    }

    /// How much of `delta` the leading margin and the size take.
    private static func share(
        _ delta: CGFloat, parts: (CGFloat, CGFloat, CGFloat), flexible: (Bool, Bool, Bool)
    ) -> (CGFloat, CGFloat) {
        guard delta != 0, delta.isFinite else { return (0, 0) }
        let sizes = [flexible.0 ? max(0, parts.0) : 0, flexible.1 ? max(0, parts.1) : 0, flexible.2 ? max(0, parts.2) : 0]
        let count = [flexible.0, flexible.1, flexible.2].filter { $0 }.count
        guard count > 0 else { return (0, 0) }
        let total = sizes.reduce(0, +)
        let weights = total > 0 ? sizes.map { $0 / total } : [flexible.0, flexible.1, flexible.2].map { $0 ? 1 / CGFloat(count) : 0 }
        return (delta * weights[0], delta * weights[1])
    }

    /// A view's frame changed: when constraints may depend on it (it is the root of a tree
    /// that uses constraints, or translates its frame into constraints in such a tree), the
    /// next layout pass solves again.
    func frameMayMatterToConstraints() {
        if superview == nil {
            if autoLayout.subtreeUsesConstraints { layoutEngineInputChanged() }
        } else if autoLayout.translatesAutoresizingMask, superview?.autoLayout.subtreeUsesConstraints == true {
            layoutEngineInputChanged()
        }
    }

    /// Before this view leaves `parent`: constraints installed above it that relate an item
    /// inside it are deactivated, as UIKit removes them.
    func deactivateConstraintsLeaving(from parent: UIView) {
        var ancestor: UIView? = parent
        while let view = ancestor {
            for constraint in view.autoLayout.constraints where relatesItem(inside: constraint) {
                constraint.isActive = false
            }
            ancestor = view.superview
        }
    }

    private func relatesItem(inside constraint: NSLayoutConstraint) -> Bool {
        for item in [constraint.firstLayoutItem, constraint.secondLayoutItem] {
            if let owner = item?.layoutOwner, owner.isDescendant(of: self) { return true }
        }
        return false
    }
}
