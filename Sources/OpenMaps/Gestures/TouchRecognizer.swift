import Foundation
import Logging

/// Follows the fingers on the map and hands each touch sequence to the gesture it becomes
/// (rules 13 and 15-24): a tap or double tap (``TapHandler``), a long press or marker drag
/// (``LongPressHandler``), a pan with fling (``PanHandler``), a two-finger tap
/// (``TwoFingerTapHandler``), a pinch with rotation (``PinchHandler``) or a tilt
/// (``TiltHandler``). Conflicts resolve as a person expects: movement cancels a tap, a tap
/// that becomes a double tap reports no single tap, a pinch rotates only past a threshold,
/// and a touch that stops a fling is not a tap.
@MainActor
final class TouchRecognizer {
    /// Which gesture holds the fingers now.
    enum Press {
        /// One finger down, not yet anything else.
        case pressing(id: Int, stoppedFling: Bool)
        /// A long press fired; the finger is still down.
        case held(id: Int)
        /// A marker follows the finger, keeping its offset from it.
        case dragging(id: Int, marker: GMSMarker, offset: CGSize)
        /// One finger moves the map.
        case panning(id: Int, pan: PanState)
        /// Two fingers down, not yet a pinch, rotation or tilt.
        case twoFinger(TwoFingerStart, cancelled: Bool)
        /// Two fingers zoom and maybe rotate the map.
        case pinching(TwoFingerStart, rotating: Bool)
        /// Two fingers tilt the map.
        case tilting(TwoFingerStart)
        /// Anything else: wait for every finger to lift.
        case ignored
    }

    let tap: TapHandler
    let longPress: LongPressHandler
    let pan: PanHandler
    let twoFingerTap: TwoFingerTapHandler
    let pinch: PinchHandler
    let tilt: TiltHandler
    let wheel: WheelZoomHandler
    private let camera: CameraController

    private var fingers: [Int: Finger] = [:]
    private var press: Press?
    private var lastTimestamp: TimeInterval = -.infinity
    /// The second-to-last lifted finger of a two-finger touch.
    private var lastLifted: CGPoint?

    init(camera: CameraController, taps: TapPolicy, settings: GMSUISettings, controls: ControlsLayer) {
        self.camera = camera
        tap = TapHandler(camera: camera, taps: taps, settings: settings, controls: controls)
        longPress = LongPressHandler(taps: taps)
        pan = PanHandler(camera: camera, settings: settings)
        twoFingerTap = TwoFingerTapHandler(camera: camera, settings: settings)
        pinch = PinchHandler(camera: camera, settings: settings)
        tilt = TiltHandler(camera: camera, settings: settings)
        wheel = WheelZoomHandler(camera: camera, settings: settings)
    }

    /// Whether a finger is down or a decision is waiting on time.
    var isDeciding: Bool { !fingers.isEmpty || tap.isWaiting }

    /// Whether a marker is being dragged by a finger.
    func isDragging(_ marker: GMSMarker) -> Bool {
        if case .dragging(_, let dragged, _)? = press { return dragged === marker }
        return false
    }

    /// Takes one touch. Unknown ids, repeated `began`, non-finite points and timestamps
    /// earlier than the last are ignored.
    func handle(_ touch: MapTouch) {
        guard touch.location.x.isFinite, touch.location.y.isFinite, touch.timestamp.isFinite else {
            return ignore(touch, "non-finite value")
        }
        guard touch.timestamp >= lastTimestamp else { return ignore(touch, "timestamp earlier than the last") }
        lastTimestamp = touch.timestamp
        switch touch.phase {
        case .began: began(touch)
        case .moved: moved(touch)
        case .ended: ended(touch, cancelled: false)
        case .cancelled: ended(touch, cancelled: true)
        }
    }

    /// Fires what time decides: a long press, and a single tap after the double-tap window.
    func step(now: TimeInterval) {
        var pressing: Finger?
        if case .pressing(let id, _)? = press { pressing = fingers[id] }
        if case .pressing(let id, _)? = press, let finger = pressing, longPress.isDue(finger, now: now) {
            tap.flush()
            if let drag = longPress.fire(at: finger.location) {
                press = .dragging(id: id, marker: drag.marker, offset: drag.offset)
            } else {
                press = .held(id: id)
            }
            pressing = nil
        }
        tap.step(now: now, fingerDownSince: pressing?.startTime)
        if case .twoFinger(let start, false)? = press { decideTwoFingerGesture(start, now: now) }
    }

    // MARK: Phases

    private func began(_ touch: MapTouch) {
        guard fingers[touch.id] == nil else { return ignore(touch, "began twice") }
        guard fingers.count < GestureThresholds.maximumTouches else { return ignore(touch, "too many fingers") }
        let stoppedFling = camera.stopFling()
        fingers[touch.id] = Finger(start: touch.location, startTime: touch.timestamp, location: touch.location, time: touch.timestamp)
        switch fingers.count {
        case 1:
            press = .pressing(id: touch.id, stoppedFling: stoppedFling)
        case 2:
            if case .dragging(_, let marker, _)? = press { longPress.endDrag(marker) }
            camera.endGesture()
            tap.flush()
            press = TwoFingerStart(fingers: fingers, camera: camera.camera, time: touch.timestamp).map { .twoFinger($0, cancelled: false) }
        default:
            camera.endGesture()
            press = .ignored
        }
    }

