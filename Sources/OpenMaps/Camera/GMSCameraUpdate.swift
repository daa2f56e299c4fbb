import Foundation
import MapGeometry

/// A change to apply to a map's camera with `moveCamera(_:)` or `animate(with:)`.
/// Made only by its factory methods.
public final class GMSCameraUpdate: NSObject, Sendable {
    enum Kind: Sendable {
        case zoomBy(Float)
        case zoomTo(Float)
        case zoomByAt(Float, CGPoint)
        case setTarget(CLLocationCoordinate2D, zoom: Float?)
        case setCamera(target: CLLocationCoordinate2D, zoom: Float, bearing: Double, viewingAngle: Double)
        case fit(north: Double, east: Double, south: Double, west: Double, valid: Bool, insets: UIEdgeInsets)
        case scrollBy(CGFloat, CGFloat)
    }

    let kind: Kind

    private init(_ kind: Kind) {
        self.kind = kind
        super.init()
    }

    /// Zoom in by 1.
    public class func zoomIn() -> GMSCameraUpdate { GMSCameraUpdate(.zoomBy(1)) }
    /// Zoom out by 1.
    public class func zoomOut() -> GMSCameraUpdate { GMSCameraUpdate(.zoomBy(-1)) }
    /// Change the zoom by a delta.
    public class func zoom(by delta: Float) -> GMSCameraUpdate { GMSCameraUpdate(.zoomBy(delta)) }
    /// Set the zoom.
    public class func zoom(to zoom: Float) -> GMSCameraUpdate { GMSCameraUpdate(.zoomTo(zoom)) }
    /// Change the zoom by a delta, keeping the coordinate under a view point fixed.
    public class func zoom(by zoom: Float, at point: CGPoint) -> GMSCameraUpdate { GMSCameraUpdate(.zoomByAt(zoom, point)) }
    /// Move the target.
    public class func setTarget(_ target: CLLocationCoordinate2D) -> GMSCameraUpdate { GMSCameraUpdate(.setTarget(target, zoom: nil)) }
    /// Move the target and set the zoom.
    public class func setTarget(_ target: CLLocationCoordinate2D, zoom: Float) -> GMSCameraUpdate {
        GMSCameraUpdate(.setTarget(target, zoom: zoom))
    }
    /// Set the whole camera.
    public class func setCamera(_ camera: GMSCameraPosition) -> GMSCameraUpdate {
        GMSCameraUpdate(.setCamera(target: camera.target, zoom: camera.zoom, bearing: camera.bearing, viewingAngle: camera.viewingAngle))
    }
    /// Show the bounds as large as possible with 64 points of padding, facing north, untilted.
    public class func fit(_ bounds: GMSCoordinateBounds) -> GMSCameraUpdate { fit(bounds, withPadding: 64) }
    /// Show the bounds as large as possible with padding on every side.
    public class func fit(_ bounds: GMSCoordinateBounds, withPadding padding: CGFloat) -> GMSCameraUpdate {
        fit(bounds, with: UIEdgeInsets(top: padding, left: padding, bottom: padding, right: padding))
    }
    /// Show the bounds as large as possible within insets.
    public class func fit(_ bounds: GMSCoordinateBounds, with insets: UIEdgeInsets) -> GMSCameraUpdate {
        GMSCameraUpdate(
            .fit(
                north: bounds.northEast.latitude, east: bounds.northEast.longitude, south: bounds.southWest.latitude,
                west: bounds.southWest.longitude, valid: bounds.isValid, insets: insets))
    }
    /// Shift the view by points (x right, y down).
    public class func scrollBy(x dX: CGFloat, y dY: CGFloat) -> GMSCameraUpdate { GMSCameraUpdate(.scrollBy(dX, dY)) }

    /// The camera this update gives from a current camera, for a view size and padding.
    func camera(from current: GMSCameraPosition, viewport: Viewport) -> GMSCameraPosition {
        switch kind {
        case .zoomBy(let delta):
            return GMSCameraPosition(target: current.target, zoom: current.zoom + delta, bearing: current.bearing, viewingAngle: current.viewingAngle)
        case .zoomTo(let zoom):
            return GMSCameraPosition(target: current.target, zoom: zoom, bearing: current.bearing, viewingAngle: current.viewingAngle)
        case .zoomByAt(let delta, let point):
            return CameraMath.zoom(current, by: Double(delta), about: point, viewport: viewport)
        case .setTarget(let target, let zoom):
            return GMSCameraPosition(target: target, zoom: zoom ?? current.zoom, bearing: current.bearing, viewingAngle: current.viewingAngle)
        case .setCamera(let target, let zoom, let bearing, let angle):
            return GMSCameraPosition(target: target, zoom: zoom, bearing: bearing, viewingAngle: angle)
        case .fit(let north, let east, let south, let west, let valid, let insets):
            guard valid else { return current }
            let bounds = GMSCoordinateBounds(
                coordinate: CLLocationCoordinate2D(latitude: north, longitude: east),
                coordinate: CLLocationCoordinate2D(latitude: south, longitude: west))
            return CameraMath.fit(bounds, insets: insets, viewport: viewport) ?? current
        case .scrollBy(let dx, let dy):
            let f = viewport.focus
            let target = viewport.coordinate(for: f.x + dx, f.y + dy)
            return GMSCameraPosition(target: target, zoom: current.zoom, bearing: current.bearing, viewingAngle: current.viewingAngle)
        }
    }
}

