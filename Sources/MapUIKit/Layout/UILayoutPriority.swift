import Foundation

/// How much a layout constraint matters, 1...1000 (1000: required), as UIKit's
/// `UILayoutPriority`.
///
/// Constraints are met in priority order: the engine weighs each optional constraint's error
/// by 10^(0.008 × priority), so a constraint at 750 outweighs ten thousand points of error at
/// 250 and a constraint one level higher wins any even conflict (docs/behaviour.md, rule 43).
public struct UILayoutPriority: RawRepresentable, Hashable, Comparable, Sendable, ExpressibleByFloatLiteral,
    ExpressibleByIntegerLiteral
{
    public var rawValue: Float

    public init(rawValue: Float) { self.rawValue = rawValue }
    public init(_ rawValue: Float) { self.rawValue = rawValue }
    public init(floatLiteral value: Float) { rawValue = value }
    public init(integerLiteral value: Int) { rawValue = Float(value) }

    /// A required constraint (1000). Do not exceed it.
    public static let required = UILayoutPriority(1000)
    /// The priority with which a button resists compressing its content (750).
    public static let defaultHigh = UILayoutPriority(750)
    /// A drag that may resize the window's scene (510).
    public static let dragThatCanResizeScene = UILayoutPriority(510)
    /// The priority at which a window's scene stays the same size (500).
    public static let sceneSizeStayPut = UILayoutPriority(500)
    /// A drag that cannot resize the window's scene (490).
    public static let dragThatCannotResizeScene = UILayoutPriority(490)
    /// The priority with which a button hugs its content horizontally (250).
    public static let defaultLow = UILayoutPriority(250)
    /// The priority with which a view fits a target size in `systemLayoutSizeFitting` (50).
    public static let fittingSizeLevel = UILayoutPriority(50)

    public static func < (lhs: UILayoutPriority, rhs: UILayoutPriority) -> Bool { lhs.rawValue < rhs.rawValue }
    public static func + (lhs: UILayoutPriority, rhs: Float) -> UILayoutPriority { UILayoutPriority(lhs.rawValue + rhs) }
    public static func - (lhs: UILayoutPriority, rhs: Float) -> UILayoutPriority { UILayoutPriority(lhs.rawValue - rhs) }

    /// Whether constraints at this priority must hold (1000 or more).
    var isRequired: Bool { rawValue >= 1000 }

    /// The solver strength of the priority: required at 1000 and above, else
    /// 10^(0.008 × priority) with the priority taken within 1...999 (NaN: 1).
    var strength: Double {
        guard !rawValue.isNaN else { return 1 }
        if isRequired { return .infinity }
        let clamped = Double(min(max(rawValue, 1), 999))
        return pow(10, 0.008 * clamped)
    }
}
