import Foundation

/// Timing curves of animations.
public enum Easing {
    /// Cubic ease in and out, as every camera and marker animation uses (docs/behaviour.md rule 18).
    public static func cubicInOut(_ t: Double) -> Double {
        t < 0.5 ? 4 * t * t * t : 1 - pow(-2 * t + 2, 3) / 2
    }
}

extension WebMercator {
    /// The coordinate at `fraction` of the straight projected line from `a` to `b`, the short
    /// way round the world.
    public static func interpolate(from a: CLLocationCoordinate2D, to b: CLLocationCoordinate2D, fraction: Double) -> CLLocationCoordinate2D {
        let p = project(a), q = project(b)
        var dx = q.x - p.x
        dx -= dx.rounded()
        return unproject(MercatorPoint(x: p.x + dx * fraction, y: p.y + (q.y - p.y) * fraction))
    }
}

extension CameraLimits {
    /// The signed turn in degrees (-180...180) from one bearing to another, the short way.
    public static func shortestTurn(from a: Double, to b: Double) -> Double {
        var turn = (b - a).truncatingRemainder(dividingBy: 360)
        if turn > 180 { turn -= 360 }
        if turn < -180 { turn += 360 }
        return turn
    }
}
