import Foundation
import Logging
import MapGeometry

/// The one owner of a map's camera: its position, limits (zoom range, target bounds), the
/// view's size and padding, the projection, and what moves it: the user's fingers
/// (``isHeld``) and one ``CameraMotion`` at a time (an animation, a pan's fling, a wheel's
/// easing, layer key animations), which a new one replaces where it is (rule 81). Every change
/// goes through here and is constrained in one place (``constrained(_:)``); the camera
/// callbacks go out through ``MapEvents`` in the orders of rules 15-17 (docs/behaviour.md).
@MainActor
final class CameraController {
    /// The camera as last set or animated.
    private(set) var camera: GMSCameraPosition
    /// The lowest and highest zoom the camera may take.
    private(set) var zoomRange: ClosedRange<Float> = kGMSMinZoomLevel...kGMSMaxZoomLevel
    /// When set, the camera target stays inside these bounds.
    var targetBounds: GMSCoordinateBounds? {
        didSet { if let bounds = targetBounds, !bounds.isValid { targetBounds = nil } }
    }
    /// Insets that move the target, controls and fitted bounds inward.
    private(set) var padding: UIEdgeInsets = .zero
    /// The largest inset, in points, either way: the largest view side.
    static let maximumPadding: CGFloat = 10_000

    /// Sets the padding: non-finite insets are ignored, the others clamped into
    /// ±``maximumPadding``; both with a logged warning.
    func setPadding(_ insets: UIEdgeInsets) {
        if let usable = CameraController.usablePadding(insets) { padding = usable }
    }

    /// Padding as a camera takes it: each inset clamped into ±10,000 points (logged); nil, and
    /// logged, for padding with a non-finite value (which is ignored).
    static func usablePadding(_ insets: UIEdgeInsets) -> UIEdgeInsets? {
        let values = [insets.top, insets.left, insets.bottom, insets.right]
        guard values.allSatisfy(\.isFinite) else {
            Subsystems.camera.warning("padding with a non-finite value ignored")
            return nil
        }
        let limit = CameraController.maximumPadding
        if values.contains(where: { abs($0) > limit }) {
            Subsystems.camera.warning("padding \(insets) clamped to ±\(Int(limit)) points")
        }
        func clamp(_ value: CGFloat) -> CGFloat { value.clamped(to: -limit...limit) }
        return UIEdgeInsets(top: clamp(insets.top), left: clamp(insets.left), bottom: clamp(insets.bottom), right: clamp(insets.right))
    }
    /// The view's size in points, read when needed.
    private let size: ViewSize
    private let events: MapEvents
    /// The clock the animations run on.
    private let clock: MapClock

    /// True between `willMove` and `idleAt`.
    private(set) var isMoving = false
    /// What moves the camera over frames now, if anything.
    private(set) var motion: (any CameraMotion)?
    /// Whether the user's fingers hold the camera now (a pan, a pinch, a tilt).
    private(set) var isHeld = false
    /// The camera changed since the last `didChange`.
    private var changedSinceLastReport = false
    /// Counts camera and size changes, so hosts redraw only when needed.
    private(set) var revision = 0
    /// The view's size at the last frame (nil before the first).
    private var sizeAtLastStep: CGSize?

    init(camera: GMSCameraPosition, size: ViewSize, clock: MapClock, events: MapEvents) {
        self.camera = camera
        self.size = size
        self.clock = clock
        self.events = events
    }

    /// Whether nothing moves the camera (no animation, fling or gesture) and no new size waits
    /// to be told.
    var isIdle: Bool { !isMoving && motion == nil && !hasNewSize }

    /// Whether the view's size changed since the last frame (the next frame tells observers).
    private var hasNewSize: Bool { size.current != sizeAtLastStep ?? size.whenMade }

    /// The projection state of the moment.
    var viewport: Viewport {
        let size = size.current
        return Viewport(
            target: camera.target, zoom: Double(camera.zoom), bearing: camera.bearing, tilt: camera.viewingAngle,
            width: size.width, height: size.height,
            padding: ViewportPadding(top: padding.top, left: padding.left, bottom: padding.bottom, right: padding.right))
    }

    // MARK: Limits

    /// Sets the zoom range (each clamped into the SDK's); the camera's zoom is brought into it.
    func setZoomRange(_ range: ClosedRange<Float>) {
        let allowed = kGMSMinZoomLevel...kGMSMaxZoomLevel
        zoomRange = range.lowerBound.clamped(to: allowed)...range.upperBound.clamped(to: allowed)
        let clamped = constrained(camera)
        if clamped.zoom != camera.zoom { move(to: clamped) }
    }

