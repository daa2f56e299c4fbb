import Foundation
import OpenMaps

/// A shape read from GeoJSON or KML, as the library's `GMUGeometry`.
public protocol GMUGeometry: NSObjectProtocol {
    /// Its kind: "Point", "LineString", "Polygon", "GeometryCollection" or "GroundOverlay".
    var type: String { get }
}

/// A geometry with its style: a GeoJSON feature or a KML placemark, as the library's
/// `GMUGeometryContainer`.
public protocol GMUGeometryContainer: NSObjectProtocol {
    /// The shape.
    var geometry: GMUGeometry { get }
    /// How it is drawn (nil: the map's defaults); apps set it on GeoJSON features.
    var style: GMUStyle? { get set }
}

/// A point.
public final class GMUPoint: NSObject, GMUGeometry {
    public let type = "Point"
    /// Where it is.
    public let coordinate: CLLocationCoordinate2D

    public init(coordinate: CLLocationCoordinate2D) {
        self.coordinate = coordinate
        super.init()
    }
}

/// A line through coordinates.
public final class GMULineString: NSObject, GMUGeometry {
    public let type = "LineString"
    /// The line's coordinates.
    public let path: GMSPath

    public init(path: GMSPath) {
        self.path = path
        super.init()
    }
}

/// A polygon: its outer ring first, then its holes.
public final class GMUPolygon: NSObject, GMUGeometry {
    public let type = "Polygon"
    /// The rings: the outer one, then the holes.
    public let paths: [GMSPath]

    public init(paths: [GMSPath]) {
        self.paths = paths
        super.init()
    }
}

/// Several geometries together (GeoJSON's Multi* and GeometryCollection, KML's
/// MultiGeometry).
public final class GMUGeometryCollection: NSObject, GMUGeometry {
    public let type = "GeometryCollection"
    /// The geometries.
    public let geometries: [GMUGeometry]

    public init(geometries: [GMUGeometry]) {
        self.geometries = geometries
        super.init()
    }
}

/// An image laid over a box of the map, from KML's GroundOverlay.
public final class GMUGroundOverlay: NSObject, GMUGeometry {
    public let type = "GroundOverlay"
    /// The box's north-east corner.
    public let northEast: CLLocationCoordinate2D
    /// The box's south-west corner.
    public let southWest: CLLocationCoordinate2D
    /// Its drawing order (KML's drawOrder).
    public let zIndex: Int32
    /// Its bearing in degrees clockwise from north (KML's rotation turned round).
    public let rotation: Double
    /// Where its image is.
    public let href: String

    public init(coordinate northEast: CLLocationCoordinate2D, southWest: CLLocationCoordinate2D, zIndex: Int32, rotation: Double, href: String) {
        self.northEast = northEast
        self.southWest = southWest
        self.zIndex = zIndex
        self.rotation = rotation
        self.href = href
        super.init()
    }
}

/// A GeoJSON feature: a geometry with an identifier, properties and a bounding box.
public final class GMUFeature: NSObject, GMUGeometryContainer {
    public let geometry: GMUGeometry
    /// The feature's `id` (a number's text when it is a number).
    public let identifier: String?
    /// The feature's `properties`.
    public let properties: [String: NSObject]?
    /// The feature's (or its collection's) `bbox`.
    public let boundingBox: GMSCoordinateBounds?
    public var style: GMUStyle?

    public init(geometry: GMUGeometry, identifier: String?, properties: [String: NSObject]?, boundingBox: GMSCoordinateBounds?) {
        self.geometry = geometry
        self.identifier = identifier
        self.properties = properties
        self.boundingBox = boundingBox
        super.init()
    }
}

/// A KML placemark: a geometry with a title, a snippet, an inline style and a style URL.
public final class GMUPlacemark: NSObject, GMUGeometryContainer {
    public let geometry: GMUGeometry
    /// Its `name`.
    public let title: String?
    /// Its `description`.
    public let snippet: String?
    /// Its `styleUrl` ("#id").
    public let styleUrl: String?
    public var style: GMUStyle?

    /// A placemark. A nil geometry (a placemark without one) is an empty collection.
    public init(geometry: GMUGeometry?, title: String?, snippet: String?, style: GMUStyle?, styleUrl: String?) {
        self.geometry = geometry ?? GMUGeometryCollection(geometries: [])
        self.title = title
        self.snippet = snippet
        self.style = style
        self.styleUrl = styleUrl
        super.init()
    }
}

/// How a geometry is drawn, as the library's `GMUStyle` (KML's Style).
public final class GMUStyle: NSObject {
    /// Its id ("#id" as KML styles are referred to).
    public let styleID: String
    /// Lines' and outlines' colour.
    public let strokeColor: UIColor?
    /// Polygons' fill.
    public let fillColor: UIColor?
    /// Lines' width.
    public let width: CGFloat
    /// The icon's scale.
    public let scale: CGFloat
    /// The icon's rotation in degrees.
    public let heading: CGFloat
    /// The icon's anchor, as fractions of its size.
    public let anchor: CGPoint
    /// Where the icon's image is.
    public let iconUrl: String?
    /// A marker's title (KML's BalloonStyle text).
    public let title: String?
    /// Whether polygons are filled.
    public let hasFill: Bool
    /// Whether polygons are outlined.
    public let hasStroke: Bool

    public init(
        styleID: String, strokeColor: UIColor?, fillColor: UIColor?, width: CGFloat, scale: CGFloat, heading: CGFloat, anchor: CGPoint,
        iconUrl: String?, title: String?, hasFill: Bool, hasStroke: Bool
    ) {
        self.styleID = styleID
        self.strokeColor = strokeColor
        self.fillColor = fillColor
        self.width = width
        self.scale = scale
        self.heading = heading
        self.anchor = anchor
        self.iconUrl = iconUrl
        self.title = title
        self.hasFill = hasFill
        self.hasStroke = hasStroke
        super.init()
    }
}

/// One entry of a KML StyleMap: a key ("normal", "highlight") and a style URL.
public final class GMUPair: NSObject {
    public let key: String
    public let styleUrl: String

    public init(key: String, styleUrl: String) {
        self.key = key
        self.styleUrl = styleUrl
        super.init()
    }
}

/// A KML StyleMap: styles by key.
public final class GMUStyleMap: NSObject {
    /// Its id ("#id").
    public let styleMapId: String
    /// Its pairs.
    public let pairs: [GMUPair]

    public init(id styleMapId: String, pairs: [GMUPair]) {
        self.styleMapId = styleMapId
        self.pairs = pairs
        super.init()
    }
}
