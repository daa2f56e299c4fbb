import Foundation

/// A relation between two layout attributes, as UIKit's `NSLayoutConstraint`:
/// `firstItem.firstAttribute relation multiplier × secondItem.secondAttribute + constant`.
///
/// Activating a constraint installs it in the closest common ancestor of its items; the
/// layout engine of that view tree (a Cassowary solver, ``ConstraintSolver``) meets it at the
/// next layout pass. A required constraint that conflicts with those installed before it is
/// broken and logged in UIKit's words (docs/behaviour.md, rule 44).
@preconcurrency @MainActor
open class NSLayoutConstraint: NSObject {
    /// The relation between the two sides.
    public enum Relation: Int, Sendable {
        case lessThanOrEqual = -1
        case equal = 0
        case greaterThanOrEqual = 1
    }

    /// The part of an item a constraint relates.
    public enum Attribute: Int, Sendable {
        case left = 1, right, top, bottom, leading, trailing, width, height, centerX, centerY
        case lastBaseline, firstBaseline
        case leftMargin, rightMargin, topMargin, bottomMargin, leadingMargin, trailingMargin
        case centerXWithinMargins, centerYWithinMargins
        case notAnAttribute = 0
    }

    /// A layout direction: horizontal or vertical.
    public enum Axis: Int, Sendable {
        case horizontal = 0
        case vertical = 1
    }

    /// The first item (a view or a layout guide); held weakly, as UIKit does.
    public var firstItem: AnyObject? { firstLayoutItem }
    /// The second item, or nil for a constant.
    public var secondItem: AnyObject? { secondLayoutItem }
    public let firstAttribute: Attribute
    public let secondAttribute: Attribute
    public let relation: Relation
    public let multiplier: CGFloat

    /// The constant added to the second side; changing it updates the layout.
    public var constant: CGFloat {
        didSet {
            if !constant.isFinite { constant = 0 }
            if constant != oldValue { engineInputChanged() }
            updateDescription()
        }
    }

    /// The priority (required unless set); changing it updates the layout.
    public var priority: UILayoutPriority = .required {
        didSet {
            if priority.rawValue.isNaN { priority = oldValue }
            if priority != oldValue { engineInputChanged() }
            updateDescription()
        }
    }

    /// A name shown in logs.
    public var identifier: String? { didSet { updateDescription() } }

    /// Kept for compatibility: archiving does not exist here.
    public var shouldBeArchived = false

    /// The first item's anchor.
    public var firstAnchor: NSLayoutAnchor<AnyObject> {
        NSLayoutAnchor<AnyObject>(item: firstLayoutItem, attribute: firstAttribute)
    }


    /// The second item's anchor, or nil.
    public var secondAnchor: NSLayoutAnchor<AnyObject>? {
        secondLayoutItem.map { NSLayoutAnchor<AnyObject>(item: $0, attribute: secondAttribute) }
    }

    private(set) weak var firstLayoutItem: LayoutItem?
    private(set) weak var secondLayoutItem: LayoutItem?

    /// The view the constraint is installed in while active.
    private(set) weak var installedView: UIView?
    /// Orders constraints by activation: the engine adds them in this order.
    private(set) var activationNumber = 0
    private static var activations = 0

    /// A constraint between two items' attributes. Items are views or layout guides;
    /// anything else makes a constraint that never activates (logged).
    public convenience init(
        item view1: Any, attribute attr1: Attribute, relatedBy relation: Relation, toItem view2: Any?,
        attribute attr2: Attribute, multiplier: CGFloat, constant c: CGFloat
    ) {
        self.init(
            first: view1 as? LayoutItem, firstAttribute: attr1, relation: relation, second: view2 as? LayoutItem,
            secondAttribute: view2 == nil ? .notAnAttribute : attr2, multiplier: multiplier, constant: c)
    }

    init(
        first: LayoutItem?, firstAttribute: Attribute, relation: Relation, second: LayoutItem?, secondAttribute: Attribute,
        multiplier: CGFloat, constant: CGFloat
    ) {
        firstLayoutItem = first
        secondLayoutItem = second
        self.firstAttribute = firstAttribute
        self.secondAttribute = second == nil ? .notAnAttribute : secondAttribute
        self.relation = relation
        self.multiplier = multiplier.isFinite ? multiplier : 1
        self.constant = constant.isFinite ? constant : 0
        super.init()
        updateDescription()
    }

    /// Whether the constraint takes part in layout. Setting it installs or removes it.
    public var isActive: Bool {
        get { installedView != nil }
        set {
            if newValue { activate() } else { deactivate() }
        }
    }

