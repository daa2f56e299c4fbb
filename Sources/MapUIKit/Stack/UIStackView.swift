import Foundation

/// Lays out a row or column of views with constraints, as UIKit's `UIStackView`: its
/// arranged subviews follow one another along the axis (`spacing` apart, sized by
/// `distribution`) and line up across it (`alignment`). Hidden arranged subviews take no
/// space. The stack makes its constraints itself, as UIKit does; it draws nothing.
@preconcurrency @MainActor
open class UIStackView: UIView {
    /// How arranged subviews share the stack's length.
    public enum Distribution: Int, Sendable {
        /// They fill it; hugging and compression resistance decide who grows or shrinks.
        case fill
        /// They fill it with equal lengths.
        case fillEqually
        /// They fill it in proportion to their intrinsic lengths.
        case fillProportionally
        /// Their intrinsic lengths, with equal gaps (at least `spacing`) between them.
        case equalSpacing
        /// Their centres equally far apart (gaps at least `spacing`).
        case equalCentering
    }

    /// How arranged subviews line up across the axis.
    public enum Alignment: Int, Sendable {
        case fill, leading, firstBaseline, center, trailing, lastBaseline
        public static let top = Alignment.leading
        public static let bottom = Alignment.trailing
    }

    /// A custom spacing that means "the stack's spacing".
    nonisolated public static let spacingUseDefault: CGFloat = .greatestFiniteMagnitude
    /// A custom spacing that means "the system spacing" (8 points).
    nonisolated public static let spacingUseSystem: CGFloat = -.greatestFiniteMagnitude

    /// The views the stack arranges, in order.
    public private(set) var arrangedSubviews: [UIView] = []
    /// The arranged views' identities: whether a view is arranged, without walking the list
    /// (a stack of thousands of views is built in linear time).
    private var arrangedIdentities: Set<ObjectIdentifier> = []
    /// Row (horizontal, the default) or column.
    open var axis: NSLayoutConstraint.Axis = .horizontal { didSet { arrange() } }
    /// How arranged subviews share the length (fill).
    open var distribution: Distribution = .fill { didSet { arrange() } }
    /// How arranged subviews line up across (fill).
    open var alignment: Alignment = .fill { didSet { arrange() } }
    /// The gap between arranged subviews (0).
    open var spacing: CGFloat = 0 { didSet { arrange() } }
    /// Whether the arrangement sits inside the layout margins (false: the bounds).
    open var isLayoutMarginsRelativeArrangement = false { didSet { arrange() } }
    /// Whether baselines are measured from the stack's first and last views (kept; true).
    open var isBaselineRelativeArrangement = false

    private var customSpacings: [ObjectIdentifier: CGFloat] = [:]
    private var made: [NSLayoutConstraint] = []
    private var guides: [UILayoutGuide] = []

    /// A stack of views.
    public convenience init(arrangedSubviews views: [UIView]) {
        self.init(frame: .zero)
        for view in views { addArrangedSubview(view) }
    }

    public override init(frame: CGRect) {
        super.init(frame: frame)
        isOpaque = false
    }

    /// Archives are not supported; always nil.
    public required init?(coder: NSCoder) { nil }

    override class var isOpaqueByDefault: Bool { false }

    /// Adds a view at the end (and as a subview).
    open func addArrangedSubview(_ view: UIView) {
        insertArrangedSubview(view, at: arrangedSubviews.count)
    }

    /// Inserts a view at an index of the arrangement (clamped into range).
    open func insertArrangedSubview(_ view: UIView, at stackIndex: Int) {
        guard view !== self else { return }
        if arrangedIdentities.contains(ObjectIdentifier(view)) { arrangedSubviews.removeAll { $0 === view } }
        arrangedSubviews.insert(view, at: min(max(stackIndex, 0), arrangedSubviews.count))
        arrangedIdentities.insert(ObjectIdentifier(view))
        view.translatesAutoresizingMaskIntoConstraints = false
        if view.superview !== self { addSubview(view) }
        arrange()
    }

    /// Takes a view out of the arrangement; it stays a subview (as in UIKit).
    open func removeArrangedSubview(_ view: UIView) {
        guard arrangedIdentities.remove(ObjectIdentifier(view)) != nil else { return }
        arrangedSubviews.removeAll { $0 === view }
        customSpacings[ObjectIdentifier(view)] = nil
        arrange()
    }

