import Foundation
import MapGeometry

/// What a motion sees at a frame: the time, the camera as it is and the projection.
struct CameraFrame {
    let now: TimeInterval
    let camera: GMSCameraPosition
    let viewport: Viewport
    let zoomRange: ClosedRange<Float>
}

/// One frame of a motion: the camera it moves to (nil: unchanged), whether it has ended, and
/// what it tells once the camera is set (Core Animation delegates of key animations that ended).
@MainActor
struct CameraStep {
    var camera: GMSCameraPosition?
    var done: Bool
    var afterwards: [@MainActor () -> Void] = []
}

/// Something that moves the camera over frames, on the map's clock. A map runs one at a time
/// (``CameraController/motion``): a new one ends the one under way where it is. The user's
/// fingers are not a motion: they move the camera as they move (``CameraController/isHeld``).
@MainActor
protocol CameraMotion {
    /// Whether the user made it (the camera says `willMove(true)` for it).
    var isGesture: Bool { get }
    /// The camera at the frame's time, and whether the motion has ended.
    mutating func step(_ frame: CameraFrame) -> CameraStep
    /// Ends it: `finished` when it ran to its end, false when stopped or replaced.
    func end(finished: Bool)
}

extension CameraMotion {
    func end(finished: Bool) {}
}

/// A camera animation from one position to another over time, eased in and out (cubic):
/// `animate(to:)`, and the zoom of a double tap or two-finger tap (a gesture's).
struct CameraAnimation: CameraMotion {
    let from: GMSCameraPosition
    let to: GMSCameraPosition
    let start: TimeInterval
    let duration: TimeInterval
    var isGesture = false
    /// Its place in the transactions open when it began (their completions wait for it).
    var token: TransactionToken?

    /// The camera at a time, and whether the animation has ended.
    func camera(at time: TimeInterval) -> (GMSCameraPosition, Bool) {
        guard duration > 0 else { return (to, true) }
        let t = ((time - start) / duration).clamped(to: 0...1)
        let e = Easing.cubicInOut(t)
        let target = WebMercator.interpolate(from: from.target, to: to.target, fraction: e)
        let turn = CameraLimits.shortestTurn(from: from.bearing, to: to.bearing)
        let camera = GMSCameraPosition(
            target: target, zoom: from.zoom + (to.zoom - from.zoom) * Float(e), bearing: from.bearing + turn * e,
            viewingAngle: from.viewingAngle + (to.viewingAngle - from.viewingAngle) * e)
        return t >= 1 ? (to, true) : (camera, false)
    }

    func step(_ frame: CameraFrame) -> CameraStep {
        let (camera, done) = camera(at: frame.now)
        return CameraStep(camera: camera, done: done)
    }

    func end(finished: Bool) { token?.end() }
}

/// A pan's momentum after the finger lifts while moving: the map glides on, slowing down
/// (UIScrollView's normal deceleration), as part of the gesture (rule 19).
struct Fling: CameraMotion {
    var velocity: CGVector
    var last: TimeInterval
    var location: CGPoint

    /// A fling stops below this speed (points per second).
    static let stopSpeed: CGFloat = 10
    /// The share of a fling's speed left after one second (0.998 per ms).
    static let decayPerSecond: Double = pow(0.998, 1000)

    var isGesture: Bool { true }

    mutating func step(_ frame: CameraFrame) -> CameraStep {
        let dt = frame.now - last
        guard dt > 0 else { return CameraStep(camera: nil, done: false) }
        let decay = pow(Fling.decayPerSecond, dt)
        // Distance covered while the speed decays exponentially over dt.
        let travelled = (1 - decay) / -log(Fling.decayPerSecond)
        let next = CGPoint(x: location.x + velocity.dx * travelled, y: location.y + velocity.dy * travelled)
        let camera = frame.camera
        let placed = CameraMath.placing(
            frame.viewport.mercator(for: location.x, location.y), at: next, zoom: camera.zoom, bearing: camera.bearing,
            tilt: camera.viewingAngle, viewport: frame.viewport)
        velocity = CGVector(dx: velocity.dx * decay, dy: velocity.dy * decay)
        location = next
        last = frame.now
        return CameraStep(camera: placed, done: hypot(velocity.dx, velocity.dy) < Fling.stopSpeed)
    }
}

