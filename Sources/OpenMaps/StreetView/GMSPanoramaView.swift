import Foundation
import Logging
import MapGeometry
import MapUIKit

/// A view showing Street View panoramas, with a camera that looks around from the current one.
///
/// OpenMaps has no Street View imagery. Panoramas an app registers in ``PanoramaCatalog`` (an
/// OpenMaps addition) are found and drawn as the SDK draws Street View; everywhere else the
/// view behaves as the SDK's does where there is no coverage (docs/behaviour.md, rule 34):
/// - `moveNearCoordinate` (every variant, and the `panorama(withFrame:…)` factories) and
///   `move(toPanoramaID:)` report asynchronously on the main actor, after the call returns:
///   a registered panorama found moves the view to it (`didMoveTo`, then
///   `didMoveTo(_:nearCoordinate:)` for a move near a coordinate, after
///   `willMoveToPanoramaID` for a move to an ID); none found leaves ``panorama`` as it was and
///   tells the delegate `panoramaView(_:error:onMoveNearCoordinate:)` or
///   `panoramaView(_:error:onMoveToPanoramaID:)`, with an `NSError` in the domain
///   `"com.google.maps.GMSPanoramaService"` and code 0, as the SDK was observed to give. Only
///   the latest move reports: a move, or setting `panorama`, supersedes one not yet reported.
/// - A registered panorama is drawn through the camera (a pinhole projection of its
///   equirectangular image), with its links as chevrons on the ground; `panoramaViewDidStartRendering`
///   comes when it is shown and `panoramaViewDidFinishRendering` once it is drawn. Without
///   imagery the view draws its `backgroundColor` made opaque (the SDK ignores its alpha), or
///   black when it is nil. Street names and markers are never drawn.
/// - Touches (through ``GMSPanoramaViewHost``): one finger turns the camera, two pinch its
///   zoom, a tap on a link moves along it (`willMoveToPanoramaID`, `didMoveTo`), any other tap
///   is reported (`didTap`); each camera change tells the delegate `didMove`.
/// - Camera animations jump to their end at once.
/// - ``orientation(for:)`` and ``point(for:)`` use a pinhole projection of the camera over
///   the bounds (OpenMaps' own model; see their documentation).
@preconcurrency @MainActor
open class GMSPanoramaView: UIView {
    nonisolated private static let logger = Logger(label: "OpenMaps.StreetView")

    open override class var layerClass: CALayer.Type { GMSPanoramaLayer.self }

    private var panoramaLayer = GMSPanoramaLayer()
    private var storedPanorama: GMSPanorama?
    private var storedCamera = GMSPanoramaCamera.initial
    /// Counts moves, so a move reports only while no later one has started.
    private var moveGeneration = 0
    /// The touches' gestures.
    let gestures = PanoramaGestures()
    /// The identities of the fingers the gestures see.
    private var forwarding = TouchForwarding()
    private let renderer = PanoramaRenderer()
    /// Whether the shown panorama's imagery waits for its first drawing (to report
    /// `panoramaViewDidFinishRendering`).
    private var renderingPending = false
    /// Where registered panoramas are found: the shared catalog, or one of a replay's own.
    package var catalog = PanoramaCatalog.shared

    /// The layer, with the camera as separate values.
    open override var layer: GMSPanoramaLayer { panoramaLayer }

    /// Receives the view's events. Held weakly.
    open weak var delegate: (any GMSPanoramaViewDelegate)?

    /// The view's events, for observers: every delegate callback as a
    /// ``PanoramaViewEvent``, given to each observer before the delegate hears it (an
    /// OpenMaps addition).
    public let events = ViewEvents<PanoramaViewEvent>()

    /// Sends an event to the observers, then to the delegate.
    private func emit(_ event: PanoramaViewEvent) {
        events.send(event)
        event.deliver(to: delegate, from: self)
    }

    /// Whether dragging turns the camera (true by default). Never limits programmatic changes.
    open var orientationGestures = true
    /// Whether pinching zooms the camera (true by default). Never limits programmatic changes.
    open var zoomGestures = true
    /// Whether tapping a link moves to its panorama (true by default).
    open var navigationGestures = true
    /// Whether the navigation links are hidden (false by default); hidden links cannot be
    /// tapped.
    open var navigationLinksHidden = false { didSet { setNeedsDisplay() } }
    /// Whether the street names are hidden (false by default). Stored only: there are no
    /// street names here.
    open var streetNamesHidden = false