    /// Sets the gap after one arranged view.
    open func setCustomSpacing(_ spacing: CGFloat, after arrangedSubview: UIView) {
        customSpacings[ObjectIdentifier(arrangedSubview)] = spacing
        arrange()
    }

    /// The gap after one arranged view (`spacingUseDefault` when not set).
    open func customSpacing(after arrangedSubview: UIView) -> CGFloat {
        customSpacings[ObjectIdentifier(arrangedSubview)] ?? Self.spacingUseDefault
    }

    /// A subview left the stack: it leaves the arrangement too.
    func arrangedSubviewLeft(_ view: UIView) {
        guard arrangedIdentities.remove(ObjectIdentifier(view)) != nil else { return }
        arrangedSubviews.removeAll { $0 === view }
        customSpacings[ObjectIdentifier(view)] = nil
        arrange()
    }

    /// An arranged subview was shown or hidden.
    func arrangedSubviewVisibilityChanged() {
        arrange()
    }

    private func gap(after view: UIView) -> CGFloat {
        let custom = customSpacing(after: view)
        if custom == Self.spacingUseDefault { return spacing }
        if custom == Self.spacingUseSystem { return UIView.systemSpacing }
        return custom.isFinite ? custom : spacing
    }

    // MARK: The constraints

    /// Makes the stack's constraints again from its properties.
    /// Asks for the arrangement's constraints to be made again before the next layout pass
    /// (as UIKit's stack view does, in `updateConstraints()`): adding n views one by one then
    /// makes them once, not n times.
    private func arrange() {
        needsArrangement = true
        setNeedsUpdateConstraints()
    }

    open override func updateConstraints() {
        if needsArrangement {
            needsArrangement = false
            makeArrangement()
        }
        super.updateConstraints()
    }

    /// Whether the arrangement's constraints are to be made again.
    private var needsArrangement = false

