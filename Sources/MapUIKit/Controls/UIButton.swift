import Foundation
import MapDrawing

/// A button, as UIKit's `UIButton`: a title, subtitle and image in a `titleLabel`,
/// `subtitleLabel` and `imageView`, drawn like iOS 17 in light and dark by its
/// configuration (`UIButton.Configuration`) or by its type's per-state titles, colours and
/// images. A tap runs its `.touchUpInside` and `.primaryActionTriggered` actions.
@preconcurrency @MainActor
open class UIButton: UIControl {
    /// The kinds of button UIKit makes.
    public enum ButtonType: Int, Sendable {
        case custom = 0, system, detailDisclosure, infoLight, infoDark, contactAdd
        case close = 7
        /// A plain button that draws only its configuration.
        public static let plain = ButtonType.custom
        /// Deprecated in UIKit: the same as `.system`.
        public static let roundedRect = ButtonType.system
    }

    /// What a button is for; destructive buttons are red.
    public enum Role: Int, Sendable {
        case normal, primary, cancel, destructive
    }

    /// The type the button was made with.
    public private(set) var buttonType: ButtonType = .custom
    /// What the button is for (normal).
    open var role: Role = .normal { didSet { updateAppearance() } }

    /// The configuration that draws the button (nil: drawn by the per-state values).
    open var configuration: Configuration? {
        didSet { updateAppearance() }
    }

    /// Called whenever the button's state or configuration changes, to update the
    /// configuration.
    open var configurationUpdateHandler: (@MainActor (UIButton) -> Void)?

    /// Whether the primary action toggles `isSelected` (false).
    open var changesSelectionAsPrimaryAction = false

    /// The label showing the title.
    public private(set) var titleLabel: UILabel?
    /// The label showing the subtitle (configured buttons).
    public private(set) var subtitleLabel: UILabel?
    /// The view showing the image.
    public private(set) var imageView: UIImageView?

    private var titles: [UInt: String] = [:]
    private var titleColors: [UInt: UIColor] = [:]
    private var images: [UInt: UIImage] = [:]
    private var updatingConfiguration = false

    /// A custom button with a frame.
    public override init(frame: CGRect) {
        super.init(frame: frame)
        makeParts()
    }

    /// Archives are not supported; always nil.
    public required init?(coder: NSCoder) { nil }

    /// A button of a type (`.system`: tinted title, as most buttons are).
    public convenience init(type buttonType: ButtonType) {
        self.init(frame: .zero)
        self.buttonType = buttonType
        if buttonType == .close {
            configuration = .gray()
            configuration?.cornerStyle = .capsule
            configuration?.title = "✕"
            configuration?.buttonSize = .small
        } else if buttonType == .contactAdd {
            setTitle("+", for: .normal)
        } else if buttonType == .detailDisclosure || buttonType == .infoLight || buttonType == .infoDark {
            setTitle("ⓘ", for: .normal)
        }
        updateAppearance()
    }

    /// A system button that runs an action, titled and imaged by it.
    public convenience init(type buttonType: ButtonType = .system, primaryAction: UIAction?) {
        self.init(type: buttonType)
        if let primaryAction { adopt(primaryAction) }
        updateAppearance()
    }

    /// A button drawn by a configuration, running an action.
    public convenience init(configuration: Configuration, primaryAction: UIAction? = nil) {
        self.init(type: .system)
        self.configuration = configuration
        if let primaryAction { adopt(primaryAction) }
        updateAppearance()
    }

    /// A system button (a button made from its type with no arguments is a custom one in
    /// UIKit; `UIButton()` here is as UIKit's: custom).
    public convenience init() {
        self.init(frame: .zero)
    }

    private func adopt(_ action: UIAction) {
        addAction(action, for: .primaryActionTriggered)
        if configuration != nil {
            if configuration?.title == nil, !action.title.isEmpty { configuration?.title = action.title }
            if configuration?.image == nil { configuration?.image = action.image }
        } else {
            if !action.title.isEmpty { setTitle(action.title, for: .normal) }
            if let image = action.image { setImage(image, for: .normal) }
        }
    }

    private func makeParts() {
        let title = UILabel()
        title.isUserInteractionEnabled = false
        title.textAlignment = .center
        addSubview(title)
        titleLabel = title
        let image = UIImageView()
        image.isUserInteractionEnabled = false
        image.contentMode = .scaleAspectFit
        addSubview(image)
        imageView = image
        let subtitle = UILabel()
        subtitle.isUserInteractionEnabled = false
        subtitle.textAlignment = .center
        addSubview(subtitle)
        subtitleLabel = subtitle
        isOpaque = false
    }

    override class var isOpaqueByDefault: Bool { false }

    // MARK: Per-state values

    /// Sets the title for a state (normal's shows where a state has none).
    open func setTitle(_ title: String?, for state: State) {
        titles[state.rawValue] = title
        updateAppearance()
    }

    /// The title for a state.
    open func title(for state: State) -> String? {
        titles[state.rawValue] ?? titles[State.normal.rawValue]
    }

