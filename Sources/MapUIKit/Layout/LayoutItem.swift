import ConstraintSolver
import Foundation

/// A linear expression of solver variables (Foundation has an `Expression` of its own).
typealias LinearExpression = ConstraintSolver.Expression

/// Something constraints relate: a view or a layout guide. Its rectangle is four solver
/// variables in the coordinates of the tree's root view.
@preconcurrency @MainActor
protocol LayoutItem: AnyObject {
    /// The view whose tree the item is in: a view itself, a guide's owning view.
    var layoutOwner: UIView? { get }
    /// The item's variables.
    var layoutVariables: LayoutVariables { get }
    /// `UIView:0x…`, as UIKit logs items.
    var layoutDescription: String { get }
    /// Where the item's first and last baselines are.
    var baselines: LayoutBaselines { get }
}

/// Where baselines are: `top + fraction × height + offset` each. Views without text have
/// both at the bottom, as in UIKit.
struct LayoutBaselines {
    var first: (fraction: CGFloat, offset: CGFloat)
    var last: (fraction: CGFloat, offset: CGFloat)

    static let bottom = LayoutBaselines(first: (1, 0), last: (1, 0))

    init(first: (fraction: CGFloat, offset: CGFloat), last: (fraction: CGFloat, offset: CGFloat)) {
        self.first = first
        self.last = last
    }
}

/// An item's rectangle as solver variables, in the root view's coordinates.
final class LayoutVariables {
    let minX: Variable
    let minY: Variable
    let width: Variable
    let height: Variable

    init(_ name: String) {
        minX = Variable(name + ".minX")
        minY = Variable(name + ".minY")
        width = Variable(name + ".width")
        height = Variable(name + ".height")
    }
}

extension LayoutItem {
    /// An attribute of the item as a linear expression of its variables.
    @MainActor
    func expression(for attribute: NSLayoutConstraint.Attribute) -> LinearExpression {
        let v = layoutVariables
        switch attribute {
        case .left, .leading: return LinearExpression(v.minX)
        case .right, .trailing: return v.minX + v.width
        case .top: return LinearExpression(v.minY)
        case .bottom: return v.minY + v.height
        case .width: return LinearExpression(v.width)
        case .height: return LinearExpression(v.height)
        case .centerX: return v.minX + 0.5 * v.width
        case .centerY: return v.minY + 0.5 * v.height
        case .firstBaseline: return v.minY + Double(baselines.first.fraction) * v.height + Double(baselines.first.offset)
        case .lastBaseline: return v.minY + Double(baselines.last.fraction) * v.height + Double(baselines.last.offset)
        case .leftMargin, .rightMargin, .topMargin, .bottomMargin, .leadingMargin, .trailingMargin, .centerXWithinMargins,
            .centerYWithinMargins:
            guard let view = self as? UIView else { return expression(for: attribute.withoutMargin) }
            return view.layoutMarginsGuide.expression(for: attribute.withoutMargin)
        case .notAnAttribute: return LinearExpression()
        }
    }
}

extension NSLayoutConstraint.Attribute {
    /// The attribute a margin attribute measures within the margins.
    var withoutMargin: NSLayoutConstraint.Attribute {
        switch self {
        case .leftMargin: .left
        case .rightMargin: .right
        case .topMargin: .top
        case .bottomMargin: .bottom
        case .leadingMargin: .leading
        case .trailingMargin: .trailing
        case .centerXWithinMargins: .centerX
        case .centerYWithinMargins: .centerY
        default: self
        }
    }
}
