/// An incremental solver for systems of linear equalities and inequalities with strengths:
/// the Cassowary algorithm (Badros, Borning and Stuckey, 2001), as Auto Layout and kiwi use it.
///
/// Required constraints hold exactly; among the solutions, the solver finds one that
/// minimises the sum over the other constraints of strength × error. Adding or removing a
/// constraint re-optimises from the last solution (primal simplex); suggesting a value for an
/// edit variable keeps the basis optimal and restores feasibility (dual simplex), which is why
/// an edit on a large system is cheap.
///
/// ```swift
/// let solver = Solver()
/// let left = Variable("left"), width = Variable("width")
/// try solver.addConstraint(Constraint(left + width, .lessThanOrEqual, Expression(constant: 320)))
/// try solver.addConstraint(Constraint(Expression(width), .equal, Expression(constant: 100), strength: Strength.strong))
/// try solver.addEditVariable(left, strength: Strength.medium)
/// try solver.suggestValue(250, for: left)
/// solver.value(of: left)   // 220
/// solver.value(of: width)  // 100
/// ```
public final class Solver {
    /// The most constraints (edit constraints included) a solver holds; adding more fails
    /// with ``SolverError/tooManyConstraints(_:)``.
    public static let maximumConstraints = 200_000
    /// The largest magnitude of a coefficient, constant or suggested value (10^15): larger
    /// ones are refused with ``SolverError/notFinite(_:)``, as their products overflow to
    /// infinity while the tableau pivots.
    public static let maximumMagnitude = 1e15
    /// The most terms the tableau's rows may hold together (about 60 bytes each, with the
    /// index of which rows hold which symbol): 8,000,000, some 500 MB. Most systems hold a few
    /// terms a constraint; a chain of required equalities `v[i] = v[i-1] + c` holds i terms in
    /// its i-th row (each row is the last one and one more), so it reaches the budget at about
    /// 4,000 links. A constraint that would pass it is refused with
    /// ``SolverError/tooLarge(_:)`` and the solver is as it was.
    public static let maximumTableauCells = 8_000_000

    struct Tag {
        var marker = Symbol.invalid
        var other = Symbol.invalid
    }

    struct Edit {
        var tag: Tag
        var constraint: Constraint
        var constant: Double
    }

    var constraints: [Constraint: Tag] = [:]
    /// The basic rows, by basic symbol. Change them only through ``setRow(_:_:)`` and
    /// ``takeRow(_:)``, which keep ``columns`` in step.
    private(set) var rows: [Symbol: Row] = [:]
    /// For each parametric symbol but the dummies, the basic symbols whose rows hold it: a
    /// pivot touches only those rows, not the whole tableau. Dummies (the markers of required
    /// equalities, never pivoted on) are found by reading the rows when their constraint is
    /// removed: along a chain of required equalities `v[i] = v[i-1] + c`, each later row holds
    /// every earlier link's dummy, so indexing them cost the square of the chain's length.
    private var columns: [Symbol: Set<Symbol>] = [:]

    /// Whether a symbol's holders are kept in ``columns``.
    private static func isIndexed(_ symbol: Symbol) -> Bool { symbol.kind != .dummy }
    /// The cells of all basic rows together (kept by ``setRow(_:_:)``, ``takeRow(_:)`` and
    /// ``substitute(_:_:)``), against ``maximumTableauCells``.
    private(set) var cellCount = 0
    var symbols: [Variable: Symbol] = [:]
    var edits: [Variable: Edit] = [:]
    /// The constraint each marker and error symbol belongs to (for explaining conflicts).
    var owners: [Symbol: Constraint] = [:]
    var infeasibleRows: [Symbol] = []
    var objective = Row.keepingNegatives()
    var artificial: Row?
    private var nextID = 1

    public init() {}

    /// The number of constraints held, edit constraints included.
    public var constraintCount: Int { constraints.count }

    /// Whether a constraint is in the system.
    public func hasConstraint(_ constraint: Constraint) -> Bool {
        constraints[constraint] != nil
    }

    // MARK: Constraints

