import Foundation
import MapGeometry
import MapUIKit

/// A panorama view's gestures, as the SDK's: one finger drags the view around (the image
/// follows the finger), two fingers pinch the zoom, and a tap follows the link under it or is
/// reported (`panoramaView(_:didTap:)`). Each kind is off with its switch on the view
/// (``GMSPanoramaView/orientationGestures``, ``GMSPanoramaView/zoomGestures``,
/// ``GMSPanoramaView/navigationGestures``).
@MainActor
final class PanoramaGestures {
    /// A finger down: where it started, where it was last, when it started.
    private var fingers: [Int: (start: CGPoint, last: CGPoint, began: TimeInterval)] = [:]
    /// The pinch under way: the fingers' distance and the zoom when it started.
    private var pinch: (distance: CGFloat, zoom: Float)?
    /// Whether the touch so far moved too far, or had two fingers, to be a tap.
    private var isTap = true

    /// Movement under this many points is still a tap (UIKit's threshold).
    static let tapSlop: CGFloat = 10
    /// A finger held longer than this is not a tap.
    static let tapDuration: TimeInterval = 0.5
    /// The most fingers followed at once.
    static let maximumFingers = 10

    /// Whether no finger is down.
    var isIdle: Bool { fingers.isEmpty }

    /// Takes one touch.
    func handle(_ touch: MapTouch, in view: GMSPanoramaView) {
        guard touch.location.x.isFinite, touch.location.y.isFinite, touch.timestamp.isFinite else { return }
        switch touch.phase {
        case .began:
            guard fingers[touch.id] == nil, fingers.count < PanoramaGestures.maximumFingers else { return }
            if fingers.isEmpty { isTap = true }
            fingers[touch.id] = (touch.location, touch.location, touch.timestamp)
            if fingers.count == 2 {
                isTap = false
                pinch = (spread(), view.camera.zoom)
            }
        case .moved:
            guard let finger = fingers[touch.id] else { return }
            fingers[touch.id]?.last = touch.location
            let wasTap = isTap
            if hypot(touch.location.x - finger.start.x, touch.location.y - finger.start.y) >= PanoramaGestures.tapSlop { isTap = false }
            if fingers.count == 1, !isTap, view.orientationGestures {
                // The turn starts once past the slop, with all the way from where the finger
                // came down, as a pan's translation does.
                let from = wasTap ? finger.start : finger.last
                turn(view, by: CGPoint(x: touch.location.x - from.x, y: touch.location.y - from.y))
            } else if fingers.count == 2, let pinch, pinch.distance > 0, view.zoomGestures {
                let zoom = Double(pinch.zoom) * Double(spread() / pinch.distance)
                let camera = view.camera
                view.camera = GMSPanoramaCamera(orientation: camera.orientation, zoom: Float(zoom.isFinite ? zoom : 1), fov: camera.fov)
            }
        case .ended, .cancelled:
            guard let finger = fingers.removeValue(forKey: touch.id) else { return }
            if fingers.count < 2 { pinch = nil }
            guard touch.phase == .ended, fingers.isEmpty, isTap, touch.timestamp - finger.began <= PanoramaGestures.tapDuration else { return }
            view.tapped(at: touch.location)
        }
    }

    /// Turns the camera so the image follows a finger's movement.
    private func turn(_ view: GMSPanoramaView, by delta: CGPoint) {
        let side = Double(max(view.bounds.width, view.bounds.height))
        guard side > 0 else { return }
        let camera = view.camera
        let degreesPerPoint = camera.fov / Double(camera.zoom) / side
        let heading = camera.orientation.heading - Double(delta.x) * degreesPerPoint
        let pitch = camera.orientation.pitch + Double(delta.y) * degreesPerPoint
        view.camera = GMSPanoramaCamera(orientation: GMSOrientation(heading: heading, pitch: pitch), zoom: camera.zoom, fov: camera.fov)
    }

    /// The distance between the first two fingers.
    private func spread() -> CGFloat {
        let points = fingers.values.map(\.last)
        guard points.count >= 2 else { return 0 }
        return hypot(points[0].x - points[1].x, points[0].y - points[1].y)
    }
}
