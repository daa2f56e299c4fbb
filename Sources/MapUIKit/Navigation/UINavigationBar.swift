import Foundation
import MapDrawing

/// The bar at the top of a navigation controller, as UIKit's `UINavigationBar`, drawn like
/// iOS 17: a back button (a chevron and the previous title), the left and right bar button
/// items, the title centred in 44 points (17-point semibold), or a large title (34-point
/// bold) under them when `prefersLargeTitles` says so. Its background runs up under the
/// status bar. Over content at its top edge the bar takes its scroll-edge appearance
/// (transparent unless set), otherwise its standard one, as since iOS 15.
@preconcurrency @MainActor
open class UINavigationBar: UIView {
    /// The height of the bar's row of buttons and title.
    nonisolated public static let standardHeight: CGFloat = 44
    /// The extra height of a large title.
    nonisolated public static let largeTitleHeight: CGFloat = 52

    /// The items, bottom (root) to top.
    open var items: [UINavigationItem]? {
        didSet {
            for item in items ?? [] { item.onChange = { [weak self] in self?.itemsChanged() } }
            itemsChanged()
        }
    }
    /// The item on top.
    open var topItem: UINavigationItem? { items?.last }
    /// The item under the top one (the back button's).
    open var backItem: UINavigationItem? {
        guard let items, items.count >= 2 else { return nil }
        return items[items.count - 2]
    }
    /// Whether titles show large, under the buttons (false).
    open var prefersLargeTitles = false { didSet { itemsChanged() } }
    /// The look over scrolled content (iOS 17's bar material).
    open var standardAppearance = UINavigationBarAppearance() { didSet { setNeedsDisplay() } }
    /// The look over content at its top edge (nil: transparent).
    open var scrollEdgeAppearance: UINavigationBarAppearance? { didSet { setNeedsDisplay() } }
    /// The look in a compact height (kept).
    open var compactAppearance: UINavigationBarAppearance?
    /// Whether the background lets content show through (kept; true).
    open var isTranslucent = true
    /// A background colour over the appearance's.
    open var barTintColor: UIColor? { didSet { setNeedsDisplay() } }
    /// The title's attributes.
    open var titleTextAttributes: [NSAttributedString.Key: Any]? { didSet { itemsChanged() } }
    /// The large title's attributes.
    open var largeTitleTextAttributes: [NSAttributedString.Key: Any]? { didSet { itemsChanged() } }

    /// Whether the content under the bar is at its top edge (a container says).
    var isAtScrollEdge = true {
        didSet { if isAtScrollEdge != oldValue { setNeedsDisplay() } }
    }
    /// Runs when the back button is tapped (a navigation controller pops).
    var onBack: (@MainActor () -> Void)?

    private let titleLabel = UILabel()
    private let largeTitleLabel = UILabel()
    private let backButton = BackButton()
    private var leftButtons: [UIView] = []
    private var rightButtons: [UIView] = []
    private var shownTitleView: UIView?

    public override init(frame: CGRect) {
        super.init(frame: frame)
        titleLabel.font = .systemFont(ofSize: 17, weight: .semibold)
        titleLabel.textColor = .label
        titleLabel.textAlignment = .center
        largeTitleLabel.font = .systemFont(ofSize: 34, weight: .bold)
        largeTitleLabel.textColor = .label
        backButton.addAction(UIAction { [weak self] _ in self?.onBack?() }, for: .touchUpInside)
        for view in [largeTitleLabel, titleLabel, backButton] as [UIView] { addSubview(view) }
    }

    public convenience init() {
        self.init(frame: .zero)
    }

    /// Archives are not supported; always nil.
    public required init?(coder: NSCoder) { nil }

    override class var isOpaqueByDefault: Bool { false }

    /// Pushes an item (a navigation controller pushes items for its controllers).
    open func pushItem(_ item: UINavigationItem, animated: Bool) { items = (items ?? []) + [item] }

