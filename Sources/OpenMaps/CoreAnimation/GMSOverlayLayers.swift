import Foundation

/// The base of the SDK's layers (``GMSMapLayer``, ``GMSPanoramaLayer``).
@preconcurrency @MainActor
open class GMSCALayer: CALayer {
    nonisolated public required init() {
        super.init()
    }
}

/// The base of the layers of overlays (``GMSMarkerLayer``, ``GMSPolygonLayer``): values of the
/// overlay as layer properties. It is never drawn itself: the map draws the overlay.
@preconcurrency @MainActor
open class GMSOverlayLayer: CALayer {
    /// The overlay whose values the layer shows.
    nonisolated(unsafe) weak var overlay: GMSOverlay?

    nonisolated public required init() {
        super.init()
    }

    nonisolated init(overlay: GMSOverlay) {
        self.overlay = overlay
        super.init()
    }
}

/// The layer keys of a marker's latitude, longitude, rotation and opacity: the names of
/// ``GMSMarkerLayer``'s properties.
public let (kGMSMarkerLayerLatitude, kGMSMarkerLayerLongitude, kGMSMarkerLayerRotation, kGMSMarkerLayerOpacity) =
    ("latitude", "longitude", "rotation", "opacity")

/// A marker's layer: its position, rotation and opacity as layer values. Setting one sets the
/// marker's (animated over a `CATransaction` duration as a marker's moves are).
@preconcurrency @MainActor
public final class GMSMarkerLayer: GMSOverlayLayer {
    private var marker: GMSMarker? { overlay as? GMSMarker }

    /// The marker's latitude.
    public var latitude: CLLocationDegrees {
        get { marker?.position.latitude ?? 0 }
        set { if let marker { marker.position = CLLocationCoordinate2D(latitude: newValue, longitude: marker.position.longitude) } }
    }

    /// The marker's longitude.
    public var longitude: CLLocationDegrees {
        get { marker?.position.longitude ?? 0 }
        set { if let marker { marker.position = CLLocationCoordinate2D(latitude: marker.position.latitude, longitude: newValue) } }
    }

    /// The marker's rotation in degrees.
    public var rotation: CLLocationDegrees {
        get { marker?.rotation ?? 0 }
        set { marker?.rotation = newValue }
    }

    /// The marker's opacity (the layer's own opacity is the marker's).
    public override var opacity: Float {
        get { marker?.opacity ?? 1 }
        set { marker?.opacity = newValue }
    }
}

/// The layer keys of a polygon's stroke width, stroke colour and fill colour: the names of
/// ``GMSPolygonLayer``'s properties.
public let (kGMSPolygonLayerStrokeWidth, kGMSPolygonLayerStrokeColor, kGMSPolygonLayerFillColor) =
    ("strokeWidth", "strokeColor", "fillColor")

/// A polygon's layer: its stroke width and colours as layer values. Setting one sets the
/// polygon's.
@preconcurrency @MainActor
public final class GMSPolygonLayer: GMSOverlayLayer {
    private var polygon: GMSPolygon? { overlay as? GMSPolygon }

    /// The polygon's stroke width.
    public var strokeWidth: CGFloat {
        get { polygon?.strokeWidth ?? 0 }
        set { polygon?.strokeWidth = newValue }
    }

    /// The polygon's stroke colour.
    public var strokeColor: CGColor? {
        get { polygon?.strokeColor?.cgColor }
        set { polygon?.strokeColor = newValue.map(UIColor.init(cgColor:)) }
    }

    /// The polygon's fill colour.
    public var fillColor: CGColor? {
        get { polygon?.fillColor?.cgColor }
        set { polygon?.fillColor = newValue.map(UIColor.init(cgColor:)) }
    }
}
