import Foundation
import Logging

/// Turns raw touches into the map's gestures: tap, double tap, two-finger tap, long press
/// and marker drag, with UIKit's thresholds and conflict rules (a tap that becomes a double
/// tap reports no single tap; movement cancels a tap).
@MainActor
final class TouchRecognizer {
    private struct Finger {
        let start: CGPoint
        let startTime: TimeInterval
        var location: CGPoint
        var moved = false
    }

    private enum Press {
        /// One finger down, not yet a long press.
        case pressing(id: Int)
        /// A long press fired; the finger is still down.
        case held(id: Int)
        /// A marker follows the finger, keeping its offset from it.
        case dragging(id: Int, marker: GMSMarker, offset: CGSize)
        /// Two fingers down together, maybe a two-finger tap.
        case twoFinger(startTime: TimeInterval, cancelled: Bool)
        /// Anything else: wait for every finger to lift.
        case ignored
    }

    private unowned let mapView: GMSMapView
    private var fingers: [Int: Finger] = [:]
    private var press: Press?
    /// A single tap waiting out the double-tap window: where, and when the window ends.
    private var pendingTap: (location: CGPoint, deadline: TimeInterval)?
    private var lastTimestamp: TimeInterval = -.infinity

    init(mapView: GMSMapView) {
        self.mapView = mapView
    }

    /// Whether a marker is being dragged by a finger.
    func isDragging(_ marker: GMSMarker) -> Bool {
        if case .dragging(_, let dragged, _)? = press { return dragged === marker }
        return false
    }

    /// Whether a finger is down or a decision is waiting on time.
    var isBusy: Bool { !fingers.isEmpty || pendingTap != nil }

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

    /// Fires what time decides: a long press, a single tap after the double-tap window.
    func step(now: TimeInterval) {
        if case .pressing(let id)? = press, let finger = fingers[id], !finger.moved,
            now - finger.startTime >= GestureThresholds.longPressDuration
        {
            flushPendingTap()
            longPress(fingerID: id, at: finger.location)
        }
        if let pending = pendingTap, now >= pending.deadline, !isSecondTapInProgress {
            pendingTap = nil
            mapView.handleTap(at: pending.location)
        }
    }

    /// The time at which `step` has something to do, if any.
    var nextDeadline: TimeInterval? {
        var deadlines: [TimeInterval] = []
        if case .pressing(let id)? = press, let finger = fingers[id], !finger.moved {
            deadlines.append(finger.startTime + GestureThresholds.longPressDuration)
        }
        if let pending = pendingTap { deadlines.append(pending.deadline) }
        return deadlines.min()
    }

    /// Drops every finger and pending decision (for example when the map is cleared).
    func reset() {
        if case .dragging(_, let marker, _)? = press { mapView.delegate?.mapView(mapView, didEndDragging: marker) }
        fingers = [:]
        press = nil
        pendingTap = nil
    }

    // MARK: Phases

    private func began(_ touch: MapTouch) {
        guard fingers[touch.id] == nil else { return ignore(touch, "began twice") }
        guard fingers.count < GestureThresholds.maximumTouches else { return ignore(touch, "too many fingers") }
        fingers[touch.id] = Finger(start: touch.location, startTime: touch.timestamp, location: touch.location)
        switch fingers.count {
        case 1:
            press = .pressing(id: touch.id)
        case 2:
            if case .dragging(_, let marker, _)? = press { mapView.delegate?.mapView(mapView, didEndDragging: marker) }
            flushPendingTap()
            press = .twoFinger(startTime: touch.timestamp, cancelled: false)
        default:
            press = .ignored
        }
    }

    private func moved(_ touch: MapTouch) {
        guard var finger = fingers[touch.id] else { return ignore(touch, "unknown finger") }
        finger.location = touch.location
        if hypot(touch.location.x - finger.start.x, touch.location.y - finger.start.y) >= GestureThresholds.tapSlop {
            finger.moved = true
        }
        fingers[touch.id] = finger
        switch press {
        case .pressing(let id)? where id == touch.id && finger.moved:
            flushPendingTap()
            press = .ignored
        case .dragging(let id, let marker, let offset)? where id == touch.id:
            let point = CGPoint(x: touch.location.x + offset.width, y: touch.location.y + offset.height)
            marker.position = mapView.projection.coordinate(for: point)
            mapView.delegate?.mapView(mapView, didDrag: marker)
        case .twoFinger(let start, false)? where finger.moved:
            press = .twoFinger(startTime: start, cancelled: true)
        default:
            break
        }
    }

    private func ended(_ touch: MapTouch, cancelled: Bool) {
        guard let finger = fingers.removeValue(forKey: touch.id) else { return ignore(touch, "unknown finger") }
        switch press {
        case .pressing(let id)? where id == touch.id:
            press = nil
            if !cancelled && !finger.moved { tapped(at: finger.start, began: finger.startTime, ended: touch.timestamp) }
        case .held(let id)? where id == touch.id:
            press = nil
        case .dragging(let id, let marker, _)? where id == touch.id:
            press = nil
            mapView.delegate?.mapView(mapView, didEndDragging: marker)
        case .twoFinger(let start, let wasCancelled)?:
            if fingers.isEmpty {
                press = nil
                let quick = touch.timestamp - start < GestureThresholds.longPressDuration
                if !cancelled && !wasCancelled && !finger.moved && quick {
                    mapView.handleTwoFingerTap(at: twoFingerCentre(finger))
                }
            } else {
                press = .twoFinger(startTime: start, cancelled: wasCancelled || cancelled || finger.moved)
                lastLifted = finger.location
            }
        default:
            if fingers.isEmpty { press = nil }
        }
    }

    private var lastLifted: CGPoint?

    private func twoFingerCentre(_ last: Finger) -> CGPoint {
        guard let first = lastLifted else { return last.location }
        lastLifted = nil
        return CGPoint(x: (first.x + last.location.x) / 2, y: (first.y + last.location.y) / 2)
    }

    // MARK: Decisions

    private func tapped(at point: CGPoint, began: TimeInterval, ended: TimeInterval) {
        guard mapView.settings.zoomGestures else { return mapView.handleTap(at: point) }
        if let pending = pendingTap, began <= pending.deadline,
            hypot(point.x - pending.location.x, point.y - pending.location.y) < GestureThresholds.doubleTapDistance
        {
            pendingTap = nil
            mapView.handleDoubleTap(at: point)
            return
        }
        flushPendingTap()
        pendingTap = (point, ended + GestureThresholds.doubleTapWindow)
    }

    /// Whether the finger now down began inside the pending tap's double-tap window.
    private var isSecondTapInProgress: Bool {
        guard let pending = pendingTap, case .pressing(let id)? = press, let finger = fingers[id] else { return false }
        return finger.startTime <= pending.deadline
    }

    /// Reports a waiting single tap now (the second tap did not come, or became something else).
    private func flushPendingTap() {
        guard let pending = pendingTap else { return }
        pendingTap = nil
        mapView.handleTap(at: pending.location)
    }

    private func longPress(fingerID id: Int, at point: CGPoint) {
        if let drag = mapView.handleLongPress(at: point) {
            press = .dragging(id: id, marker: drag.marker, offset: drag.offset)
        } else {
            press = .held(id: id)
        }
    }

    private func ignore(_ touch: MapTouch, _ reason: String) {
        GMSMapView.logger.debug("touch \(touch.id) \(touch.phase.rawValue) ignored: \(reason)")
    }
}
