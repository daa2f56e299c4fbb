import ConstraintSolver
import Foundation
import Logging

/// The Auto Layout engine of one view tree, kept on its root view: the tree's active
/// constraints, and the constraints the views imply (the root's size, frames of views that
/// translate their autoresizing masks, intrinsic sizes, safe areas and margins), in one
/// incremental Cassowary solver. Each layout pass adds and removes only what changed.
@MainActor
package final class LayoutEngine {
    /// Where constraint problems are logged, in UIKit's words.
    nonisolated static let logger = Logger(label: "OpenMaps.UIKit.Layout")
    /// Receives each unsatisfiable-constraints message (tests read them here).
    package static var unsatisfiableConstraintsHandler: ((String) -> Void)?

    /// The strength of a safe area's or margin guide's pull to the view's edges: above every
    /// app priority, below required.
    static let guideStrength = 5e8
    /// The strength of a safe area's window insets: above its pull to the edges, below
    /// required, so a view lying wholly under a bar gets an empty guide, never a negative one.
    static let safeAreaStrength = 9e8

    unowned let root: UIView
    let fitting: (size: CGSize, horizontal: UILayoutPriority, vertical: UILayoutPriority)?
    let solver = Solver()
    var isDirty = true

    private struct Installed {
        /// Held, so that its identity (the key) is not reused by a new constraint while here.
        let constraint: NSLayoutConstraint
        let solverConstraint: Constraint?
        let signature: [Double]
    }

    /// App constraints by identity: their solver constraint (nil while broken).
    private var installed: [ObjectIdentifier: Installed] = [:]
    /// Constraints each item implies, with the numbers they were made from.
    private var implied: [ObjectIdentifier: (signature: [Double], constraints: [Constraint])] = [:]
    /// The items of the last pass: views below the root down to every constrained item (the
    /// root, which holds the engine, is not held here).
    private var items: [ObjectIdentifier: LayoutItem] = [:]

    init(root: UIView, fitting: (size: CGSize, horizontal: UILayoutPriority, vertical: UILayoutPriority)? = nil) {
        self.root = root
        self.fitting = fitting
    }

    /// Brings the solver up to date with the tree.
    func update() {
        isDirty = false
        var constraints: [NSLayoutConstraint] = []
        collect(root, into: &constraints)
        constraints.sort { $0.activationNumber < $1.activationNumber }

        var wanted: [ObjectIdentifier: LayoutItem] = [ObjectIdentifier(root): root]
        func include(_ item: LayoutItem?) {
            guard let item, wanted[ObjectIdentifier(item)] == nil else { return }
            wanted[ObjectIdentifier(item)] = item
            if let guide = item as? UILayoutGuide {
                include(guide.owningView)
                if guide.role == .margins { include(guide.owningView?.safeAreaLayoutGuide) }
            } else if let view = item as? UIView, view !== root {
                include(view.superview)
            }
        }
        for constraint in constraints {
            include(constraint.firstLayoutItem)
            include(constraint.secondLayoutItem)
            for attribute in [constraint.firstAttribute, constraint.secondAttribute] where attribute.withoutMargin != attribute {
                include((constraint.firstLayoutItem as? UIView)?.layoutMarginsGuide)
                include((constraint.secondLayoutItem as? UIView)?.layoutMarginsGuide)
            }
        }

        // Items gone: their implied constraints go first.
        for (id, _) in items where wanted[id] == nil && id != ObjectIdentifier(root) {
            for constraint in implied.removeValue(forKey: id)?.constraints ?? [] { try? solver.removeConstraint(constraint) }
        }
        // App constraints gone or changed.
        let live = Dictionary(constraints.map { (ObjectIdentifier($0), $0) }, uniquingKeysWith: { first, _ in first })
        var removedAny = false
        for (id, entry) in installed {
            guard let constraint = live[id], constraint === entry.constraint, signature(of: constraint) == entry.signature else {
                if let made = entry.solverConstraint { try? solver.removeConstraint(made) }
                installed[id] = nil
                removedAny = true
                continue
            }
        }
        if removedAny {
            // Something left: constraints broken before may hold now.
            for (id, entry) in installed where entry.solverConstraint == nil { installed[id] = nil }
        }
        items = wanted
        items[ObjectIdentifier(root)] = nil
        // Implied constraints, root first, then app constraints in activation order.
        let ordered = wanted.values.sorted { depth(of: $0) < depth(of: $1) }
        for item in ordered { updateImplied(item) }
        for constraint in constraints where installed[ObjectIdentifier(constraint)] == nil {
            add(constraint)
        }
    }

    /// The item's rectangle in the root's coordinates, as solved (nil when not in the engine).
    func solvedFrame(of item: LayoutItem) -> CGRect? {
        guard item === root || items[ObjectIdentifier(item)] != nil else { return nil }
        let v = item.layoutVariables
        return CGRect(
            x: solver.value(of: v.minX), y: solver.value(of: v.minY), width: solver.value(of: v.width),
            height: solver.value(of: v.height))
    }

    /// Sets the frames of views laid out by constraints, top down.
    func applyFrames() {
        apply(root)
    }

    private func apply(_ view: UIView) {
        for subview in view.subviews {
            if !subview.autoLayout.translatesAutoresizingMask, let solved = solvedFrame(of: subview),
                let parent = solvedFrame(of: view)
            {
                let scale = UIScreen.defaultScale
                func round(_ value: Double) -> CGFloat { CGFloat((value * scale).rounded() / scale) }
                let minX = round(solved.minX - parent.minX + view.bounds.minX)
                let minY = round(solved.minY - parent.minY + view.bounds.minY)
                let maxX = round(solved.maxX - parent.minX + view.bounds.minX)
                let maxY = round(solved.maxY - parent.minY + view.bounds.minY)
                let frame = CGRect(x: minX, y: minY, width: max(0, maxX - minX), height: max(0, maxY - minY))
                if frame.isFinite, frame != subview.frame { subview.frame = frame }
            }
            if subview.autoLayout.subtreeUsesConstraints || !subview.autoLayout.translatesAutoresizingMask { apply(subview) }
        }
    }

    // MARK: Building

    private func collect(_ view: UIView, into constraints: inout [NSLayoutConstraint]) {
        guard view.autoLayout.subtreeUsesConstraints else { return }
        constraints.append(contentsOf: view.autoLayout.constraints)
        for subview in view.subviews { collect(subview, into: &constraints) }
    }

    private func depth(of item: LayoutItem) -> Int {
        var depth = item is UILayoutGuide ? 1 : 0
        var view = item.layoutOwner
        while let current = view, current !== root {
            depth += 2
            view = current.superview
        }
        return depth
    }

    private func signature(of constraint: NSLayoutConstraint) -> [Double] {
        var numbers = [Double(constraint.constant), Double(constraint.priority.rawValue), Double(constraint.multiplier)]
        for (item, attribute) in [(constraint.firstLayoutItem, constraint.firstAttribute), (constraint.secondLayoutItem, constraint.secondAttribute)]
        where attribute == .firstBaseline || attribute == .lastBaseline {
            let baselines = item?.baselines ?? .bottom
            let line = attribute == .firstBaseline ? baselines.first : baselines.last
            numbers += [Double(line.fraction), Double(line.offset)]
        }
        return numbers
    }

    private func add(_ constraint: NSLayoutConstraint) {
        let id = ObjectIdentifier(constraint)
        guard let first = constraint.firstLayoutItem else {
            installed[id] = Installed(constraint: constraint, solverConstraint: nil, signature: signature(of: constraint))
            return
        }
        var rhs = LinearExpression(constant: Double(constraint.constant))
        if let second = constraint.secondLayoutItem {
            rhs = Double(constraint.multiplier) * second.expression(for: constraint.secondAttribute) + Double(constraint.constant)
        }
        let relation: ConstraintSolver.Constraint.Relation =
            switch constraint.relation {
            case .equal: .equal
            case .lessThanOrEqual: .lessThanOrEqual
            case .greaterThanOrEqual: .greaterThanOrEqual
            }
        let made = Constraint(first.expression(for: constraint.firstAttribute), relation, rhs, strength: constraint.priority.strength)
        do throws(SolverError) {
            try solver.addConstraint(made)
            installed[id] = Installed(constraint: constraint, solverConstraint: made, signature: signature(of: constraint))
        } catch {
            installed[id] = Installed(constraint: constraint, solverConstraint: nil, signature: signature(of: constraint))
            if case .unsatisfiable(_, let conflicting) = error {
                report(constraint, conflicting: conflicting)
            } else {
                Self.logger.warning("[LayoutConstraints] \(constraint) not installed: \(error)")
            }
        }
    }

    /// Logs a broken constraint as UIKit does.
    private func report(_ broken: NSLayoutConstraint, conflicting: [Constraint]) {
        var lookup: [ObjectIdentifier: String] = [:]
        for view in allConstrainedViews() {
            for constraint in view.autoLayout.constraints {
                if let made = installed[ObjectIdentifier(constraint)]?.solverConstraint {
                    lookup[ObjectIdentifier(made)] = constraint.description
                }
            }
        }
        for (id, entry) in implied {
            for made in entry.constraints {
                let item = items[id].map { $0.layoutDescription } ?? "?"
                lookup[ObjectIdentifier(made)] = "<NSAutoresizingMaskLayoutConstraint \(item) \(made.expression) \(made.relation) 0>"
            }
        }
        var lines = conflicting.dropLast().compactMap { lookup[ObjectIdentifier($0)] }
        lines.append(broken.description)
        let message = """
            Unable to simultaneously satisfy constraints.
            \tProbably at least one of the constraints in the following list is one you don't want. 
            \tTry this: 
            \t\t(1) look at each constraint and try to figure out which you don't expect; 
            \t\t(2) find the code that added the unwanted constraint or constraints and fix it. 
            (
            \(lines.map { "    \"\($0)\"" }.joined(separator: ",\n"))
            )

            Will attempt to recover by breaking constraint 
            \(broken.description)

            Make a symbolic breakpoint at UIViewAlertForUnsatisfiableConstraints to catch this in the debugger.
            The methods in the UIConstraintBasedLayoutDebugging category on UIView listed in <UIKit/UIView.h> may also be helpful.
            """
        Self.logger.error("[LayoutConstraints] \(message)")
        Self.unsatisfiableConstraintsHandler?(message)
    }

    private func allConstrainedViews() -> [UIView] {
        var views: [UIView] = []
        func visit(_ view: UIView) {
            guard view.autoLayout.subtreeUsesConstraints else { return }
            views.append(view)
            view.subviews.forEach(visit)
        }
        visit(root)
        return views
    }

    // MARK: Implied constraints

    private func updateImplied(_ item: LayoutItem) {
        let id = ObjectIdentifier(item)
        let (signature, make) = implication(of: item)
        if let current = implied[id], current.signature == signature { return }
        for constraint in implied[id]?.constraints ?? [] { try? solver.removeConstraint(constraint) }
        var made: [Constraint] = []
        for constraint in make() {
            do {
                try solver.addConstraint(constraint)
                made.append(constraint)
            } catch {
                Self.logger.warning("[LayoutConstraints] \(item.layoutDescription): implied constraint \(constraint) conflicts; dropped")
            }
        }
        implied[id] = (signature, made)
    }

    /// A view's size constraints: at least zero, and its intrinsic size held by its hugging
    /// and compression-resistance priorities.
    private func intrinsicImplication(of view: UIView) -> ([Double], () -> [Constraint]) {
        let v = view.layoutVariables
        let intrinsic = view.intrinsicContentSize
        let hugging = view.autoLayout.hugging, compression = view.autoLayout.compressionResistance
        var numbers = [Double(intrinsic.width), Double(intrinsic.height)]
        numbers += [hugging.horizontal, hugging.vertical, compression.horizontal, compression.vertical].map { Double($0.rawValue) }
        return (
            numbers,
            {
                var made = [
                    Constraint(LinearExpression(v.width), .greaterThanOrEqual, LinearExpression()),
                    Constraint(LinearExpression(v.height), .greaterThanOrEqual, LinearExpression()),
                ]
                if intrinsic.width != UIView.noIntrinsicMetric, intrinsic.width.isFinite, intrinsic.width >= 0 {
                    let width = Double(intrinsic.width)
                    made.append(Constraint(LinearExpression(v.width), .lessThanOrEqual, LinearExpression(constant: width), strength: hugging.horizontal.strength))
                    made.append(
                        Constraint(LinearExpression(v.width), .greaterThanOrEqual, LinearExpression(constant: width), strength: compression.horizontal.strength))
                }
                if intrinsic.height != UIView.noIntrinsicMetric, intrinsic.height.isFinite, intrinsic.height >= 0 {
                    let height = Double(intrinsic.height)
                    made.append(Constraint(LinearExpression(v.height), .lessThanOrEqual, LinearExpression(constant: height), strength: hugging.vertical.strength))
                    made.append(
                        Constraint(LinearExpression(v.height), .greaterThanOrEqual, LinearExpression(constant: height), strength: compression.vertical.strength))
                }
                return made
            }
        )
    }

    /// The numbers an item's implied constraints are made from, and how to make them.
    private func implication(of item: LayoutItem) -> ([Double], () -> [Constraint]) {
        let v = item.layoutVariables
        func fixed(_ variable: Variable, _ value: Double, _ strength: Double = Strength.required) -> Constraint {
            Constraint(LinearExpression(variable), .equal, LinearExpression(constant: value), strength: strength)
        }
        if let view = item as? UIView {
            if view === root {
                if let fitting {
                    // The target size at the fitting priorities, and the view's own intrinsic size.
                    let size = fitting.size
                    let (_, intrinsic) = intrinsicImplication(of: view)
                    return (
                        [Double(size.width), Double(size.height)],
                        {
                            [
                                fixed(v.minX, 0), fixed(v.minY, 0),
                                fixed(v.width, Double(size.width), fitting.horizontal.strength),
                                fixed(v.height, Double(size.height), fitting.vertical.strength),
                            ] + intrinsic()
                        }
                    )
                }
                let size = view.bounds.size
                return (
                    [Double(size.width), Double(size.height)],
                    { [fixed(v.minX, 0), fixed(v.minY, 0), fixed(v.width, Double(size.width)), fixed(v.height, Double(size.height))] }
                )
            }
            guard let parent = view.superview else { return ([], { [] }) }
            let p = parent.layoutVariables
            if view.autoLayout.translatesAutoresizingMask {
                let frame = view.frame, origin = parent.bounds.origin
                let x = Double(frame.minX - origin.x), y = Double(frame.minY - origin.y)
                // The parent's identity is part of what the constraints are made from.
                let parentID = Double(UInt(bitPattern: ObjectIdentifier(parent)) % (1 << 52))
                return (
                    [x, y, Double(frame.width), Double(frame.height), parentID],
                    {
                        [
                            Constraint(LinearExpression(v.minX), .equal, p.minX + x), Constraint(LinearExpression(v.minY), .equal, p.minY + y),
                            fixed(v.width, Double(frame.width)), fixed(v.height, Double(frame.height)),
                        ]
                    }
                )
            }
            return intrinsicImplication(of: view)
        }
        guard let guide = item as? UILayoutGuide, let owner = guide.owningView else { return ([], { [] }) }
        let o = owner.layoutVariables
        switch guide.role {
        case .custom:
            return ([], { [Constraint(LinearExpression(v.width), .greaterThanOrEqual, LinearExpression()), Constraint(LinearExpression(v.height), .greaterThanOrEqual, LinearExpression())] })
        case .safeArea:
            // The owner's bounds cut by its safe boundary (the root's safe area, or that of the
            // nearest view controller view adding insets): each edge at least as far in as
            // both, pulled out to the owner's edge.
            let boundary = owner.safeAreaBoundary
            let r = root.layoutVariables
            let numbers = [boundary.minY, boundary.minX, boundary.maxY, boundary.maxX].map { Double($0) }
            return (
                numbers,
                {
                    let strength = Self.guideStrength, inset = Self.safeAreaStrength
                    return [
                        Constraint(LinearExpression(v.width), .greaterThanOrEqual, LinearExpression()),
                        Constraint(LinearExpression(v.height), .greaterThanOrEqual, LinearExpression()),
                        Constraint(LinearExpression(v.minX), .greaterThanOrEqual, LinearExpression(o.minX)),
                        Constraint(LinearExpression(v.minX), .greaterThanOrEqual, r.minX + Double(boundary.minX), strength: inset),
                        Constraint(LinearExpression(v.minX), .equal, LinearExpression(o.minX), strength: strength),
                        Constraint(LinearExpression(v.minY), .greaterThanOrEqual, LinearExpression(o.minY)),
                        Constraint(LinearExpression(v.minY), .greaterThanOrEqual, r.minY + Double(boundary.minY), strength: inset),
                        Constraint(LinearExpression(v.minY), .equal, LinearExpression(o.minY), strength: strength),
                        Constraint(v.minX + v.width, .lessThanOrEqual, o.minX + o.width),
                        Constraint(v.minX + v.width, .lessThanOrEqual, r.minX + Double(boundary.maxX), strength: inset),
                        Constraint(v.minX + v.width, .equal, o.minX + o.width, strength: strength),
                        Constraint(v.minY + v.height, .lessThanOrEqual, o.minY + o.height),
                        Constraint(v.minY + v.height, .lessThanOrEqual, r.minY + Double(boundary.maxY), strength: inset),
                        Constraint(v.minY + v.height, .equal, o.minY + o.height, strength: strength),
                    ]
                }
            )
        case .margins:
            let margins = owner.layoutMargins
            let base = owner.insetsLayoutMarginsFromSafeArea ? owner.safeAreaLayoutGuide.layoutVariables : o
            let numbers = [margins.top, margins.left, margins.bottom, margins.right].map { Double($0) } + [owner.insetsLayoutMarginsFromSafeArea ? 1 : 0]
            return (
                numbers,
                {
                    [
                        Constraint(LinearExpression(v.minX), .equal, base.minX + Double(margins.left)),
                        Constraint(LinearExpression(v.minY), .equal, base.minY + Double(margins.top)),
                        Constraint(v.minX + v.width, .equal, base.minX + base.width - Double(margins.right)),
                        Constraint(v.minY + v.height, .equal, base.minY + base.height - Double(margins.bottom)),
                    ]
                }
            )
        }
    }
}
