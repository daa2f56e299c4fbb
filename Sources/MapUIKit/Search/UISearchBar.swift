import Foundation
import MapDrawing

/// What a search bar tells as it is used, as UIKit's `UISearchBarDelegate`; every method is
/// optional.
@preconcurrency @MainActor
public protocol UISearchBarDelegate: AnyObject {
    /// Whether editing may begin (true).
    func searchBarShouldBeginEditing(_ searchBar: UISearchBar) -> Bool
    func searchBarTextDidBeginEditing(_ searchBar: UISearchBar)
    /// Whether editing may end (true).
    func searchBarShouldEndEditing(_ searchBar: UISearchBar) -> Bool
    func searchBarTextDidEndEditing(_ searchBar: UISearchBar)
    /// The user changed the text.
    func searchBar(_ searchBar: UISearchBar, textDidChange searchText: String)
    /// Return (Search) was pressed.
    func searchBarSearchButtonClicked(_ searchBar: UISearchBar)
    /// The Cancel button was tapped.
    func searchBarCancelButtonClicked(_ searchBar: UISearchBar)
}

extension UISearchBarDelegate {
    public func searchBarShouldBeginEditing(_ searchBar: UISearchBar) -> Bool { true }
    public func searchBarTextDidBeginEditing(_ searchBar: UISearchBar) {}
    public func searchBarShouldEndEditing(_ searchBar: UISearchBar) -> Bool { true }
    public func searchBarTextDidEndEditing(_ searchBar: UISearchBar) {}
    public func searchBar(_ searchBar: UISearchBar, textDidChange searchText: String) {}
    public func searchBarSearchButtonClicked(_ searchBar: UISearchBar) {}
    public func searchBarCancelButtonClicked(_ searchBar: UISearchBar) {}
}

/// A search bar's field, as UIKit's `UISearchTextField`: a rounded grey field with a
/// magnifying glass and a clear button while editing.
@preconcurrency @MainActor
open class UISearchTextField: UITextField {
    public override init(frame: CGRect) {
        super.init(frame: frame)
        borderStyle = .none
        backgroundColor = UIColor.tertiarySystemFill
        layer.cornerRadius = 10
        clearButtonMode = .whileEditing
        returnKeyType = .search
        font = .systemFont(ofSize: 17)
        leftView = MagnifierView(frame: CGRect(x: 0, y: 0, width: 30, height: 36))
        leftViewMode = .always
    }

    public required init?(coder: NSCoder) { nil }
}

/// The magnifying glass at a search field's start.
@MainActor
final class MagnifierView: UIView {
    override class var isOpaqueByDefault: Bool { false }

    override func draw(_ rect: CGRect) {
        guard let canvas = UIGraphicsGetCurrentContext()?.canvas else { return }
        let color = UIColor.secondaryLabel.color
        let centre = CGPoint(x: bounds.midX + 1, y: bounds.midY - 1)
        canvas.stroke(.ellipse(in: CGRect(x: centre.x - 5.5, y: centre.y - 5.5, width: 11, height: 11)), with: color, style: StrokeStyle(width: 1.8))
        var handle = Path()
        handle.move(to: CGPoint(x: centre.x + 4, y: centre.y + 4))
        handle.line(to: CGPoint(x: centre.x + 8, y: centre.y + 8))
        canvas.stroke(handle, with: color, style: StrokeStyle(width: 2, cap: .round))
    }
}

/// A field for search text, as UIKit's `UISearchBar` (the minimal style a navigation bar
/// shows): the search field, and a Cancel button while asked for.
@preconcurrency @MainActor
open class UISearchBar: UIView, UITextInputTraits {
    /// How the bar is drawn.
    public enum Style: UInt, Sendable {
        case `default`, prominent, minimal
    }

    /// The delegate.
    open weak var delegate: UISearchBarDelegate?
    /// The search field.
    public let searchTextField = UISearchTextField()
    private let cancelButton = UIButton(type: .system)

    /// The text typed.
    open var text: String? {
        get { searchTextField.text }
        set { searchTextField.text = newValue }
    }
    /// The placeholder ("Search").
    open var placeholder: String? {
        get { searchTextField.placeholder }
        set { searchTextField.placeholder = newValue }
    }
    /// A line of text above the bar (kept).
    open var prompt: String?
    /// The look (minimal in a navigation bar).
    open var searchBarStyle: Style = .minimal
    /// Whether the Cancel button shows.
    open var showsCancelButton = false {
        didSet {
            cancelButton.isHidden = !showsCancelButton
            setNeedsLayout()
        }
    }
    /// Shows or hides the Cancel button.
    open func setShowsCancelButton(_ showsCancelButton: Bool, animated: Bool) { self.showsCancelButton = showsCancelButton }
    /// Scope button titles (kept; not drawn).
    open var scopeButtonTitles: [String]?
    /// The selected scope button (kept).
    open var selectedScopeButtonIndex = 0

