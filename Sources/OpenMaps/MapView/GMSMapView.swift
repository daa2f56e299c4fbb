import Basemap
import Foundation
import Logging
import MapDrawing
import MapGeometry
import MapUIKit

/// A map: a camera over the world, markers and their info windows, and a delegate told of
/// every event. A map view is driven by a host (``GMSMapViewHost``) that delivers touches,
/// advances its clock and takes its frames.
@MainActor
open class GMSMapView: UIView {
    static let logger = Logger(label: "OpenMaps.GMSMapView")

    open override class var layerClass: CALayer.Type { GMSMapLayer.self }

    private var mapLayer = GMSMapLayer()

    /// The layer, with the camera as separate animatable values.
    open override var layer: GMSMapLayer { mapLayer }

    /// Receives the map's events. Held weakly; there is one.
    open weak var delegate: GMSMapViewDelegate?

    /// Gestures and controls.
    public let settings = GMSUISettings()

    /// The kind of map drawn; `.normal` by default. Satellite, hybrid and terrain imagery is
    /// not available offline: they draw the normal map (logged once).
    open var mapType = GMSMapViewType.normal {
        didSet {
            if [.satellite, .hybrid, .terrain].contains(mapType) {
                GMSMapView.logger.notice("map type \(mapType) is not available offline; drawing the normal map")
            }
            setNeedsDisplay()
        }
    }

    /// Draws the basemap from another OpenMapTiles-schema MBTiles file (nil: the embedded one).
    public func useBasemap(mbtilesPath path: String?) {
        basemap.use(path: path)
        snapshotReported = false
        setNeedsDisplay()
    }
    /// The basemap's style, or nil for the default look.
    open var mapStyle: GMSMapStyle? {
        didSet {
            // Restyled at once: rendered tiles are dropped and labels placed again.
            basemap.use(style: mapStyle.map { BasemapStyle.normal.styled(by: $0.rules) } ?? .normal)
            snapshotReported = false
            setNeedsDisplay()
        }
    }
    /// Whether 3D buildings are drawn where data allows (stored).
    open var isBuildingsEnabled = true
    /// Whether indoor maps are drawn where data allows (stored).
    open var isIndoorEnabled = true
    /// Whether traffic is drawn where data allows (stored).
    open var isTrafficEnabled = false
    /// Whether the My Location dot is shown (at ``myLocation``, which the host sets).
    open var isMyLocationEnabled = false { didSet { setNeedsDisplay() } }
    /// The device's location, set by the host's location source; nil until then.
    open internal(set) var myLocation: CLLocation?

    /// Insets that move the camera target, controls and fitted bounds inward.
    open var padding: UIEdgeInsets = .zero {
        didSet {
            let values = [padding.top, padding.left, padding.bottom, padding.right]
            if !values.allSatisfy({ $0.isFinite }) {
                GMSMapView.logger.warning("padding with a non-finite value ignored")
                padding = oldValue
            }
            setNeedsDisplay()
        }
    }

    /// The lowest zoom the camera may take.
    public private(set) var minZoom: Float = kGMSMinZoomLevel
    /// The highest zoom the camera may take.
    public private(set) var maxZoom: Float = kGMSMaxZoomLevel

    /// When set, the camera target stays inside these bounds.
    open var cameraTargetBounds: GMSCoordinateBounds? {
        didSet { if let bounds = cameraTargetBounds, !bounds.isValid { cameraTargetBounds = nil } }
    }

    /// The markers on the map, and where they stand (see `MarkerStore`).
    let markerStore = MarkerStore()
    /// The other overlays (circles, polylines, polygons, ground overlays), in the order added.
    var shapes: [GMSOverlay] = []
    /// The camera as last set or animated.
    var currentCamera: GMSCameraPosition
    /// Engine time in seconds, advanced by the host.
    var now: TimeInterval = 0
    /// Counts changes to what the map shows, so hosts redraw only when needed.
    package var displayRevision: Int { revision }

