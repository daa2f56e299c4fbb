import Foundation
import MapGeometry

/// Where two fingers started, and the camera then: what pinches, rotations and tilts are
/// measured from.
struct TwoFingerStart {
    let first: CGPoint
    let second: CGPoint
    let ids: (Int, Int)
    let camera: GMSCameraPosition
    let time: TimeInterval

    /// Two fingers, ordered by id; nil unless there are exactly two.
    init?(fingers: [Int: Finger], camera: GMSCameraPosition, time: TimeInterval) {
        let sorted = fingers.sorted { $0.key < $1.key }
        guard sorted.count == 2 else { return nil }
        ids = (sorted[0].key, sorted[1].key)
        first = sorted[0].value.location
        second = sorted[1].value.location
        self.camera = camera
        self.time = time
    }

    var distance: CGFloat { hypot(second.x - first.x, second.y - first.y) }
    var angle: CGFloat { atan2(second.y - first.y, second.x - first.x) }
    var centre: CGPoint { CGPoint(x: (first.x + second.x) / 2, y: (first.y + second.y) / 2) }

    /// How far the fingers at `a` and `b` have turned since the start, in degrees
    /// (clockwise positive).
    func turn(_ a: CGPoint, _ b: CGPoint) -> CGFloat {
        var delta = atan2(b.y - a.y, b.x - a.x) - angle
        while delta > .pi { delta -= 2 * .pi }
        while delta < -.pi { delta += 2 * .pi }
        return delta * 180 / .pi
    }

    /// The fingers' distance now over their distance at the start.
    func ratio(_ a: CGPoint, _ b: CGPoint) -> CGFloat {
        hypot(b.x - a.x, b.y - a.y) / distance
    }
}
