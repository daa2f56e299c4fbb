import Foundation

/// A view's Auto Layout state (UIView holds one).
@MainActor
final class ViewAutoLayout {
    var translatesAutoresizingMask = true
    var constraints: [NSLayoutConstraint] = []
    var guides: [UILayoutGuide] = []
    var safeAreaGuide: UILayoutGuide?
    var marginsGuide: UILayoutGuide?
    var hugging = (horizontal: UILayoutPriority.defaultLow, vertical: UILayoutPriority.defaultLow)
    var compressionResistance = (horizontal: UILayoutPriority.defaultHigh, vertical: UILayoutPriority.defaultHigh)
    var layoutMargins = UIEdgeInsets(top: 8, left: 8, bottom: 8, right: 8)
    var insetsLayoutMarginsFromSafeArea = true
    var needsUpdateConstraints = true
    var autoresizingMask: UIView.AutoresizingMask = []
    var autoresizesSubviews = true
    /// Whether this view or a view below it ever had constraints installed.
    var subtreeUsesConstraints = false
    /// The engine, on the root of a tree that uses constraints.
    var engine: LayoutEngine?
    lazy var variables = LayoutVariables("view")
}
