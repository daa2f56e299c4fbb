import Foundation

/// A circle on the Earth's surface: every point `radius` metres (great-circle distance) from
/// `position`.
open class GMSCircle: GMSOverlay {
    /// The centre; invalid positions are ignored.
    open var position = CLLocationCoordinate2D() {
        didSet {
            if !position.isValid {
                GMSMapView.logger.warning("circle position \(position) ignored")
                position = oldValue
            }
            changed()
        }
    }
    /// The radius in metres; must be positive (a circle of radius 0 or less is not drawn).
    open var radius: CLLocationDistance = 0 { didSet { changed() } }
    /// The outline's width in points; 0 draws no outline.
    open var strokeWidth: CGFloat = 1 { didSet { changed() } }
    /// The outline's colour (black by default).
    open var strokeColor: UIColor? = .black { didSet { changed() } }
    /// The fill (none by default).
    open var fillColor: UIColor? { didSet { changed() } }

    /// A circle at (0, 0) with radius 0 (not drawn until given a radius).
    public override init() {
        super.init()
    }

    /// A circle with a centre and a radius in metres.
    public convenience init(position: CLLocationCoordinate2D, radius: CLLocationDistance) {
        self.init()
        self.position = position.isValid ? position : CLLocationCoordinate2D()
        self.radius = radius
    }

    open override func copy(with zone: NSZone? = nil) -> Any {
        let copy = GMSCircle(position: position, radius: radius)
        copyProperties(to: copy)
        copy.strokeWidth = strokeWidth
        copy.strokeColor = strokeColor
        copy.fillColor = fillColor
        return copy
    }
}
