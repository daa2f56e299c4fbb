import Foundation
import OpenMaps

/// Records every delegate callback as a short string, and answers as configured.
@MainActor
final class RecordingDelegate: GMSMapViewDelegate {
    var events: [String] = []
    var handledMarkers: Set<String> = []
    var windows: [String: UIView] = [:]
    var contents: [String: UIView] = [:]
    var onInfoWindow: ((GMSMarker) -> Void)?
    var onWillMove: ((GMSMapView) -> Void)?

    private func name(_ marker: GMSMarker) -> String { marker.title ?? (marker.userData as? String) ?? "?" }

    func mapView(_ mapView: GMSMapView, willMove gesture: Bool) {
        events.append("willMove(\(gesture))")
        onWillMove?(mapView)
    }
    func mapView(_ mapView: GMSMapView, didChange position: GMSCameraPosition) { events.append("didChange") }
    func mapView(_ mapView: GMSMapView, idleAt position: GMSCameraPosition) { events.append("idle") }
    func mapView(_ mapView: GMSMapView, didTapAt coordinate: CLLocationCoordinate2D) { events.append("didTapAt") }
    func mapView(_ mapView: GMSMapView, didLongPressAt coordinate: CLLocationCoordinate2D) { events.append("didLongPressAt") }
    func mapView(_ mapView: GMSMapView, didTap marker: GMSMarker) -> Bool {
        events.append("didTap:\(name(marker))")
        return handledMarkers.contains(name(marker))
    }
    func mapView(_ mapView: GMSMapView, didTapInfoWindowOf marker: GMSMarker) { events.append("didTapInfoWindow:\(name(marker))") }
    func mapView(_ mapView: GMSMapView, didLongPressInfoWindowOf marker: GMSMarker) {
        events.append("didLongPressInfoWindow:\(name(marker))")
    }
    func mapView(_ mapView: GMSMapView, markerInfoWindow marker: GMSMarker) -> UIView? {
        events.append("markerInfoWindow:\(name(marker))")
        onInfoWindow?(marker)
        return windows[name(marker)]
    }
    func mapView(_ mapView: GMSMapView, markerInfoContents marker: GMSMarker) -> UIView? {
        events.append("markerInfoContents:\(name(marker))")
        return contents[name(marker)]
    }
    func mapView(_ mapView: GMSMapView, didCloseInfoWindowOf marker: GMSMarker) { events.append("didClose:\(name(marker))") }
    func mapView(_ mapView: GMSMapView, didBeginDragging marker: GMSMarker) { events.append("didBeginDragging:\(name(marker))") }
    func mapView(_ mapView: GMSMapView, didEndDragging marker: GMSMarker) { events.append("didEndDragging:\(name(marker))") }
    func mapView(_ mapView: GMSMapView, didDrag marker: GMSMarker) { events.append("didDrag:\(name(marker))") }
    func mapView(_ mapView: GMSMapView, didTapMyLocation location: CLLocationCoordinate2D) { events.append("didTapMyLocation") }

    /// Events with runs of `didChange` folded into one.
    var folded: [String] {
        events.reduce(into: []) { result, event in
            if event == "didChange" && result.last == "didChange" { return }
            result.append(event)
        }
    }
}

/// A hosted 390 x 844 map over London at zoom 12 with a recording delegate.
@MainActor
final class MapHarness {
    let mapView: GMSMapView
    let host: GMSMapViewHost
    let delegate = RecordingDelegate()

    init(zoomGestures: Bool = true) {
        mapView = GMSMapView(
            frame: CGRect(x: 0, y: 0, width: 390, height: 844),
            camera: GMSCameraPosition(latitude: 51.5, longitude: -0.127, zoom: 12))
        mapView.settings.zoomGestures = zoomGestures
        mapView.delegate = delegate
        host = GMSMapViewHost(mapView: mapView)
    }

    @discardableResult
    func addMarker(_ title: String?, at coordinate: CLLocationCoordinate2D, snippet: String? = nil) -> GMSMarker {
        let marker = GMSMarker(position: coordinate)
        marker.title = title
        marker.userData = title
        marker.snippet = snippet
        marker.map = mapView
        return marker
    }

    /// The centre of a marker's icon as drawn now.
    func point(of marker: GMSMarker) -> CGPoint {
        let anchor = mapView.projection.point(for: marker.position)
        return CGPoint(x: anchor.x, y: anchor.y - 21.5)
    }

    private var nextID = 1

    /// One finger down for 0.05 s and up, then time for the double-tap window to pass.
    func tap(_ point: CGPoint, settle: Bool = true) {
        let id = nextID
        nextID += 1
        host.send(MapTouch(id: id, phase: .began, location: point, timestamp: host.time))
        host.send(MapTouch(id: id, phase: .ended, location: point, timestamp: host.time + 0.05))
        if settle { host.advance(by: 0.35) }
    }

    /// One finger held still for 0.7 s.
    func longPress(_ point: CGPoint) {
        let id = nextID
        nextID += 1
        host.send(MapTouch(id: id, phase: .began, location: point, timestamp: host.time))
        host.send(MapTouch(id: id, phase: .ended, location: point, timestamp: host.time + 0.7))
    }

    func settle() { host.runUntilIdle() }

    /// One finger moving at constant speed at 60 Hz; rests 0.1 s before lifting unless `fling`.
    func pan(from: CGPoint, to: CGPoint, duration: TimeInterval = 0.3, fling: Bool = false) {
        let id = nextID
        nextID += 1
        let t0 = host.time
        host.send(MapTouch(id: id, phase: .began, location: from, timestamp: t0))
        let frames = max(1, Int((duration * 60).rounded()))
        for frame in 1...frames {
            let f = Double(frame) / Double(frames)
            host.send(MapTouch(id: id, phase: .moved, location: CGPoint(x: from.x + (to.x - from.x) * f, y: from.y + (to.y - from.y) * f), timestamp: t0 + duration * f))
        }
        host.send(MapTouch(id: id, phase: .ended, location: to, timestamp: t0 + duration + (fling ? 0 : 0.1)))
    }

    /// Two fingers moving from their start points to their end points at 60 Hz, resting 0.1 s.
    func twoFingers(_ a: (CGPoint, CGPoint), _ b: (CGPoint, CGPoint), duration: TimeInterval = 0.3) {
        let ids = (nextID, nextID + 1)
        nextID += 2
        let t0 = host.time
        host.send(MapTouch(id: ids.0, phase: .began, location: a.0, timestamp: t0))
        host.send(MapTouch(id: ids.1, phase: .began, location: b.0, timestamp: t0))
        let frames = max(1, Int((duration * 60).rounded()))
        func mix(_ p: (CGPoint, CGPoint), _ f: Double) -> CGPoint {
            CGPoint(x: p.0.x + (p.1.x - p.0.x) * f, y: p.0.y + (p.1.y - p.0.y) * f)
        }
        for frame in 1...frames {
            let f = Double(frame) / Double(frames)
            host.send(MapTouch(id: ids.0, phase: .moved, location: mix(a, f), timestamp: t0 + duration * f))
            host.send(MapTouch(id: ids.1, phase: .moved, location: mix(b, f), timestamp: t0 + duration * f))
        }
        host.send(MapTouch(id: ids.0, phase: .ended, location: a.1, timestamp: t0 + duration + 0.1))
        host.send(MapTouch(id: ids.1, phase: .ended, location: b.1, timestamp: t0 + duration + 0.1))
    }
}
