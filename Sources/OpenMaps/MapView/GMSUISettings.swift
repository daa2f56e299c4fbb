/// Which gestures and on-map controls a map view offers.
///
/// A plain `NSObject` with no actor isolation, as in the SDK.
public final class GMSUISettings: NSObject {
    weak var mapView: GMSMapView?

    override init() {
        super.init()
    }

    /// Asks the map to draw its controls again.
    private func redraw(_ what: String) {
        guard let mapView else { return }
        MainThread.run("GMSUISettings.\(what)") { mapView.setNeedsDisplay() }
    }

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
    public var compassButton = false { didSet { redraw("compassButton") } }
    /// The My Location button, shown while My Location is on (off by default).
    public var myLocationButton = false { didSet { redraw("myLocationButton") } }
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
