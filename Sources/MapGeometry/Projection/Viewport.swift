import Foundation

/// Insets of a map view's padding, in points.
public struct ViewportPadding: Sendable, Hashable {
    public var top: Double
    public var left: Double
    public var bottom: Double
    public var right: Double

    public init(top: Double = 0, left: Double = 0, bottom: Double = 0, right: Double = 0) {
        self.top = top
        self.left = left
        self.bottom = bottom
        self.right = right
    }
}

/// The mapping between the map's surface and a view's points: a perspective camera.
///
/// The camera model: the target sits at the focus (the centre of the padded view). At zoom z
/// the ground near the target is drawn at `256 x 2^z` points per world, turned by the bearing.
/// The camera looks at the focus from `1.5 x` the view's height away (a vertical field of view
/// of about 36.9°), tilted by the viewing angle about the horizontal line through the focus,
/// so the ground scale at the focus does not change with tilt; farther ground (towards the
/// top) shrinks, nearer ground grows. At tilt 0 the mapping is the flat Web Mercator one.
/// The world repeats east and west; `point(for:)` gives the copy nearest the target.
public struct Viewport: Sendable, Hashable {
    public var target: CLLocationCoordinate2D { didSet { targetPoint = WebMercator.project(target) } }
    /// The target, projected (kept with it, as every mapping needs it).
    public private(set) var targetPoint: MercatorPoint
    public var zoom: Double
    /// Degrees clockwise from north that the top of the view faces.
    public var bearing: Double
    /// Degrees the camera is tilted from looking straight down.
    public var tilt: Double
    /// The view's size in points.
    public var width: Double
    public var height: Double
    public var padding: ViewportPadding

    /// The camera's distance from the focus, in view heights.
    public static let cameraDistance = 1.5

    public init(
        target: CLLocationCoordinate2D, zoom: Double, bearing: Double = 0, tilt: Double = 0, width: Double, height: Double,
        padding: ViewportPadding = ViewportPadding()
    ) {
        self.target = target
        targetPoint = WebMercator.project(target)
        self.zoom = zoom
        self.bearing = bearing
        self.tilt = tilt
        self.width = width
        self.height = height
        self.padding = padding
    }

    /// The world's width in points at this zoom.
    public var worldSize: Double { WebMercator.worldSize(atZoom: zoom) }

    /// Where the target appears: the centre of the padded area.
    public var focus: (x: Double, y: Double) {
        (padding.left + (width - padding.left - padding.right) / 2, padding.top + (height - padding.top - padding.bottom) / 2)
    }

    private var distance: Double { Viewport.cameraDistance * max(height, 1) }
    private var tiltRadians: Double { min(max(tilt, 0), 89) * .pi / 180 }

    /// The screen y offset from the focus at which the ground meets the horizon (negative:
    /// above the focus); -infinity without tilt.
    public var horizonOffset: Double {
        let t = tiltRadians
        return t > 0 ? -distance * cos(t) / sin(t) : -.infinity
    }

    /// The view point of a coordinate, on the world copy nearest the target.
    public func point(for coordinate: CLLocationCoordinate2D) -> (x: Double, y: Double) {
        let p = WebMercator.project(coordinate), c = targetPoint
        var dx = p.x - c.x
        dx -= dx.rounded()  // nearest copy: into [-0.5, 0.5]
        return groundToView(dx: dx * worldSize, dy: (p.y - c.y) * worldSize)
    }

    /// The view point of a projected point, without choosing a world copy.
    public func point(forMercator p: MercatorPoint) -> (x: Double, y: Double) {
        let c = targetPoint
        return groundToView(dx: (p.x - c.x) * worldSize, dy: (p.y - c.y) * worldSize)
    }

    /// The projected point under a view point (x may leave 0...1 on other world copies).
    /// Points at or above the horizon give the ground just below it.
    public func mercator(for x: Double, _ y: Double) -> MercatorPoint {
        let (gx, gy) = viewToGround(x, y)
        let c = targetPoint
        return MercatorPoint(x: c.x + gx / worldSize, y: c.y + gy / worldSize)
    }

