import Foundation
import Logging
import MapDrawing
import MapGeometry
import MapUIKit

/// A map: a camera over the world, markers and their info windows, and a delegate told of
/// every event. A map view is driven by a host (``GMSMapViewHost``) that delivers touches,
/// advances its clock and takes its frames.
///
/// The view is a facade: the camera, the layers, the gestures and the events are parts of
/// its scene (see docs/architecture.md).
@preconcurrency @MainActor
open class GMSMapView: UIView {
    nonisolated static let logger = Logger(label: "OpenMaps.Map")

    open override class var layerClass: CALayer.Type { GMSMapLayer.self }

    private var mapLayer = GMSMapLayer()

    /// The layer, with the camera as separate animatable values.
    open override var layer: GMSMapLayer { mapLayer }

    /// Follows the appearance (`overrideUserInterfaceStyle`, else the trait collection's): a
    /// dark one draws the basemap in Google's dark scheme, unless a map style is set, with the
    /// default info window and the controls to match.
    open override func traitCollectionDidChange(_ previousTraitCollection: UITraitCollection?) {
        super.traitCollectionDidChange(previousTraitCollection)
        scene.useAppearance(dark: traitCollection.userInterfaceStyle == .dark)
    }

    /// Receives the map's events. Held weakly; there is one.
    open weak var delegate: GMSMapViewDelegate?

    /// The map's events, for observers: every delegate callback as a ``MapViewEvent``, given
    /// to each observer before the delegate hears it. Tools log a map this way whatever its
    /// delegate is (the app's, or a utility's such as a cluster manager). An OpenMaps addition.
    public let events = MapViewEvents()

    /// Gestures and controls.
    public let settings: GMSUISettings

    /// The map's data-driven styling layers, made on first request.
    var featureLayerStore: FeatureLayerStore { scene.boundaries.store }

    /// The map's working parts.
    let scene: MapScene

    /// The kind of map drawn; `.normal` by default. Satellite, hybrid and terrain imagery is
    /// not available offline: they draw the normal map (logged once).
    open var mapType = GMSMapViewType.normal {
        didSet {
            if [.satellite, .hybrid, .terrain].contains(mapType) {
                GMSMapView.logger.notice("map type \(mapType) is not available offline; drawing the normal map")
            }
            scene.basemap.isShown = mapType != .none
            setNeedsDisplay()
        }
    }

    /// Draws the basemap from another OpenMapTiles-schema MBTiles file (nil: the embedded
    /// one). OpenMaps' own. Throws an error naming the file when it is not a usable MBTiles
    /// file (not a regular file, not SQLite, no readable tiles); the basemap in use stays.
    public func useBasemap(mbtilesPath path: String?) throws {
        try scene.basemap.tiles.use(path: path)
        scene.basemapChanged()
    }
    /// The basemap's style, or nil for the default look.
    open var mapStyle: GMSMapStyle? {
        didSet {
            // Restyled at once: rendered tiles are dropped and labels placed again.
            scene.basemap.use(style: mapStyle)
            scene.basemapChanged()
        }
    }
    /// Whether 3D buildings are drawn where data allows (stored).
    open var isBuildingsEnabled = true
    /// Whether indoor maps are drawn where data allows (stored: OpenMaps has no indoor data).
    open var isIndoorEnabled = true
    /// The map's indoor state. OpenMaps has no indoor data: no building is ever focused, so
    /// its `activeBuilding` and `activeLevel` stay nil, setting a level is ignored and its
    /// delegate is never called, as with the SDK where it has no indoor map.
    public let indoorDisplay = GMSIndoorDisplay()
    /// Whether traffic is drawn where data allows (stored: OpenMaps has no traffic data).
    open var isTrafficEnabled = false
    /// Whether transit lines are emphasised where data allows (stored).
    open var isTransitEnabled = false
    /// How the safe area adds to ``padding`` (`.always` by default, as in the SDK).
    open var paddingAdjustmentBehavior = GMSMapViewPaddingAdjustmentBehavior.always { didSet { applyPadding() } }
    /// The frame rate the map aims for (`.maximum` by default). Hosts pace frames by it:
    /// see ``GMSFrameRate``.
    open var preferredFrameRate = GMSFrameRate.maximum
    /// The map ID the map was made with, if any.
    let mapID: GMSMapID?
    /// What the map can draw: with a map ID (any, as OpenMaps has no cloud styling), advanced
    /// markers, data-driven styling of countries, admin-1 areas and localities, and sprite
    /// polylines; nothing more without one, as in the SDK.
    open var mapCapabilities: GMSMapCapabilityFlags {
        mapID == nil ? [] : [.advancedMarkers, .dataDrivenStyling, .spritePolylines]
    }
    /// Observers of ``camera``, ``myLocation`` and ``selectedMarker`` (OpenMaps' own, for
    /// `observe(_:options:changeHandler:)`).
    public let keyValueObservers = KeyValueObservers()
    /// The padding as set, before the safe area adds to it.
    private var requestedPadding = UIEdgeInsets.zero
    /// Whether the My Location dot is shown (at ``myLocation``, which the host sets).
    open var isMyLocationEnabled: Bool {
        get { scene.myLocation.isEnabled }
        set {
            scene.myLocation.isEnabled = newValue
            setNeedsDisplay()
        }
    }
    /// The device's location, set by the host's location source; nil until then. Observable.
    open var myLocation: CLLocation? { scene.myLocation.location }

