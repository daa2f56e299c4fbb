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

/// What a layer's work before a frame came to (see ``MapLayer/prepare(_:)``).
struct LayerWork {
    /// Work is under way (tiles rendering or fetching).
    var isBusy = false
    /// The layer asked for work a host may await before the next frame, in virtual time (a
    /// tile layer's fetches), so runs repeat exactly.
    var isAwaited = false
    /// Something arrived since the last frame: the map needs a new one.
    var arrived = false
}

/// A frame's preparation, as the scene gives it to each layer.
struct LayerPreparation {
    let viewport: Viewport
    /// Whether the map runs in real time (work may finish on other threads).
    let realTime: Bool
    /// Called, once, before work that the tile-rendering callbacks report starts.
    let willRender: () -> Void
}

/// One thing a map shows: the basemap, tile overlays, shapes, labels, markers, the info
/// window, the controls. The map is an ordered list of layers (see ``MapScene``); a new kind
/// of overlay is a new layer. A layer owns its work: it says what it needs before a frame
/// (``prepare(_:)``), whether it wants frames (``wantsFrames``), and what of its work a host
/// may await; the scene and the hosts name no layer.
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
    /// Gets what the layer needs for a frame (tiles), rendered now or started.
    func prepare(_ preparation: LayerPreparation) -> LayerWork
    /// Whether the layer still has work for a camera (tiles not asked for yet, or in flight).
    func hasWork(at viewport: Viewport) -> Bool
    /// Whether work runs on other threads now (tiles rendering or fetching).
    var isWorkingInBackground: Bool { get }
    /// Whether the layer changes on every frame just now (markers appearing, tiles fading).
    var wantsFrames: Bool { get }
    /// Waits, suspending and never blocking a thread, up to a time for the work it was asked
    /// for.
    func awaitWork(for duration: Duration) async
    /// Gives up the work still awaited (it fails at this frame); returns how much it was.
    func abandonWork() -> Int
    /// The map's timing changed: in real time work may finish on other threads, and
    /// `arrived` asks for a frame when it does.
    func useRealTime(_ realTime: Bool, arrived: @escaping @MainActor () -> Void)
}

extension MapLayer {
    func advance(to frame: MapFrame) {}
    func hitTest(_ point: CGPoint, frame: MapFrame) -> MapHit? { nil }
    var isIdle: Bool { true }
    func prepare(_ preparation: LayerPreparation) -> LayerWork { LayerWork() }
    func hasWork(at viewport: Viewport) -> Bool { false }
    var isWorkingInBackground: Bool { false }
    var wantsFrames: Bool { false }
    func awaitWork(for duration: Duration) async {}
    func abandonWork() -> Int { 0 }
    func useRealTime(_ realTime: Bool, arrived: @escaping @MainActor () -> Void) {}
}
