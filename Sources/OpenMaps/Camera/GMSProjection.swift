import Foundation
import MapGeometry

/// The four corners of the map area a camera shows (inside the padding).
public struct GMSVisibleRegion: Sendable {
    public var nearLeft: CLLocationCoordinate2D
    public var nearRight: CLLocationCoordinate2D
    public var farLeft: CLLocationCoordinate2D
    public var farRight: CLLocationCoordinate2D

    /// A region with every corner at (0, 0), as an imported C struct's empty initializer.
    public init() {
        self.init(nearLeft: CLLocationCoordinate2D(), nearRight: CLLocationCoordinate2D(), farLeft: CLLocationCoordinate2D(), farRight: CLLocationCoordinate2D())
    }

    public init(
        nearLeft: CLLocationCoordinate2D, nearRight: CLLocationCoordinate2D, farLeft: CLLocationCoordinate2D,
        farRight: CLLocationCoordinate2D
    ) {
        self.nearLeft = nearLeft
        self.nearRight = nearRight
        self.farLeft = farLeft
        self.farRight = farRight
    }
}

/// The fixed mapping between coordinates and view points for one camera, view size and
/// padding. A map view hands out a new one whenever any of those change.
public final class GMSProjection: NSObject, Sendable {
    let viewport: Viewport

    init(viewport: Viewport) {
        self.viewport = viewport
        super.init()
    }

    /// The view point of a coordinate (on the world copy nearest the camera target).
    public func point(for coordinate: CLLocationCoordinate2D) -> CGPoint {
        let p = viewport.point(for: coordinate)
        return CGPoint(x: p.x, y: p.y)
    }

    /// The coordinate under a view point.
    public func coordinate(for point: CGPoint) -> CLLocationCoordinate2D {
        viewport.coordinate(for: point.x, point.y)
    }

    /// How many view points `meters` span at a coordinate.
    public func points(forMeters meters: CLLocationDistance, at coordinate: CLLocationCoordinate2D) -> CGFloat {
        guard meters.isFinite else { return 0 }
        return meters * viewport.pointsPerMeter(atLatitude: coordinate.latitude)
    }

    /// Whether a coordinate is shown inside the padded view.
    public func contains(_ coordinate: CLLocationCoordinate2D) -> Bool {
        guard coordinate.isValid else { return false }
        let p = viewport.point(for: coordinate), pad = viewport.padding
        return p.x >= pad.left && p.x <= viewport.width - pad.right && p.y >= pad.top && p.y <= viewport.height - pad.bottom
    }

    /// The corners of the padded view on the map.
    public func visibleRegion() -> GMSVisibleRegion {
        let pad = viewport.padding
        let left = pad.left, right = viewport.width - pad.right, top = pad.top, bottom = viewport.height - pad.bottom
        return GMSVisibleRegion(
            nearLeft: viewport.coordinate(for: left, bottom), nearRight: viewport.coordinate(for: right, bottom),
            farLeft: viewport.coordinate(for: left, top), farRight: viewport.coordinate(for: right, top))
    }
}