    /// Insets that move the camera target, controls and fitted bounds inward; the safe area
    /// adds to them as ``paddingAdjustmentBehavior`` says. Each is clamped into ±10,000 points
    /// (the largest view side), with a logged warning; non-finite padding is ignored.
    open var padding: UIEdgeInsets {
        get { requestedPadding }
        set {
            guard let usable = CameraController.usablePadding(newValue) else { return }
            requestedPadding = usable
            applyPadding()
        }
    }

    /// Gives the camera the padding with the safe area added.
    private func applyPadding() {
        scene.camera.setPadding(paddingAdjustmentBehavior.adjusted(requestedPadding, safeArea: safeAreaInsets))
        setNeedsDisplay()
    }

    open override func safeAreaInsetsDidChange() {
        applyPadding()
    }

    /// The lowest zoom the camera may take.
    open var minZoom: Float { scene.camera.zoomRange.lowerBound }
    /// The highest zoom the camera may take.
    open var maxZoom: Float { scene.camera.zoomRange.upperBound }

    /// When set, the camera target stays inside these bounds.
    open var cameraTargetBounds: GMSCoordinateBounds? {
        get { scene.camera.targetBounds }
        set { scene.camera.targetBounds = newValue }
    }

    /// Counts changes to what the map shows, so hosts redraw only when needed.
    package var displayRevision: Int { revision &+ scene.camera.revision }

    // MARK: In a screen

    /// The identities of the fingers the map's gesture handlers see.
    private var forwarding = TouchForwarding()

