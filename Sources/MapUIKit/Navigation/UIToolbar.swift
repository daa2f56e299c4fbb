import Foundation

/// A toolbar's look, as UIKit's `UIToolbarAppearance`: its background and hairline.
@preconcurrency @MainActor
open class UIToolbarAppearance: UIBarAppearance {
    public override init() {
        super.init()
    }

    public override init(barAppearance: UIBarAppearance) {
        super.init(barAppearance: barAppearance)
    }

    /// A copy.
    open func copy() -> UIToolbarAppearance { UIToolbarAppearance(barAppearance: self) }
}

/// How a bar looks in UIKit before appearances (kept; appearances decide the look).
public enum UIBarStyle: Int, Sendable {
    case `default` = 0, black = 1
}

/// A bar of buttons at the bottom of a screen, as UIKit's `UIToolbar`, drawn like iOS 17:
/// its items in a 49-point row (on a phone with a home indicator; the background runs down
/// under the indicator), flexible spaces sharing what is left, fixed spaces their width.
/// Over content at its bottom edge the bar takes its scroll-edge appearance (transparent
/// unless set), otherwise its standard one, as since iOS 15.
@preconcurrency @MainActor
open class UIToolbar: UIView {
    /// The height of the toolbar's row of items on a phone with a home indicator.
    nonisolated public static let standardHeight: CGFloat = 49

    /// The items, leading to trailing.
    open var items: [UIBarButtonItem]? {
        didSet {
            for item in items ?? [] { item.onChange = { [weak self] in self?.itemsChanged() } }
            itemsChanged()
        }
    }
    /// The bar's style (kept; the appearances decide the look).
    open var barStyle: UIBarStyle = .default
    /// Whether the background lets content show through (kept; true).
    open var isTranslucent = true
    /// A background colour over the appearance's.
    open var barTintColor: UIColor? { didSet { setNeedsDisplay() } }
    /// The look over content that scrolls on below (iOS 17's bar material).
    open var standardAppearance = UIToolbarAppearance() { didSet { setNeedsDisplay() } }
    /// The look in a compact height (kept).
    open var compactAppearance: UIToolbarAppearance?
    /// The look over content at its bottom edge (nil: transparent).
    open var scrollEdgeAppearance: UIToolbarAppearance? { didSet { setNeedsDisplay() } }
    /// The look over content at its bottom edge in a compact height (kept).
    open var compactScrollEdgeAppearance: UIToolbarAppearance?

    /// Whether the content above the bar is at its bottom edge (a container says).
    var isAtScrollEdge = true {
        didSet { if isAtScrollEdge != oldValue { setNeedsDisplay() } }
    }

    /// The items' views, in the items' order (nil for a space).
    private var itemViews: [UIView?] = []

    public override init(frame: CGRect) {
        super.init(frame: frame)
    }

    public convenience init() {
        self.init(frame: .zero)
    }

    /// Archives are not supported; always nil.
    public required init?(coder: NSCoder) { nil }

    override class var isOpaqueByDefault: Bool { false }

    /// Sets the items.
    open func setItems(_ items: [UIBarButtonItem]?, animated: Bool) { self.items = items }

    open override func sizeThatFits(_ size: CGSize) -> CGSize { CGSize(width: size.width, height: Self.standardHeight) }

    open override var intrinsicContentSize: CGSize { CGSize(width: UIView.noIntrinsicMetric, height: Self.standardHeight) }

    private func itemsChanged() {
        for case let view? in itemViews { view.removeFromSuperview() }
        itemViews = (items ?? []).filter { !$0.isHidden }.map { item in
            item.systemItem == .flexibleSpace || item.systemItem == .fixedSpace ? nil : item.makeBarView()
        }
        for case let view? in itemViews { addSubview(view) }
        setNeedsLayout()
    }

    // MARK: Layout and drawing

    open override func layoutSubviews() {
        super.layoutSubviews()
        let shown = (items ?? []).filter { !$0.isHidden }
        guard shown.count == itemViews.count else { return }
        let margin: CGFloat = 16, spacing: CGFloat = 8
        // Widths: views their own, fixed spaces theirs, flexible spaces share what is left.
        var widths: [CGFloat] = []
        var flexible = 0
        for (item, view) in zip(shown, itemViews) {
            if let view {
                widths.append(UIBarButtonItem.barSize(of: view).width)
            } else if item.systemItem == .fixedSpace {
                widths.append(max(0, item.width.isFinite ? item.width : 0))
            } else {
                widths.append(0)
                flexible += 1
            }
        }
        let gaps = CGFloat(max(0, shown.count - 1)) * spacing
        let left = bounds.width - 2 * margin - widths.reduce(0, +) - gaps
        let share = flexible > 0 ? max(0, left) / CGFloat(flexible) : 0
        // Without flexible space the items sit at the leading edge, as in UIKit.
        var x = margin
        let rowMid = Self.standardHeight / 2
        for (index, view) in itemViews.enumerated() {
            let width = view == nil && shown[index].systemItem == .flexibleSpace ? share : widths[index]
            if let view {
                let size = UIBarButtonItem.barSize(of: view)
                view.frame = CGRect(x: x, y: rowMid - size.height / 2, width: width, height: size.height)
            }
            x += width + spacing
        }
    }

    /// The appearance in effect for the content's position.
    private var appearance: UIBarAppearance {
        if isAtScrollEdge {
            if let edge = scrollEdgeAppearance { return edge }
            let transparent = UIToolbarAppearance()
            transparent.configureWithTransparentBackground()
            return transparent
        }
        return standardAppearance
    }

    open override func draw(_ rect: CGRect) {
        appearance.drawBar(in: bounds, tint: barTintColor, hairlineAtTop: true)
    }
}
