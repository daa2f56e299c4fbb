import Foundation

/// Told as a layer animation starts and stops, as Core Animation's `CAAnimationDelegate`;
/// both methods are optional.
@preconcurrency @MainActor
public protocol CAAnimationDelegate: AnyObject {
    func animationDidStart(_ anim: CAAnimation)
    func animationDidStop(_ anim: CAAnimation, finished flag: Bool)
}

extension CAAnimationDelegate {
    public func animationDidStart(_ anim: CAAnimation) {}
    public func animationDidStop(_ anim: CAAnimation, finished flag: Bool) {}
}

/// An animation of a layer's value, as Core Animation's `CAAnimation`. On OpenMaps, layers
/// whose values are a map's camera (`GMSMapLayer`) run them on the map's clock; other layers
/// keep them (`animation(forKey:)`) without moving anything.
@preconcurrency @MainActor
open class CAAnimation: NSObject {
    /// How long it runs, in seconds (0: Core Animation's 0.25).
    open var duration: TimeInterval = 0
    /// How progress follows time (nil: linear).
    open var timingFunction: CAMediaTimingFunction?
    /// Told when it starts and stops (held strongly, as Core Animation does).
    open var delegate: CAAnimationDelegate?
    /// Whether the layer drops it when it ends (true).
    open var isRemovedOnCompletion = true
    /// Delay before it starts, in seconds on the layer's clock (kept).
    open var beginTime: TimeInterval = 0
    /// Repetitions (kept; it runs once).
    open var repeatCount: Float = 0
    /// Whether it runs back (kept).
    open var autoreverses = false

    public required override init() { super.init() }

    /// The duration it runs for: `duration`, or 0.25 s when 0 (negative or not finite: 0.25).
    public var effectiveDuration: TimeInterval { duration.isFinite && duration > 0 ? min(duration, 3_600) : 0.25 }

    /// The eased progress at a fraction of its time (the timing function's; linear without one).
    public func progress(at fraction: Double) -> Double {
        timingFunction?.progress(at: fraction) ?? min(max(fraction, 0), 1)
    }
}

/// An animation of one key path, as Core Animation's `CAPropertyAnimation`.
@preconcurrency @MainActor
open class CAPropertyAnimation: CAAnimation {
    /// The key path it animates (a layer property's name).
    open var keyPath: String?

    /// An animation of a key path.
    public convenience init(keyPath path: String?) {
        self.init()
        keyPath = path
    }

    public required init() { super.init() }
}

/// An animation between two values, as Core Animation's `CABasicAnimation`: from `fromValue`
/// (the current value when nil) to `toValue` (or the current value plus `byValue`).
@preconcurrency @MainActor
open class CABasicAnimation: CAPropertyAnimation {
    open var fromValue: Any?
    open var toValue: Any?
    open var byValue: Any?

    public required init() { super.init() }

    /// The numeric value at eased progress, starting from `current` when no `fromValue`.
    public func value(at progress: Double, current: Double) -> Double {
        let from = Self.number(fromValue) ?? current
        let to = Self.number(toValue) ?? Self.number(byValue).map { from + $0 } ?? current
        return from + (to - from) * progress
    }

    /// A value as a number: any of Swift's numbers or an `NSNumber`.
    static func number(_ value: Any?) -> Double? {
        switch value {
        case let value as Double: return value.isFinite ? value : nil
        case let value as Float: return value.isFinite ? Double(value) : nil
        case let value as CGFloat: return value.isFinite ? Double(value) : nil
        case let value as Int: return Double(value)
        case let value as NSNumber: return value.doubleValue.isFinite ? value.doubleValue : nil
        default: return nil
        }
    }
}

/// An animation through several values, as Core Animation's `CAKeyframeAnimation`: evenly
/// spaced unless `keyTimes` says when each is reached.
@preconcurrency @MainActor
open class CAKeyframeAnimation: CAPropertyAnimation {
    /// How values between keyframes are found.
    public struct CalculationMode: RawRepresentable, Hashable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public static let linear = CalculationMode(rawValue: "linear")
        public static let discrete = CalculationMode(rawValue: "discrete")
        public static let paced = CalculationMode(rawValue: "paced")
        public static let cubic = CalculationMode(rawValue: "cubic")
        public static let cubicPaced = CalculationMode(rawValue: "cubicPaced")
    }

    /// The values passed through (numbers).
    open var values: [Any]?
    /// When each value is reached, 0...1 (evenly spaced when nil or of another count).
    open var keyTimes: [NSNumber]?
    /// The easing of each segment (nil: the animation's `timingFunction` over the whole).
    open var timingFunctions: [CAMediaTimingFunction]?
    /// Linear (the default) or discrete; the others are taken as linear.
    open var calculationMode: CalculationMode = .linear

    public required init() { super.init() }

    /// The numeric value at a fraction of the time (nil when there are no numeric values).
    public func value(at fraction: Double) -> Double? {
        let numbers = (values ?? []).compactMap(CABasicAnimation.number)
        guard let first = numbers.first else { return nil }
        guard numbers.count > 1 else { return first }
        let segments = numbers.count - 1
        var times = (keyTimes ?? []).map(\.doubleValue)
        if times.count != numbers.count || !times.allSatisfy(\.isFinite) {
            times = (0...segments).map { Double($0) / Double(segments) }
        }
        let t = timingFunctions == nil ? progress(at: fraction) : min(max(fraction, 0), 1)
        var segment = 0
        while segment < segments - 1, t > times[segment + 1] { segment += 1 }
        let span = times[segment + 1] - times[segment]
        var local = span > 0 ? (t - times[segment]) / span : 1
        local = min(max(local, 0), 1)
        if calculationMode == .discrete { return numbers[local >= 1 ? segment + 1 : segment] }
        if let functions = timingFunctions, segment < functions.count { local = functions[segment].progress(at: local) }
        return numbers[segment] + (numbers[segment + 1] - numbers[segment]) * local
    }
}
