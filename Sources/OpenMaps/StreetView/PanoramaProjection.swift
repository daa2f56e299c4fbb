import Foundation

/// The pinhole projection a panorama view uses between points in its bounds and directions
/// from the camera: the camera looks along its heading and pitch, with its field of view
/// (divided by its zoom) across the larger side of the bounds, centred on the bounds'
/// centre, with no roll. OpenMaps' own model: the SDK documents none.
struct PanoramaProjection {
    /// Unit vectors in east, north, up coordinates: along the view, to the right of it, and up
    /// the screen.
    private let forward: SIMD3<Double>
    private let right: SIMD3<Double>
    private let up: SIMD3<Double>
    /// The distance from the eye to the image plane, in points (0 for empty bounds).
    let focalLength: Double

    /// The camera's unit vectors: along the view, to its right, and up the screen.
    var basis: (forward: SIMD3<Double>, right: SIMD3<Double>, up: SIMD3<Double>) { (forward, right, up) }
    private let centre: CGPoint
    private let orientation: GMSOrientation

    init(camera: GMSPanoramaCamera, bounds: CGRect) {
        let heading: Double = camera.orientation.heading * .pi / 180
        let pitch: Double = camera.orientation.pitch * .pi / 180
        let sinHeading: Double = sin(heading)
        let cosHeading: Double = cos(heading)
        let sinPitch: Double = sin(pitch)
        let cosPitch: Double = cos(pitch)
        forward = SIMD3<Double>(cosPitch * sinHeading, cosPitch * cosHeading, sinPitch)
        right = SIMD3<Double>(cosHeading, -sinHeading, 0)
        up = SIMD3<Double>(-sinPitch * sinHeading, -sinPitch * cosHeading, cosPitch)
        let side = Double(max(bounds.width, bounds.height))
        let halfAngle: Double = camera.fov * .pi / 360
        let usable = side.isFinite && side > 0 && bounds.midX.isFinite && bounds.midY.isFinite
        focalLength = usable ? side / 2 / tan(halfAngle) * Double(camera.zoom) : 0
        centre = bounds.midX.isFinite && bounds.midY.isFinite ? CGPoint(x: bounds.midX, y: bounds.midY) : .zero
        orientation = camera.orientation
    }

    /// Whether the bounds have a size to project over.
    var isUsable: Bool { focalLength > 0 && focalLength.isFinite }

    /// The direction seen at a point; the camera's own orientation when the bounds are empty.
    func orientation(at point: CGPoint) -> GMSOrientation {
        guard isUsable else { return orientation }
        let dx = Double(point.x - centre.x)
        let dy = Double(point.y - centre.y)
        let alongView: SIMD3<Double> = forward * focalLength
        let sideways: SIMD3<Double> = right * dx
        let downward: SIMD3<Double> = up * dy
        let ray: SIMD3<Double> = alongView + sideways - downward
        let horizontal: Double = (ray.x * ray.x + ray.y * ray.y).squareRoot()
        var heading: Double = atan2(ray.x, ray.y) * 180 / .pi
        if heading < 0 { heading += 360 }
        if heading >= 360 { heading = 0 }
        let pitch: Double = atan2(ray.z, horizontal) * 180 / .pi
        return GMSOrientation(heading: heading, pitch: pitch)
    }

    /// The point a direction is seen at, possibly outside the bounds; NaN coordinates when
    /// the direction is not in front of the camera. The centre when the bounds are empty.
    func point(toward direction: GMSOrientation) -> CGPoint {
        let heading: Double = direction.heading * .pi / 180
        let pitch: Double = direction.pitch * .pi / 180
        let cosPitch: Double = cos(pitch)
        let ray = SIMD3<Double>(cosPitch * sin(heading), cosPitch * cos(heading), sin(pitch))
        let along: Double = (ray * forward).sum()
        guard along > 1e-12 else { return CGPoint(x: CGFloat.nan, y: CGFloat.nan) }
        guard isUsable else { return centre }
        let across: Double = (ray * right).sum()
        let upward: Double = (ray * up).sum()
        let x: Double = Double(centre.x) + focalLength * across / along
        let y: Double = Double(centre.y) - focalLength * upward / along
        return CGPoint(x: x, y: y)
    }
}
