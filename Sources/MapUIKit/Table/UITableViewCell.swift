import Foundation
import MapDrawing

/// A table row, as UIKit's `UITableViewCell`: a content view with the style's labels and
/// image, an accessory at the trailing edge, and the highlight and selection drawn behind
/// them as iOS 17 does.
@preconcurrency @MainActor
open class UITableViewCell: UIView {
    /// The four built-in layouts of the labels.
    public enum CellStyle: Int, Sendable {
        /// An image and one label.
        case `default`
        /// A label on the left, a grey detail on the right.
        case value1
        /// A small tinted label in a column, its detail beside it.
        case value2
        /// A label with a smaller detail under it.
        case subtitle
    }

    /// What the trailing edge shows.
    public enum AccessoryType: Int, Sendable {
        case none, disclosureIndicator, detailDisclosureButton, checkmark, detailButton
    }

    /// How a selected row looks.
    public enum SelectionStyle: Int, Sendable {
        case none, blue, gray, `default`
    }

    /// What editing a row would do.
    public enum EditingStyle: Int, Sendable {
        case none, delete, insert
    }

    /// The style it was made with.
    public let style: CellStyle
    /// The identifier it is reused under, if any.
    public let reuseIdentifier: String?

    /// The view the labels live in: the cell less its accessory.
    public let contentView = UIView()
    private let titleLabel = UILabel()
    private let detailLabel = UILabel()
    private let imageHolder = UIImageView()

    /// The main label.
    open var textLabel: UILabel? { titleLabel }
    /// The detail label (nil for the default style).
    open var detailTextLabel: UILabel? { style == .default ? nil : detailLabel }
    /// The leading image's view.
    open var imageView: UIImageView? { imageHolder }

    /// The trailing accessory (none).
    open var accessoryType: AccessoryType = .none { didSet { setNeedsLayout(); setNeedsDisplay() } }
    /// A view in place of the accessory type.
    open var accessoryView: UIView? {
        didSet {
            oldValue?.removeFromSuperview()
            if let accessoryView { addSubview(accessoryView) }
            setNeedsLayout()
        }
    }
    /// How selection looks (`.default`: grey).
    open var selectionStyle: SelectionStyle = .default { didSet { setNeedsDisplay() } }
    /// A view shown behind the content in place of the background.
    open var backgroundView: UIView? {
        didSet {
            oldValue?.removeFromSuperview()
            if let backgroundView { insertSubview(backgroundView, at: 0) }
            setNeedsLayout()
        }
    }
    /// A view shown behind the content while highlighted or selected.
    open var selectedBackgroundView: UIView? {
        didSet {
            oldValue?.removeFromSuperview()
            setNeedsLayout()
            updateSelectedBackground()
        }
    }
    /// Where the separator under the cell starts and ends (the table's unless set).
    open var separatorInset: UIEdgeInsets {
        get { ownSeparatorInset ?? tableSeparatorInset }
        set { ownSeparatorInset = newValue; setNeedsDisplay() }
    }
    private var ownSeparatorInset: UIEdgeInsets?
    /// How far the content is indented, in `indentationWidth` steps.
    open var indentationLevel = 0 { didSet { setNeedsLayout() } }
    /// One indentation step (10 points).
    open var indentationWidth: CGFloat = 10 { didSet { setNeedsLayout() } }
    /// Whether the cell is in editing mode (kept; editing controls are not drawn).
    open var isEditing = false
    /// Sets editing mode.
    open func setEditing(_ editing: Bool, animated: Bool) { isEditing = editing }

    /// Whether a finger is on the row.
    open var isHighlighted: Bool {
        get { highlightedState }
        set { setHighlighted(newValue, animated: false) }
    }
    /// Whether the row is selected.
    open var isSelected: Bool {
        get { selectedState }
        set { setSelected(newValue, animated: false) }
    }
    private var highlightedState = false
    private var selectedState = false

    /// Highlights the row or takes its highlight away.
    open func setHighlighted(_ highlighted: Bool, animated: Bool) {
        guard highlighted != highlightedState else { return }
        highlightedState = highlighted
        updateSelectedBackground()
        setNeedsDisplay()
    }

    /// Selects the row or deselects it.
    open func setSelected(_ selected: Bool, animated: Bool) {
        guard selected != selectedState else { return }
        selectedState = selected
        updateSelectedBackground()
        setNeedsDisplay()
    }

    /// Called before a reused cell is handed out again: it is no longer highlighted or
    /// selected. Subclasses reset what they configured.
    open func prepareForReuse() {
        highlightedState = false
        selectedState = false
        updateSelectedBackground()
        setNeedsDisplay()
    }