    /// The coordinate under a view point; longitude wrapped into [-180, 180), latitude within
    /// the projection's range.
    public func coordinate(for x: Double, _ y: Double) -> CLLocationCoordinate2D {
        var m = mercator(for: x, y)
        m.y = min(max(m.y, 0), 1)
        let raw = WebMercator.unproject(m)
        return CLLocationCoordinate2D(latitude: raw.latitude, longitude: CameraLimits.wrapLongitude(raw.longitude))
    }

    /// View points per metre at a latitude, at the focus.
    public func pointsPerMeter(atLatitude latitude: Double) -> Double {
        let metresPerPoint = 2 * .pi * WebMercator.earthRadius * cos(latitude * .pi / 180) / worldSize
        return metresPerPoint > 0 ? 1 / metresPerPoint : 0
    }

    /// How much the ground is scaled at a view row relative to the focus (1 without tilt;
    /// 0 at and above the horizon).
    public func groundScale(atViewY viewY: Double) -> Double {
        let t = tiltRadians
        guard t > 0 else { return 1 }
        let v = viewY - focus.y
        guard v > horizonOffset else { return 0 }
        let y = v * distance / (distance * cos(t) + v * sin(t))
        return distance / (distance - y * sin(t))
    }

    /// The projective mapping from projected points to view points: for points on the ground
    /// it agrees with ``point(forMercator:)``; its third coordinate is not positive beyond the
    /// horizon.
    public var mercatorToView: ProjectiveTransform {
        let c = targetPoint, size = worldSize
        let ground = ProjectiveTransform(size, 0, -c.x * size, 0, size, -c.y * size, 0, 0, 1)
        let r = -bearing * .pi / 180
        let cosine = bearing == 0 ? 1 : cos(r), sine = bearing == 0 ? 0 : sin(r)
        let rotation = ProjectiveTransform(cosine, -sine, 0, sine, cosine, 0, 0, 0, 1)
        let f = focus, t = tiltRadians
        let k = t > 0 ? sin(t) / distance : 0
        let perspective = ProjectiveTransform(1, -f.x * k, f.x, 0, (t > 0 ? cos(t) : 1) - f.y * k, f.y, 0, -k, 1)
        return perspective.after(rotation).after(ground)
    }

    /// Ground offset from the target (world points, north up) to a view point.
    private func groundToView(dx: Double, dy: Double) -> (x: Double, y: Double) {
        let (x, y) = Viewport.rotate(dx, dy, by: -bearing)
        let f = focus
        let t = tiltRadians
        guard t > 0 else { return (f.x + x, f.y + y) }
        let depth = distance - y * sin(t)
        guard depth > 1e-9 else { return (f.x + x * 1e9, f.y - 1e9) }
        let s = distance / depth
        return (f.x + x * s, f.y + y * cos(t) * s)
    }

    /// View point to ground offset from the target (world points, north up).
    private func viewToGround(_ px: Double, _ py: Double) -> (Double, Double) {
        let f = focus
        let u = px - f.x
        var v = py - f.y
        let t = tiltRadians
        var x = u, y = v
        if t > 0 {
            // Keep just below the horizon.
            v = max(v, horizonOffset * 0.995)
            y = v * distance / (distance * cos(t) + v * sin(t))
            x = u * (distance - y * sin(t)) / distance
        }
        return Viewport.rotate(x, y, by: bearing)
    }

    /// Rotates a screen vector clockwise (y down) by degrees.
    static func rotate(_ x: Double, _ y: Double, by degrees: Double) -> (Double, Double) {
        guard degrees != 0 else { return (x, y) }
        let r = degrees * .pi / 180
        let c = cos(r), s = sin(r)
        return (x * c - y * s, x * s + y * c)
    }
}
