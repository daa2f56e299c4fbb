import Foundation

/// A filled shape on the map, optionally with holes; its edges are straight on the map, or
/// great circles when `geodesic`.
open class GMSPolygon: GMSOverlay {
    /// The outline (closed automatically; copied when set).
    open var path: GMSPath? {
        get { ownPath.path }
        set {
            ownPath.take(newValue)
            changed()
        }
    }
    private var ownPath = OwnPath()
    /// Areas cut out of the fill.
    open var holes: [GMSPath]? { didSet { changed() } }
    /// The outline's width in points.
    open var strokeWidth: CGFloat = 1 { didSet { changed() } }
    /// The outline's colour (none by default).
    open var strokeColor: UIColor? { didSet { changed() } }
    /// The fill (blue by default).
    open var fillColor: UIColor? = .blue { didSet { changed() } }
    /// Whether edges follow great circles.
    open var geodesic = false { didSet { changed() } }

    /// The polygon's layer: its stroke width and colours as layer values.
    public private(set) lazy var layer = GMSPolygonLayer(overlay: self)

    public convenience init(path: GMSPath?) {
        self.init()
        self.path = path
    }

    open override func copy(with zone: NSZone? = nil) -> Any {
        let copy = GMSPolygon(path: path)
        copyProperties(to: copy)
        (copy.holes, copy.strokeWidth, copy.strokeColor, copy.fillColor, copy.geodesic) = (holes, strokeWidth, strokeColor, fillColor, geodesic)
        return copy
    }
}
