import Foundation

/// A line through a path's coordinates, straight on the map or along great circles when
/// `geodesic`, in one colour or in styled spans.
open class GMSPolyline: GMSOverlay {
    /// The line's coordinates (copied when set: later changes to the path given do nothing).
    open var path: GMSPath? {
        get { ownPath.path }
        set {
            ownPath.take(newValue)
            changed()
        }
    }
    private var ownPath = OwnPath()
    /// The line's width in points.
    open var strokeWidth: CGFloat = 1 { didSet { changed() } }
    /// The colour of a line without spans (blue by default).
    open var strokeColor: UIColor = .blue { didSet { changed() } }
    /// Whether segments follow great circles.
    open var geodesic = false { didSet { changed() } }
    /// Styles along the line, each over a number of segments; the last one covers the rest.
    /// Nil or empty draws the whole line in `strokeColor`.
    open var spans: [GMSStyleSpan]? { didSet { changed() } }

    public convenience init(path: GMSPath?) {
        self.init()
        self.path = path
    }

    open override func copy(with zone: NSZone? = nil) -> Any {
        let copy = GMSPolyline(path: path)
        copyProperties(to: copy)
        (copy.strokeWidth, copy.strokeColor, copy.geodesic, copy.spans) = (strokeWidth, strokeColor, geodesic, spans)
        return copy
    }
}
