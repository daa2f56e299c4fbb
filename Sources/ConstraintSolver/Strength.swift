/// How much a constraint matters: required constraints hold exactly; the solver minimises the
/// sum of each other constraint's strength times its error.
///
/// The scale is Cassowary's as kiwi defines it: `strong`, `medium` and `weak` are 10⁶, 10³
/// and 1, and ``create(_:_:_:weight:)`` mixes them. Strengths are clamped into
/// 0...``required``.
public enum Strength {
    /// Must hold; a constraint that cannot is refused.
    public static let required = create(1000, 1000, 1000)
    public static let strong = create(1, 0, 0)
    public static let medium = create(0, 1, 0)
    public static let weak = create(0, 0, 1)

    /// A strength from parts on the strong, medium and weak scales, each clamped to 0...1000.
    public static func create(_ strong: Double, _ medium: Double, _ weak: Double, weight: Double = 1) -> Double {
        func part(_ value: Double) -> Double {
            value.isNaN ? 0 : min(max(value * (weight.isFinite ? weight : 0), 0), 1000)
        }
        return part(strong) * 1_000_000 + part(medium) * 1000 + part(weak)
    }

    /// A strength clamped into 0...required (NaN: 0).
    public static func clip(_ value: Double) -> Double {
        value.isNaN ? 0 : min(max(value, 0), required)
    }
}
