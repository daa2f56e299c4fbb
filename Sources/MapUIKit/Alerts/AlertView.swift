import Foundation
import MapDrawing

/// An alert controller's view: the title, the message, the text fields and the buttons,
/// laid out and drawn as iOS 17 does.
@MainActor
final class AlertView: UIView {
    weak var controller: UIAlertController?

    private let titleLabel = UILabel()
    private let messageLabel = UILabel()
    private var buttons: [AlertButton] = []
    private var cancelButton: AlertButton?

    /// The alert card's colour: iOS's alert material, nearly opaque.
    static let material = UIColor { traits in
        traits.userInterfaceStyle == .dark ? UIColor(red: 0.17, green: 0.17, blue: 0.18, alpha: 0.97) : UIColor(white: 0.97, alpha: 0.97)
    }

    override init(frame: CGRect) {
        super.init(frame: frame)
        titleLabel.numberOfLines = 0
        titleLabel.textAlignment = .center
        messageLabel.numberOfLines = 0
        messageLabel.textAlignment = .center
        addSubview(titleLabel)
        addSubview(messageLabel)
    }

    required init?(coder: NSCoder) { nil }

    override class var isOpaqueByDefault: Bool { false }

    private var isSheet: Bool { controller?.preferredStyle == .actionSheet }

    /// Makes the labels, fields and buttons again from the controller.
    func rebuild() {
        guard let controller else { return }
        let sheet = isSheet
        titleLabel.text = controller.title
        titleLabel.font = .systemFont(ofSize: sheet ? 13 : 17, weight: .semibold)
        titleLabel.textColor = sheet ? .secondaryLabel : .label
        messageLabel.text = controller.message
        messageLabel.font = .systemFont(ofSize: 13)
        messageLabel.textColor = sheet ? .secondaryLabel : .label
        for button in buttons { button.removeFromSuperview() }
        cancelButton?.removeFromSuperview()
        buttons = []
        cancelButton = nil
        for action in controller.orderedActions {
            let button = AlertButton(action: action, bold: action.style == .cancel || action === controller.preferredAction, sheet: sheet)
            button.addAction(UIAction { [weak controller] _ in controller?.choose(action) }, for: .touchUpInside)
            if sheet, action.style == .cancel {
                cancelButton = button
            } else {
                buttons.append(button)
            }
            addSubview(button)
        }
        for field in controller.textFields ?? [] where field.superview !== self { addSubview(field) }
        setNeedsLayout()
        setNeedsDisplay()
    }

    // MARK: Layout

    private var sideBySide: Bool { !isSheet && buttons.count == 2 }
    private var rowHeight: CGFloat { isSheet ? 57 : 44 }
    private static let fieldHeight: CGFloat = 30

    /// The header's height (title, message and text fields) for a width.
    private func headerHeight(width: CGFloat) -> CGFloat {
        let inner = width - 32
        var height: CGFloat = 0
        let hasText = (titleLabel.text?.isEmpty == false) || (messageLabel.text?.isEmpty == false)
        if hasText { height += isSheet ? 14 : 20 }
        if titleLabel.text?.isEmpty == false { height += titleLabel.sizeThatFits(CGSize(width: inner, height: 0)).height }
        if messageLabel.text?.isEmpty == false {
            if titleLabel.text?.isEmpty == false { height += 4 }
            height += messageLabel.sizeThatFits(CGSize(width: inner, height: 0)).height
        }
        let fields = controller?.textFields?.count ?? 0
        if fields > 0 { height += 16 + CGFloat(fields) * Self.fieldHeight }
        if hasText || fields > 0 { height += isSheet ? 14 : 20 }
        return height
    }

    /// The card's height (the group's on a sheet, with the cancel card apart).
    private func cardHeight(width: CGFloat) -> CGFloat {
        let rows = sideBySide ? 1 : buttons.count
        return headerHeight(width: width) + CGFloat(rows) * rowHeight
    }

    override func sizeThatFits(_ size: CGSize) -> CGSize {
        let width = size.width > 0 ? size.width : 270
        var height = cardHeight(width: width)
        if cancelButton != nil { height += 8 + rowHeight }
        return CGSize(width: width, height: height)
    }

