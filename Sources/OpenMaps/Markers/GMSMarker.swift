import Foundation
import MapDrawing

/// Where a marker's icon stands on its position by default: the bottom centre.
public let kGMSMarkerDefaultGroundAnchor = CGPoint(x: 0.5, y: 1)
/// Where a marker's info window points by default: the icon's top centre.
public let kGMSMarkerDefaultInfoWindowAnchor = CGPoint(x: 0.5, y: 0)

/// How a marker appears when added to a map.
public enum GMSMarkerAnimation: UInt, Sendable {
    /// No animation (the default).
    case none
    /// The marker grows from its ground anchor.
    case pop
    /// The marker fades in.
    case fadeIn
}

/// An icon placed at a point on the map's surface, with a title and snippet shown in its
/// info window when it is selected.
open class GMSMarker: GMSOverlay {
    /// Where the marker stands.
    /// A change animates briefly on the map (over a `CATransaction`'s duration when one is
    /// set); NaN or infinite values are ignored with a logged warning.
    open var position: CLLocationCoordinate2D {
        didSet {
            guard position.latitude.isFinite, position.longitude.isFinite else {
                GMSMapView.logger.warning("marker position with a non-finite value ignored")
                position = oldValue
                return
            }
            placementChanged(.position(from: oldValue), "position")
        }
    }
    /// Text below the title in the default info window.
    open var snippet: String? { didSet { changed() } }
    /// The icon; nil draws the default red pin.
    open var icon: UIImage? {
        didSet {
            placementChanged(.icon, "icon")
        }
    }
    /// A view drawn as the icon instead of `icon`.
    open var iconView: UIView? {
        didSet {
            placementChanged(.iconView(old: oldValue), "iconView")
        }
    }
    /// Whether `iconView` is drawn again when it changes (true by default).
    open var tracksViewChanges = true { didSet { changed() } }
    /// Whether the info window is drawn again when the marker or its view changes.
    open var tracksInfoWindowChanges = false { didSet { changed() } }
    /// The point of the icon placed at `position`, as fractions of its size ((0.5, 1): bottom centre).
    open var groundAnchor = kGMSMarkerDefaultGroundAnchor {
        didSet {
            placementChanged(.icon, "groundAnchor")
        }
    }
    /// The point of the icon the info window's pointer touches ((0.5, 0): top centre).
    open var infoWindowAnchor = kGMSMarkerDefaultInfoWindowAnchor { didSet { changed() } }
    /// How the marker appears when added.
    open var appearAnimation = GMSMarkerAnimation.none
    /// Whether a long press starts dragging the marker.
    open var isDraggable = false
    /// Whether the icon lies flat on the map (turning with it) rather than facing the screen.
    open var isFlat = false {
        didSet {
            placementChanged(.icon, "isFlat")
        }
    }
    /// Rotation of the icon in degrees clockwise about the ground anchor.
    open var rotation: CLLocationDegrees = 0 {
        didSet {
            guard rotation.isFinite else {
                rotation = oldValue
                return
            }
            placementChanged(.rotation(from: oldValue), "rotation")
        }
    }
    /// Opacity of the icon, 0...1.
    open var opacity: Float = 1 { didSet { changed() } }

    /// The panorama view the marker is shown on (held weakly). Kept only: OpenMaps does not
    /// draw markers on panoramas (docs/sdk-api.md).
    open weak var panoramaView: GMSPanoramaView?

    /// The marker's layer: its position, rotation and opacity as layer values.
    public private(set) lazy var layer = GMSMarkerLayer(overlay: self)

    /// When the marker was added to its map, for the appear animation.
    var addedAt: TimeInterval?

    /// Records a change of where or how the marker stands, and tells the map's marker layer
    /// and asks for a frame, in one trip to the main actor.
    private func placementChanged(_ change: MarkerLayer.Change, _ what: @autoclosure () -> String) {
        noteChange()
        guard let map else { return }
        let marker = MainThread.Carried(self)
        MainThread.run("GMSMarker.\(what())") {
            map.scene.markers.changed(marker.value, change)
            map.setNeedsDisplay()
        }
    }

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

    open override func copy(with zone: NSZone? = nil) -> Any {
        let copy = GMSMarker(position: position)
        copyMarkerProperties(to: copy)
        return copy
    }

    /// Copies what a marker has onto another (not its map).
    func copyMarkerProperties(to copy: GMSMarker) {
        copyProperties(to: copy)
        copy.snippet = snippet
        copy.icon = icon
        copy.iconView = iconView
        copy.tracksViewChanges = tracksViewChanges
        copy.tracksInfoWindowChanges = tracksInfoWindowChanges
        copy.groundAnchor = groundAnchor
        copy.infoWindowAnchor = infoWindowAnchor
        copy.appearAnimation = appearAnimation
        copy.isDraggable = isDraggable
        copy.isFlat = isFlat
        copy.rotation = rotation
        copy.opacity = opacity
    }
}