    /// Pops the top item.
    @discardableResult
    open func popItem(animated: Bool) -> UINavigationItem? {
        guard var items, let top = items.popLast() else { return nil }
        self.items = items
        return top
    }

    /// Sets the items.
    open func setItems(_ items: [UINavigationItem]?, animated: Bool) { self.items = items }

    /// Whether the top item shows a large title.
    var showsLargeTitle: Bool {
        guard let top = topItem else { return false }
        switch top.largeTitleDisplayMode {
        case .always: return true
        case .never, .inline: return false
        case .automatic: return prefersLargeTitles
        }
    }

    /// The bar's height below the status bar: 44, 96 with a large title, and 52 more with a
    /// search bar.
    var contentHeight: CGFloat {
        Self.standardHeight + (showsLargeTitle ? Self.largeTitleHeight : 0) + (shownSearchBar == nil ? 0 : UISearchBar.standardHeight)
    }

    /// The top item's search bar, when it has a search controller.
    private var shownSearchBar: UISearchBar?

    open override func sizeThatFits(_ size: CGSize) -> CGSize { CGSize(width: size.width, height: contentHeight) }

    open override var intrinsicContentSize: CGSize { CGSize(width: UIView.noIntrinsicMetric, height: contentHeight) }

    // MARK: Items

    private func itemsChanged() {
        let top = topItem
        for view in leftButtons + rightButtons { view.removeFromSuperview() }
        shownTitleView?.removeFromSuperview()
        leftButtons = (top?.leftBarButtonItems ?? []).filter { !$0.isHidden }.map { $0.makeBarView() }
        rightButtons = (top?.rightBarButtonItems ?? []).filter { !$0.isHidden }.map { $0.makeBarView() }
        for view in leftButtons + rightButtons { addSubview(view) }
        shownTitleView = top?.titleView
        if let shownTitleView { addSubview(shownTitleView) }
        let searchBar = top?.searchController?.searchBar
        if shownSearchBar !== searchBar { shownSearchBar?.removeFromSuperview() }
        shownSearchBar = searchBar
        if let searchBar, searchBar.superview !== self { addSubview(searchBar) }
        let title = top?.title
        titleLabel.text = title
        largeTitleLabel.text = title
        apply(titleTextAttributes ?? [:], to: titleLabel)
        apply(largeTitleTextAttributes ?? [:], to: largeTitleLabel)
        if let back = backItem, !(top?.hidesBackButton ?? false), top?.leftBarButtonItems == nil || top?.leftItemsSupplementBackButton == true {
            backButton.isHidden = false
            backButton.title = back.backBarButtonItem?.title ?? back.backButtonTitle ?? back.title ?? "Back"
        } else {
            backButton.isHidden = true
        }
        invalidateIntrinsicContentSize()
        setNeedsLayout()
        setNeedsDisplay()
        // The bar's height may have changed: its container lays it out again.
        superview?.setNeedsLayout()
    }

    private func apply(_ attributes: [NSAttributedString.Key: Any], to label: UILabel) {
        if let font = attributes[.font] as? UIFont { label.font = font }
        if let color = attributes[.foregroundColor] as? UIColor { label.textColor = color }
    }

    // MARK: Layout and drawing