    // MARK: Making cells

    /// A cell of a style, reused under an identifier.
    public init(style: CellStyle, reuseIdentifier: String?) {
        self.style = style
        self.reuseIdentifier = reuseIdentifier
        super.init(frame: CGRect(x: 0, y: 0, width: 320, height: 44))
        setUpContent()
    }

    /// A default-style cell (what a registered class is made with when the table asks).
    public required convenience init() {
        let pending = UITableViewCell.pendingConstruction ?? (.default, nil)
        UITableViewCell.pendingConstruction = nil
        self.init(style: pending.style, reuseIdentifier: pending.identifier)
    }

    /// A default-style cell with a frame.
    public override convenience init(frame: CGRect) {
        self.init(style: .default, reuseIdentifier: nil)
        self.frame = frame
    }

    /// Archives are not supported; always nil.
    public required init?(coder: NSCoder) { nil }

    /// The style and identifier the next `init()` takes (set by a table making a registered
    /// class's cell: UIKit calls `init(style:reuseIdentifier:)` through the Objective-C runtime).
    static var pendingConstruction: (style: CellStyle, identifier: String?)?

    /// Makes a registered class's cell with its identifier.
    static func make(_ kind: UITableViewCell.Type, identifier: String) -> UITableViewCell {
        pendingConstruction = (.default, identifier)
        let cell = kind.init()
        pendingConstruction = nil
        return cell
    }

    private func setUpContent() {
        contentView.backgroundColor = nil
        addSubview(contentView)
        titleLabel.font = .systemFont(ofSize: style == .value2 ? 15 : 17, weight: style == .value2 ? .semibold : .regular)
        titleLabel.textColor = style == .value2 ? tintColor : .label
        if style == .value2 { titleLabel.textAlignment = .right }
        detailLabel.font = .systemFont(ofSize: style == .subtitle ? 12 : style == .value2 ? 15 : 17)
        detailLabel.textColor = style == .value1 ? .secondaryLabel : .label
        if style == .value1 { detailLabel.textAlignment = .right }
        contentView.addSubview(imageHolder)
        contentView.addSubview(titleLabel)
        if style != .default { contentView.addSubview(detailLabel) }
    }

    override class var isOpaqueByDefault: Bool { false }

    // MARK: What the table sets

    /// The table's separator inset, for cells that set none.
    var tableSeparatorInset = UIEdgeInsets(top: 0, left: 20, bottom: 0, right: 0)
    /// Whether a separator is drawn under the cell, and its colour.
    var separatorColor: UIColor? = .separator
    /// The background the table's style gives when the cell sets none.
    var styleBackground: UIColor = .systemBackground
    /// Which corners are rounded (an inset grouped section's first and last rows) and how much.
    var roundedCorners: (top: Bool, bottom: Bool, radius: CGFloat) = (false, false, 0)

    // MARK: Layout

    /// The accessory's width, before the trailing margin.
    private var accessoryWidth: CGFloat {
        if let accessoryView { return accessoryView.bounds.width > 0 ? accessoryView.bounds.width : accessoryView.intrinsicContentSize.width }
        switch accessoryType {
        case .none: return 0
        case .disclosureIndicator, .checkmark: return 14
        case .detailButton: return 22
        case .detailDisclosureButton: return 22 + 12 + 9
        }
    }

    /// The side margins of the cell's content (20 points on a phone 375 points wide or more).
    var sideMargin: CGFloat { bounds.width >= 375 ? 20 : 16 }

    /// Where the accessory is drawn, in the cell's coordinates.
    var accessoryRect: CGRect {
        let width = accessoryWidth
        guard width > 0 else { return .zero }
        return CGRect(x: bounds.width - sideMargin - width, y: 0, width: width, height: bounds.height)
    }

    open override func layoutSubviews() {
        super.layoutSubviews()
        backgroundView?.frame = bounds
        selectedBackgroundView?.frame = bounds
        let accessory = accessoryRect
        let contentWidth = accessory.width > 0 ? accessory.minX - 8 : bounds.width
        contentView.frame = CGRect(x: 0, y: 0, width: max(0, contentWidth), height: bounds.height)
        if let accessoryView {
            let size = accessoryView.bounds.size == .zero ? accessoryView.intrinsicContentSize : accessoryView.bounds.size
            accessoryView.frame = CGRect(x: accessory.minX, y: (bounds.height - size.height) / 2, width: size.width, height: size.height)
        }
        layoutLabels(in: contentView.bounds)
    }

