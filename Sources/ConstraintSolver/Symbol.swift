/// A column of the tableau: a variable's own symbol, or one the solver makes for a
/// constraint (slack for inequalities, error for non-required ones, dummy for required
/// equalities). Ids grow in creation order; every choice between symbols prefers the lower
/// id, so the solver pivots the same way however dictionaries order their keys.
struct Symbol: Hashable, Comparable {
    enum Kind: UInt8 {
        case invalid, external, slack, error, dummy
    }

    static let invalid = Symbol(id: 0, kind: .invalid)

    let id: Int
    let kind: Kind

    var isValid: Bool { kind != .invalid }
    /// Whether the symbol may enter the basis when restricted symbols do (slack and error).
    var isPivotable: Bool { kind == .slack || kind == .error }

    static func == (lhs: Symbol, rhs: Symbol) -> Bool { lhs.id == rhs.id }
    static func < (lhs: Symbol, rhs: Symbol) -> Bool { lhs.id < rhs.id }
    func hash(into hasher: inout Hasher) { hasher.combine(id) }
}

/// Numbers this close to zero are zero to the solver.
@inline(__always)
func isNearZero(_ value: Double) -> Bool {
    abs(value) < 1.0e-8
}
