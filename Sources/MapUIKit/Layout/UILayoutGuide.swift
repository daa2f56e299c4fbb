import Foundation

/// A rectangle that takes part in Auto Layout without being a view, as UIKit's
/// `UILayoutGuide`: a view's safe area and margins, or spacers of an app's own.
@preconcurrency @MainActor
open class UILayoutGuide: NSObject, LayoutItem {
    /// The view the guide belongs to (set by `UIView.addLayoutGuide(_:)`).
    public internal(set) weak var owningView: UIView?
    /// A name shown in logs.
    open var identifier = ""

    /// What the guide is: one of the app's, or a view's safe area or margins.
    enum Role {
        case custom, safeArea, margins
    }

    let role: Role
    private(set) lazy var layoutVariables = LayoutVariables("guide")

    public override init() {
        role = .custom
        super.init()
    }

    init(role: Role, owner: UIView) {
        self.role = role
        owningView = owner
        super.init()
        identifier = role == .safeArea ? "UIViewSafeAreaLayoutGuide" : "UIViewLayoutMarginsGuide"
    }

    /// Archives are not supported; always nil.
    public required init?(coder: NSCoder) { nil }

    /// The guide's rectangle in its owning view's coordinates, after the last layout pass.
    public var layoutFrame: CGRect {
        guard let owningView else { return .zero }
        switch role {
        case .safeArea: return owningView.bounds.inset(by: owningView.safeAreaInsets)
        case .margins:
            let insets = owningView.insetsLayoutMarginsFromSafeArea ? owningView.safeAreaInsets : .zero
            return owningView.bounds.inset(by: insets).inset(by: owningView.layoutMargins)
        case .custom:
            guard let solved = owningView.layoutEngineRoot?.layoutEngine?.solvedFrame(of: self),
                let origin = owningView.layoutEngineRoot?.layoutEngine?.solvedFrame(of: owningView)
            else { return .zero }
            return CGRect(x: solved.minX - origin.minX, y: solved.minY - origin.minY, width: solved.width, height: solved.height)
        }
    }

    var layoutOwner: UIView? { owningView }
    var layoutDescription: String {
        "UILayoutGuide:\(NSLayoutConstraint.address(of: self)) '\(identifier)'"
    }
    var baselines: LayoutBaselines { .bottom }

    public var leadingAnchor: NSLayoutXAxisAnchor { NSLayoutXAxisAnchor(item: self, attribute: .leading) }
    public var trailingAnchor: NSLayoutXAxisAnchor { NSLayoutXAxisAnchor(item: self, attribute: .trailing) }
    public var leftAnchor: NSLayoutXAxisAnchor { NSLayoutXAxisAnchor(item: self, attribute: .left) }
    public var rightAnchor: NSLayoutXAxisAnchor { NSLayoutXAxisAnchor(item: self, attribute: .right) }
    public var topAnchor: NSLayoutYAxisAnchor { NSLayoutYAxisAnchor(item: self, attribute: .top) }
    public var bottomAnchor: NSLayoutYAxisAnchor { NSLayoutYAxisAnchor(item: self, attribute: .bottom) }
    public var widthAnchor: NSLayoutDimension { NSLayoutDimension(item: self, attribute: .width) }
    public var heightAnchor: NSLayoutDimension { NSLayoutDimension(item: self, attribute: .height) }
    public var centerXAnchor: NSLayoutXAxisAnchor { NSLayoutXAxisAnchor(item: self, attribute: .centerX) }
    public var centerYAnchor: NSLayoutYAxisAnchor { NSLayoutYAxisAnchor(item: self, attribute: .centerY) }
}