    open override func layoutSubviews() {
        super.layoutSubviews()
        let top = safeAreaInsets.top
        let row = CGRect(x: 0, y: top, width: bounds.width, height: Self.standardHeight)
        let margin: CGFloat = 16, spacing: CGFloat = 8
        var left = margin
        if !backButton.isHidden {
            let size = backButton.intrinsicContentSize
            backButton.frame = CGRect(x: 8, y: row.midY - size.height / 2, width: size.width, height: size.height)
            left = backButton.frame.maxX + spacing
        }
        for view in leftButtons {
            let size = UIBarButtonItem.barSize(of: view)
            view.frame = CGRect(x: left, y: row.midY - size.height / 2, width: size.width, height: size.height)
            left += size.width + spacing
        }
        var right = bounds.width - margin
        for view in rightButtons {
            let size = UIBarButtonItem.barSize(of: view)
            right -= size.width
            view.frame = CGRect(x: right, y: row.midY - size.height / 2, width: size.width, height: size.height)
            right -= spacing
        }
        // The title is centred in the bar when it fits between the items, else in the room left.
        let titleSize = shownTitleView.map(UIBarButtonItem.barSize(of:)) ?? titleLabel.intrinsicContentSize
        let room = max(0, right - left)
        let width = min(titleSize.width, room)
        var x = bounds.midX - width / 2
        x = min(max(x, left), right - width)
        let titleFrame = CGRect(x: x, y: row.midY - titleSize.height / 2, width: width, height: titleSize.height)
        if let shownTitleView {
            shownTitleView.frame = titleFrame
            titleLabel.isHidden = true
        } else {
            titleLabel.frame = titleFrame
            titleLabel.isHidden = showsLargeTitle
        }
        largeTitleLabel.isHidden = !showsLargeTitle
        if showsLargeTitle {
            let size = largeTitleLabel.intrinsicContentSize
            largeTitleLabel.frame = CGRect(x: margin, y: row.maxY + 3, width: min(size.width, bounds.width - 2 * margin), height: size.height)
        }
        if let shownSearchBar {
            let y = row.maxY + (showsLargeTitle ? Self.largeTitleHeight : 0)
            shownSearchBar.frame = CGRect(x: 0, y: y, width: bounds.width, height: UISearchBar.standardHeight)
        }
    }

    /// The appearance in effect: the top item's, else the bar's, for the content's position.
    private var appearance: UIBarAppearance {
        if isAtScrollEdge {
            if let edge = topItem?.scrollEdgeAppearance ?? scrollEdgeAppearance { return edge }
            let transparent = UINavigationBarAppearance()
            transparent.configureWithTransparentBackground()
            return transparent
        }
        return topItem?.standardAppearance ?? standardAppearance
    }

    open override func draw(_ rect: CGRect) {
        appearance.drawBar(in: bounds, tint: barTintColor, hairlineAtTop: false)
    }
}

/// The back button: a chevron and the previous screen's title, in the tint colour.
@MainActor
final class BackButton: UIControl {
    var title = "Back" {
        didSet {
            label.text = title
            invalidateIntrinsicContentSize()
            setNeedsLayout()
        }
    }
    private let label = UILabel()

    override init(frame: CGRect) {
        super.init(frame: frame)
        label.font = .systemFont(ofSize: 17)
        label.text = title
        addSubview(label)
    }

    required init?(coder: NSCoder) { nil }

    override class var isOpaqueByDefault: Bool { false }

    override var intrinsicContentSize: CGSize {
        let text = label.intrinsicContentSize
        return CGSize(width: 20 + text.width, height: max(text.height, 44))
    }

    override func layoutSubviews() {
        super.layoutSubviews()
        if label.textColor != tintColor { label.textColor = tintColor }
        let text = label.intrinsicContentSize
        label.frame = CGRect(x: 20, y: bounds.midY - text.height / 2, width: max(0, bounds.width - 20), height: text.height)
    }

    override func tintColorDidChange() {
        super.tintColorDidChange()
        label.textColor = tintColor
        setNeedsDisplay()
    }



    override func stateDidChange() {
        super.stateDidChange()
        label.alpha = isHighlighted ? 0.2 : 1
    }

    override func draw(_ rect: CGRect) {
        guard let canvas = UIGraphicsGetCurrentContext()?.canvas else { return }
        var chevron = Path()
        let y = bounds.midY
        chevron.move(to: CGPoint(x: 12, y: y - 10))
        chevron.line(to: CGPoint(x: 2, y: y))
        chevron.line(to: CGPoint(x: 12, y: y + 10))
        let color = tintColor.color
        canvas.stroke(chevron, with: isHighlighted ? color.withAlpha(color.alpha * 0.2) : color, style: StrokeStyle(width: 3, cap: .round, join: .round))
    }
}