/// A wheel's zoom under way: the zoom it eases towards, and the ground point kept under the
/// pointer. Turns that come while it eases add to where it is going.
struct WheelZoom: CameraMotion {
    var targetZoom: Double
    var ground: MercatorPoint
    var point: CGPoint
    var lastStep: TimeInterval

    /// How quickly a wheel zoom closes on its target: the gap shrinks by e every this many
    /// seconds (most of a notch's zoom shows within 0.2 s, as on Google Maps on the web).
    static let timeConstant: TimeInterval = 0.06

    var isGesture: Bool { true }

    mutating func step(_ frame: CameraFrame) -> CameraStep {
        let dt = max(0, frame.now - lastStep)
        lastStep = frame.now
        let gap = targetZoom - Double(frame.camera.zoom)
        var zoom = targetZoom - gap * exp(-dt / Self.timeConstant)
        let done = abs(targetZoom - zoom) < 0.002
        if done { zoom = targetZoom }
        let camera = CameraMath.placing(
            ground, at: point, zoom: Float(zoom).clamped(to: frame.zoomRange), bearing: frame.camera.bearing,
            tilt: frame.camera.viewingAngle, viewport: frame.viewport)
        return CameraStep(camera: camera, done: done)
    }
}

/// Core Animation animations of camera values, by key, as a map layer's `add(_:forKey:)` asks:
/// several values at once, one animation each; ended when every one has.
struct KeyAnimations: CameraMotion {
    /// The camera's values a map layer animates by key (`kGMSLayerCameraZoomLevelKey`...).
    enum Value: String, CaseIterable {
        case latitude = "cameraLatitude", longitude = "cameraLongitude", bearing = "cameraBearing"
        case zoom = "cameraZoomLevel", viewingAngle = "cameraViewingAngle"

        func read(_ camera: GMSCameraPosition) -> Double {
            switch self {
            case .latitude: camera.target.latitude
            case .longitude: camera.target.longitude
            case .bearing: camera.bearing
            case .zoom: Double(camera.zoom)
            case .viewingAngle: camera.viewingAngle
            }
        }

        func write(_ number: Double, to camera: GMSMutableCameraPosition) {
            switch self {
            case .latitude: camera.target.latitude = number
            case .longitude: camera.target.longitude = number
            case .bearing: camera.bearing = number
            case .zoom: camera.zoom = Float(number)
            case .viewingAngle: camera.viewingAngle = number
            }
        }
    }

    /// One value's animation, on the map's clock.
    @MainActor
    struct Running {
        let animation: CAPropertyAnimation
        let from: Double
        let start: TimeInterval
        let token: TransactionToken?

        /// Tells its delegate it stopped, and lets its transactions complete.
        func finish(finished: Bool) {
            token?.end()
            animation.delegate?.animationDidStop(animation, finished: finished)
        }
    }

    var running: [Value: Running] = [:]

    var isGesture: Bool { false }

    mutating func step(_ frame: CameraFrame) -> CameraStep {
        let next = frame.camera.mutableSnapshot()
        var ended: [Running] = []
        for (value, one) in running {
            let fraction = min(max((frame.now - one.start) / one.animation.effectiveDuration, 0), 1)
            let number: Double?
            if let keyframes = one.animation as? CAKeyframeAnimation {
                number = keyframes.value(at: fraction)
            } else if let basic = one.animation as? CABasicAnimation {
                number = basic.value(at: basic.progress(at: fraction), current: one.from)
            } else {
                number = nil
            }
            if let number, number.isFinite { value.write(number, to: next) }
            if fraction >= 1 {
                running[value] = nil
                ended.append(one)
            }
        }
        return CameraStep(camera: next, done: running.isEmpty, afterwards: ended.map { one in { one.finish(finished: true) } })
    }

    func end(finished: Bool) {
        for one in running.values { one.finish(finished: finished) }
    }
}