    /// The camera with the zoom range and target bounds applied.
    func constrained(_ camera: GMSCameraPosition) -> GMSCameraPosition {
        var target = camera.target
        if let bounds = targetBounds, !bounds.contains(target) {
            target.latitude = target.latitude.clamped(to: bounds.southWest.latitude...bounds.northEast.latitude)
            if !bounds.contains(CLLocationCoordinate2D(latitude: target.latitude, longitude: target.longitude)) {
                let toWest = abs(CameraLimits.wrapLongitude(target.longitude - bounds.southWest.longitude))
                let toEast = abs(CameraLimits.wrapLongitude(target.longitude - bounds.northEast.longitude))
                target.longitude = toWest < toEast ? bounds.southWest.longitude : bounds.northEast.longitude
            }
        }
        return GMSCameraPosition(
            target: target, zoom: camera.zoom.clamped(to: zoomRange), bearing: camera.bearing, viewingAngle: camera.viewingAngle)
    }

    /// `camera` with the current values kept for any given as NaN or infinity (rule 25).
    private func keepingFiniteValues(of camera: GMSCameraPosition) -> GMSCameraPosition {
        let bad = camera.nonFiniteFields
        guard !bad.isEmpty else { return camera }
        Subsystems.camera.warning("camera with a non-finite value ignored")
        let current = self.camera
        return GMSCameraPosition(
            target: CLLocationCoordinate2D(
                latitude: bad.contains(.latitude) ? current.target.latitude : camera.target.latitude,
                longitude: bad.contains(.longitude) ? current.target.longitude : camera.target.longitude),
            zoom: bad.contains(.zoom) ? current.zoom : camera.zoom,
            bearing: bad.contains(.bearing) ? current.bearing : camera.bearing,
            viewingAngle: bad.contains(.viewingAngle) ? current.viewingAngle : camera.viewingAngle)
    }

    // MARK: Changes

    /// An instant change: `willMove(false)`, one `didChange`, `idleAt`; stops a running
    /// animation (rule 15).
    func move(to camera: GMSCameraPosition) {
        let next = constrained(keepingFiniteValues(of: camera))
        stopMotion()
        isMoving = true
        events.cameraWillMove(gesture: false)
        self.camera = next
        revision &+= 1
        changedSinceLastReport = false
        events.cameraDidChange(next)
        if !isHeld {
            isMoving = false
            events.cameraIdle(self.camera)
        }
    }

    /// Ends the motion under way where it is.
    private func stopMotion() {
        guard let stopped = motion else { return }
        motion = nil
        stopped.end(finished: false)
    }

    /// Starts a motion in place of the one under way (which stops where it is); `willMove`
    /// unless told otherwise.
    private func start(_ next: any CameraMotion, tellingWillMove: Bool = true) {
        stopMotion()
        motion = next
        guard tellingWillMove else { return }
        isMoving = true
        events.cameraWillMove(gesture: next.isGesture)
    }

    /// Animates to a camera; a camera already there causes no callbacks.
    func animate(to camera: GMSCameraPosition, duration: TimeInterval, gesture: Bool) {
        let target = constrained(keepingFiniteValues(of: camera))
        if isSame(target, self.camera) && !(motion is CameraAnimation) { return }
        start(
            CameraAnimation(
                from: self.camera, to: target, start: clock.now, duration: max(0, duration), isGesture: gesture,
                token: CATransaction.animationStarted()))
    }

    /// Zooms by `delta` about a view point, animated over 0.3 s as a gesture (rule 18).
    func zoom(by delta: Double, about point: CGPoint) {
        animate(to: CameraMath.zoom(camera, by: delta, about: point, viewport: viewport), duration: 0.3, gesture: true)
    }

    /// The current camera with some values changed, animated (not a gesture).
    func animate(duration: TimeInterval, _ change: (GMSMutableCameraPosition) -> Void) {
        let next = camera.mutableSnapshot()
        change(next)
        animate(to: next, duration: duration, gesture: false)
    }

    // MARK: Layer animations

    /// Runs an explicit animation of a camera value (as a map layer's `add(_:forKey:)` asks),
    /// beside others of other values: `willMove(false)` unless already moving, a `didChange`
    /// each frame, `idleAt` once every animation ended. One of the same value replaces it;
    /// another motion under way stops.
    func addAnimation(_ animation: CAPropertyAnimation, of value: KeyAnimations.Value) {
        var keyed = motion as? KeyAnimations ?? KeyAnimations()
        let replaced = keyed.running[value]
        keyed.running[value] = KeyAnimations.Running(
            animation: animation, from: value.read(camera), start: clock.now, token: CATransaction.animationStarted())
        if motion is KeyAnimations {
            motion = keyed
        } else {
            start(keyed, tellingWillMove: !isMoving)
        }
        replaced?.finish(finished: false)
        animation.delegate?.animationDidStart(animation)
    }