    // MARK: Making a view

    /// A panorama view with a frame, showing no panorama (its background colour, or black).
    public required override init(frame: CGRect) {
        super.init(frame: frame)
        panoramaLayer = (super.layer as? GMSPanoramaLayer) ?? GMSPanoramaLayer()
        panoramaLayer.panoramaView = self
    }

    /// Archives are not supported; always nil.
    public required init?(coder: NSCoder) {
        return nil
    }

    /// A panorama view with a frame that moves near a coordinate (within 50 m), as
    /// ``moveNearCoordinate(_:)``: here its delegate, once set, is told no panorama was found.
    public class func panorama(withFrame frame: CGRect, nearCoordinate coordinate: CLLocationCoordinate2D) -> Self {
        panorama(withFrame: frame) { $0.moveNearCoordinate(coordinate) }
    }

    /// A panorama view with a frame that moves near a coordinate within `radius` metres, as
    /// ``moveNearCoordinate(_:radius:)``: here its delegate, once set, is told no panorama was
    /// found.
    public class func panorama(
        withFrame frame: CGRect, nearCoordinate coordinate: CLLocationCoordinate2D, radius: UInt
    ) -> Self {
        panorama(withFrame: frame) { $0.moveNearCoordinate(coordinate, radius: radius) }
    }

    /// A panorama view with a frame that moves near a coordinate (within 50 m) to a panorama
    /// from `source`, as ``moveNearCoordinate(_:source:)``: here its delegate, once set, is
    /// told no panorama was found.
    public class func panorama(
        withFrame frame: CGRect, nearCoordinate coordinate: CLLocationCoordinate2D, source: GMSPanoramaSource
    ) -> Self {
        panorama(withFrame: frame) { $0.moveNearCoordinate(coordinate, source: source) }
    }

    /// A panorama view with a frame that moves near a coordinate within `radius` metres to a
    /// panorama from `source`, as ``moveNearCoordinate(_:radius:source:)``: here its delegate,
    /// once set, is told no panorama was found.
    public class func panorama(
        withFrame frame: CGRect, nearCoordinate coordinate: CLLocationCoordinate2D, radius: UInt,
        source: GMSPanoramaSource
    ) -> Self {
        panorama(withFrame: frame) { $0.moveNearCoordinate(coordinate, radius: radius, source: source) }
    }

    /// A view with a frame, asked to move somewhere.
    private class func panorama(withFrame frame: CGRect, moving move: (GMSPanoramaView) -> Void) -> Self {
        let view = Self(frame: frame)
        move(view)
        return view
    }

    // MARK: Panorama

    /// The panorama shown, or nil (the default) for none. Setting a different value tells
    /// the delegate `didMoveTo` at once and supersedes a move not yet reported. A panorama
    /// whose ID is registered in ``PanoramaCatalog`` is drawn; others show the background.
    open var panorama: GMSPanorama? {
        get { storedPanorama }
        set {
            moveGeneration &+= 1
            show(newValue)
        }
    }

    /// Shows a panorama: `didMoveTo`, then, for one with imagery, `panoramaViewDidStartRendering`.
    private func show(_ panorama: GMSPanorama?, then report: (GMSPanorama) -> Void = { _ in }) {
        guard panorama !== storedPanorama else { return }
        storedPanorama = panorama
        setNeedsDisplay()
        emit(.didMoveTo(panorama))
        guard let panorama else { return }
        report(panorama)
        if catalog.entry(panorama.panoramaID) != nil {
            renderingPending = true
            emit(.didStartRendering)
        }
    }

    /// Moves to the panorama nearest a coordinate (within 50 m). Here none is found: the
    /// delegate is told `panoramaView(_:error:onMoveNearCoordinate:)` after this returns.
    open func moveNearCoordinate(_ coordinate: CLLocationCoordinate2D) {
        moveNearCoordinate(coordinate, radius: GMSPanoramaService.defaultRadius, source: .default)
    }