    /// Adds a constraint and re-optimises.
    ///
    /// - Throws: ``SolverError/unsatisfiable(_:conflicting:)`` when it is required and
    ///   conflicts with required constraints already held (the solver is left as before),
    ///   ``SolverError/duplicateConstraint(_:)``, ``SolverError/notFinite(_:)``,
    ///   ``SolverError/tooManyConstraints(_:)``.
    public func addConstraint(_ constraint: Constraint) throws(SolverError) {
        guard constraints[constraint] == nil else { throw .duplicateConstraint(constraint) }
        guard constraint.expression.isWithin(Self.maximumMagnitude) else { throw .notFinite("\(constraint)") }
        guard constraints.count < Self.maximumConstraints else { throw .tooManyConstraints(Self.maximumConstraints) }
        var tag = Tag()
        let row = makeRow(for: constraint, tag: &tag)
        // A row that alone passes the budget is refused before anything is pivoted.
        guard cellCount + row.cells.count <= Self.maximumTableauCells else {
            for marker in [tag.marker, tag.other] where marker.kind == .error { objective.remove(marker) }
            forget(tag)
            throw .tooLarge(Self.maximumTableauCells)
        }
        var subject = chooseSubject(row, tag: tag)
        if !subject.isValid && row.cells.allSatisfy({ $0.symbol.kind == .dummy }) {
            if !isNearZero(row.constant) {
                let conflicting = explain(row)
                forget(tag)
                throw .unsatisfiable(constraint, conflicting: conflicting + [constraint])
            }
            subject = tag.marker
        }
        if subject.isValid {
            row.solve(for: subject)
            substitute(subject, row)
            setRow(subject, row)
        } else {
            let (satisfied, conflicting) = addWithArtificialVariable(row)
            if !satisfied {
                // The artificial pivots may have left the refused constraint's slack in the
                // tableau: take it out as a removal would, so the solver is as it was.
                dropMarker(tag.marker)
                forget(tag)
                optimize(objective)
                throw .unsatisfiable(constraint, conflicting: conflicting + [constraint])
            }
        }
        constraints[constraint] = tag
        optimize(objective)
        if cellCount > Self.maximumTableauCells {
            // Taken out again as a removal would: the solver is as it was.
            try? removeConstraint(constraint)
            throw .tooLarge(Self.maximumTableauCells)
        }
    }

    /// Removes a constraint and re-optimises.
    ///
    /// - Throws: ``SolverError/unknownConstraint(_:)`` when it is not held.
    public func removeConstraint(_ constraint: Constraint) throws(SolverError) {
        guard let tag = constraints.removeValue(forKey: constraint) else { throw .unknownConstraint(constraint) }
        removeErrorEffects(tag, strength: constraint.strength)
        dropMarker(tag.marker)
        owners[tag.marker] = nil
        owners[tag.other] = nil
        optimize(objective)
    }

    /// A variable's value in the current solution (0 for a variable the solver has not seen
    /// or left free).
    public func value(of variable: Variable) -> Double {
        guard let symbol = symbols[variable] else { return 0 }
        return rows[symbol]?.constant ?? 0
    }

    /// Forgets every constraint and edit variable.
    public func reset() {
        constraints = [:]
        rows = [:]
        columns = [:]
        symbols = [:]
        edits = [:]
        owners = [:]
        infeasibleRows = []
        objective = Row.keepingNegatives()
        artificial = nil
        cellCount = 0
    }

    // MARK: Building rows

    func makeSymbol(_ kind: Symbol.Kind) -> Symbol {
        defer { nextID += 1 }
        return Symbol(id: nextID, kind: kind)
    }

    private func symbol(for variable: Variable) -> Symbol {
        if let symbol = symbols[variable] { return symbol }
        let symbol = makeSymbol(.external)
        symbols[variable] = symbol
        return symbol
    }

    /// The constraint's row in terms of the current parametric symbols, with its slack, error
    /// or dummy symbols (recorded in the tag), and its errors in the objective.
    private func makeRow(for constraint: Constraint, tag: inout Tag) -> Row {
        let expression = constraint.expression
        let row = Row(constant: expression.constant)
        for term in expression.terms where !isNearZero(term.coefficient) {
            let symbol = symbol(for: term.variable)
            if let basic = rows[symbol] {
                row.insert(basic, term.coefficient)
            } else {
                row.insert(symbol, term.coefficient)
            }
        }
        switch constraint.relation {
        case .lessThanOrEqual, .greaterThanOrEqual:
            let sign: Double = constraint.relation == .lessThanOrEqual ? 1 : -1
            let slack = makeSymbol(.slack)
            tag.marker = slack
            row.insert(slack, sign)
            if !constraint.isRequired {
                let error = makeSymbol(.error)
                tag.other = error
                row.insert(error, -sign)
                objective.insert(error, constraint.strength)
            }
        case .equal:
            if constraint.isRequired {
                let dummy = makeSymbol(.dummy)
                tag.marker = dummy
                row.insert(dummy)
            } else {
                let plus = makeSymbol(.error)
                let minus = makeSymbol(.error)
                tag.marker = plus
                tag.other = minus
                row.insert(plus, -1)
                row.insert(minus, 1)
                objective.insert(plus, constraint.strength)
                objective.insert(minus, constraint.strength)
            }
        }
        owners[tag.marker] = constraint
        if tag.other.isValid { owners[tag.other] = constraint }
        if row.constant < 0 { row.reverseSign() }
        return row
    }

