import Foundation
import MapDrawing
import MapGeometry

/// What the map shows at one moment: the camera's projection and the clock.
struct MapFrame {
    let viewport: Viewport
    let now: TimeInterval
}

/// What a touch landed on, as the layer that drew it reports it.
enum MapHit {
    /// An on-map control (the compass or the My Location button).
    case control(MapControl)
    /// The shown info window of a marker.
    case infoWindow(GMSMarker)
    /// The My Location dot.
    case myLocation(CLLocation)
    /// A tappable marker (the one drawn on top).
    case marker(GMSMarker)
    /// A tappable shape overlay (the one drawn on top).
    case overlay(GMSOverlay)
    /// A point of interest of the basemap, with its own location.
    case poi(placeID: String, name: String, location: CLLocationCoordinate2D)
    /// Styled features of the map's feature layers (each layer with the features hit, from
    /// the top layer down), and the coordinate tapped.
    case features([(state: FeatureLayerState, features: [PlaceFeature])], coordinate: CLLocationCoordinate2D)
}

/// One thing a map shows: the basemap, tile overlays, shapes, labels, markers, the info
/// window, the controls. The map is an ordered list of layers (see ``MapScene``); a new kind
/// of overlay is a new layer.
@MainActor
protocol MapLayer: AnyObject {
    /// Moves the layer's own animations on to the frame's time.
    func advance(to frame: MapFrame)
    /// Draws the layer over what is below it.
    func draw(in canvas: Canvas, frame: MapFrame)
    /// What the layer shows at a view point that a touch can hit, if anything.
    func hitTest(_ point: CGPoint, frame: MapFrame) -> MapHit?
    /// Whether nothing of the layer's moves or waits.
    var isIdle: Bool { get }
}

extension MapLayer {
    func advance(to frame: MapFrame) {}
    func hitTest(_ point: CGPoint, frame: MapFrame) -> MapHit? { nil }
    var isIdle: Bool { true }
}