    /// Sets the title colour for a state.
    open func setTitleColor(_ color: UIColor?, for state: State) {
        titleColors[state.rawValue] = color
        updateAppearance()
    }

    /// The title colour for a state.
    open func titleColor(for state: State) -> UIColor? {
        titleColors[state.rawValue] ?? titleColors[State.normal.rawValue] ?? defaultTitleColor(for: state)
    }

    /// Sets the image for a state.
    open func setImage(_ image: UIImage?, for state: State) {
        images[state.rawValue] = image
        updateAppearance()
    }

    /// The image for a state.
    open func image(for state: State) -> UIImage? {
        images[state.rawValue] ?? images[State.normal.rawValue]
    }

    /// The title shown now.
    open var currentTitle: String? { configuration?.title ?? title(for: state) }
    /// The title colour shown now.
    open var currentTitleColor: UIColor { titleColor(for: state) ?? .label }
    /// The image shown now.
    open var currentImage: UIImage? { configuration?.image ?? image(for: state) }

    /// Asks for `updateConfiguration()` (and the update handler) now.
    public func setNeedsUpdateConfiguration() {
        updateAppearance()
    }

    /// Override to change the configuration for the current state; call super.
    open func updateConfiguration() {}

    // MARK: Appearance

    open override func stateDidChange() {
        super.stateDidChange()
        updateAppearance()
    }

    open override func tintColorDidChange() {
        super.tintColorDidChange()
        setNeedsDisplay()
    }

    private func defaultTitleColor(for state: State) -> UIColor? {
        switch buttonType {
        case .custom: return .white
        default:
            if state.contains(.disabled) { return .tertiaryLabel }
            return nil  // the tint, resolved when drawn
        }
    }

    /// The foreground colour now (title, subtitle, template images).
    var foregroundColor: UIColor {
        let tint: UIColor = role == .destructive ? .systemRed : tintColor
        guard let configuration else {
            if let color = titleColors[state.rawValue] ?? titleColors[State.normal.rawValue] { return color }
            if !isEnabled, buttonType != .custom { return .tertiaryLabel }
            let base = buttonType == .custom ? UIColor.white : tint
            return isHighlighted && buttonType != .custom ? base.withAlphaComponent(0.2) : base
        }
        if !isEnabled { return .tertiaryLabel }
        let base = configuration.baseForegroundColor ?? (configuration.isProminent ? .white : tint)
        return isHighlighted && !configuration.hasBackground ? base.withAlphaComponent(0.3) : base
    }

    /// The background colour now, if the configuration draws one.
    var backgroundFill: UIColor? {
        guard let configuration, configuration.hasBackground || configuration.background.backgroundColor != nil else { return nil }
        if !isEnabled { return .tertiarySystemFill }
        let tint: UIColor = role == .destructive ? .systemRed : tintColor
        if let color = configuration.background.backgroundColor ?? configuration.baseBackgroundColor { return color }
        if configuration.isProminent { return tint }
        if configuration.isTinted { return tint.withAlphaComponent(0.15) }
        return .tertiarySystemFill
    }

    private func updateAppearance() {
        guard !updatingConfiguration else { return }
        updatingConfiguration = true
        if configuration != nil {
            updateConfiguration()
            configurationUpdateHandler?(self)
        }
        updatingConfiguration = false
        let size = configuration.map { Configuration.titleSize(for: $0.buttonSize) } ?? 15
        titleLabel?.text = currentTitle
        titleLabel?.font = configuration != nil ? .systemFont(ofSize: size, weight: .medium) : (titleLabel?.font ?? .systemFont(ofSize: 15))
        titleLabel?.textColor = foregroundColor
        subtitleLabel?.text = configuration?.subtitle
        subtitleLabel?.font = .systemFont(ofSize: max(size - 3, 10))
        subtitleLabel?.textColor = foregroundColor
        subtitleLabel?.isHidden = configuration?.subtitle == nil
        imageView?.image = currentImage
        imageView?.tintColor = foregroundColor
        imageView?.isHidden = currentImage == nil
        titleLabel?.isHidden = currentTitle?.isEmpty ?? true
        invalidateIntrinsicContentSize()
        setNeedsLayout()
        setNeedsDisplay()
    }

    // MARK: Layout

    private var insets: UIEdgeInsets {
        if let configuration {
            let value = configuration.contentInsets
            return UIEdgeInsets(top: value.top, left: value.leading, bottom: value.bottom, right: value.trailing)
        }
        return .zero
    }

    private var imagePadding: CGFloat {
        guard currentImage != nil, !(currentTitle?.isEmpty ?? true) else { return 0 }
        return configuration.map { max($0.imagePadding, 4) } ?? 0
    }

    /// The sizes of the image and the text block (title over subtitle).
    private func contentSizes() -> (image: CGSize, text: CGSize, title: CGSize, subtitle: CGSize) {
        let image = currentImage.map { imageView?.intrinsicContentSize ?? $0.size } ?? .zero
        let title = titleLabel?.isHidden == false ? (titleLabel?.intrinsicContentSize ?? .zero) : .zero
        let subtitle = subtitleLabel?.isHidden == false ? (subtitleLabel?.intrinsicContentSize ?? .zero) : .zero
        let gap = subtitle.height > 0 && title.height > 0 ? max(configuration?.titlePadding ?? 0, 2) : 0
        let text = CGSize(width: max(title.width, subtitle.width), height: title.height + gap + subtitle.height)
        return (image, text, title, subtitle)
    }