    let motion = CameraMotion()
    let selection = SelectionState()
    lazy var touches = TouchRecognizer(mapView: self)
    let icons = MarkerIconCache()
    /// The basemap's tiles.
    let basemap = BasemapTiles()
    /// The basemap's labels and POIs.
    let labels = LabelPlacer()
    /// Whether `mapViewSnapshotReady` was reported for the current still picture.
    var snapshotReported = false
    /// Whether background tile rendering is under way (between the start and finish callbacks).
    var tilesInFlight = false
    /// The tile layers on the map, in the order added.
    var tileLayers: [GMSTileLayer] = []
    /// The tile layers' last cover of the view, by tile zoom.
    var tileLayerCover: [Int: (viewport: Viewport, tiles: [(key: TileKey, shift: Int)])] = [:]
    /// Markers gliding to a new position or rotation.
    var markerMotions: [ObjectIdentifier: MarkerMotion] = [:]
    /// `UIView.animate` animations of views shown in the map, with their start times.
    var viewAnimations: [(TimeInterval, ViewAnimation)] = []

    // MARK: Making a map

    /// A map at the default camera with a zero frame.
    public convenience init() {
        self.init(frame: .zero, camera: nil)
    }

    /// A map from options.
    public convenience init(options: GMSMapViewOptions) {
        self.init(frame: options.frame, camera: options.camera)
        if let color = options.backgroundColor { backgroundColor = color }
    }

    /// A map with a frame at the default camera.
    public convenience override init(frame: CGRect) {
        self.init(frame: frame, camera: nil)
    }

    /// A map with a frame and a first camera (which causes no camera callbacks).
    public init(frame: CGRect, camera: GMSCameraPosition?) {
        currentCamera = (camera ?? GMSCameraPosition(latitude: 0, longitude: 0, zoom: kGMSMinZoomLevel)).copy()
        super.init(frame: frame)
        mapLayer = (super.layer as? GMSMapLayer) ?? GMSMapLayer()
        mapLayer.mapView = self
        settings.mapView = self
        backgroundColor = UIColor(MapPalette.land)
    }

    public required init?(coder: NSCoder) {
        return nil
    }

    /// A map with a frame and camera.
    public class func map(withFrame frame: CGRect, camera: GMSCameraPosition) -> GMSMapView {
        GMSMapView(frame: frame, camera: camera)
    }

    // MARK: Camera

    /// The camera. Setting it moves at once: `willMove(false)`, one `didChange`, `idleAt`,
    /// and stops a running animation.
    open var camera: GMSCameraPosition {
        get { currentCamera }
        set { moveInstantly(to: newValue) }
    }

    /// The projection of the current camera, view size and padding.
    open var projection: GMSProjection { GMSProjection(viewport: viewport) }

    /// Sets the zoom limits; min > max is ignored with a logged error. The camera's zoom is
    /// clamped into the new range.
    open func setMinZoom(_ minZoom: Float, maxZoom: Float) {
        guard minZoom.isFinite, maxZoom.isFinite, minZoom <= maxZoom else {
            GMSMapView.logger.error("setMinZoom(\(minZoom), maxZoom: \(maxZoom)) ignored: min must not exceed max")
            return
        }
        self.minZoom = min(max(minZoom, kGMSMinZoomLevel), kGMSMaxZoomLevel)
        self.maxZoom = min(max(maxZoom, kGMSMinZoomLevel), kGMSMaxZoomLevel)
        let clamped = constrained(currentCamera)
        if clamped.zoom != currentCamera.zoom { moveInstantly(to: clamped) }
    }

    /// Applies a camera update at once.
    open func moveCamera(_ update: GMSCameraUpdate) {
        moveInstantly(to: update.camera(from: currentCamera, viewport: viewport))
    }

    /// The camera that shows bounds inside the padded view less insets, north up and
    /// untilted; nil for invalid bounds.
    open func camera(for bounds: GMSCoordinateBounds, insets: UIEdgeInsets) -> GMSCameraPosition? {
        CameraMath.fit(bounds, insets: insets, viewport: viewport).map(constrained)
    }

