import Foundation
import MapGeometry

/// A camera animation from one position to another over time, eased in and out (cubic).
struct CameraAnimation {
    let from: GMSCameraPosition
    let to: GMSCameraPosition
    let start: TimeInterval
    let duration: TimeInterval
    let gesture: Bool

    /// The camera at a time, and whether the animation has ended.
    func camera(at time: TimeInterval) -> (GMSCameraPosition, Bool) {
        guard duration > 0 else { return (to, true) }
        let t = min(max((time - start) / duration, 0), 1)
        let e = Easing.cubicInOut(t)
        let target = WebMercator.interpolate(from: from.target, to: to.target, fraction: e)
        let turn = CameraLimits.shortestTurn(from: from.bearing, to: to.bearing)
        let camera = GMSCameraPosition(
            target: target, zoom: from.zoom + (to.zoom - from.zoom) * Float(e), bearing: from.bearing + turn * e,
            viewingAngle: from.viewingAngle + (to.viewingAngle - from.viewingAngle) * e)
        return t >= 1 ? (to, true) : (camera, false)
    }
}

/// The state of the camera's movement: the running animation, whether a gesture holds the
/// camera, and which callbacks are owed (decisions.md rules 15-17).
@MainActor
final class CameraMotion {
    /// True between `willMove` and `idleAt`.
    var isMoving = false
    /// The running animation, if any.
    var animation: CameraAnimation?
    /// Gestures moving the camera now (a pan, a drag past the edge...).
    var gestureCount = 0
    /// The camera changed since the last `didChange`.
    var changedSinceLastReport = false
}

extension GMSMapView {
    /// The camera with the map's zoom limits and target bounds applied.
    func constrained(_ camera: GMSCameraPosition) -> GMSCameraPosition {
        var target = camera.target
        if let bounds = cameraTargetBounds, !bounds.contains(target) {
            target.latitude = min(max(target.latitude, bounds.southWest.latitude), bounds.northEast.latitude)
            if !bounds.contains(CLLocationCoordinate2D(latitude: target.latitude, longitude: target.longitude)) {
                let toWest = abs(CameraLimits.wrapLongitude(target.longitude - bounds.southWest.longitude))
                let toEast = abs(CameraLimits.wrapLongitude(target.longitude - bounds.northEast.longitude))
                target.longitude = toWest < toEast ? bounds.southWest.longitude : bounds.northEast.longitude
            }
        }
        let zoom = min(max(camera.zoom, minZoom), maxZoom)
        return GMSCameraPosition(target: target, zoom: zoom, bearing: camera.bearing, viewingAngle: camera.viewingAngle)
    }

    /// `camera` with the current values kept for any that were given as NaN or infinity.
    func keepingFiniteValues(of camera: GMSCameraPosition) -> GMSCameraPosition {
        let bad = camera.nonFiniteFields
        guard !bad.isEmpty else { return camera }
        warnNonFinite("camera")
        let current = currentCamera
        return GMSCameraPosition(
            target: CLLocationCoordinate2D(
                latitude: bad.contains(.latitude) ? current.target.latitude : camera.target.latitude,
                longitude: bad.contains(.longitude) ? current.target.longitude : camera.target.longitude),
            zoom: bad.contains(.zoom) ? current.zoom : camera.zoom,
            bearing: bad.contains(.bearing) ? current.bearing : camera.bearing,
            viewingAngle: bad.contains(.viewingAngle) ? current.viewingAngle : camera.viewingAngle)
    }

    /// An instant camera change: `willMove(false)`, one `didChange`, `idleAt`; stops a
    /// running animation (rule 15).
    func moveInstantly(to camera: GMSCameraPosition) {
        let next = constrained(keepingFiniteValues(of: camera))
        motion.animation = nil
        motion.isMoving = true
        delegate?.mapView(self, willMove: false)
        currentCamera = next
        noteDisplayChange()
        motion.changedSinceLastReport = false
        delegate?.mapView(self, didChange: next)
        if motion.gestureCount == 0 {
            motion.isMoving = false
            delegate?.mapView(self, idleAt: currentCamera)
        }
    }

    /// Starts animating the camera; a camera already there causes no callbacks.
    func startAnimation(to camera: GMSCameraPosition, duration: TimeInterval, gesture: Bool) {
        let target = constrained(keepingFiniteValues(of: camera))
        if isSameCamera(target, currentCamera) && motion.animation == nil { return }
        motion.animation = CameraAnimation(from: currentCamera, to: target, start: now, duration: max(0, duration), gesture: gesture)
        beginMove(gesture: gesture)
    }

    /// Marks the start of a movement cause with `willMove` (a second one when a gesture
    /// interrupts an animation: rule 16).
    func beginMove(gesture: Bool) {
        motion.isMoving = true
        delegate?.mapView(self, willMove: gesture)
    }

    /// Sets the camera during a gesture or animation; `didChange` follows at the next frame.
    func setCameraDuringMotion(_ camera: GMSCameraPosition) {
        let next = constrained(camera)
        guard !isSameCamera(next, currentCamera) else { return }
        currentCamera = next
        motion.changedSinceLastReport = true
        noteDisplayChange()
    }

    /// Stops a running animation where it is.
    func stopAnimation() {
        motion.animation = nil
    }

    /// Advances the camera to the current time: steps the animation and reports the frame's
    /// `didChange` (at most one per frame) and, once everything has stopped, `idleAt`.
    func stepCamera() {
        if let animation = motion.animation {
            let (camera, finished) = animation.camera(at: now)
            setCameraDuringMotion(camera)
            if finished { motion.animation = nil }
        }
        guard motion.isMoving else { return }
        if motion.changedSinceLastReport {
            motion.changedSinceLastReport = false
            delegate?.mapView(self, didChange: currentCamera)
        }
        if motion.animation == nil && motion.gestureCount == 0 && motion.isMoving {
            motion.isMoving = false
            delegate?.mapView(self, idleAt: currentCamera)
        }
    }

    func isSameCamera(_ a: GMSCameraPosition, _ b: GMSCameraPosition) -> Bool {
        abs(a.target.latitude - b.target.latitude) < 1e-10
            && abs(CameraLimits.wrapLongitude(a.target.longitude - b.target.longitude)) < 1e-10
            && a.zoom == b.zoom && abs(a.bearing - b.bearing) < 1e-9 && abs(a.viewingAngle - b.viewingAngle) < 1e-9
    }
}
