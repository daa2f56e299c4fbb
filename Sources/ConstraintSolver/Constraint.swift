/// A linear relation the solver keeps: `expression relation 0`, at a strength.
///
/// Constraints compare by identity: the same relation added twice is two constraints.
public final class Constraint: Hashable, Sendable, CustomStringConvertible {
    /// How the expression relates to zero.
    public enum Relation: Sendable, CustomStringConvertible {
        case lessThanOrEqual, equal, greaterThanOrEqual

        public var description: String {
            switch self {
            case .lessThanOrEqual: "<="
            case .equal: "=="
            case .greaterThanOrEqual: ">="
            }
        }
    }

    /// The expression, with each variable's terms summed into one.
    public let expression: Expression
    public let relation: Relation
    /// The strength, clamped into 0...``Strength/required``.
    public let strength: Double

    /// `expression relation 0`.
    public init(_ expression: Expression, _ relation: Relation, strength: Double = Strength.required) {
        self.expression = expression.reduced
        self.relation = relation
        self.strength = Strength.clip(strength)
    }

    /// `lhs relation rhs`.
    public convenience init(_ lhs: Expression, _ relation: Relation, _ rhs: Expression, strength: Double = Strength.required) {
        self.init(lhs - rhs, relation, strength: strength)
    }

    /// Whether the constraint must hold.
    public var isRequired: Bool { strength >= Strength.required }

    /// How far values of the variables are from satisfying the constraint (0 when they do).
    public func violation(_ valueOf: (Variable) -> Double) -> Double {
        let value = expression.value(valueOf)
        switch relation {
        case .equal: return abs(value)
        case .lessThanOrEqual: return max(value, 0)
        case .greaterThanOrEqual: return max(-value, 0)
        }
    }

    public static func == (lhs: Constraint, rhs: Constraint) -> Bool { lhs === rhs }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(ObjectIdentifier(self))
    }

    public var description: String { "\(expression) \(relation) 0 | strength \(strength)" }
}