    private func moved(_ touch: MapTouch) {
        guard var finger = fingers[touch.id] else { return ignore(touch, "unknown finger") }
        finger.location = touch.location
        finger.time = touch.timestamp
        if hypot(touch.location.x - finger.start.x, touch.location.y - finger.start.y) >= GestureThresholds.tapSlop {
            finger.moved = true
        }
        fingers[touch.id] = finger
        switch press {
        case .pressing(let id, _)? where id == touch.id && finger.moved:
            tap.flush()
            press = pan.isEnabled ? .panning(id: id, pan: pan.begin(finger)) : .ignored
        case .panning(let id, var state)? where id == touch.id:
            pan.move(&state, finger)
            press = .panning(id: id, pan: state)
        case .dragging(let id, let marker, let offset)? where id == touch.id:
            longPress.drag(marker, offset: offset, finger: touch.location)
        case .twoFinger(let start, false)?:
            decideTwoFingerGesture(start, now: nil)
        case .pinching(let start, let rotating)?:
            guard let (a, b) = locations(start) else { return }
            press = .pinching(start, rotating: pinch.apply(start, a, b, rotating: rotating))
        case .tilting(let start)?:
            guard let (a, b) = locations(start) else { return }
            tilt.apply(start, a, b)
        default:
            break
        }
    }

    private func ended(_ touch: MapTouch, cancelled: Bool) {
        guard let finger = fingers.removeValue(forKey: touch.id) else { return ignore(touch, "unknown finger") }
        switch press {
        case .pressing(let id, let stoppedFling)? where id == touch.id:
            press = nil
            if !cancelled && !finger.moved && !stoppedFling {
                tap.tapped(at: finger.start, began: finger.startTime, ended: touch.timestamp)
            }
        case .held(let id)? where id == touch.id:
            press = nil
        case .dragging(let id, let marker, _)? where id == touch.id:
            press = nil
            longPress.endDrag(marker)
        case .panning(let id, let state)? where id == touch.id:
            press = nil
            pan.end(state, at: touch.location, time: touch.timestamp, cancelled: cancelled)
        case .twoFinger(let start, let wasCancelled)?:
            if fingers.isEmpty {
                press = nil
                if !cancelled && !wasCancelled && !finger.moved && twoFingerTap.isQuick(start, endedAt: touch.timestamp) {
                    twoFingerTap.tapped(at: twoFingerCentre(finger))
                }
            } else {
                press = .twoFinger(start, cancelled: wasCancelled || cancelled || finger.moved)
                lastLifted = finger.location
            }
        case .pinching?, .tilting?:
            camera.endGesture()
            press = fingers.isEmpty ? nil : .ignored
        default:
            if fingers.isEmpty { press = nil }
        }
    }

    private func twoFingerCentre(_ last: Finger) -> CGPoint {
        guard let first = lastLifted else { return last.location }
        lastLifted = nil
        return CGPoint(x: (first.x + last.location.x) / 2, y: (first.y + last.location.y) / 2)
    }

    // MARK: Two fingers

    private func locations(_ start: TwoFingerStart) -> (CGPoint, CGPoint)? {
        guard let a = fingers[start.ids.0], let b = fingers[start.ids.1] else { return nil }
        return (a.location, b.location)
    }

    /// Decides what two moving fingers do: tilt (moving up or down together, side by side),
    /// or pinch (spreading, closing, turning or moving together).
    ///
    /// Fingers report one at a time, so a decision waits until both have reported for the same
    /// moment (`now` nil: a touch just came), or until a frame after the latest report finds the
    /// other finger still for ``GestureThresholds/stillInterval`` (`now`: the frame's time). A
    /// finger whose partner reports later in the same moment is never taken as still, however
    /// far apart the moments are.
    private func decideTwoFingerGesture(_ start: TwoFingerStart, now: TimeInterval?) {
        guard let f1 = fingers[start.ids.0], let f2 = fingers[start.ids.1], start.distance > 1 else { return }
        let a = f1.location, b = f2.location
        let m1 = hypot(a.x - start.first.x, a.y - start.first.y), m2 = hypot(b.x - start.second.x, b.y - start.second.y)
        let latest = max(f1.time, f2.time), earliest = min(f1.time, f2.time)
        let inStep: Bool
        if let now {
            inStep = now > latest && now - earliest > GestureThresholds.stillInterval
        } else {
            inStep = latest - earliest < 1e-6
        }
        guard inStep, max(m1, m2) >= GestureThresholds.tapSlop else { return }
        if tilt.recognises(start, a, b) {
            guard tilt.isEnabled else { return press = .ignored }
            press = .tilting(start)
            tilt.begin(start, a, b)
            return
        }
        guard let rotating = pinch.begin(start, a, b) else { return }
        press = .pinching(start, rotating: rotating)
    }

    private func ignore(_ touch: MapTouch, _ reason: String) {
        Subsystems.gestures.debug("touch \(touch.id) \(touch.phase.rawValue) ignored: \(reason)")
    }
}
