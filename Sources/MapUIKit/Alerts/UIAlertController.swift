import Foundation

/// A button of an alert, as UIKit's `UIAlertAction`.
@preconcurrency @MainActor
open class UIAlertAction: NSObject {
    /// How an action looks and where it goes.
    public enum Style: Int, Sendable {
        case `default`, cancel, destructive
    }

    /// The button's title.
    public let title: String?
    /// The style.
    public let style: Style
    /// Whether the button takes taps (true).
    open var isEnabled = true {
        didSet { onChange?() }
    }
    let handler: (@MainActor (UIAlertAction) -> Void)?
    var onChange: (@MainActor () -> Void)?

    /// An action; `handler` runs after the alert is dismissed.
    public init(title: String?, style: Style, handler: (@MainActor (UIAlertAction) -> Void)? = nil) {
        self.title = title
        self.style = style
        self.handler = handler
        super.init()
    }
}

/// An alert or an action sheet, as UIKit's `UIAlertController`, drawn like iOS 17: an alert is
/// a 270-point card at the centre (two buttons side by side, more stacked), an action sheet
/// slides up from the bottom with its cancel button apart. A tap on a button dismisses the
/// alert, then runs the action's handler; a tap outside an action sheet is its cancel action.
@preconcurrency @MainActor
open class UIAlertController: UIViewController {
    /// Alert or action sheet.
    public enum Style: Int, Sendable {
        case actionSheet = 0, alert
    }

    /// The most actions an alert holds (docs/limits.md); more are ignored with a warning.
    nonisolated public static let maximumActions = 64
    /// The most text fields an alert holds (docs/limits.md).
    nonisolated public static let maximumTextFields = 8

    /// The style.
    public let preferredStyle: Style
    /// The message under the title.
    open var message: String? { didSet { contentChanged() } }
    /// The actions, in the order added (a cancel action goes last, or apart on a sheet).
    public private(set) var actions: [UIAlertAction] = []
    /// The action drawn bold and taken by Return.
    open var preferredAction: UIAlertAction? { didSet { contentChanged() } }
    /// The text fields (alerts only), or nil when there are none.
    open var textFields: [UITextField]? { fields.isEmpty ? nil : fields }
    private var fields: [UITextField] = []

    /// An alert or an action sheet.
    public convenience init(title: String?, message: String?, preferredStyle: Style) {
        self.init(style: preferredStyle)
        self.title = title
        self.message = message
    }

    private init(style: Style) {
        preferredStyle = style
        super.init()
    }

    public required init() {
        preferredStyle = .alert
        super.init()
    }

    /// Archives are not supported; always nil.
    public required init?(coder: NSCoder) { nil }

    open override var title: String? {
        didSet { contentChanged() }
    }

    /// Adds an action (one cancel action at most, as UIKit requires).
    open func addAction(_ action: UIAlertAction) {
        guard actions.count < Self.maximumActions else {
            LayoutEngine.logger.warning("alert actions past \(Self.maximumActions) ignored")
            return
        }
        if action.style == .cancel, actions.contains(where: { $0.style == .cancel }) {
            LayoutEngine.logger.warning("an alert can have only one cancel action; ignored")
            return
        }
        action.onChange = { [weak self] in self?.contentChanged() }
        actions.append(action)
        contentChanged()
    }

    /// Adds a text field (alerts only), configured by the handler.
    open func addTextField(configurationHandler: (@MainActor (UITextField) -> Void)? = nil) {
        guard preferredStyle == .alert, fields.count < Self.maximumTextFields else { return }
        let field = UITextField()
        field.font = .systemFont(ofSize: 13)
        configurationHandler?(field)
        fields.append(field)
        contentChanged()
    }

    open override func loadView() {
        let alertView = AlertView(frame: .zero)
        alertView.controller = self
        view = alertView
        alertView.rebuild()
    }

    private func contentChanged() {
        (viewIfLoaded as? AlertView)?.rebuild()
    }

    /// A button was tapped: the alert goes, then the handler runs.
    func choose(_ action: UIAlertAction) {
        guard action.isEnabled, !isBeingDismissed else { return }
        dismiss(animated: true) { action.handler?(action) }
    }

    /// The alert showed: its first text field takes the keys.
    func didShow() {
        fields.first?.becomeFirstResponder()
    }

    /// A tap outside: an action sheet's cancel action.
    func outsideTapped() {
        guard preferredStyle == .actionSheet, let cancel = actions.first(where: { $0.style == .cancel }) else { return }
        choose(cancel)
    }

    /// Actions in the order they show: a cancel action first of two side by side (at the
    /// left, as iOS puts it), else last.
    var orderedActions: [UIAlertAction] {
        let cancel = actions.filter { $0.style == .cancel }, others = actions.filter { $0.style != .cancel }
        return preferredStyle == .alert && actions.count == 2 ? cancel + others : others + cancel
    }

    open override func pressesBegan(_ presses: Set<UIPress>, with event: UIPressesEvent?) {
        switch presses.first?.key?.keyCode {
        case .keyboardReturnOrEnter:
            if let action = preferredAction ?? (actions.count == 1 ? actions.first : nil) { choose(action) }
        case .keyboardEscape:
            if let cancel = actions.first(where: { $0.style == .cancel }) { choose(cancel) }
        default:
            super.pressesBegan(presses, with: event)
        }
    }
}
