import Foundation
import Logging

/// Turns raw touches into the map's gestures (decisions.md rules 13 and 15-24): tap, double
/// tap, two-finger tap, long press, marker drag, pan with fling, pinch, rotate and tilt.
/// Conflicts resolve as a person expects: movement cancels a tap, a tap that becomes a double
/// tap reports no single tap, a pinch rotates only past a threshold, and a touch that stops a
/// fling is not a tap.
@MainActor
final class TouchRecognizer {
    struct Finger {
        let start: CGPoint
        let startTime: TimeInterval
        var location: CGPoint
        var time: TimeInterval
        var moved = false
    }

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

    let camera: CameraController
    let events: MapEvents
    let settings: GMSUISettings
    let controls: ControlsLayer
    var fingers: [Int: Finger] = [:]
    var press: Press?
    /// A single tap waiting out the double-tap window: where, and when the window ends.
    private var pendingTap: (location: CGPoint, deadline: TimeInterval)?
    private var lastTimestamp: TimeInterval = -.infinity
    /// The second-to-last lifted finger of a two-finger touch.
    private var lastLifted: CGPoint?

    init(camera: CameraController, events: MapEvents, settings: GMSUISettings, controls: ControlsLayer) {
        self.camera = camera
        self.events = events
        self.settings = settings
        self.controls = controls
    }

    /// Whether a finger is down or a decision is waiting on time.
    var isDeciding: Bool { !fingers.isEmpty || pendingTap != nil }

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
        if case .pressing(let id, _)? = press, let finger = fingers[id], !finger.moved,
            now - finger.startTime >= GestureThresholds.longPressDuration
        {
            flushPendingTap()
            longPress(fingerID: id, at: finger.location)
        }
        if let pending = pendingTap, now >= pending.deadline, !isSecondTapInProgress {
            pendingTap = nil
            events.tap(at: pending.location)
        }
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
            if case .dragging(_, let marker, _)? = press { events.markerDragEnded(marker) }
            camera.endGesture()
            flushPendingTap()
            press = .twoFinger(TwoFingerStart(fingers: fingers, camera: camera.camera, time: touch.timestamp), cancelled: false)
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
            flushPendingTap()
            if settings.scrollGestures {
                var pan = PanState(anchor: finger.start)
                camera.beginGesture()
                pan.move(to: touch.location, at: touch.timestamp, on: camera)
                press = .panning(id: id, pan: pan)
            } else {
                press = .ignored
            }
        case .panning(let id, var pan)? where id == touch.id:
            pan.move(to: touch.location, at: touch.timestamp, on: camera)
            press = .panning(id: id, pan: pan)
        case .dragging(let id, let marker, let offset)? where id == touch.id:
            events.markerDragged(marker, to: CGPoint(x: touch.location.x + offset.width, y: touch.location.y + offset.height))
        case .twoFinger(let start, false)?:
            decideTwoFingerGesture(start)
        case .pinching(let start, let rotating)?:
            press = .pinching(start, rotating: applyPinch(start, rotating: rotating))
        case .tilting(let start)?:
            applyTilt(start)
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
                tapped(at: finger.start, began: finger.startTime, ended: touch.timestamp)
            }
        case .held(let id)? where id == touch.id:
            press = nil
        case .dragging(let id, let marker, _)? where id == touch.id:
            press = nil
            events.markerDragEnded(marker)
        case .panning(let id, let pan)? where id == touch.id:
            press = nil
            if !cancelled, let velocity = pan.releaseVelocity(at: touch.timestamp) {
                camera.startFling(velocity: velocity, at: touch.timestamp, from: touch.location)
            } else {
                camera.endGesture()
            }
        case .twoFinger(let start, let wasCancelled)?:
            if fingers.isEmpty {
                press = nil
                let quick = touch.timestamp - start.time < GestureThresholds.longPressDuration
                if !cancelled && !wasCancelled && !finger.moved && quick && settings.zoomGestures {
                    // Zooms out by 1 about the fingers' centre (rule 18).
                    camera.zoom(by: -1, about: twoFingerCentre(finger))
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

    // MARK: Taps and presses

    private func tapped(at point: CGPoint, began: TimeInterval, ended: TimeInterval) {
        // Controls are buttons: they answer at once, with no double-tap wait.
        guard settings.zoomGestures, !controls.isShownControl(at: point) else {
            flushPendingTap()
            return events.tap(at: point)
        }
        if let pending = pendingTap, began <= pending.deadline,
            hypot(point.x - pending.location.x, point.y - pending.location.y) < GestureThresholds.doubleTapDistance
        {
            pendingTap = nil
            // Zooms in by 1 about the point (rule 18).
            camera.zoom(by: 1, about: point)
            return
        }
        flushPendingTap()
        pendingTap = (point, ended + GestureThresholds.doubleTapWindow)
    }

    /// Whether the finger now down began inside the pending tap's double-tap window.
    private var isSecondTapInProgress: Bool {
        guard let pending = pendingTap, case .pressing(let id, _)? = press, let finger = fingers[id] else { return false }
        return finger.startTime <= pending.deadline
    }

    /// Reports a waiting single tap now (the second tap did not come, or became something else).
    private func flushPendingTap() {
        guard let pending = pendingTap else { return }
        pendingTap = nil
        events.tap(at: pending.location)
    }

    private func longPress(fingerID id: Int, at point: CGPoint) {
        if let drag = events.longPress(at: point) {
            press = .dragging(id: id, marker: drag.marker, offset: drag.offset)
        } else {
            press = .held(id: id)
        }
    }

    private func ignore(_ touch: MapTouch, _ reason: String) {
        GMSMapView.logger.debug("touch \(touch.id) \(touch.phase.rawValue) ignored: \(reason)")
    }
}
