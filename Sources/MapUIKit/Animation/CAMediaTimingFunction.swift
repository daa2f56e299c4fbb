import Foundation

/// How an animation's progress follows time, as Core Animation's `CAMediaTimingFunction`: a
/// cubic Bézier curve from (0, 0) to (1, 1) through two control points.
public final class CAMediaTimingFunction: NSObject, @unchecked Sendable {
    /// The named curves.
    public struct Name: RawRepresentable, Hashable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        /// Even progress.
        public static let linear = Name(rawValue: "linear")
        /// Slow at first.
        public static let easeIn = Name(rawValue: "easeIn")
        /// Slow at the end.
        public static let easeOut = Name(rawValue: "easeOut")
        /// Slow at both ends.
        public static let easeInEaseOut = Name(rawValue: "easeInEaseOut")
        /// Core Animation's default curve.
        public static let `default` = Name(rawValue: "default")
    }

    private let c1: (x: Double, y: Double)
    private let c2: (x: Double, y: Double)

    /// A named curve (an unknown name is linear).
    public convenience init(name: Name) {
        switch name {
        case .easeIn: self.init(controlPoints: 0.42, 0, 1, 1)
        case .easeOut: self.init(controlPoints: 0, 0, 0.58, 1)
        case .easeInEaseOut: self.init(controlPoints: 0.42, 0, 0.58, 1)
        case .default: self.init(controlPoints: 0.25, 0.1, 0.25, 1)
        default: self.init(controlPoints: 0, 0, 1, 1)
        }
    }

    /// A curve through two control points; x values are kept within 0...1 (non-finite: linear).
    public init(controlPoints c1x: Float, _ c1y: Float, _ c2x: Float, _ c2y: Float) {
        func x(_ value: Float, _ fallback: Double) -> Double { value.isFinite ? min(max(Double(value), 0), 1) : fallback }
        func y(_ value: Float, _ fallback: Double) -> Double { value.isFinite ? Double(value) : fallback }
        c1 = (x(c1x, 0), y(c1y, 0))
        c2 = (x(c2x, 1), y(c2y, 1))
        super.init()
    }

    /// A control point (index 1 or 2; 0 and 3 are the ends).
    public func getControlPoint(at index: Int, values: UnsafeMutablePointer<Float>) {
        let point: (Double, Double) = switch index {
        case 1: c1
        case 2: c2
        case 3: (1, 1)
        default: (0, 0)
        }
        values[0] = Float(point.0)
        values[1] = Float(point.1)
    }

    /// The progress at a fraction of the time (both 0...1).
    public func progress(at time: Double) -> Double {
        guard time.isFinite else { return 1 }
        let u = min(max(time, 0), 1)
        if c1.x == c1.y && c2.x == c2.y { return u }
        // Find the curve parameter whose x is u (x rises monotonically in t), by bisection.
        var low = 0.0, high = 1.0, t = u
        for _ in 0..<40 {
            let x = Self.bezier(t, c1.x, c2.x)
            if abs(x - u) < 1e-7 { break }
            if x < u { low = t } else { high = t }
            t = (low + high) / 2
        }
        return Self.bezier(t, c1.y, c2.y)
    }

    private static func bezier(_ t: Double, _ p1: Double, _ p2: Double) -> Double {
        let s = 1 - t
        return 3 * s * s * t * p1 + 3 * s * t * t * p2 + t * t * t
    }
}
