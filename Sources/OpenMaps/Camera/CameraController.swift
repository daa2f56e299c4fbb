import Foundation
import Logging
import MapGeometry

/// The one owner of a map's camera: its position, limits (zoom range, target bounds), the
/// view's size and padding, the projection, animations and a pan's fling. Every change goes
/// through here and is constrained in one place (``constrained(_:)``); the camera callbacks
/// go out through ``MapEvents`` in the orders of rules 15-17 (docs/behaviour.md).
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
            GMSMapView.logger.warning("padding with a non-finite value ignored")
            return nil
        }
        let limit = CameraController.maximumPadding
        if values.contains(where: { abs($0) > limit }) {
            GMSMapView.logger.warning("padding \(insets) clamped to ±\(Int(limit)) points")
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
    /// The running animation, if any; a new one (or none) ends the old one's place in its
    /// transactions.
    private(set) var animation: CameraAnimation? {
        didSet {
            animationToken?.end()
            animationToken = nil
        }
    }
    /// The running animation's place in the transactions open when it began.
    private var animationToken: TransactionToken?
    /// A pan's momentum after release, if any.
    private(set) var fling: Fling?
    /// Whether a gesture holds the camera now (a pan and its fling, a pinch...).
    private var isHeldByGesture = false
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
    var isIdle: Bool { !isMoving && animation == nil && fling == nil && wheel == nil && keyAnimations.isEmpty && !hasNewSize }

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
        GMSMapView.logger.warning("camera with a non-finite value ignored")
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
        animation = nil
        wheel = nil
        isMoving = true
        events.cameraWillMove(gesture: false)
        self.camera = next
        revision &+= 1
        changedSinceLastReport = false
        events.cameraDidChange(next)
        if !isHeldByGesture {
            isMoving = false
            events.cameraIdle(self.camera)
        }
    }

    /// Animates to a camera; a camera already there causes no callbacks.
    func animate(to camera: GMSCameraPosition, duration: TimeInterval, gesture: Bool) {
        let target = constrained(keepingFiniteValues(of: camera))
        if isSame(target, self.camera) && animation == nil { return }
        wheel = nil
        animation = CameraAnimation(from: self.camera, to: target, start: clock.now, duration: max(0, duration))
        animationToken = CATransaction.animationStarted()
        isMoving = true
        events.cameraWillMove(gesture: gesture)
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

    /// The camera's values a map layer animates by key (`kGMSLayerCameraZoomLevelKey`...).
    enum AnimatedValue: String, CaseIterable {
        case latitude = "cameraLatitude", longitude = "cameraLongitude", bearing = "cameraBearing"
        case zoom = "cameraZoomLevel", viewingAngle = "cameraViewingAngle"
    }

    /// A Core Animation animation of one camera value, on the map's clock.
    struct KeyAnimation {
        let animation: CAPropertyAnimation
        let from: Double
        let start: TimeInterval
        let token: TransactionToken?
    }
    private(set) var keyAnimations: [AnimatedValue: KeyAnimation] = [:]

    /// Runs an explicit animation of a camera value (as a map layer's `add(_:forKey:)` asks),
    /// beside others of other values: `willMove(false)` unless already moving, a `didChange`
    /// each frame, `idleAt` once every animation ended. One of the same value replaces it.
    func addAnimation(_ animation: CAPropertyAnimation, of value: AnimatedValue) {
        let replaced = keyAnimations[value]
        keyAnimations[value] = KeyAnimation(
            animation: animation, from: current(value), start: clock.now, token: CATransaction.animationStarted())
        if let replaced { finish(replaced, finished: false) }
        if !isMoving {
            isMoving = true
            events.cameraWillMove(gesture: false)
        }
        animation.delegate?.animationDidStart(animation)
    }

    /// Removes a camera value's animation (it stops where it is).
    func removeAnimation(of value: AnimatedValue) {
        guard let removed = keyAnimations.removeValue(forKey: value) else { return }
        finish(removed, finished: false)
    }

    private func finish(_ running: KeyAnimation, finished: Bool) {
        running.token?.end()
        running.animation.delegate?.animationDidStop(running.animation, finished: finished)
    }

    private func current(_ value: AnimatedValue) -> Double {
        switch value {
        case .latitude: camera.target.latitude
        case .longitude: camera.target.longitude
        case .bearing: camera.bearing
        case .zoom: Double(camera.zoom)
        case .viewingAngle: camera.viewingAngle
        }
    }

    private func stepKeyAnimations(now: TimeInterval) {
        guard !keyAnimations.isEmpty else { return }
        let next = camera.mutableSnapshot()
        var ended: [KeyAnimation] = []
        for (value, running) in keyAnimations {
            let fraction = min(max((now - running.start) / running.animation.effectiveDuration, 0), 1)
            let number: Double?
            if let keyframes = running.animation as? CAKeyframeAnimation {
                number = keyframes.value(at: fraction)
            } else if let basic = running.animation as? CABasicAnimation {
                number = basic.value(at: basic.progress(at: fraction), current: running.from)
            } else {
                number = nil
            }
            if let number, number.isFinite {
                switch value {
                case .latitude: next.target.latitude = number
                case .longitude: next.target.longitude = number
                case .bearing: next.bearing = number
                case .zoom: next.zoom = Float(number)
                case .viewingAngle: next.viewingAngle = number
                }
            }
            if fraction >= 1 {
                keyAnimations[value] = nil
                ended.append(running)
            }
        }
        setDuringMotion(next)
        for running in ended { finish(running, finished: true) }
    }

    // MARK: Wheel zoom

    /// A wheel's zoom under way: the zoom it eases towards, and the ground point kept under
    /// the pointer.
    struct WheelZoom {
        var targetZoom: Double
        var ground: MercatorPoint
        var point: CGPoint
    }
    private(set) var wheel: WheelZoom?
    /// How quickly a wheel zoom closes on its target: the gap shrinks by e every this many
    /// seconds (most of a notch's zoom shows within 0.2 s, as on Google Maps on the web).
    static let wheelTimeConstant: TimeInterval = 0.06
    private var wheelLastStep: TimeInterval = 0

    /// Zooms by `levels` about a view point, eased over the next frames as a gesture: turns
    /// that come while it eases add to where it is going, so a fast spin zooms as far as its
    /// turns add up to (within the zoom range). Stops an animation or a fling.
    func wheelZoom(by levels: Double, about point: CGPoint) {
        guard levels.isFinite, levels != 0, point.isFinite else { return }
        let range = Double(zoomRange.lowerBound)...Double(zoomRange.upperBound)
        if var running = wheel {
            running.targetZoom = (running.targetZoom + levels).clamped(to: range)
            running.ground = viewport.mercator(for: point.x, point.y)
            running.point = point
            wheel = running
            return
        }
        if isHeldByGesture { return }
        animation = nil
        fling = nil
        isMoving = true
        events.cameraWillMove(gesture: true)
        wheel = WheelZoom(
            targetZoom: (Double(camera.zoom) + levels).clamped(to: range), ground: viewport.mercator(for: point.x, point.y), point: point)
        wheelLastStep = clock.now
    }

    private func stepWheel(now: TimeInterval) {
        guard let running = wheel else { return }
        let dt = max(0, now - wheelLastStep)
        wheelLastStep = now
        let current = Double(camera.zoom)
        let gap = running.targetZoom - current
        var zoom = running.targetZoom - gap * exp(-dt / Self.wheelTimeConstant)
        if abs(running.targetZoom - zoom) < 0.002 {
            zoom = running.targetZoom
            wheel = nil
        }
        setDuringMotion(
            CameraMath.placing(
                running.ground, at: running.point, zoom: Float(zoom).clamped(to: zoomRange), bearing: camera.bearing,
                tilt: camera.viewingAngle, viewport: viewport))
    }

    // MARK: Gestures

    /// A gesture takes the camera: a running animation stops where it is, `willMove(true)`
    /// (a second one when it interrupts an animation: rule 16).
    func beginGesture() {
        guard !isHeldByGesture else { return }
        isHeldByGesture = true
        animation = nil
        wheel = nil
        isMoving = true
        events.cameraWillMove(gesture: true)
    }

    /// A gesture lets go of the camera; `idleAt` follows once nothing else moves.
    func endGesture() {
        isHeldByGesture = false
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
    func startFling(velocity: CGVector, at time: TimeInterval, from location: CGPoint) {
        fling = Fling(velocity: velocity, last: time, location: location)
    }

    /// Stops a running fling where it is; returns whether one was running.
    @discardableResult
    func stopFling() -> Bool {
        guard fling != nil else { return false }
        fling = nil
        endGesture()
        return true
    }

    // MARK: Frames

    /// Advances to the current time: steps the animation and fling, reports the frame's
    /// `didChange` (at most one per frame: rule 17) and, once everything has stopped, `idleAt`.
    func step() {
        noteSizeChange()
        let now = clock.now
        if let running = animation {
            let (camera, finished) = running.camera(at: now)
            setDuringMotion(camera)
            if finished { animation = nil }
        }
        stepFling(now: now)
        stepWheel(now: now)
        stepKeyAnimations(now: now)
        guard isMoving else { return }
        if changedSinceLastReport {
            changedSinceLastReport = false
            events.cameraDidChange(camera)
        }
        if animation == nil && wheel == nil && keyAnimations.isEmpty && !isHeldByGesture && isMoving {
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

    private func stepFling(now: TimeInterval) {
        guard var current = fling else { return }
        let dt = now - current.last
        guard dt > 0 else { return }
        let decay = pow(Fling.decayPerSecond, dt)
        // Distance covered while the speed decays exponentially over dt.
        let travelled = (1 - decay) / -log(Fling.decayPerSecond)
        let next = CGPoint(x: current.location.x + current.velocity.dx * travelled, y: current.location.y + current.velocity.dy * travelled)
        place(viewport.mercator(for: current.location.x, current.location.y), at: next)
        current.velocity = CGVector(dx: current.velocity.dx * decay, dy: current.velocity.dy * decay)
        current.location = next
        current.last = now
        if hypot(current.velocity.dx, current.velocity.dy) < Fling.stopSpeed {
            fling = nil
            endGesture()
        } else {
            fling = current
        }
    }

    /// Whether two cameras show the same (within rounding).
    func isSame(_ a: GMSCameraPosition, _ b: GMSCameraPosition) -> Bool {
        abs(a.target.latitude - b.target.latitude) < 1e-10
            && abs(CameraLimits.wrapLongitude(a.target.longitude - b.target.longitude)) < 1e-10
            && a.zoom == b.zoom && abs(a.bearing - b.bearing) < 1e-9 && abs(a.viewingAngle - b.viewingAngle) < 1e-9
    }
}
