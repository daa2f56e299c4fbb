import Foundation
import MapGeometry

/// The smallest zoom level a map shows (2).
public let kGMSMinZoomLevel: Float = Float(CameraLimits.minimumZoom)
/// The largest zoom level a map shows (21).
public let kGMSMaxZoomLevel: Float = Float(CameraLimits.maximumZoom)

/// Where the camera looks from: a target, a zoom, a bearing and a viewing angle.
/// Values are clamped or wrapped into their ranges as the SDK does (docs/behaviour.md rule 21).
open class GMSCameraPosition: NSObject, NSCopying, NSMutableCopying {
    /// The point the camera looks at: latitude in -85...85, longitude in [-180, 180).
    public internal(set) var target: CLLocationCoordinate2D
    /// Zoom 0 shows the world as 256 points; each level doubles the scale. Clamped into 2...21.
    public internal(set) var zoom: Float
    /// Degrees clockwise from true north, in [0, 360).
    public internal(set) var bearing: CLLocationDirection
    /// Degrees from straight down: up to 30 at zoom 10 and below, up to 65 at 16 and above.
    public internal(set) var viewingAngle: Double

    /// Which values were given as NaN or infinity (and so replaced): a map keeps its
    /// previous values for those (docs/behaviour.md rule 25).
    struct Fields: OptionSet {
        let rawValue: Int
        static let latitude = Fields(rawValue: 1)
        static let longitude = Fields(rawValue: 2)
        static let zoom = Fields(rawValue: 4)
        static let bearing = Fields(rawValue: 8)
        static let viewingAngle = Fields(rawValue: 16)
    }

    private(set) var nonFiniteFields: Fields = []

    /// A camera with every value given; values out of range are clamped or wrapped.
    public required init(target: CLLocationCoordinate2D, zoom: Float, bearing: CLLocationDirection, viewingAngle: Double) {
        var invalid: Fields = []
        if !target.latitude.isFinite { invalid.insert(.latitude) }
        if !target.longitude.isFinite { invalid.insert(.longitude) }
        if !zoom.isFinite { invalid.insert(.zoom) }
        if !bearing.isFinite { invalid.insert(.bearing) }
        if !viewingAngle.isFinite { invalid.insert(.viewingAngle) }
        nonFiniteFields = invalid
        let z = GMSCameraPosition.clampZoom(zoom)
        self.target = GMSCameraPosition.normalise(target)
        self.zoom = z
        self.bearing = CameraLimits.wrapBearing(bearing)
        self.viewingAngle = GMSCameraPosition.clampViewingAngle(viewingAngle, zoom: z)
        super.init()
    }

    public convenience init(target: CLLocationCoordinate2D, zoom: Float) {
        self.init(target: target, zoom: zoom, bearing: 0, viewingAngle: 0)
    }

    public convenience init(latitude: CLLocationDegrees, longitude: CLLocationDegrees, zoom: Float) {
        self.init(target: CLLocationCoordinate2D(latitude: latitude, longitude: longitude), zoom: zoom)
    }

    public convenience init(
        latitude: CLLocationDegrees, longitude: CLLocationDegrees, zoom: Float, bearing: CLLocationDirection,
        viewingAngle: Double
    ) {
        self.init(
            target: CLLocationCoordinate2D(latitude: latitude, longitude: longitude), zoom: zoom, bearing: bearing,
            viewingAngle: viewingAngle)
    }

    public class func camera(withTarget target: CLLocationCoordinate2D, zoom: Float) -> Self {
        Self(target: target, zoom: zoom, bearing: 0, viewingAngle: 0)
    }

    public class func camera(withLatitude latitude: CLLocationDegrees, longitude: CLLocationDegrees, zoom: Float) -> Self {
        Self(target: CLLocationCoordinate2D(latitude: latitude, longitude: longitude), zoom: zoom, bearing: 0, viewingAngle: 0)
    }

    public class func camera(
        withTarget target: CLLocationCoordinate2D, zoom: Float, bearing: CLLocationDirection, viewingAngle: Double
    ) -> Self {
        Self(target: target, zoom: zoom, bearing: bearing, viewingAngle: viewingAngle)
    }