    /// Removes a camera value's animation (it stops where it is).
    func removeAnimation(of value: KeyAnimations.Value) {
        guard var keyed = motion as? KeyAnimations, let removed = keyed.running.removeValue(forKey: value) else { return }
        motion = keyed.running.isEmpty ? nil : keyed
        removed.finish(finished: false)
    }

    // MARK: Wheel zoom

    /// Zooms by `levels` about a view point, eased over the next frames as a gesture: turns
    /// that come while it eases add to where it is going, so a fast spin zooms as far as its
    /// turns add up to (within the zoom range). Stops an animation; ignored while the user's
    /// fingers hold the camera or a pan glides on.
    func wheelZoom(by levels: Double, about point: CGPoint) {
        guard levels.isFinite, levels != 0, point.isFinite else { return }
        let range = Double(zoomRange.lowerBound)...Double(zoomRange.upperBound)
        if var running = motion as? WheelZoom {
            running.targetZoom = (running.targetZoom + levels).clamped(to: range)
            running.ground = viewport.mercator(for: point.x, point.y)
            running.point = point
            motion = running
            return
        }
        if isHeld || motion is Fling { return }
        start(
            WheelZoom(
                targetZoom: (Double(camera.zoom) + levels).clamped(to: range), ground: viewport.mercator(for: point.x, point.y),
                point: point, lastStep: clock.now))
    }

    // MARK: Gestures

    /// A gesture takes the camera: a running animation stops where it is, `willMove(true)`
    /// (a second one when it interrupts an animation: rule 16).
    func beginGesture() {
        guard !isHeld else { return }
        isHeld = true
        stopMotion()
        isMoving = true
        events.cameraWillMove(gesture: true)
    }

    /// A gesture lets go of the camera; `idleAt` follows once nothing else moves.
    func endGesture() {
        isHeld = false
    }

    /// Sets the camera during a gesture or animation; `didChange` follows at the next frame.
    func setDuringMotion(_ camera: GMSCameraPosition) {
        let next = constrained(camera)
        guard !isSame(next, self.camera) else { return }
        self.camera = next
        revision &+= 1
        changedSinceLastReport = true
    }

    /// Moves the camera so that a ground point shows at a view point (a pan's step).
    func place(_ ground: MercatorPoint, at point: CGPoint) {
        setDuringMotion(
            CameraMath.placing(ground, at: point, zoom: camera.zoom, bearing: camera.bearing, tilt: camera.viewingAngle, viewport: viewport))
    }

    /// Lets a released pan glide on; the gesture ends when it stops (rule 19).
    /// The fingers let go; the camera goes on moving as the same gesture (no new `willMove`).
    func startFling(velocity: CGVector, at time: TimeInterval, from location: CGPoint) {
        isHeld = false
        start(Fling(velocity: velocity, last: time, location: location), tellingWillMove: false)
    }

    /// Stops a running fling where it is; returns whether one was running.
    @discardableResult
    func stopFling() -> Bool {
        guard motion is Fling else { return false }
        stopMotion()
        return true
    }

    // MARK: Frames

    /// Advances to the current time: steps the animation and fling, reports the frame's
    /// `didChange` (at most one per frame: rule 17) and, once everything has stopped, `idleAt`.
    func step() {
        noteSizeChange()
        if var running = motion {
            let frame = CameraFrame(now: clock.now, camera: camera, viewport: viewport, zoomRange: zoomRange)
            let step = running.step(frame)
            motion = step.done ? nil : running
            if let next = step.camera { setDuringMotion(next) }
            if step.done { running.end(finished: true) }
            for tell in step.afterwards { tell() }
        }
        guard isMoving else { return }
        if changedSinceLastReport {
            changedSinceLastReport = false
            events.cameraDidChange(camera)
        }
        if motion == nil && !isHeld && isMoving {
            isMoving = false
            events.cameraIdle(camera)
        }
    }

    /// A new view size (a map made at zero size getting its frame, a rotation) changes what
    /// the camera shows without moving it: observers of `camera` hear of it, as of a changed
    /// projection, and no delegate method is called (rule 15: the first camera of a map calls
    /// nothing). The utility library's cluster manager, which observes `camera`, draws the
    /// clusters of a map that clustered before it had a size this way.
    private func noteSizeChange() {
        guard hasNewSize else { return }
        sizeAtLastStep = size.current
        revision &+= 1
        events.propertyChanged(\.camera)
    }

    /// Whether two cameras show the same (within rounding).
    func isSame(_ a: GMSCameraPosition, _ b: GMSCameraPosition) -> Bool {
        abs(a.target.latitude - b.target.latitude) < 1e-10
            && abs(CameraLimits.wrapLongitude(a.target.longitude - b.target.longitude)) < 1e-10
            && a.zoom == b.zoom && abs(a.bearing - b.bearing) < 1e-9 && abs(a.viewingAngle - b.viewingAngle) < 1e-9
    }
}