    /// Moves to the panorama nearest a coordinate within `radius` metres. Here none is found:
    /// the delegate is told `panoramaView(_:error:onMoveNearCoordinate:)` after this returns.
    open func moveNearCoordinate(_ coordinate: CLLocationCoordinate2D, radius: UInt) {
        moveNearCoordinate(coordinate, radius: radius, source: .default)
    }

    /// Moves to the panorama from `source` nearest a coordinate (within 50 m). Here none is
    /// found: the delegate is told `panoramaView(_:error:onMoveNearCoordinate:)` after this
    /// returns.
    open func moveNearCoordinate(_ coordinate: CLLocationCoordinate2D, source: GMSPanoramaSource) {
        moveNearCoordinate(coordinate, radius: GMSPanoramaService.defaultRadius, source: source)
    }

    /// Moves to the panorama from `source` nearest a coordinate within `radius` metres, among
    /// the registered ones (``PanoramaCatalog``; any source finds them). After this returns,
    /// unless a later move or a change of ``panorama`` supersedes it: the view moves to the
    /// one found (`didMoveTo`, `didMoveTo(_:nearCoordinate:)`), or the delegate is told
    /// `panoramaView(_:error:onMoveNearCoordinate:)`.
    open func moveNearCoordinate(_ coordinate: CLLocationCoordinate2D, radius: UInt, source: GMSPanoramaSource) {
        if !CLLocationCoordinate2DIsValid(coordinate) {
            GMSPanoramaView.logger.warning(
                "moveNearCoordinate with invalid coordinate \(coordinate.latitude), \(coordinate.longitude)")
        }
        let found = catalog.nearest(to: coordinate, radius: Double(radius))
        let generation = startMove()
        Task { @MainActor [weak self] in
            guard let self, self.moveGeneration == generation else { return }
            guard let found else {
                self.emit(.errorOnMoveNear(PanoramaCoverage.noPanoramaError(), coordinate: coordinate))
                return
            }
            self.show(found.panorama()) { panorama in
                self.emit(.didMoveToNear(panorama, coordinate: coordinate))
            }
        }
    }

    /// Moves to the panorama with an ID, among the registered ones (``PanoramaCatalog``).
    /// After this returns, unless superseded: `willMoveToPanoramaID` and `didMoveTo`, or the
    /// delegate is told `panoramaView(_:error:onMoveToPanoramaID:)`.
    open func move(toPanoramaID panoramaID: String) {
        if panoramaID.isEmpty {
            GMSPanoramaView.logger.warning("move(toPanoramaID:) with an empty ID")
        }
        let found = catalog.entry(panoramaID)
        let generation = startMove()
        Task { @MainActor [weak self] in
            guard let self, self.moveGeneration == generation else { return }
            guard let found else {
                self.emit(.errorOnMoveTo(PanoramaCoverage.noPanoramaError(), panoramaID: panoramaID))
                return
            }
            self.emit(.willMoveToPanoramaID(panoramaID))
            self.show(found.panorama())
        }
    }

    /// A tap from the gestures: along the link under it (`willMoveToPanoramaID`, `didMoveTo`),
    /// else reported (`didTap`).
    func tapped(at point: CGPoint) {
        if navigationGestures, !navigationLinksHidden, let current = storedPanorama.flatMap({ catalog.entry($0.panoramaID) }),
            let linked = PanoramaLinkMarks.link(at: point, of: current, camera: camera, bounds: bounds),
            let next = catalog.entry(linked)
        {
            moveGeneration &+= 1
            emit(.willMoveToPanoramaID(linked))
            show(next.panorama())
            return
        }
        emit(.didTap(point))
    }

    /// Starts a move, superseding any not yet reported; returns its number.
    private func startMove() -> Int {
        moveGeneration &+= 1
        return moveGeneration
    }

    // MARK: Camera

    /// The camera (heading 0, pitch 0, zoom 1, field of view 90 at first). Setting it moves
    /// at once and tells the delegate `didMove`.
    open var camera: GMSPanoramaCamera {
        get { storedCamera }
        set {
            storedCamera = newValue
            setNeedsDisplay()
            emit(.didMoveCamera(newValue))
        }
    }

