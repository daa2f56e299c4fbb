/// A variable times a coefficient.
public struct Term: Sendable, CustomStringConvertible {
    public var variable: Variable
    public var coefficient: Double

    public init(_ variable: Variable, _ coefficient: Double = 1) {
        self.variable = variable
        self.coefficient = coefficient
    }

    public var description: String {
        coefficient == 1 ? variable.description : "\(coefficient) * \(variable)"
    }
}

/// A linear expression: a sum of terms plus a constant.
public struct Expression: Sendable, CustomStringConvertible {
    public var terms: [Term]
    public var constant: Double

    public init(_ terms: [Term] = [], constant: Double = 0) {
        self.terms = terms
        self.constant = constant
    }

    /// The expression `variable`.
    public init(_ variable: Variable) {
        self.init([Term(variable)])
    }

    /// The expression's value with the variables' values given by a function.
    public func value(_ valueOf: (Variable) -> Double) -> Double {
        terms.reduce(constant) { $0 + $1.coefficient * valueOf($1.variable) }
    }

    /// Whether every coefficient and the constant are finite numbers.
    public var isFinite: Bool {
        constant.isFinite && terms.allSatisfy { $0.coefficient.isFinite }
    }

    /// Whether every coefficient and the constant are finite and within `magnitude`.
    func isWithin(_ magnitude: Double) -> Bool {
        abs(constant) <= magnitude && terms.allSatisfy { abs($0.coefficient) <= magnitude }
    }

    /// The same expression with the terms of each variable summed into one, in the order of
    /// each variable's first appearance.
    public var reduced: Expression {
        var order: [Variable] = []
        var sums: [Variable: Double] = [:]
        for term in terms {
            if sums[term.variable] == nil { order.append(term.variable) }
            sums[term.variable, default: 0] += term.coefficient
        }
        return Expression(order.map { Term($0, sums[$0] ?? 0) }, constant: constant)
    }

    public var description: String {
        var parts = terms.map(\.description)
        if constant != 0 || parts.isEmpty { parts.append("\(constant)") }
        return parts.joined(separator: " + ")
    }
}

// MARK: Arithmetic

public func * (coefficient: Double, variable: Variable) -> Term { Term(variable, coefficient) }
public func * (variable: Variable, coefficient: Double) -> Term { Term(variable, coefficient) }
public func * (coefficient: Double, term: Term) -> Term { Term(term.variable, term.coefficient * coefficient) }
public func * (coefficient: Double, expression: Expression) -> Expression {
    Expression(expression.terms.map { coefficient * $0 }, constant: expression.constant * coefficient)
}
public prefix func - (variable: Variable) -> Term { Term(variable, -1) }
public prefix func - (term: Term) -> Term { Term(term.variable, -term.coefficient) }
public prefix func - (expression: Expression) -> Expression { -1 * expression }

public func + (lhs: Expression, rhs: Expression) -> Expression {
    Expression(lhs.terms + rhs.terms, constant: lhs.constant + rhs.constant)
}
public func + (lhs: Expression, rhs: Term) -> Expression { lhs + Expression([rhs]) }
public func + (lhs: Expression, rhs: Variable) -> Expression { lhs + Expression(rhs) }
public func + (lhs: Expression, rhs: Double) -> Expression { lhs + Expression(constant: rhs) }
public func + (lhs: Term, rhs: Term) -> Expression { Expression([lhs, rhs]) }
public func + (lhs: Term, rhs: Variable) -> Expression { Expression([lhs, Term(rhs)]) }
public func + (lhs: Variable, rhs: Term) -> Expression { Expression([Term(lhs), rhs]) }
public func + (lhs: Variable, rhs: Variable) -> Expression { Expression([Term(lhs), Term(rhs)]) }
public func + (lhs: Variable, rhs: Double) -> Expression { Expression([Term(lhs)], constant: rhs) }
public func + (lhs: Term, rhs: Double) -> Expression { Expression([lhs], constant: rhs) }
public func - (lhs: Expression, rhs: Expression) -> Expression { lhs + (-rhs) }
public func - (lhs: Expression, rhs: Term) -> Expression { lhs + (-rhs) }
public func - (lhs: Expression, rhs: Variable) -> Expression { lhs + (-rhs) }
public func - (lhs: Expression, rhs: Double) -> Expression { lhs + (-rhs) }
public func - (lhs: Variable, rhs: Variable) -> Expression { lhs + (-rhs) }
public func - (lhs: Variable, rhs: Double) -> Expression { lhs + (-rhs) }
public func - (lhs: Term, rhs: Variable) -> Expression { lhs + (-rhs) }
public func - (lhs: Variable, rhs: Term) -> Expression { lhs + (-rhs) }
