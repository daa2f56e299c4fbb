import Foundation
import MapDrawing
import MapGeometry

/// Runs view animations on its own clock. A map is one: views shown in it (icon views,
/// info window views) animate on the map's time.
@MainActor
package protocol ViewAnimationClock: AnyObject {
    /// Takes an animation to step from now on; the clock calls `step` each frame and
    /// `finish` at the end.
    func run(_ animation: ViewAnimation)
}

/// The changes one `UIView.animate` call made to views of one clock, with their timing.
@MainActor
package final class ViewAnimation {
    let duration: TimeInterval
    let delay: TimeInterval
    private let curve: (Double) -> Double
    private let steps: [(Double) -> Void]
    private var completion: ((Bool) -> Void)?

    init(duration: TimeInterval, delay: TimeInterval, options: UIView.AnimationOptions, steps: [(Double) -> Void], completion: ((Bool) -> Void)?) {
        self.duration = max(0, duration.isFinite ? duration : 0)
        self.delay = max(0, delay.isFinite ? delay : 0)
        self.steps = steps
        self.completion = completion
        switch options.rawValue & (3 << 16) {
        case UIView.AnimationOptions.curveLinear.rawValue: curve = { $0 }
        case UIView.AnimationOptions.curveEaseIn.rawValue: curve = { $0 * $0 * $0 }
        case UIView.AnimationOptions.curveEaseOut.rawValue: curve = { 1 - pow(1 - $0, 3) }
        default: curve = Easing.cubicInOut
        }
    }

    /// Applies the animation at `elapsed` seconds since it was handed to the clock; returns
    /// true once it has finished (and its completion has run).
    package func step(elapsed: TimeInterval) -> Bool {
        let t = duration > 0 ? min(max((elapsed - delay) / duration, 0), 1) : (elapsed >= delay ? 1 : 0)
        let e = curve(t)
        for step in steps { step(e) }
        if t >= 1 {
            finish(true)
            return true
        }
        return false
    }

    /// Ends the animation; the completion runs once.
    func finish(_ finished: Bool) {
        let completion = self.completion
        self.completion = nil
        completion?(finished)
    }
}

/// Records the view changes made inside an `animate` block.
@MainActor
enum AnimationRecorder {
    private static var depth = 0
    private static var records: [ObjectIdentifier: (view: UIView, start: UIView.AnimatableState)] = [:]

    static var isRecording: Bool { depth > 0 }

    static func willChange(_ view: UIView) {
        guard depth > 0, records[ObjectIdentifier(view)] == nil else { return }
        records[ObjectIdentifier(view)] = (view, view.animatableState)
    }

    static func record(_ animations: () -> Void) -> [(view: UIView, start: UIView.AnimatableState)] {
        depth += 1
        animations()
        depth -= 1
        guard depth == 0 else { return [] }
        defer { records = [:] }
        return Array(records.values)
    }
}

extension UIView {
    /// The properties `UIView.animate` interpolates.
    struct AnimatableState {
        var bounds: CGRect
        var center: CGPoint
        var alpha: CGFloat
        var background: Color?
        var transform: CGAffineTransform
    }

    var animatableState: AnimatableState {
        AnimatableState(bounds: bounds, center: center, alpha: alpha, background: layer.backgroundColor?.color, transform: transform)
    }

    /// The clock of the map this view is shown in (set on the root view by the map).
    var inheritedAnimationClock: ViewAnimationClock? {
        var view: UIView? = self
        while let current = view {
            if let clock = current.animationClock { return clock }
            view = current.superview
        }
        return nil
    }

    /// Sets the state part-way from `start` to `end`.
    func apply(from start: AnimatableState, to end: AnimatableState, progress e: Double) {
        func mix(_ a: CGFloat, _ b: CGFloat) -> CGFloat { a + (b - a) * e }
        bounds = CGRect(
            x: mix(start.bounds.minX, end.bounds.minX), y: mix(start.bounds.minY, end.bounds.minY),
            width: mix(start.bounds.width, end.bounds.width), height: mix(start.bounds.height, end.bounds.height))
        center = CGPoint(x: mix(start.center.x, end.center.x), y: mix(start.center.y, end.center.y))
        alpha = mix(start.alpha, end.alpha)
        transform = start.transform == end.transform ? end.transform : start.transform.interpolated(to: end.transform, progress: e)
        if let a = start.background ?? end.background.map({ $0.withAlpha(0) }),
            let b = end.background ?? start.background.map({ $0.withAlpha(0) })
        {
            layer.backgroundColor = CGColor(
                red: a.red + (b.red - a.red) * e, green: a.green + (b.green - a.green) * e,
                blue: a.blue + (b.blue - a.blue) * e, alpha: a.alpha + (b.alpha - a.alpha) * e)
        }
    }
}

extension CGAffineTransform {
    /// A transform part-way to another, as Core Animation moves one: scale, rotation (the
    /// short way round) and translation each in a straight line; the numbers themselves when
    /// either has shear or a flip.
    func interpolated(to end: CGAffineTransform, progress e: Double) -> CGAffineTransform {
        func mix(_ a: CGFloat, _ b: CGFloat) -> CGFloat { a + (b - a) * e }
        guard let from = decomposed, let to = end.decomposed else {
            return CGAffineTransform(
                a: mix(a, end.a), b: mix(b, end.b), c: mix(c, end.c), d: mix(d, end.d), tx: mix(tx, end.tx), ty: mix(ty, end.ty))
        }
        var turn = to.angle - from.angle
        if turn > .pi { turn -= 2 * .pi }
        if turn < -.pi { turn += 2 * .pi }
        return CGAffineTransform(scaleX: mix(from.sx, to.sx), y: mix(from.sy, to.sy))
            .concatenating(CGAffineTransform(rotationAngle: from.angle + turn * e))
            .concatenating(CGAffineTransform(translationX: mix(tx, end.tx), y: mix(ty, end.ty)))
    }

    /// Scale, then rotation, without shear or flip; nil otherwise.
    private var decomposed: (sx: CGFloat, sy: CGFloat, angle: CGFloat)? {
        let sx = hypot(a, b)
        guard sx > 0 else { return nil }
        let angle = atan2(b, a)
        let sy = (a * d - b * c) / sx
        guard sy > 0, abs(c + sy * sin(angle)) < 1e-9 * max(1, sy), abs(d - sy * cos(angle)) < 1e-9 * max(1, sy) else { return nil }
        return (sx, sy, angle)
    }
}