    /// Activates constraints (faster than one by one in UIKit; the same here).
    public class func activate(_ constraints: [NSLayoutConstraint]) {
        for constraint in constraints { constraint.isActive = true }
    }

    /// Deactivates constraints.
    public class func deactivate(_ constraints: [NSLayoutConstraint]) {
        for constraint in constraints { constraint.isActive = false }
    }

    private func activate() {
        guard installedView == nil else { return }
        guard let host = commonAncestor() else {
            LayoutEngine.logger.error(
                "Unable to activate constraint \(self): its items have no common ancestor (or are not views or layout guides). Does the constraint reference items in different view hierarchies?")
            return
        }
        host.install(self)
    }

    private func deactivate() {
        installedView?.uninstall(self)
    }

    /// Called by the view that installs it.
    func didInstall(in view: UIView?) {
        installedView = view
        if view != nil {
            Self.activations += 1
            activationNumber = Self.activations
        }
        updateDescription()
    }

    /// The closest view holding both items (a guide counts as its owning view).
    private func commonAncestor() -> UIView? {
        guard let first = firstLayoutItem?.layoutOwner else { return nil }
        guard let secondItem = secondLayoutItem else {
            // A constant on one item lives in the item's view (a guide's owner).
            return first
        }
        guard let second = secondItem.layoutOwner else { return nil }
        var candidate: UIView? = first
        while let view = candidate {
            if second.isDescendant(of: view) { return view }
            candidate = view.superview
        }
        return nil
    }

    private func engineInputChanged() {
        installedView?.layoutEngineInputChanged()
    }

    // MARK: Description

    /// UIKit's description: `<NSLayoutConstraint:0x… UIView:0x….width == 100   (active)>`.
    nonisolated open override var description: String { describedAs.value }

    /// The description, kept up to date on the main actor and readable from anywhere.
    private let describedAs = LockedText()

    private func updateDescription() {
        describedAs.value = currentDescription
    }

    private var currentDescription: String {
        var text = "<NSLayoutConstraint:\(Self.address(of: self))"
        if let identifier { text += " '\(identifier)'" }
        text += " " + equationDescription
        if isActive { text += "   (active)" }
        return text + ">"
    }

    /// `UIView:0x….width == 0.5*UIView:0x….width + 10 @750`, as UIKit writes it.
    var equationDescription: String {
        let relationText = relation == .equal ? "==" : relation == .lessThanOrEqual ? "<=" : ">="
        var text = "\(Self.describe(firstLayoutItem)).\(firstAttribute.name) \(relationText)"
        if let second = secondLayoutItem {
            text += " "
            if multiplier != 1 { text += "\(Self.number(multiplier))*" }
            text += "\(Self.describe(second)).\(secondAttribute.name)"
            if constant != 0 { text += constant > 0 ? " + \(Self.number(constant))" : " - \(Self.number(-constant))" }
        } else {
            text += " \(Self.number(constant))"
        }
        if !priority.isRequired { text += " @\(Self.number(CGFloat(priority.rawValue)))" }
        return text
    }

    static func describe(_ item: LayoutItem?) -> String {
        guard let item else { return "nil" }
        return item.layoutDescription
    }

    nonisolated static func address(of object: AnyObject) -> String {
        "0x" + String(UInt(bitPattern: ObjectIdentifier(object)), radix: 16)
    }

    static func number(_ value: CGFloat) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(format: "%g", Double(value))
    }
}

extension NSLayoutConstraint.Attribute {
    /// The name UIKit logs.
    var name: String {
        switch self {
        case .left: "left"
        case .right: "right"
        case .top: "top"
        case .bottom: "bottom"
        case .leading: "leading"
        case .trailing: "trailing"
        case .width: "width"
        case .height: "height"
        case .centerX: "centerX"
        case .centerY: "centerY"
        case .lastBaseline: "lastBaseline"
        case .firstBaseline: "firstBaseline"
        case .leftMargin: "leftMargin"
        case .rightMargin: "rightMargin"
        case .topMargin: "topMargin"
        case .bottomMargin: "bottomMargin"
        case .leadingMargin: "leadingMargin"
        case .trailingMargin: "trailingMargin"
        case .centerXWithinMargins: "centerXWithinMargins"
        case .centerYWithinMargins: "centerYWithinMargins"
        case .notAnAttribute: "notAnAttribute"
        }
    }
}

/// A string behind a lock: a main-actor object's description, read from any thread.
private final class LockedText: @unchecked Sendable {
    private let lock = NSLock()
    private var text = ""

    var value: String {
        get { lock.withLock { text } }
        set { lock.withLock { text = newValue } }
    }
}