    /// Animates the camera to `camera` over `duration` seconds. There is no imagery to
    /// animate over, so the camera is set at once (as setting ``camera`` does) and the
    /// delegate is told `didMove` with it. A NaN, infinite or negative duration is logged.
    open func animate(to camera: GMSPanoramaCamera, animationDuration duration: TimeInterval) {
        if !duration.isFinite || duration < 0 {
            GMSPanoramaView.logger.warning("animate(to:animationDuration:) with invalid duration \(duration); moving at once")
        }
        self.camera = camera
    }

    /// Applies a camera update over `duration` seconds; here at once, as
    /// ``animate(to:animationDuration:)`` does. An update with a non-finite value leaves the
    /// camera as it is (the delegate is still told `didMove`).
    open func updateCamera(_ cameraUpdate: GMSPanoramaCameraUpdate, animationDuration duration: TimeInterval) {
        animate(to: cameraUpdate.camera(from: camera), animationDuration: duration)
    }

    /// Enables or disables the orientation, zoom and navigation gestures at once.
    open func setAllGesturesEnabled(_ enabled: Bool) {
        orientationGestures = enabled
        zoomGestures = enabled
        navigationGestures = enabled
    }

    // MARK: Projection

    /// The direction seen at a point in the view's coordinates.
    ///
    /// OpenMaps uses a pinhole projection: the camera looks along its heading and pitch from
    /// the centre of the bounds, with its field of view divided by its zoom across the
    /// larger side of the bounds, and no roll. The centre gives the camera's orientation;
    /// so does any point when the bounds are empty or the point is not finite (logged).
    open func orientation(for point: CGPoint) -> GMSOrientation {
        guard point.x.isFinite, point.y.isFinite else {
            GMSPanoramaView.logger.warning("orientation(for:) with a non-finite point; returning the camera's orientation")
            return camera.orientation
        }
        return PanoramaProjection(camera: camera, bounds: bounds).orientation(at: point)
    }

    /// The point in the view's coordinates where a direction is seen, by the pinhole
    /// projection of ``orientation(for:)``. It may lie outside the bounds; its coordinates are
    /// NaN when the direction is not in front of the camera, or not finite (logged). Empty
    /// bounds give their centre for any direction in front.
    open func point(for orientation: GMSOrientation) -> CGPoint {
        guard orientation.heading.isFinite, orientation.pitch.isFinite else {
            GMSPanoramaView.logger.warning("point(for:) with a non-finite orientation; returning NaN")
            return CGPoint(x: CGFloat.nan, y: CGFloat.nan)
        }
        return PanoramaProjection(camera: camera, bounds: bounds).point(toward: orientation)
    }

    // MARK: Touches

    /// Touches that reach the view through its window (hit testing) go to its gestures.
    open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) { forward(touches, .began) }
    open override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) { forward(touches, .moved) }
    open override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) { forward(touches, .ended) }
    open override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) { forward(touches, .cancelled) }

    private func forward(_ touches: Set<UITouch>, _ phase: MapTouch.Phase) {
        for touch in forwarding.touches(touches, phase, in: self) { gestures.handle(touch, in: self) }
    }

    // MARK: Drawing

    /// Draws the shown panorama's imagery through the camera, with its links; without
    /// imagery, fills the bounds with the background colour made opaque, or black when it is nil.
    open override func draw(_ rect: CGRect) {
        guard let context = UIGraphicsGetCurrentContext() else { return }
        let bounds = CGRect(origin: .zero, size: self.bounds.size)
        guard let entry = storedPanorama.flatMap({ catalog.entry($0.panoramaID) }) else {
            let fill = backgroundColor?.cgColor.copy(alpha: 1) ?? UIColor.black.cgColor
            context.setFillColor(fill)
            context.fill(bounds)
            return
        }
        renderer.drawImage(entry, camera: camera, bounds: bounds, in: context.canvas)
        if !navigationLinksHidden {
            PanoramaLinkMarks.draw(PanoramaLinkMarks.marks(of: entry, camera: camera, bounds: bounds), in: context.canvas)
        }
        if renderingPending {
            renderingPending = false
            // Told after the drawing, not during it.
            Task { @MainActor [weak self] in
                guard let self else { return }
                self.emit(.didFinishRendering)
            }
        }
    }
}
