import Foundation
import MapGeometry

/// A marker gliding from where it was drawn to its new position and rotation.
struct MarkerMotion {
    let fromPosition: CLLocationCoordinate2D
    let fromRotation: Double
    let start: TimeInterval
    let duration: TimeInterval
}

extension GMSMapView {
    /// The default length of a marker's move (Core Animation's implicit duration).
    static let markerMoveDuration: TimeInterval = 0.25

    /// Starts a brief animation of a marker's position or rotation change, from where it is
    /// drawn now; drags and zero durations move at once.
    func markerMoved(_ marker: GMSMarker, fromPosition: CLLocationCoordinate2D, fromRotation: Double) {
        markerStore.moved(marker)
        let duration = CATransaction.currentDuration ?? GMSMapView.markerMoveDuration
        let key = ObjectIdentifier(marker)
        guard duration > 0, !touches.isDragging(marker) else {
            markerMotions[key] = nil
            return
        }
        let drawn = presented(marker, fromPosition: fromPosition, fromRotation: fromRotation)
        markerMotions[key] = MarkerMotion(fromPosition: drawn.position, fromRotation: drawn.rotation, start: now, duration: duration)
    }

    /// Where a marker is drawn now: its position and rotation, or on the way to them.
    func presented(_ marker: GMSMarker) -> (position: CLLocationCoordinate2D, rotation: Double) {
        presented(marker, fromPosition: marker.position, fromRotation: marker.rotation)
    }

    private func presented(
        _ marker: GMSMarker, fromPosition position: CLLocationCoordinate2D, fromRotation rotation: Double
    ) -> (position: CLLocationCoordinate2D, rotation: Double) {
        guard let motion = markerMotions[ObjectIdentifier(marker)] else { return (position, rotation) }
        let t = min(max((now - motion.start) / motion.duration, 0), 1)
        guard t < 1 else { return (position, rotation) }
        let e = Easing.cubicInOut(t)
        let p = WebMercator.interpolate(from: motion.fromPosition, to: position, fraction: e)
        return (p, motion.fromRotation + CameraLimits.shortestTurn(from: motion.fromRotation, to: rotation) * e)
    }

    /// Forgets finished marker motions; true while any is running.
    func stepMarkerMotions() -> Bool {
        markerMotions = markerMotions.filter { now - $0.value.start < $0.value.duration }
        if !markerMotions.isEmpty { noteDisplayChange() }
        return !markerMotions.isEmpty
    }
}