    /// Touches that reach the map through its window (hit testing) go to the map's own
    /// gesture handlers.
    open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) { forward(touches, .began) }
    open override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) { forward(touches, .moved) }
    open override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) { forward(touches, .ended) }
    open override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) { forward(touches, .cancelled) }

    private func forward(_ touches: Set<UITouch>, _ phase: MapTouch.Phase) {
        for touch in forwarding.touches(touches, phase, in: self) { scene.gestures.handle(touch) }
    }

    /// In a screen, the map draws its scene as its content, clipped to its bounds; its
    /// subviews draw over it.
    open override func draw(_ rect: CGRect) {
        guard let context = UIGraphicsGetCurrentContext() else { return }
        context.canvas.withSavedState {
            context.canvas.clip(to: bounds)
            scene.draw(in: context.canvas)
        }
    }

    // MARK: Making a map

    /// A map at the default camera with a zero frame.
    public convenience init() {
        self.init(options: GMSMapViewOptions())
    }

    /// A map from options: its frame, first camera (which causes no camera callbacks), map ID
    /// and background colour. The options are read once; later changes to them do nothing.
    public init(options: GMSMapViewOptions) {
        let camera = options.camera ?? GMSCameraPosition(latitude: 0, longitude: 0, zoom: kGMSMinZoomLevel)
        let first = GMSCameraPosition.snapshot(of: camera)
        let settings = GMSUISettings()
        self.settings = settings
        mapID = options.mapID.flatMap { $0.copy() as? GMSMapID }
        scene = MapScene(camera: first, settings: settings)
        super.init(frame: options.frame)
        mapLayer = (super.layer as? GMSMapLayer) ?? GMSMapLayer()
        mapLayer.mapView = self
        settings.mapView = self
        backgroundColor = UIColor(MapPalette.land)
        scene.events.mapView = self
        scene.taps.mapView = self
        // The SDK's blocking recognizer: a map in a scroll view keeps its gestures (rule 82).
        addGestureRecognizer(MapGestureBlocker(map: self))
        scene.viewSize.view = self
        scene.markers.resolvesCollisions = mapID != nil
        scene.invalidate = { [weak self] in self?.setNeedsDisplay() }
        scene.basemap.background = { [weak self] in self?.backgroundColor?.color ?? MapPalette.land }
        accessibilityElementsHidden = true
        if let color = options.backgroundColor { backgroundColor = color }
    }

    /// A map with a frame at the default camera.
    @available(*, deprecated, message: "Use init() or init(options:) instead.")
    public convenience override init(frame: CGRect) {
        self.init(options: GMSMapViewOptions(frame: frame, camera: nil))
    }

    /// A map with a frame and a first camera (nil: the default camera).
    @available(*, deprecated, message: "Use init() or init(options:) instead.")
    public convenience init(frame: CGRect, camera: GMSCameraPosition?) {
        self.init(options: GMSMapViewOptions(frame: frame, camera: camera))
    }

    /// A map with a frame, a map ID and a first camera.
    @available(*, deprecated, message: "Use init() or init(options:) instead.")
    public convenience init(frame: CGRect, mapID: GMSMapID, camera: GMSCameraPosition) {
        let options = GMSMapViewOptions(frame: frame, camera: camera)
        options.mapID = mapID
        self.init(options: options)
    }

    /// Archives are not supported; always nil.
    @available(*, deprecated, message: "Use init() or init(options:) instead.")
    public required init?(coder: NSCoder) {
        return nil
    }

    /// A map with a frame and camera.
    @available(*, deprecated, message: "Use init() or init(options:) instead.")
    public class func map(withFrame frame: CGRect, camera: GMSCameraPosition) -> GMSMapView {
        GMSMapView(options: GMSMapViewOptions(frame: frame, camera: camera))
    }

    /// Does nothing: the map draws whenever it is shown (the SDK's method is obsolete too).
    @available(*, deprecated, message: "This method is obsolete and will be removed in a future release.")
    open func startRendering() {}

    /// Does nothing: the map draws whenever it is shown (the SDK's method is obsolete too).
    @available(*, deprecated, message: "This method is obsolete and will be removed in a future release.")
    open func stopRendering() {}

    // MARK: Camera

    /// The camera. Setting it moves at once: `willMove(false)`, one `didChange`, `idleAt`,
    /// and stops a running animation. Observable: observers hear each `didChange`.
    open var camera: GMSCameraPosition {
        get { scene.camera.camera }
        set { scene.camera.move(to: newValue) }
    }

    /// The projection of the current camera, view size and padding.
    open var projection: GMSProjection { GMSProjection(viewport: scene.camera.viewport) }

    /// Sets the zoom limits; min > max is ignored with a logged error. The camera's zoom is
    /// clamped into the new range.
    open func setMinZoom(_ minZoom: Float, maxZoom: Float) {
        guard minZoom.isFinite, maxZoom.isFinite, minZoom <= maxZoom else {
            GMSMapView.logger.error("setMinZoom(\(minZoom), maxZoom: \(maxZoom)) ignored: min must not exceed max")
            return
        }
        scene.camera.setZoomRange(minZoom...maxZoom)
    }

    /// Whether two cameras draw the same map: equal targets, zooms, bearings and viewing
    /// angles to within what a frame can show.
    open func areEqual(forRenderingPosition position: GMSCameraPosition, position otherPosition: GMSCameraPosition) -> Bool {
        CameraMath.drawSame(position, otherPosition)
    }

    /// Applies a camera update at once.
    open func moveCamera(_ update: GMSCameraUpdate) {
        scene.camera.move(to: update.camera(from: camera, viewport: scene.camera.viewport))
    }

    /// The camera that shows bounds inside the padded view less insets, north up and
    /// untilted; nil for invalid bounds.
    open func camera(for bounds: GMSCoordinateBounds, insets: UIEdgeInsets) -> GMSCameraPosition? {
        CameraMath.fit(bounds, insets: insets, viewport: scene.camera.viewport).map(scene.camera.constrained)
    }

    /// Animates to a camera (0.5 s unless a `CATransaction` duration is set).
    open func animate(to cameraPosition: GMSCameraPosition) {
        scene.camera.animate(to: cameraPosition, duration: CATransaction.currentDuration ?? 0.5, gesture: false)
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
        let next = camera.mutableSnapshot()
        change(next)
        animate(to: next)
    }

    /// Animates a camera update.
    open func animate(with cameraUpdate: GMSCameraUpdate) {
        animate(to: cameraUpdate.camera(from: camera, viewport: scene.camera.viewport))
    }

    private func warnNonFinite(_ what: String) {
        GMSMapView.logger.warning("\(what) with a non-finite value ignored")
    }

    // MARK: Markers and overlays

    /// The selected marker. Setting a marker opens its window (asking `markerInfoWindow`,
    /// then `markerInfoContents`) with no tap callback and no camera move; nil closes it.
    /// A marker not on this map is ignored with a logged warning (rule 10). Observable.
    open var selectedMarker: GMSMarker? {
        get { scene.infoWindow.marker }
        set { scene.infoWindow.select(newValue) }
    }

    /// Removes every marker and overlay; a shown info window closes first.
    open func clear() {
        let removed: [GMSOverlay] = scene.markers.store.all + scene.shapes.overlays
        for overlay in removed { overlay.map = nil }
    }

    /// An overlay's `map` became this map.
    func overlayJoined(_ overlay: GMSOverlay) {
        if let marker = overlay as? GMSMarker {
            scene.markers.add(marker)
        } else {
            scene.shapes.add(overlay)
            setNeedsDisplay()
        }
    }

    /// An overlay's `map` stopped being this map.
    func overlayLeft(_ overlay: GMSOverlay) {
        if let marker = overlay as? GMSMarker {
            scene.markers.remove(marker)
            scene.infoWindow.markerLeft(marker)
        } else {
            scene.shapes.remove(overlay)
            setNeedsDisplay()
        }
    }

    /// A tile layer's `map` became this map.
    func tileLayerJoined(_ layer: GMSTileLayer) {
        scene.tileOverlays.add(layer)
        scene.basemapChanged()
    }

    /// A tile layer's `map` stopped being this map.
    func tileLayerLeft(_ layer: GMSTileLayer) {
        scene.tileOverlays.remove(layer)
        setNeedsDisplay()
    }
}

extension GMSMapView: KeyValueObservable {
    /// Observes ``camera``, ``myLocation`` or ``selectedMarker``: `changeHandler` runs on the
    /// main actor after each change (before it too with `.prior`, for the marker and the
    /// location; at once with `.initial`) until the observation is invalidated or released.
    /// The key path is rooted at `GMSMapView`, so a subclass's map is observed the same way.
    public func observe<Value>(
        _ keyPath: KeyPath<GMSMapView, Value>, options: NSKeyValueObservingOptions = [],
        changeHandler: @escaping (GMSMapView, NSKeyValueObservedChange<Value>) -> Void
    ) -> NSKeyValueObservation {
        keyValueObservers.add(on: self, keyPath, options: options, changeHandler: changeHandler)
    }
}