    /// Makes the arrangement's constraints anew.
    private func makeArrangement() {
        NSLayoutConstraint.deactivate(made)
        made.removeAll()
        for guide in guides { removeLayoutGuide(guide) }
        guides.removeAll()
        let views = arrangedSubviews.filter { !$0.isHidden && $0.superview === self }
        guard !views.isEmpty else {
            setNeedsLayout()
            return
        }
        let container: LayoutItem = isLayoutMarginsRelativeArrangement ? layoutMarginsGuide : self
        let horizontal = axis == .horizontal
        let start: NSLayoutConstraint.Attribute = horizontal ? .leading : .top
        let end: NSLayoutConstraint.Attribute = horizontal ? .trailing : .bottom
        let length: NSLayoutConstraint.Attribute = horizontal ? .width : .height
        let crossStart: NSLayoutConstraint.Attribute = horizontal ? .top : .leading
        let crossEnd: NSLayoutConstraint.Attribute = horizontal ? .bottom : .trailing
        let crossCenter: NSLayoutConstraint.Attribute = horizontal ? .centerY : .centerX
        let crossLength: NSLayoutConstraint.Attribute = horizontal ? .height : .width

        func make(
            _ a: LayoutItem, _ attributeA: NSLayoutConstraint.Attribute, _ relation: NSLayoutConstraint.Relation,
            _ b: LayoutItem?, _ attributeB: NSLayoutConstraint.Attribute, multiplier: CGFloat = 1, constant: CGFloat = 0,
            priority: UILayoutPriority = .required, identifier: String
        ) {
            let constraint = NSLayoutConstraint(
                first: a, firstAttribute: attributeA, relation: relation, second: b, secondAttribute: attributeB,
                multiplier: multiplier, constant: constant)
            constraint.priority = priority
            constraint.identifier = identifier
            made.append(constraint)
        }

        // Along the axis: the ends touch the container, neighbours follow one another.
        make(views[0], start, .equal, container, start, identifier: "UISV-canvas-connection")
        make(container, end, .equal, views[views.count - 1], end, identifier: "UISV-canvas-connection")
        for (previous, next) in zip(views, views.dropFirst()) {
            let gap = self.gap(after: previous)
            switch distribution {
            case .fill, .fillEqually, .fillProportionally:
                make(next, start, .equal, previous, end, constant: gap, identifier: "UISV-spacing")
            case .equalSpacing:
                let guide = UILayoutGuide()
                guide.identifier = "UISV-distributing"
                addLayoutGuide(guide)
                guides.append(guide)
                make(guide, start, .equal, previous, end, identifier: "UISV-distributing-edge")
                make(next, start, .equal, guide, end, identifier: "UISV-distributing-edge")
                make(guide, length, .greaterThanOrEqual, nil, .notAnAttribute, constant: gap, identifier: "UISV-spacing")
                if let first = guides.first, first !== guide {
                    make(guide, length, .equal, first, length, identifier: "UISV-fill-equally")
                }
            case .equalCentering:
                let guide = UILayoutGuide()
                guide.identifier = "UISV-distributing"
                addLayoutGuide(guide)
                guides.append(guide)
                let center: NSLayoutConstraint.Attribute = horizontal ? .centerX : .centerY
                make(guide, start, .equal, previous, center, identifier: "UISV-distributing-edge")
                make(next, center, .equal, guide, end, identifier: "UISV-distributing-edge")
                make(next, start, .greaterThanOrEqual, previous, end, constant: gap, identifier: "UISV-spacing")
                if let first = guides.first, first !== guide {
                    make(guide, length, .equal, first, length, identifier: "UISV-fill-equally")
                }
            }
        }
        switch distribution {
        case .fillEqually:
            for view in views.dropFirst() { make(view, length, .equal, views[0], length, identifier: "UISV-fill-equally") }
        case .fillProportionally:
            let lengths = views.map { view -> CGFloat in
                let size = view.intrinsicContentSize
                let value = horizontal ? size.width : size.height
                return value > 0 && value.isFinite ? value : 0
            }
            if let reference = lengths.first, reference > 0 {
                for (view, value) in zip(views.dropFirst(), lengths.dropFirst()) where value > 0 {
                    make(view, length, .equal, views[0], length, multiplier: value / reference, priority: UILayoutPriority(999), identifier: "UISV-fill-proportionally")
                }
            }
        default:
            break
        }

        // Across the axis.
        for view in views {
            switch alignment {
            case .fill:
                make(view, crossStart, .equal, container, crossStart, identifier: "UISV-canvas-connection")
                make(container, crossEnd, .equal, view, crossEnd, identifier: "UISV-canvas-connection")
            case .leading:
                make(view, crossStart, .equal, container, crossStart, identifier: "UISV-canvas-connection")
                make(container, crossEnd, .greaterThanOrEqual, view, crossEnd, identifier: "UISV-spanning-boundary")
            case .trailing:
                make(container, crossEnd, .equal, view, crossEnd, identifier: "UISV-canvas-connection")
                make(view, crossStart, .greaterThanOrEqual, container, crossStart, identifier: "UISV-spanning-boundary")
            case .center:
                make(view, crossCenter, .equal, container, crossCenter, identifier: "UISV-alignment")
                make(view, crossStart, .greaterThanOrEqual, container, crossStart, identifier: "UISV-spanning-boundary")
            case .firstBaseline, .lastBaseline:
                if horizontal, view !== views[0] {
                    let baseline: NSLayoutConstraint.Attribute = alignment == .firstBaseline ? .firstBaseline : .lastBaseline
                    make(view, baseline, .equal, views[0], baseline, identifier: "UISV-alignment")
                } else if !horizontal {
                    make(view, crossStart, .equal, container, crossStart, identifier: "UISV-canvas-connection")
                }
                make(view, crossStart, .greaterThanOrEqual, container, crossStart, identifier: "UISV-spanning-boundary")
                make(container, crossEnd, .greaterThanOrEqual, view, crossEnd, identifier: "UISV-spanning-boundary")
            }
        }
        if alignment != .fill {
            // The stack hugs its largest view across when nothing else sizes it.
            make(container, crossLength, .equal, nil, .notAnAttribute, priority: .fittingSizeLevel - 1, identifier: "UISV-ambiguity-suppression")
        }
        NSLayoutConstraint.activate(made)
        setNeedsLayout()
    }
}