    private func layoutLabels(in area: CGRect) {
        let margin = sideMargin + CGFloat(max(0, min(indentationLevel, 100))) * indentationWidth
        var x = margin
        if let image = imageHolder.image, image.size.width > 0 {
            let size = image.size
            imageHolder.frame = CGRect(x: x, y: (area.height - size.height) / 2, width: size.width, height: size.height)
            x += size.width + 16
        } else {
            imageHolder.frame = .zero
        }
        let trailing = area.width - (accessoryRect.width > 0 ? 0 : sideMargin)
        let width = max(0, trailing - x)
        let title = titleLabel.sizeThatFits(CGSize(width: width, height: 0))
        switch style {
        case .default:
            titleLabel.frame = CGRect(x: x, y: (area.height - title.height) / 2, width: width, height: title.height)
        case .subtitle:
            let detail = detailLabel.sizeThatFits(CGSize(width: width, height: 0))
            let hasDetail = detailLabel.text?.isEmpty == false
            let total = title.height + (hasDetail ? 3 + detail.height : 0)
            let top = (area.height - total) / 2
            titleLabel.frame = CGRect(x: x, y: top, width: width, height: title.height)
            detailLabel.frame = hasDetail ? CGRect(x: x, y: top + title.height + 3, width: width, height: detail.height) : .zero
        case .value1:
            let detail = detailLabel.sizeThatFits(CGSize(width: width, height: 0))
            let detailWidth = min(detail.width, width / 2)
            detailLabel.frame = CGRect(x: trailing - detailWidth, y: (area.height - detail.height) / 2, width: detailWidth, height: detail.height)
            let titleWidth = max(0, min(title.width, width - detailWidth - 8))
            titleLabel.frame = CGRect(x: x, y: (area.height - title.height) / 2, width: titleWidth, height: title.height)
        case .value2:
            let column: CGFloat = 91
            titleLabel.frame = CGRect(x: x, y: (area.height - title.height) / 2, width: min(column, width), height: title.height)
            let detailX = x + column + 6
            let detail = detailLabel.sizeThatFits(CGSize(width: max(0, trailing - detailX), height: 0))
            detailLabel.frame = CGRect(x: detailX, y: (area.height - detail.height) / 2, width: max(0, trailing - detailX), height: detail.height)
        }
    }

    /// The height the built-in labels need at a width: 44 points for one line, more for a
    /// subtitle or wrapped text.
    func fittingHeight(width: CGFloat) -> CGFloat {
        if !contentView.constraints.isEmpty || contentView.subviews.contains(where: { !$0.constraints.isEmpty || !$0.translatesAutoresizingMaskIntoConstraints }) {
            let fitted = contentView.systemLayoutSizeFitting(
                CGSize(width: width, height: 0), withHorizontalFittingPriority: .required, verticalFittingPriority: .fittingSizeLevel)
            if fitted.height.isFinite, fitted.height > 0 { return min(max(fitted.height, 44), UITableView.maximumRowHeight) }
        }
        let textWidth = max(0, width - 2 * sideMargin - accessoryWidth - (imageHolder.image.map { $0.size.width + 16 } ?? 0))
        let title = titleLabel.sizeThatFits(CGSize(width: textWidth, height: 0)).height
        var height = title + 22
        if style == .subtitle, detailLabel.text?.isEmpty == false {
            height += 3 + detailLabel.sizeThatFits(CGSize(width: textWidth, height: 0)).height
        }
        if let image = imageHolder.image { height = max(height, image.size.height + 8) }
        return min(max(44, height.rounded(.up)), UITableView.maximumRowHeight)
    }

    // MARK: Drawing

    private var showsSelection: Bool { (highlightedState || selectedState) && selectionStyle != .none }

    private func updateSelectedBackground() {
        guard let selectedBackgroundView else { return }
        if showsSelection {
            if selectedBackgroundView.superview !== self { insertSubview(selectedBackgroundView, at: backgroundView == nil ? 0 : 1) }
        } else {
            selectedBackgroundView.removeFromSuperview()
        }
    }

