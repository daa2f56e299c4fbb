import Foundation
import MapGeometry

/// A camera animation from one position to another over time, eased in and out (cubic).
struct CameraAnimation {
    let from: GMSCameraPosition
    let to: GMSCameraPosition
    let start: TimeInterval
    let duration: TimeInterval

    /// The camera at a time, and whether the animation has ended.
    func camera(at time: TimeInterval) -> (GMSCameraPosition, Bool) {
        guard duration > 0 else { return (to, true) }
        let t = ((time - start) / duration).clamped(to: 0...1)
        let e = Easing.cubicInOut(t)
        let target = WebMercator.interpolate(from: from.target, to: to.target, fraction: e)
        let turn = CameraLimits.shortestTurn(from: from.bearing, to: to.bearing)
        let camera = GMSCameraPosition(
            target: target, zoom: from.zoom + (to.zoom - from.zoom) * Float(e), bearing: from.bearing + turn * e,
            viewingAngle: from.viewingAngle + (to.viewingAngle - from.viewingAngle) * e)
        return t >= 1 ? (to, true) : (camera, false)
    }
}

/// A pan's momentum after the finger lifts while moving: the map glides on, slowing down
/// (UIScrollView's normal deceleration).
struct Fling {
    var velocity: CGVector
    var last: TimeInterval
    var location: CGPoint

    /// A fling stops below this speed (points per second).
    static let stopSpeed: CGFloat = 10
    /// The share of a fling's speed left after one second (0.998 per ms).
    static let decayPerSecond: Double = pow(0.998, 1000)
}