    /// Animates to a camera (0.5 s unless a `CATransaction` duration is set).
    open func animate(to cameraPosition: GMSCameraPosition) {
        startAnimation(to: cameraPosition, duration: CATransaction.currentDuration ?? 0.5, gesture: false)
    }

    /// Animates the target.
    open func animate(toLocation location: CLLocationCoordinate2D) {
        guard location.latitude.isFinite, location.longitude.isFinite else { return warnNonFinite("animate(toLocation:)") }
        animateChanging { $0.target = location }
    }

    /// Animates the zoom.
    open func animate(toZoom zoom: Float) {
        guard zoom.isFinite else { return warnNonFinite("animate(toZoom:)") }
        animateChanging { $0.zoom = zoom }
    }

    /// Animates the bearing.
    open func animate(toBearing bearing: CLLocationDirection) {
        guard bearing.isFinite else { return warnNonFinite("animate(toBearing:)") }
        animateChanging { $0.bearing = bearing }
    }

    /// Animates the viewing angle.
    open func animate(toViewingAngle viewingAngle: Double) {
        guard viewingAngle.isFinite else { return warnNonFinite("animate(toViewingAngle:)") }
        animateChanging { $0.viewingAngle = viewingAngle }
    }

    private func animateChanging(_ change: (GMSMutableCameraPosition) -> Void) {
        let next = currentCamera.mutableCopy()
        change(next)
        animate(to: next)
    }

    /// Animates a camera update.
    open func animate(with cameraUpdate: GMSCameraUpdate) {
        animate(to: cameraUpdate.camera(from: currentCamera, viewport: viewport))
    }

    // MARK: Markers

    /// Removes every marker and overlay; a shown info window closes first.
    open func clear() {
        let removed: [GMSOverlay] = markerStore.all + shapes
        for overlay in removed { overlay.map = nil }
    }

    func overlayJoined(_ overlay: GMSOverlay) {
        if let marker = overlay as? GMSMarker { return markerJoined(marker) }
        shapes.removeAll { $0 === overlay }
        shapes.append(overlay)
        setNeedsDisplay()
    }

    func overlayLeft(_ overlay: GMSOverlay) {
        if let marker = overlay as? GMSMarker { return markerLeft(marker) }
        shapes.removeAll { $0 === overlay }
        setNeedsDisplay()
    }

    func markerJoined(_ marker: GMSMarker) {
        markerStore.add(marker, appearing: marker.appearAnimation != .none)
        marker.addedAt = now
        adopt(marker.iconView)
        setNeedsDisplay()
    }

    func markerLeft(_ marker: GMSMarker) {
        markerStore.remove(marker)
        icons.forget(marker.iconView)
        markerMotions[ObjectIdentifier(marker)] = nil
        if selection.marker === marker {
            if selection.isAskingDelegate { return }  // applied once the selection finishes (rule 10)
            deselect()
        }
        setNeedsDisplay()
    }

    // MARK: Display bookkeeping

    /// Records that the next frame differs from the last.
    func noteDisplayChange() {
        setNeedsDisplay()
    }

    /// The projection state of the moment.
    var viewport: Viewport {
        Viewport(
            target: currentCamera.target, zoom: Double(currentCamera.zoom), bearing: currentCamera.bearing,
            tilt: currentCamera.viewingAngle, width: bounds.width, height: bounds.height,
            padding: ViewportPadding(top: padding.top, left: padding.left, bottom: padding.bottom, right: padding.right))
    }

    func warnNonFinite(_ what: String) {
        GMSMapView.logger.warning("\(what) with a non-finite value ignored")
    }
}

/// The colours of the map outside the basemap.
enum MapPalette {
    static let land = Color(rgb: 0xF5F3EE)
    static let sky = Color(rgb: 0xC9DCF0)
    static let horizon = Color(rgb: 0xEEF2F5)
}
