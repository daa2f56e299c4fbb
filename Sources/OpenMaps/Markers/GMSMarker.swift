import Foundation
import MapDrawing

/// How a marker appears when added to a map.
public enum GMSMarkerAnimation: Int, Sendable {
    /// No animation (the default).
    case none
    /// The marker grows from its ground anchor.
    case pop
    /// The marker fades in.
    case fadeIn
}

/// An icon placed at a point on the map's surface, with a title and snippet shown in its
/// info window when it is selected.
@MainActor
open class GMSMarker: GMSOverlay {
    /// Where the marker stands.
    open var position: CLLocationCoordinate2D
    /// Text below the title in the default info window.
    open var snippet: String?
    /// The icon; nil draws the default red pin.
    open var icon: UIImage?
    /// A view drawn as the icon instead of `icon`.
    open var iconView: UIView?
    /// Whether `iconView` is drawn again when it changes (true by default).
    open var tracksViewChanges = true
    /// Whether the info window is drawn again when the marker or its view changes.
    open var tracksInfoWindowChanges = false
    /// The point of the icon placed at `position`, as fractions of its size ((0.5, 1): bottom centre).
    open var groundAnchor = CGPoint(x: 0.5, y: 1)
    /// The point of the icon the info window's pointer touches ((0.5, 0): top centre).
    open var infoWindowAnchor = CGPoint(x: 0.5, y: 0)
    /// How the marker appears when added.
    open var appearAnimation = GMSMarkerAnimation.none
    /// Whether a long press starts dragging the marker.
    open var isDraggable = false
    /// Whether the icon lies flat on the map (turning with it) rather than facing the screen.
    open var isFlat = false
    /// Rotation of the icon in degrees clockwise about the ground anchor.
    open var rotation: CLLocationDegrees = 0
    /// Opacity of the icon, 0...1.
    open var opacity: Float = 1

    /// A marker at (0, 0).
    public override init() {
        position = CLLocationCoordinate2D()
        super.init()
        isTappable = true
    }

    /// A marker at a position.
    public convenience init(position: CLLocationCoordinate2D) {
        self.init()
        self.position = position
    }

    /// The default pin tinted with a colour (the default red when nil), as an image at the
    /// main screen's scale.
    public class func markerImage(with color: UIColor?) -> UIImage {
        DefaultMarkerIcon.image(color: color?.color, scale: UIScreen.defaultScale)
    }
}