    /// The cell's shape: a rectangle, or with an inset grouped section's rounded ends.
    private var shape: Path {
        let rect = CGRect(origin: .zero, size: bounds.size)
        let (top, bottom, radius) = roundedCorners
        guard radius > 0, top || bottom else { return .rect(rect) }
        let r = min(radius, rect.height / 2, rect.width / 2)
        var path = Path()
        path.move(to: CGPoint(x: rect.minX, y: top ? rect.minY + r : rect.minY))
        if top {
            path.arc(center: CGPoint(x: rect.minX + r, y: rect.minY + r), radius: r, startAngle: .pi, endAngle: 1.5 * .pi)
            path.line(to: CGPoint(x: rect.maxX - r, y: rect.minY))
            path.arc(center: CGPoint(x: rect.maxX - r, y: rect.minY + r), radius: r, startAngle: 1.5 * .pi, endAngle: 2 * .pi)
        } else {
            path.line(to: CGPoint(x: rect.maxX, y: rect.minY))
        }
        if bottom {
            path.line(to: CGPoint(x: rect.maxX, y: rect.maxY - r))
            path.arc(center: CGPoint(x: rect.maxX - r, y: rect.maxY - r), radius: r, startAngle: 0, endAngle: 0.5 * .pi)
            path.line(to: CGPoint(x: rect.minX + r, y: rect.maxY))
            path.arc(center: CGPoint(x: rect.minX + r, y: rect.maxY - r), radius: r, startAngle: 0.5 * .pi, endAngle: .pi)
        } else {
            path.line(to: CGPoint(x: rect.maxX, y: rect.maxY))
            path.line(to: CGPoint(x: rect.minX, y: rect.maxY))
        }
        path.close()
        return path
    }

    open override func draw(_ rect: CGRect) {
        guard let canvas = UIGraphicsGetCurrentContext()?.canvas else { return }
        let shape = self.shape
        if backgroundView == nil {
            let background = backgroundColor ?? styleBackground
            if background.color.alpha > 0 { canvas.fill(shape, with: background.color) }
        }
        if showsSelection, selectedBackgroundView == nil {
            canvas.fill(shape, with: UIColor.systemGray4.color)
        }
        drawAccessory(in: canvas)
        if let separatorColor, !roundedCorners.bottom || roundedCorners.radius == 0 {
            let hairline = 1 / max(UIScreen.defaultScale, 1)
            let inset = separatorInset
            let start = max(0, inset.left), end = bounds.width - max(0, inset.right)
            if end > start {
                canvas.fill(.rect(CGRect(x: start, y: bounds.height - hairline, width: end - start, height: hairline)), with: separatorColor.color)
            }
        }
    }

    private func drawAccessory(in canvas: Canvas) {
        guard accessoryView == nil else { return }
        let area = accessoryRect
        guard area.width > 0 else { return }
        let midY = area.midY
        switch accessoryType {
        case .none:
            break
        case .disclosureIndicator:
            drawChevron(in: canvas, x: area.maxX - 8, midY: midY)
        case .checkmark:
            var check = Path()
            check.move(to: CGPoint(x: area.minX, y: midY))
            check.line(to: CGPoint(x: area.minX + 5, y: midY + 5.5))
            check.line(to: CGPoint(x: area.maxX, y: midY - 6.5))
            canvas.stroke(check, with: tintColor.color, style: StrokeStyle(width: 2.2, cap: .round, join: .round))
        case .detailButton:
            drawInfoButton(in: canvas, centre: CGPoint(x: area.maxX - 11, y: midY))
        case .detailDisclosureButton:
            drawInfoButton(in: canvas, centre: CGPoint(x: area.minX + 11, y: midY))
            drawChevron(in: canvas, x: area.maxX - 8, midY: midY)
        }
    }

    private func drawChevron(in canvas: Canvas, x: CGFloat, midY: CGFloat) {
        var chevron = Path()
        chevron.move(to: CGPoint(x: x, y: midY - 6.5))
        chevron.line(to: CGPoint(x: x + 6.5, y: midY))
        chevron.line(to: CGPoint(x: x, y: midY + 6.5))
        canvas.stroke(chevron, with: UIColor.tertiaryLabel.color, style: StrokeStyle(width: 2.2, cap: .round, join: .round))
    }

    private func drawInfoButton(in canvas: Canvas, centre: CGPoint) {
        let color = tintColor.color
        canvas.stroke(.ellipse(in: CGRect(x: centre.x - 10, y: centre.y - 10, width: 20, height: 20)), with: color, style: StrokeStyle(width: 1.5))
        canvas.fill(.ellipse(in: CGRect(x: centre.x - 1.2, y: centre.y - 5.8, width: 2.4, height: 2.4)), with: color)
        canvas.fill(.roundedRect(CGRect(x: centre.x - 1, y: centre.y - 1.5, width: 2, height: 7.5), cornerRadius: 1), with: color)
    }

    /// The detail button's area, where a tap tells the delegate.
    var detailButtonRect: CGRect? {
        let area = accessoryRect
        switch accessoryType {
        case .detailButton: return area.insetBy(dx: -8, dy: 0)
        case .detailDisclosureButton: return CGRect(x: area.minX - 8, y: 0, width: 38, height: bounds.height)
        default: return nil
        }
    }
}
