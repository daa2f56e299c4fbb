/// Which gestures and on-map controls a map view offers.
@MainActor
public final class GMSUISettings {
    weak var mapView: GMSMapView?

    init() {}

    /// One-finger panning (on by default).
    public var scrollGestures = true
    /// Pinch, double tap and two-finger tap zooming (on by default).
    public var zoomGestures = true
    /// Two-finger tilting (on by default).
    public var tiltGestures = true
    /// Two-finger rotation (on by default).
    public var rotateGestures = true
    /// Whether panning continues while rotating or zooming (on by default).
    public var allowScrollGesturesDuringRotateOrZoom = true
    /// Whether the map takes every gesture inside its view (on by default).
    public var consumesGesturesInView = true
    /// The compass, shown while the bearing is not 0 (off by default).
    public var compassButton = false { didSet { mapView?.setNeedsDisplay() } }
    /// The My Location button, shown while My Location is on (off by default).
    public var myLocationButton = false { didSet { mapView?.setNeedsDisplay() } }
    /// The indoor floor picker (kept for compatibility; no indoor maps here).
    public var indoorPicker = true

    /// Turns every gesture on or off.
    public func setAllGesturesEnabled(_ enabled: Bool) {
        scrollGestures = enabled
        zoomGestures = enabled
        tiltGestures = enabled
        rotateGestures = enabled
    }
}