    /// Undoes what building a refused constraint's row recorded.
    private func forget(_ tag: Tag) {
        owners[tag.marker] = nil
        owners[tag.other] = nil
    }

    /// The symbol to make basic for a new row: an external symbol, else a slack or error
    /// marker with a negative coefficient; invalid when there is none.
    private func chooseSubject(_ row: Row, tag: Tag) -> Symbol {
        // Of the row's own variables, the one fewest other rows hold (a new variable, none):
        // solving for it disturbs the least of the tableau and keeps rows short.
        var external = Symbol.invalid, fewest = Int.max
        for cell in row.cells where cell.symbol.kind == .external {
            let count = columns[cell.symbol]?.count ?? 0
            if count < fewest {
                fewest = count
                external = cell.symbol
            }
        }
        if external.isValid { return external }
        for marker in [tag.marker, tag.other] where marker.isPivotable {
            if row.coefficient(for: marker) < 0 { return marker }
        }
        return .invalid
    }

    /// Adds a row no symbol can be solved for by minimising an artificial variable equal to
    /// it; returns whether it reached zero (the constraint holds) and, when not, the
    /// constraints that keep it from zero.
    private func addWithArtificialVariable(_ row: Row) -> (Bool, [Constraint]) {
        let art = makeSymbol(.slack)
        setRow(art, row.copy())
        let goal = row.copy()
        artificial = goal
        optimize(goal)
        let satisfied = isNearZero(goal.constant)
        let conflicting = satisfied ? [] : explain(goal)
        artificial = nil
        if let basic = takeRow(art) {
            if basic.isEmpty { return (satisfied, conflicting) }
            let entering = anyPivotableSymbol(basic)
            guard entering.isValid else { return (false, conflicting) }
            basic.solve(for: art, entering)
            substitute(entering, basic)
            setRow(entering, basic)
        }
        for holder in columns.removeValue(forKey: art) ?? [] {
            guard let row = rows[holder] else { continue }
            let before = row.cells.count
            row.remove(art)
            cellCount += row.cells.count - before
        }
        objective.remove(art)
        return (satisfied, conflicting)
    }

    /// The required constraints whose markers appear in a row that cannot reach zero:
    /// the constraints that keep it there, oldest first.
    private func explain(_ row: Row) -> [Constraint] {
        let markers = row.cells.map(\.symbol)
        var seen = Set<Constraint>()
        var result: [Constraint] = []
        for marker in markers {
            guard let owner = owners[marker], owner.isRequired, constraints[owner] != nil, seen.insert(owner).inserted else { continue }
            result.append(owner)
        }
        return result
    }

    private func anyPivotableSymbol(_ row: Row) -> Symbol {
        row.cells.first(where: { $0.symbol.isPivotable })?.symbol ?? .invalid
    }

    // MARK: Pivoting

    /// Makes a row basic for a symbol.
    func setRow(_ basic: Symbol, _ row: Row) {
        rows[basic] = row
        cellCount += row.cells.count
        for cell in row.cells where Self.isIndexed(cell.symbol) { columns[cell.symbol, default: []].insert(basic) }
    }

    /// Takes a basic row out of the tableau.
    func takeRow(_ basic: Symbol) -> Row? {
        guard let row = rows.removeValue(forKey: basic) else { return nil }
        cellCount -= row.cells.count
        for cell in row.cells where Self.isIndexed(cell.symbol) { unlink(cell.symbol, from: basic) }
        return row
    }

    /// The basic symbols whose rows hold a symbol.
    func holders(of symbol: Symbol) -> Set<Symbol> {
        guard Self.isIndexed(symbol) else {
            return Set(rows.lazy.filter { $0.value.coefficient(for: symbol) != 0 }.map(\.key))
        }
        return columns[symbol] ?? []
    }

    private func unlink(_ symbol: Symbol, from basic: Symbol) {
        guard var holders = columns.removeValue(forKey: symbol) else { return }
        holders.remove(basic)
        if !holders.isEmpty { columns[symbol] = holders }
    }