    // UITextInputTraits, passed to the field.
    public var autocapitalizationType: UITextAutocapitalizationType {
        get { searchTextField.autocapitalizationType }
        set { searchTextField.autocapitalizationType = newValue }
    }
    public var autocorrectionType: UITextAutocorrectionType {
        get { searchTextField.autocorrectionType }
        set { searchTextField.autocorrectionType = newValue }
    }
    public var keyboardType: UIKeyboardType {
        get { searchTextField.keyboardType }
        set { searchTextField.keyboardType = newValue }
    }
    public var returnKeyType: UIReturnKeyType {
        get { searchTextField.returnKeyType }
        set { searchTextField.returnKeyType = newValue }
    }

    /// The bar's height: 36 points of field with 8 above and below.
    nonisolated public static let standardHeight: CGFloat = 52

    public override init(frame: CGRect) {
        super.init(frame: frame)
        searchTextField.placeholder = "Search"
        addSubview(searchTextField)
        cancelButton.setTitle("Cancel", for: .normal)
        cancelButton.isHidden = true
        addSubview(cancelButton)
        cancelButton.addAction(UIAction { [weak self] _ in self?.cancelTapped() }, for: .touchUpInside)
        searchTextField.addAction(UIAction { [weak self] _ in self?.textChanged() }, for: .editingChanged)
        searchTextField.addAction(UIAction { [weak self] _ in self?.editingBegan() }, for: .editingDidBegin)
        searchTextField.addAction(UIAction { [weak self] _ in self?.editingEnded() }, for: .editingDidEnd)
        searchTextField.addAction(UIAction { [weak self] _ in self?.returnPressed() }, for: .editingDidEndOnExit)
        searchTextField.delegate = fieldDelegate
        fieldDelegate.bar = self
    }

    public convenience init() { self.init(frame: CGRect(x: 0, y: 0, width: 320, height: Self.standardHeight)) }

    public required init?(coder: NSCoder) { nil }

    override class var isOpaqueByDefault: Bool { false }

    open override var intrinsicContentSize: CGSize { CGSize(width: UIView.noIntrinsicMetric, height: Self.standardHeight) }

    open override func sizeThatFits(_ size: CGSize) -> CGSize { CGSize(width: size.width, height: Self.standardHeight) }

    open override func layoutSubviews() {
        super.layoutSubviews()
        let margin: CGFloat = bounds.width >= 375 ? 16 : 8
        var right = bounds.width - margin
        if showsCancelButton {
            let size = cancelButton.intrinsicContentSize
            cancelButton.frame = CGRect(x: right - size.width, y: (bounds.height - 36) / 2, width: size.width, height: 36)
            right = cancelButton.frame.minX - 8
        }
        searchTextField.frame = CGRect(x: margin, y: (bounds.height - 36) / 2, width: max(0, right - margin), height: 36)
    }

    /// Told by the search controller when the bar begins or ends being used.
    var onActivity: ((_ event: SearchBarEvent) -> Void)?

    enum SearchBarEvent {
        case began, changed, ended, returned, cancelled
    }

    private let fieldDelegate = SearchFieldDelegate()

    private func textChanged() {
        delegate?.searchBar(self, textDidChange: text ?? "")
        onActivity?(.changed)
    }

    private func editingBegan() {
        delegate?.searchBarTextDidBeginEditing(self)
        onActivity?(.began)
    }

    private func editingEnded() {
        delegate?.searchBarTextDidEndEditing(self)
        onActivity?(.ended)
    }

    private func returnPressed() {
        delegate?.searchBarSearchButtonClicked(self)
        onActivity?(.returned)
    }

    private func cancelTapped() {
        delegate?.searchBarCancelButtonClicked(self)
        onActivity?(.cancelled)
    }

    fileprivate func shouldBegin() -> Bool { delegate?.searchBarShouldBeginEditing(self) ?? true }
    fileprivate func shouldEnd() -> Bool { delegate?.searchBarShouldEndEditing(self) ?? true }
}

/// Passes the field's questions to the bar's delegate.
@MainActor
private final class SearchFieldDelegate: UITextFieldDelegate {
    weak var bar: UISearchBar?
    func textFieldShouldBeginEditing(_ textField: UITextField) -> Bool { bar?.shouldBegin() ?? true }
    func textFieldShouldEndEditing(_ textField: UITextField) -> Bool { bar?.shouldEnd() ?? true }
}
