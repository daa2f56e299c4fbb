/// An unknown of a constraint system: a named number the solver sets.
///
/// Variables compare by identity; a solver holds their values (``Solver/value(of:)``).
public final class Variable: Hashable, Sendable, CustomStringConvertible {
    /// A name for messages (not needed to be unique).
    public let name: String

    /// A variable with a name for messages.
    public init(_ name: String = "") {
        self.name = name
    }

    public static func == (lhs: Variable, rhs: Variable) -> Bool { lhs === rhs }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(ObjectIdentifier(self))
    }

    public var description: String { name.isEmpty ? "v\(ObjectIdentifier(self).hashValue)" : name }
}