    public class func camera(
        withLatitude latitude: CLLocationDegrees, longitude: CLLocationDegrees, zoom: Float,
        bearing: CLLocationDirection, viewingAngle: Double
    ) -> Self {
        Self(
            target: CLLocationCoordinate2D(latitude: latitude, longitude: longitude), zoom: zoom, bearing: bearing,
            viewingAngle: viewingAngle)
    }

    /// The zoom at which `meters` at `coordinate` span `points` on screen (not clamped).
    public class func zoom(at coordinate: CLLocationCoordinate2D, forMeters meters: CLLocationDistance, perPoints points: CGFloat) -> Float {
        guard meters > 0, points > 0, meters.isFinite, points.isFinite else { return kGMSMinZoomLevel }
        let latitude = CameraLimits.clampLatitude(coordinate.latitude) * .pi / 180
        let metersPerPointAtZoom0 = 2 * .pi * Geodesy.earthRadius * cos(latitude) / 256
        return Float(log2(metersPerPointAtZoom0 * Double(points) / meters))
    }

    /// An immutable copy (`copy()` returns it, as `Any`): the camera itself when it is
    /// immutable, as Foundation's immutable objects do.
    open func copy(with zone: NSZone? = nil) -> Any {
        type(of: self) == GMSCameraPosition.self ? self : GMSCameraPosition.snapshot(of: self)
    }

    /// A ``GMSMutableCameraPosition`` copy (`mutableCopy()` returns it, as `Any`).
    open func mutableCopy(with zone: NSZone? = nil) -> Any {
        mutableSnapshot()
    }

    open override var description: String {
        "GMSCameraPosition(target: \(target), zoom: \(zoom), bearing: \(bearing), viewingAngle: \(viewingAngle))"
    }

    /// An immutable copy of any camera (a mutable one included), typed.
    static func snapshot(of camera: GMSCameraPosition) -> GMSCameraPosition {
        GMSCameraPosition(target: camera.target, zoom: camera.zoom, bearing: camera.bearing, viewingAngle: camera.viewingAngle)
    }

    /// A mutable copy, typed.
    func mutableSnapshot() -> GMSMutableCameraPosition {
        GMSMutableCameraPosition(target: target, zoom: zoom, bearing: bearing, viewingAngle: viewingAngle)
    }

    static func normalise(_ target: CLLocationCoordinate2D) -> CLLocationCoordinate2D {
        CLLocationCoordinate2D(
            latitude: CameraLimits.clampLatitude(target.latitude), longitude: CameraLimits.wrapLongitude(target.longitude))
    }

    static func clampZoom(_ zoom: Float) -> Float {
        guard zoom.isFinite else { return zoom.isNaN ? kGMSMinZoomLevel : (zoom > 0 ? kGMSMaxZoomLevel : kGMSMinZoomLevel) }
        return min(max(zoom, kGMSMinZoomLevel), kGMSMaxZoomLevel)
    }

    static func clampViewingAngle(_ angle: Double, zoom: Float) -> Double {
        guard angle.isFinite else { return 0 }
        return min(max(angle, 0), CameraLimits.maximumViewingAngle(atZoom: Double(zoom)))
    }
}

/// A camera position whose values can be changed; each change is clamped or wrapped.
open class GMSMutableCameraPosition: GMSCameraPosition {
    public override var target: CLLocationCoordinate2D {
        get { super.target }
        set {
            if newValue.latitude.isFinite && newValue.longitude.isFinite { super.target = GMSCameraPosition.normalise(newValue) }
        }
    }

    public override var zoom: Float {
        get { super.zoom }
        set {
            guard newValue.isFinite else { return }
            super.zoom = GMSCameraPosition.clampZoom(newValue)
            super.viewingAngle = GMSCameraPosition.clampViewingAngle(viewingAngle, zoom: super.zoom)
        }
    }

    public override var bearing: CLLocationDirection {
        get { super.bearing }
        set { if newValue.isFinite { super.bearing = CameraLimits.wrapBearing(newValue) } }
    }

    public override var viewingAngle: Double {
        get { super.viewingAngle }
        set { if newValue.isFinite { super.viewingAngle = GMSCameraPosition.clampViewingAngle(newValue, zoom: zoom) } }
    }
}
