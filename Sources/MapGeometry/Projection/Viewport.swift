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

/// The mapping between the map's surface and a view's points for a top-down camera:
/// the camera target sits at the centre of the padded view, the world is `256 x 2^zoom`
/// points wide and turned by the bearing. It is exact and invertible; the world repeats
/// east and west, and `point(for:)` gives the copy nearest the target.
public struct Viewport: Sendable, Hashable {
    public var target: CLLocationCoordinate2D
    public var zoom: Double
    /// Degrees clockwise from north that the top of the view faces.
    public var bearing: Double
    /// The view's size in points.
    public var width: Double
    public var height: Double
    public var padding: ViewportPadding

    public init(
        target: CLLocationCoordinate2D, zoom: Double, bearing: Double = 0, width: Double, height: Double,
        padding: ViewportPadding = ViewportPadding()
    ) {
        self.target = target
        self.zoom = zoom
        self.bearing = bearing
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

    /// The view point of a coordinate, on the world copy nearest the target.
    public func point(for coordinate: CLLocationCoordinate2D) -> (x: Double, y: Double) {
        let p = WebMercator.project(coordinate), c = WebMercator.project(target)
        var dx = p.x - c.x
        dx -= dx.rounded()  // nearest copy: into [-0.5, 0.5]
        return worldOffsetToView(dx: dx * worldSize, dy: (p.y - c.y) * worldSize)
    }

    /// The view point of a projected point, without choosing a world copy.
    public func point(forMercator p: MercatorPoint) -> (x: Double, y: Double) {
        let c = WebMercator.project(target)
        return worldOffsetToView(dx: (p.x - c.x) * worldSize, dy: (p.y - c.y) * worldSize)
    }

    /// The projected point under a view point (x may leave 0...1 on other world copies).
    public func mercator(for x: Double, _ y: Double) -> MercatorPoint {
        let f = focus
        let (dx, dy) = Viewport.rotate(x - f.x, y - f.y, by: bearing)
        let c = WebMercator.project(target)
        return MercatorPoint(x: c.x + dx / worldSize, y: c.y + dy / worldSize)
    }

    /// The coordinate under a view point; longitude wrapped into [-180, 180), latitude within
    /// the projection's range.
    public func coordinate(for x: Double, _ y: Double) -> CLLocationCoordinate2D {
        var m = mercator(for: x, y)
        m.y = min(max(m.y, 0), 1)
        let raw = WebMercator.unproject(m)
        return CLLocationCoordinate2D(latitude: raw.latitude, longitude: CameraLimits.wrapLongitude(raw.longitude))
    }

    /// View points per metre at a latitude.
    public func pointsPerMeter(atLatitude latitude: Double) -> Double {
        let metresPerPoint = 2 * .pi * WebMercator.earthRadius * cos(latitude * .pi / 180) / worldSize
        return metresPerPoint > 0 ? 1 / metresPerPoint : 0
    }

    private func worldOffsetToView(dx: Double, dy: Double) -> (x: Double, y: Double) {
        let (rx, ry) = Viewport.rotate(dx, dy, by: -bearing)
        let f = focus
        return (f.x + rx, f.y + ry)
    }

    /// Rotates a screen vector clockwise (y down) by degrees.
    static func rotate(_ x: Double, _ y: Double, by degrees: Double) -> (Double, Double) {
        guard degrees != 0 else { return (x, y) }
        let r = degrees * .pi / 180
        let c = cos(r), s = sin(r)
        return (x * c - y * s, x * s + y * c)
    }
}
