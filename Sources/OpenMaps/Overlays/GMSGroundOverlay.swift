import Foundation
import MapGeometry

/// The anchor of a ground overlay's image by default: its centre.
public let kGMSGroundOverlayDefaultAnchor = CGPoint(x: 0.5, y: 0.5)

/// An image laid on the map: stretched over bounds, or placed at a position at its size for a
/// zoom level; turned by `bearing` about its anchor.
open class GMSGroundOverlay: GMSOverlay {
    /// Where the anchor lies; moving it moves the bounds with it.
    open var position = CLLocationCoordinate2D() {
        didSet {
            if !isPlacing, let storedBounds, storedBounds.isValid {
                self.storedBounds = GMSGroundOverlay.moving(storedBounds, anchor: anchor, to: position)
            }
            changed()
        }
    }
    /// The point of the image on `position`, as fractions of its size (centre by default).
    /// With bounds, changing it moves `position` to that point of the bounds.
    open var anchor: CGPoint = kGMSGroundOverlayDefaultAnchor {
        didSet {
            if let storedBounds, storedBounds.isValid { place(GMSGroundOverlay.anchorPoint(of: storedBounds, anchor: anchor)) }
            changed()
        }
    }
    /// True while `position` follows the bounds (so it does not move them back).
    private var isPlacing = false
    /// The image; without one nothing is drawn (unlike a marker, there is no default).
    open var icon: UIImage? { didSet { changed() } }
    /// The image's opacity, 0...1.
    open var opacity: Float = 1 { didSet { changed() } }
    /// Degrees clockwise from north the image is turned about its anchor.
    open var bearing: CLLocationDirection = 0 { didSet { changed() } }
    /// The zoom at which the image is drawn at its own size, when placed by position.
    private var zoomLevel: Float?
    private var storedBounds: GMSCoordinateBounds?

    /// The area the image covers (before its bearing turns it).
    open var bounds: GMSCoordinateBounds? {
        get {
            if let storedBounds { return storedBounds }
            guard let zoomLevel, let icon else { return nil }
            let world = WebMercator.worldSize(atZoom: Double(zoomLevel))
            let p = WebMercator.project(position)
            let w = icon.size.width / world, h = icon.size.height / world
            let west = p.x - anchor.x * w, north = p.y - anchor.y * h
            return GMSCoordinateBounds(
                coordinate: WebMercator.unproject(MercatorPoint(x: west, y: north + h)),
                coordinate: WebMercator.unproject(MercatorPoint(x: west + w, y: north)))
        }
        set {
            storedBounds = newValue
            if let newValue, newValue.isValid { place(GMSGroundOverlay.anchorPoint(of: newValue, anchor: anchor)) }
            changed()
        }
    }

    /// An overlay with no image or bounds (nothing is drawn until both are set).
    public override init() {
        super.init()
    }

    /// An overlay stretched over bounds.
    public convenience init(bounds: GMSCoordinateBounds?, icon: UIImage?) {
        self.init()
        position = bounds.map { GMSGroundOverlay.anchorPoint(of: $0, anchor: kGMSGroundOverlayDefaultAnchor) } ?? CLLocationCoordinate2D()
        storedBounds = bounds
        self.icon = icon
    }

    /// An overlay with its anchor at a position, at the image's size for a zoom level.
    public convenience init(position: CLLocationCoordinate2D, icon: UIImage?, zoomLevel: CGFloat) {
        self.init()
        self.position = position
        self.icon = icon
        self.zoomLevel = Float(zoomLevel.isFinite ? zoomLevel : 0)
    }

    /// The overlay's corners in projected space (north-west, north-east, south-east,
    /// south-west), turned by the bearing; nil without an image or bounds.
    var corners: [MercatorPoint]? {
        guard icon != nil, let bounds, bounds.isValid else { return nil }
        let ne = WebMercator.project(bounds.northEast), sw = WebMercator.project(bounds.southWest)
        var east = ne.x
        if east < sw.x { east += 1 }  // across the antimeridian
        let rect = [
            MercatorPoint(x: sw.x, y: ne.y), MercatorPoint(x: east, y: ne.y), MercatorPoint(x: east, y: sw.y),
            MercatorPoint(x: sw.x, y: sw.y),
        ]
        guard bearing != 0 else { return rect }
        let pivot = MercatorPoint(x: sw.x + (east - sw.x) * anchor.x, y: ne.y + (sw.y - ne.y) * anchor.y)
        let r = bearing * .pi / 180, c = cos(r), s = sin(r)
        return rect.map { p in
            let dx = p.x - pivot.x, dy = p.y - pivot.y
            return MercatorPoint(x: pivot.x + dx * c - dy * s, y: pivot.y + dx * s + dy * c)
        }
    }

    /// Sets `position` without moving the bounds.
    private func place(_ coordinate: CLLocationCoordinate2D) {
        isPlacing = true
        position = coordinate
        isPlacing = false
    }

    /// Bounds moved so their anchor point lands on `position`.
    private static func moving(_ bounds: GMSCoordinateBounds, anchor: CGPoint, to position: CLLocationCoordinate2D) -> GMSCoordinateBounds {
        guard position.isValid else { return bounds }
        let from = WebMercator.project(anchorPoint(of: bounds, anchor: anchor)), to = WebMercator.project(position)
        var dx = to.x - from.x
        if dx > 0.5 { dx -= 1 } else if dx < -0.5 { dx += 1 }
        let dy = to.y - from.y
        let ne = WebMercator.project(bounds.northEast), sw = WebMercator.project(bounds.southWest)
        func moved(_ p: MercatorPoint) -> CLLocationCoordinate2D {
            let c = WebMercator.unproject(MercatorPoint(x: p.x + dx, y: p.y + dy))
            return CLLocationCoordinate2D(latitude: c.latitude, longitude: CameraLimits.wrapLongitude(c.longitude))
        }
        // Corner by corner, so the bounds keep their width (even past 180° of longitude).
        let north = moved(ne), south = moved(sw)
        return GMSCoordinateBounds(north: north.latitude, east: north.longitude, south: south.latitude, west: south.longitude)
    }

    private static func anchorPoint(of bounds: GMSCoordinateBounds, anchor: CGPoint) -> CLLocationCoordinate2D {
        let ne = WebMercator.project(bounds.northEast), sw = WebMercator.project(bounds.southWest)
        var east = ne.x
        if east < sw.x { east += 1 }
        let c = WebMercator.unproject(MercatorPoint(x: sw.x + (east - sw.x) * anchor.x, y: ne.y + (sw.y - ne.y) * anchor.y))
        return CLLocationCoordinate2D(latitude: c.latitude, longitude: CameraLimits.wrapLongitude(c.longitude))
    }

    open override func copy(with zone: NSZone? = nil) -> Any {
        let copy = GMSGroundOverlay(bounds: storedBounds, icon: icon)
        copy.zoomLevel = zoomLevel
        copy.anchor = anchor  // before the position, so the bounds stay where they are
        copy.position = position
        copyProperties(to: copy)
        copy.opacity = opacity
        copy.bearing = bearing
        return copy
    }
}
