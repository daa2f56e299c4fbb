extension Solver {
    /// Whether a variable is an edit variable.
    public func hasEditVariable(_ variable: Variable) -> Bool {
        edits[variable] != nil
    }

    /// Makes a variable an edit variable: one whose value is suggested from outside (a drag,
    /// a size), held at a non-required strength.
    ///
    /// - Throws: ``SolverError/duplicateEditVariable(_:)``,
    ///   ``SolverError/requiredEditVariable(_:)``, ``SolverError/tooManyConstraints(_:)``.
    public func addEditVariable(_ variable: Variable, strength: Double) throws(SolverError) {
        guard edits[variable] == nil else { throw .duplicateEditVariable(variable) }
        let strength = Strength.clip(strength)
        guard strength < Strength.required else { throw .requiredEditVariable(variable) }
        let constraint = Constraint(Expression(variable), .equal, strength: strength)
        try addConstraint(constraint)
        guard let tag = constraints[constraint] else { return }
        edits[variable] = Edit(tag: tag, constraint: constraint, constant: 0)
    }

    /// Stops editing a variable.
    ///
    /// - Throws: ``SolverError/unknownEditVariable(_:)``.
    public func removeEditVariable(_ variable: Variable) throws(SolverError) {
        guard let edit = edits.removeValue(forKey: variable) else { throw .unknownEditVariable(variable) }
        try removeConstraint(edit.constraint)
    }

    /// Suggests a value for an edit variable; the solution follows at once (dual simplex).
    ///
    /// - Throws: ``SolverError/unknownEditVariable(_:)``, ``SolverError/notFinite(_:)``.
    public func suggestValue(_ value: Double, for variable: Variable) throws(SolverError) {
        guard var edit = edits[variable] else { throw .unknownEditVariable(variable) }
        guard value.isFinite, abs(value) <= Self.maximumMagnitude else { throw .notFinite("suggested value \(value) for \(variable)") }
        let delta = value - edit.constant
        edit.constant = value
        edits[variable] = edit
        let marker = edit.tag.marker, other = edit.tag.other
        if let row = rows[marker] {
            if row.add(-delta) < 0 { infeasibleRows.append(marker) }
        } else if let row = rows[other] {
            if row.add(delta) < 0 { infeasibleRows.append(other) }
        } else {
            var infeasible: [Symbol] = []
            for basic in holders(of: marker) {
                guard let row = rows[basic] else { continue }
                let coefficient = row.coefficient(for: marker)
                if coefficient != 0 && row.add(delta * coefficient) < 0 && basic.kind != .external {
                    infeasible.append(basic)
                }
            }
            infeasibleRows.append(contentsOf: infeasible.sorted())
        }
        dualOptimize()
    }

    /// Dual simplex: pivots infeasible rows (negative constants) back to feasibility while the
    /// objective stays optimal.
    func dualOptimize() {
        while let leaving = infeasibleRows.popLast() {
            guard let row = rows[leaving], !isNearZero(row.constant), row.constant < 0 else { continue }
            let entering = dualEnteringSymbol(row)
            guard entering.isValid else { continue }
            _ = takeRow(leaving)
            row.solve(for: leaving, entering)
            substitute(entering, row)
            setRow(entering, row)
        }
    }

    /// The symbol with the least ratio of objective coefficient to its positive coefficient
    /// in the row.
    private func dualEnteringSymbol(_ row: Row) -> Symbol {
        var ratio = Double.greatestFiniteMagnitude
        var best = Symbol.invalid
        for cell in row.cells where cell.symbol.kind != .dummy && cell.coefficient > 0 {
            let candidate = objective.coefficient(for: cell.symbol) / cell.coefficient
            if candidate < ratio {
                ratio = candidate
                best = cell.symbol
            }
        }
        return best
    }
}