    override func layoutSubviews() {
        super.layoutSubviews()
        let width = bounds.width, inner = width - 32
        var y: CGFloat = 0
        let hasText = (titleLabel.text?.isEmpty == false) || (messageLabel.text?.isEmpty == false)
        if hasText { y += isSheet ? 14 : 20 }
        if titleLabel.text?.isEmpty == false {
            let height = titleLabel.sizeThatFits(CGSize(width: inner, height: 0)).height
            titleLabel.frame = CGRect(x: 16, y: y, width: inner, height: height)
            y += height
        } else {
            titleLabel.frame = .zero
        }
        if messageLabel.text?.isEmpty == false {
            if titleLabel.text?.isEmpty == false { y += 4 }
            let height = messageLabel.sizeThatFits(CGSize(width: inner, height: 0)).height
            messageLabel.frame = CGRect(x: 16, y: y, width: inner, height: height)
            y += height
        } else {
            messageLabel.frame = .zero
        }
        let fields = controller?.textFields ?? []
        if !fields.isEmpty {
            y += 16
            for field in fields {
                field.frame = CGRect(x: 16, y: y, width: inner, height: Self.fieldHeight - 6)
                y += Self.fieldHeight
            }
        }
        y = headerHeight(width: width)
        if sideBySide {
            buttons[0].frame = CGRect(x: 0, y: y, width: width / 2, height: rowHeight)
            buttons[1].frame = CGRect(x: width / 2, y: y, width: width / 2, height: rowHeight)
        } else {
            for button in buttons {
                button.frame = CGRect(x: 0, y: y, width: width, height: rowHeight)
                y += rowHeight
            }
        }
        if let cancelButton {
            cancelButton.frame = CGRect(x: 0, y: cardHeight(width: width) + 8, width: width, height: rowHeight)
        }
    }

    // MARK: Drawing

    override func draw(_ rect: CGRect) {
        guard let canvas = UIGraphicsGetCurrentContext()?.canvas else { return }
        let width = bounds.width
        let card = CGRect(x: 0, y: 0, width: width, height: cardHeight(width: width))
        canvas.fill(.roundedRect(card, cornerRadius: 14), with: Self.material.color)
        if let cancelButton {
            canvas.fill(.roundedRect(cancelButton.frame, cornerRadius: 14), with: Self.material.color)
        }
        // Hairlines above every row, and between side-by-side buttons.
        let hairline = 1 / max(UIScreen.defaultScale, 1)
        let line = UIColor.separator.color
        for (index, button) in buttons.enumerated() {
            if sideBySide, index == 1 {
                canvas.fill(.rect(CGRect(x: button.frame.minX, y: button.frame.minY, width: hairline, height: button.frame.height)), with: line)
                continue
            }
            if index == 0, headerHeight(width: width) == 0 { continue }
            canvas.fill(.rect(CGRect(x: 0, y: button.frame.minY, width: width, height: hairline)), with: line)
        }
        for field in controller?.textFields ?? [] {
            let box = field.frame.insetBy(dx: -4, dy: -3)
            canvas.fill(.roundedRect(box, cornerRadius: 6), with: UIColor.systemBackground.color)
            canvas.stroke(.roundedRect(box, cornerRadius: 6), with: UIColor.separator.color, style: StrokeStyle(width: hairline))
        }
    }
}

/// One button of an alert: its title centred, blue (red when destructive), bold for cancel
/// or the preferred action, greyed when disabled, a grey wash while pressed.
@MainActor
final class AlertButton: UIControl {
    let action: UIAlertAction
    private let label = UILabel()

    init(action: UIAlertAction, bold: Bool, sheet: Bool) {
        self.action = action
        super.init(frame: .zero)
        label.text = action.title
        label.textAlignment = .center
        label.font = .systemFont(ofSize: sheet ? 20 : 17, weight: bold ? .semibold : .regular)
        addSubview(label)
        isEnabled = action.isEnabled
    }

    required init?(coder: NSCoder) { nil }

    override class var isOpaqueByDefault: Bool { false }

    override func stateDidChange() {
        super.stateDidChange()
        setNeedsDisplay()
    }

    override func layoutSubviews() {
        super.layoutSubviews()
        label.frame = bounds.insetBy(dx: 8, dy: 0)
        updateColour()
    }

    override func tintColorDidChange() {
        super.tintColorDidChange()
        updateColour()
    }

    private func updateColour() {
        let colour: UIColor = !isEnabled ? .tertiaryLabel : action.style == .destructive ? .systemRed : tintColor
        if label.textColor != colour { label.textColor = colour }
    }

    override func draw(_ rect: CGRect) {
        guard isHighlighted, let canvas = UIGraphicsGetCurrentContext()?.canvas else { return }
        canvas.fill(.rect(bounds), with: UIColor.systemFill.color)
    }
}
