import CCairo
import Foundation

/// A colour at a position (0...1) along a gradient.
public struct GradientStop: Sendable {
    public var location: Double
    public var color: Color

    public init(location: Double, color: Color) {
        self.location = location
        self.color = color
    }
}

/// A linear or radial colour gradient in the canvas's user space.
public struct Gradient: Sendable {
    enum Kind: Sendable {
        case linear(start: CGPoint, end: CGPoint)
        case radial(center: CGPoint, startRadius: Double, endRadius: Double)
    }

    let kind: Kind
    public let stops: [GradientStop]

    /// A gradient along the line from `start` to `end`.
    public static func linear(from start: CGPoint, to end: CGPoint, stops: [GradientStop]) -> Gradient {
        Gradient(kind: .linear(start: start, end: end), stops: stops)
    }

    /// A gradient out from `center` between two radii.
    public static func radial(center: CGPoint, startRadius: Double = 0, endRadius: Double, stops: [GradientStop]) -> Gradient {
        Gradient(kind: .radial(center: center, startRadius: startRadius, endRadius: endRadius), stops: stops)
    }

    /// A new cairo pattern for this gradient; the caller destroys it.
    func makePattern() -> OpaquePointer? {
        let pattern: OpaquePointer?
        switch kind {
        case .linear(let s, let e):
            pattern = cairo_pattern_create_linear(s.x, s.y, e.x, e.y)
        case .radial(let c, let r0, let r1):
            pattern = cairo_pattern_create_radial(c.x, c.y, max(0, r0), c.x, c.y, max(0, r1))
        }
        for stop in stops where stop.location.isFinite {
            cairo_pattern_add_color_stop_rgba(
                pattern, min(max(stop.location, 0), 1), stop.color.red, stop.color.green, stop.color.blue, stop.color.alpha)
        }
        return pattern
    }
}