/// Camera computations shared by updates, gestures and the map view.
enum CameraMath {
    /// Whether two cameras draw the same frame: targets within a thousandth of a point at
    /// their zoom, and zoom, bearing and viewing angle within 1e-6.
    static func drawSame(_ a: GMSCameraPosition, _ b: GMSCameraPosition) -> Bool {
        guard abs(a.zoom - b.zoom) < 1e-6 else { return false }
        let bearing = abs(a.bearing - b.bearing).truncatingRemainder(dividingBy: 360)
        guard min(bearing, 360 - bearing) < 1e-6, abs(a.viewingAngle - b.viewingAngle) < 1e-6 else { return false }
        let pa = WebMercator.project(a.target), pb = WebMercator.project(b.target)
        var dx = abs(pa.x - pb.x)
        dx = min(dx, 1 - dx)
        let world = WebMercator.worldSize(atZoom: Double(a.zoom))
        return dx * world < 1e-3 && abs(pa.y - pb.y) * world < 1e-3
    }

    /// The camera zoomed by `delta` keeping the coordinate under `point` where it is.
    static func zoom(_ camera: GMSCameraPosition, by delta: Double, about point: CGPoint, viewport: Viewport) -> GMSCameraPosition {
        let ground = viewport.mercator(for: point.x, point.y)
        return placing(
            ground, at: point, zoom: Float(Double(camera.zoom) + delta), bearing: camera.bearing, tilt: camera.viewingAngle,
            viewport: viewport)
    }

    /// The north-up, untilted camera showing bounds as large as possible inside the padded
    /// view less `insets`; nil for invalid bounds. Insets larger than the view zoom fully out.
    static func fit(_ bounds: GMSCoordinateBounds, insets: UIEdgeInsets, viewport: Viewport) -> GMSCameraPosition? {
        guard bounds.isValid else { return nil }
        let box = bounds.mercatorBox
        let availableWidth = viewport.width - viewport.padding.left - viewport.padding.right - insets.left - insets.right
        let availableHeight = viewport.height - viewport.padding.top - viewport.padding.bottom - insets.top - insets.bottom
        var zoom = Double(kGMSMinZoomLevel)
        if availableWidth > 0, availableHeight > 0 {
            let zx = box.width > 0 ? log2(availableWidth / (box.width * 256)) : Double(kGMSMaxZoomLevel)
            let zy = box.height > 0 ? log2(availableHeight / (box.height * 256)) : Double(kGMSMaxZoomLevel)
            zoom = min(zx, zy)
        }
        // The insets need not be symmetric: the bounds' centre shows at the centre of the part
        // of the view they leave, so the camera's target lies half their difference beyond it
        // (east of it for a wider right inset, south of it for a taller bottom one).
        let world = WebMercator.worldSize(atZoom: Double(GMSCameraPosition.clampZoom(Float(zoom))))
        let shift = MercatorPoint(
            x: box.center.x + (insets.right - insets.left) / 2 / world, y: box.center.y + (insets.bottom - insets.top) / 2 / world)
        return GMSCameraPosition(target: WebMercator.unproject(shift), zoom: Float(zoom), bearing: 0, viewingAngle: 0)
    }

    /// The camera with a zoom, bearing and tilt that shows the ground point `ground` at the
    /// view point `point` (exact without tilt; converged to 1e-9 points under tilt).
    static func placing(
        _ ground: MercatorPoint, at point: CGPoint, zoom: Float, bearing: Double, tilt: Double, viewport: Viewport
    ) -> GMSCameraPosition {
        var v = viewport
        v.zoom = Double(GMSCameraPosition.clampZoom(zoom))
        v.bearing = bearing
        v.tilt = tilt
        var target = ground
        for _ in 0..<6 {
            v.target = WebMercator.unproject(MercatorPoint(x: target.x, y: min(max(target.y, 0), 1)))
            let shown = v.point(forMercator: ground)
            if abs(shown.x - point.x) < 1e-9 && abs(shown.y - point.y) < 1e-9 { break }
            let under = v.mercator(for: point.x, point.y)
            let at = v.mercator(for: shown.x, shown.y)
            target = MercatorPoint(x: target.x + (at.x - under.x), y: target.y + (at.y - under.y))
        }
        return GMSCameraPosition(
            target: WebMercator.unproject(MercatorPoint(x: target.x, y: min(max(target.y, 0), 1))), zoom: zoom, bearing: bearing,
            viewingAngle: tilt)
    }
}
