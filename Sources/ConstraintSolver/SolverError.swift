/// Why the solver refused a request. After any of these, the solver is as it was before.
public enum SolverError: Error, Equatable, CustomStringConvertible {
    /// A required constraint conflicts with required constraints already added (listed,
    /// the refused one last).
    case unsatisfiable(Constraint, conflicting: [Constraint])
    /// The constraint was added already.
    case duplicateConstraint(Constraint)
    /// The constraint was never added (or was removed).
    case unknownConstraint(Constraint)
    /// The variable is an edit variable already.
    case duplicateEditVariable(Variable)
    /// The variable is not an edit variable.
    case unknownEditVariable(Variable)
    /// Edit variables cannot be required.
    case requiredEditVariable(Variable)
    /// A coefficient or constant is NaN or infinite, or past ``Solver/maximumMagnitude``, or a
    /// suggested value is.
    case notFinite(String)
    /// The system grew past ``Solver/maximumConstraints``.
    case tooManyConstraints(Int)
    /// The constraint would grow the tableau past ``Solver/maximumTableauCells``.
    case tooLarge(Int)

    public var description: String {
        switch self {
        case let .unsatisfiable(constraint, conflicting):
            "unsatisfiable constraint \(constraint) (conflicts with \(conflicting.count - 1) others)"
        case let .duplicateConstraint(constraint): "duplicate constraint \(constraint)"
        case let .unknownConstraint(constraint): "unknown constraint \(constraint)"
        case let .duplicateEditVariable(variable): "duplicate edit variable \(variable)"
        case let .unknownEditVariable(variable): "unknown edit variable \(variable)"
        case let .requiredEditVariable(variable): "edit variable \(variable) cannot be required"
        case let .notFinite(what): "not a finite number: \(what)"
        case let .tooManyConstraints(limit): "more than \(limit) constraints"
        case let .tooLarge(limit): "the solver's tableau would hold more than \(limit) terms"
        }
    }
}
