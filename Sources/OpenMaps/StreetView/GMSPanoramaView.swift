import Foundation
import Logging
import MapGeometry
import MapUIKit

/// A view showing Street View panoramas, with a camera that looks around from the current one.
///
/// OpenMaps has no Street View imagery, so the view behaves as the SDK's does where there
/// is no coverage:
/// - `moveNearCoordinate` (every variant, and the `panorama(withFrame:…)` factories) and
///   `move(toPanoramaID:)` find nothing: ``panorama`` stays as it was (nil), and the
///   delegate is told `panoramaView(_:error:onMoveNearCoordinate:)` or
///   `panoramaView(_:error:onMoveToPanoramaID:)` asynchronously on the main actor, after
///   the call returns. The error is an `NSError` in the domain
///   `"com.google.maps.GMSPanoramaService"` with code 0, as the SDK was observed to give.
///   `didMoveTo` is not sent. Only the latest move reports: a move, or setting `panorama`,
///   supersedes a move not yet reported, as in the SDK.
/// - The view draws its `backgroundColor` made opaque (the SDK ignores its alpha), or black
///   when it is nil. Links, street names and markers are never drawn, and no rendering or
///   tap callbacks are sent.
/// - The camera still works: it is clamped as ``GMSPanoramaCamera`` clamps, and every change
///   tells the delegate `didMove`. Animations jump to their end at once (there is nothing to
///   animate over).
/// - ``orientation(for:)`` and ``point(for:)`` use a pinhole projection of the camera over
///   the bounds (OpenMaps' own model; see their documentation).
@preconcurrency @MainActor
open class GMSPanoramaView: UIView {
    nonisolated private static let logger = Logger(label: "OpenMaps.GMSPanoramaView")

    open override class var layerClass: CALayer.Type { GMSPanoramaLayer.self }

    private var panoramaLayer = GMSPanoramaLayer()
    private var storedPanorama: GMSPanorama?
    private var storedCamera = GMSPanoramaCamera.initial
    /// Counts moves, so a move reports only while no later one has started.
    private var moveGeneration = 0

    /// The layer, with the camera as separate values.
    open override var layer: GMSPanoramaLayer { panoramaLayer }

    /// Receives the view's events. Held weakly.
    open weak var delegate: (any GMSPanoramaViewDelegate)?

    /// Whether dragging turns the camera (true by default). Stored only: the view takes no
    /// touches here. Never limits programmatic changes.
    open var orientationGestures = true
    /// Whether pinching zooms the camera (true by default). Stored only: the view takes no
    /// touches here. Never limits programmatic changes.
    open var zoomGestures = true
    /// Whether tapping links or double-tapping moves to another panorama (true by default).
    /// Stored only: the view takes no touches here.
    open var navigationGestures = true
    /// Whether the navigation links are hidden (false by default); hidden links cannot be
    /// tapped. Stored only: there are no links here.
    open var navigationLinksHidden = false
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
    /// the delegate `didMoveTo` at once and supersedes a move not yet reported. OpenMaps
    /// never finds a panorama, so this stays nil unless set; a panorama set here is not
    /// drawn (there is no imagery).
    open var panorama: GMSPanorama? {
        get { storedPanorama }
        set {
            moveGeneration &+= 1
            guard newValue !== storedPanorama else { return }
            storedPanorama = newValue
            setNeedsDisplay()
            delegate?.panoramaView(self, didMoveTo: newValue)
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

    /// Moves to the panorama from `source` nearest a coordinate within `radius` metres. Here
    /// none is found: the delegate is told `panoramaView(_:error:onMoveNearCoordinate:)` after
    /// this returns, unless a later move or a change of ``panorama`` supersedes it first.
    open func moveNearCoordinate(_ coordinate: CLLocationCoordinate2D, radius: UInt, source: GMSPanoramaSource) {
        if !CLLocationCoordinate2DIsValid(coordinate) {
            GMSPanoramaView.logger.warning(
                "moveNearCoordinate with invalid coordinate \(coordinate.latitude), \(coordinate.longitude)")
        }
        let generation = startMove()
        Task { @MainActor [weak self] in
            guard let self, self.moveGeneration == generation else { return }
            self.delegate?.panoramaView(self, error: PanoramaCoverage.noPanoramaError(), onMoveNearCoordinate: coordinate)
        }
    }

    /// Moves to the panorama with an ID (only IDs the SDK gave are supported). Here none is
    /// found: the delegate is told `panoramaView(_:error:onMoveToPanoramaID:)` after this
    /// returns, unless a later move or a change of ``panorama`` supersedes it first.
    open func move(toPanoramaID panoramaID: String) {
        if panoramaID.isEmpty {
            GMSPanoramaView.logger.warning("move(toPanoramaID:) with an empty ID")
        }
        let generation = startMove()
        Task { @MainActor [weak self] in
            guard let self, self.moveGeneration == generation else { return }
            self.delegate?.panoramaView(self, error: PanoramaCoverage.noPanoramaError(), onMoveToPanoramaID: panoramaID)
        }
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
            delegate?.panoramaView(self, didMove: newValue)
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

    // MARK: Drawing

    /// Fills the bounds with the background colour made opaque, or black when it is nil
    /// (no panorama is ever drawn here).
    open override func draw(_ rect: CGRect) {
        guard let context = UIGraphicsGetCurrentContext() else { return }
        let fill = backgroundColor?.cgColor.copy(alpha: 1) ?? UIColor.black.cgColor
        context.setFillColor(fill)
        context.fill(bounds)
    }
}