    /// Replaces a symbol with a row everywhere, noting rows that became infeasible.
    func substitute(_ symbol: Symbol, _ row: Row) {
        var infeasible: [Symbol] = []
        let targets = Self.isIndexed(symbol) ? columns.removeValue(forKey: symbol) ?? [] : holders(of: symbol)
        for basic in targets {
            guard let other = rows[basic] else { continue }
            let before = other.cells.count
            defer { cellCount += other.cells.count - before }
            other.substitute(symbol, row) { cell, appeared in
                guard Self.isIndexed(cell) else { return }
                if appeared {
                    columns[cell, default: []].insert(basic)
                } else {
                    unlink(cell, from: basic)
                }
            }
            if basic.kind != .external && other.constant < 0 { infeasible.append(basic) }
        }
        infeasibleRows.append(contentsOf: infeasible.sorted())
        objective.substitute(symbol, row)
        artificial?.substitute(symbol, row)
    }

    /// Primal simplex: pivots until no symbol in the objective can lower it.
    func optimize(_ objective: Row) {
        while true {
            let entering = enteringSymbol(objective)
            guard entering.isValid else { return }
            let leaving = leavingSymbol(entering)
            // Errors are non-negative, so the objective is bounded below; a missing leaving
            // row would mean the tableau is corrupt. Stop rather than loop.
            guard leaving.isValid, let row = takeRow(leaving) else { return }
            row.solve(for: leaving, entering)
            substitute(entering, row)
            setRow(entering, row)
        }
    }

    /// The lowest non-dummy symbol with a negative coefficient in the objective (from the
    /// symbols it keeps negative, when it keeps them).
    private func enteringSymbol(_ objective: Row) -> Symbol {
        if let negatives = objective.negativeSymbols {
            return negatives.lazy.filter { $0.kind != .dummy }.min() ?? .invalid
        }
        return objective.cells.first(where: { $0.symbol.kind != .dummy && $0.coefficient < 0 })?.symbol ?? .invalid
    }

    /// The row whose basic symbol leaves when `entering` enters: the least ratio of constant
    /// to negative coefficient among restricted rows.
    private func leavingSymbol(_ entering: Symbol) -> Symbol {
        var ratio = Double.greatestFiniteMagnitude
        var best = Symbol.invalid
        for basic in holders(of: entering) where basic.kind != .external {
            guard let row = rows[basic] else { continue }
            let coefficient = row.coefficient(for: entering)
            guard coefficient < 0 else { continue }
            let candidate = -row.constant / coefficient
            if candidate < ratio || (candidate == ratio && basic < best) {
                ratio = candidate
                best = basic
            }
        }
        return best
    }

    /// The row to pivot a removed constraint's marker into the basis by.
    private func markerLeavingRow(_ marker: Symbol) -> Symbol? {
        var negativeRatio = Double.greatestFiniteMagnitude, positiveRatio = Double.greatestFiniteMagnitude
        var negative = Symbol.invalid, positive = Symbol.invalid, external = Symbol.invalid
        for basic in holders(of: marker) {
            guard let row = rows[basic] else { continue }
            let coefficient = row.coefficient(for: marker)
            if coefficient == 0 { continue }
            if basic.kind == .external {
                if !external.isValid || external < basic { external = basic }
            } else if coefficient < 0 {
                let ratio = -row.constant / coefficient
                if ratio < negativeRatio || (ratio == negativeRatio && basic < negative) {
                    negativeRatio = ratio
                    negative = basic
                }
            } else {
                let ratio = row.constant / coefficient
                if ratio < positiveRatio || (ratio == positiveRatio && basic < positive) {
                    positiveRatio = ratio
                    positive = basic
                }
            }
        }
        for candidate in [negative, positive, external] where candidate.isValid { return candidate }
        return nil
    }

    /// Takes a constraint's marker out of the tableau: its row when it is basic, else the row
    /// it is pivoted into first.
    private func dropMarker(_ marker: Symbol) {
        guard takeRow(marker) == nil else { return }
        guard let leaving = markerLeavingRow(marker), let row = takeRow(leaving) else { return }
        row.solve(for: leaving, marker)
        substitute(marker, row)
    }

    /// Takes a removed non-required constraint's errors out of the objective.
    private func removeErrorEffects(_ tag: Tag, strength: Double) {
        for marker in [tag.marker, tag.other] where marker.kind == .error {
            if let row = rows[marker] {
                objective.insert(row, -strength)
            } else {
                objective.insert(marker, -strength)
            }
        }
    }
}