    private var isVerticalImage: Bool {
        configuration?.imagePlacement == .top || configuration?.imagePlacement == .bottom
    }

    open override var intrinsicContentSize: CGSize {
        let sizes = contentSizes()
        let content: CGSize
        if isVerticalImage {
            content = CGSize(width: max(sizes.image.width, sizes.text.width), height: sizes.image.height + imagePadding + sizes.text.height)
        } else {
            content = CGSize(width: sizes.image.width + imagePadding + sizes.text.width, height: max(sizes.image.height, sizes.text.height))
        }
        let insets = self.insets
        return CGSize(width: content.width + insets.left + insets.right, height: content.height + insets.top + insets.bottom)
    }

    open override func sizeThatFits(_ size: CGSize) -> CGSize {
        intrinsicContentSize
    }

    open override func layoutSubviews() {
        super.layoutSubviews()
        let sizes = contentSizes()
        let area = bounds.inset(by: insets)
        let padding = imagePadding
        let vertical = isVerticalImage
        let content =
            vertical
            ? CGSize(width: max(sizes.image.width, sizes.text.width), height: sizes.image.height + padding + sizes.text.height)
            : CGSize(width: sizes.image.width + padding + sizes.text.width, height: max(sizes.image.height, sizes.text.height))
        var x: CGFloat
        switch contentHorizontalAlignment {
        case .left, .leading: x = area.minX
        case .right, .trailing: x = area.maxX - content.width
        case .center, .fill: x = area.midX - content.width / 2
        }
        var y: CGFloat
        switch contentVerticalAlignment {
        case .top: y = area.minY
        case .bottom: y = area.maxY - content.height
        case .center, .fill: y = area.midY - content.height / 2
        }
        x = x.rounded()
        y = y.rounded()
        var imageFrame = CGRect.zero, textOrigin = CGPoint.zero
        let placement = configuration?.imagePlacement ?? .leading
        if vertical {
            let imageX = x + (content.width - sizes.image.width) / 2, textX = x + (content.width - sizes.text.width) / 2
            if placement == .top {
                imageFrame = CGRect(x: imageX, y: y, width: sizes.image.width, height: sizes.image.height)
                textOrigin = CGPoint(x: textX, y: y + sizes.image.height + padding)
            } else {
                textOrigin = CGPoint(x: textX, y: y)
                imageFrame = CGRect(x: imageX, y: y + sizes.text.height + padding, width: sizes.image.width, height: sizes.image.height)
            }
        } else {
            let imageY = y + (content.height - sizes.image.height) / 2, textY = y + (content.height - sizes.text.height) / 2
            if placement == .trailing {
                textOrigin = CGPoint(x: x, y: textY)
                imageFrame = CGRect(x: x + sizes.text.width + padding, y: imageY, width: sizes.image.width, height: sizes.image.height)
            } else {
                imageFrame = CGRect(x: x, y: imageY, width: sizes.image.width, height: sizes.image.height)
                textOrigin = CGPoint(x: x + sizes.image.width + padding, y: textY)
            }
        }
        imageView?.frame = imageFrame
        let titleX = textOrigin.x + (sizes.text.width - sizes.title.width) / 2
        titleLabel?.frame = CGRect(x: titleX, y: textOrigin.y, width: sizes.title.width, height: sizes.title.height)
        let subtitleX = textOrigin.x + (sizes.text.width - sizes.subtitle.width) / 2
        subtitleLabel?.frame = CGRect(
            x: subtitleX, y: textOrigin.y + sizes.text.height - sizes.subtitle.height, width: sizes.subtitle.width, height: sizes.subtitle.height)
    }

    // MARK: Drawing

    open override func draw(_ rect: CGRect) {
        guard let context = UIGraphicsGetCurrentContext(), let fill = backgroundFill else { return }
        let radius = configuration?.cornerRadius(height: bounds.height) ?? 0
        let shape = Path.roundedRect(bounds, cornerRadius: min(radius, min(bounds.width, bounds.height) / 2))
        context.canvas.fill(shape, with: fill.color)
        if isHighlighted, isEnabled {
            // Pressed: a shade over the background (darker in light, lighter in dark).
            let dark = traitCollection.userInterfaceStyle == .dark
            context.canvas.fill(shape, with: Color(white: dark ? 1 : 0, alpha: dark ? 0.18 : 0.15))
        }
        if let stroke = configuration?.background.strokeColor, let width = configuration?.background.strokeWidth, width > 0 {
            context.canvas.stroke(shape, with: stroke.color, style: StrokeStyle(width: width))
        }
    }

    // MARK: Actions

    override func touchUpInside() {
        if changesSelectionAsPrimaryAction { isSelected.toggle() }
        sendActions(for: [.touchUpInside, .primaryActionTriggered])
    }
}
