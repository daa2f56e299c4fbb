import Foundation
import MapTestSupport
import OpenMaps
import OpenMapsTesting

/// Answers the delegate's questions as a test configures it.
@MainActor
final class ScriptedAnswers: GMSMapViewDelegate {
    var handledMarkers: Set<String> = []
    var windows: [String: UIView] = [:]
    var contents: [String: UIView] = [:]
    var onInfoWindow: ((GMSMarker) -> Void)?
    var onWillMove: ((GMSMapView) -> Void)?

    private func name(_ marker: GMSMarker) -> String { marker.title ?? (marker.userData as? String) ?? "?" }

    func mapView(_ mapView: GMSMapView, willMove gesture: Bool) { onWillMove?(mapView) }
    func mapView(_ mapView: GMSMapView, didTap marker: GMSMarker) -> Bool { handledMarkers.contains(name(marker)) }
    func mapView(_ mapView: GMSMapView, markerInfoWindow marker: GMSMarker) -> UIView? {
        onInfoWindow?(marker)
        return windows[name(marker)]
    }
    func mapView(_ mapView: GMSMapView, markerInfoContents marker: GMSMarker) -> UIView? { contents[name(marker)] }
}

extension DelegateRecorder {
    /// A recorder of the callbacks these tests check (not the tile, overlay, POI or My
    /// Location button ones).
    static func forRules(answering answers: ScriptedAnswers) -> DelegateRecorder {
        let recorder = DelegateRecorder(forwardingTo: answers)
        recorder.ignoredSelectors = [
            "mapViewDidStartTileRendering:", "mapViewDidFinishTileRendering:", "mapViewSnapshotReady:", "mapView:didTapOverlay:",
            "mapView:didTapPOIWithPlaceID:name:location:", "didTapMyLocationButtonForMapView:",
        ]
        return recorder
    }
}

/// A hosted 390 x 844 map over London at zoom 12 with a recording delegate, driven through
/// OpenMapsTesting's ``MapDriver``.
@MainActor
final class MapHarness {
    let mapView: GMSMapView
    let driver: MapDriver
    var host: GMSMapViewHost { driver.host }
    let answers = ScriptedAnswers()
    let delegate: DelegateRecorder

    init(zoomGestures: Bool = true) {
        mapView = makeMapView(frame: CGRect(x: 0, y: 0, width: 390, height: 844), camera: GMSCameraPosition(latitude: 51.5, longitude: -0.127, zoom: 12))
        mapView.settings.zoomGestures = zoomGestures
        delegate = DelegateRecorder.forRules(answering: answers)
        mapView.delegate = delegate
        driver = MapDriver(mapView: mapView)
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

    /// The centre of a default pin's icon as drawn now.
    func point(of marker: GMSMarker) -> CGPoint {
        let anchor = mapView.projection.point(for: marker.position)
        return CGPoint(x: anchor.x, y: anchor.y - 21.5)
    }

    /// One finger down for 0.05 s and up, then time for the double-tap window to pass.
    func tap(_ point: CGPoint, settle: Bool = true) { driver.tap(at: point, settle: settle) }

    /// One finger held still for 0.7 s.
    func longPress(_ point: CGPoint) { driver.longPress(at: point) }

    func settle() { driver.settle() }

    /// One finger moving at constant speed at 60 Hz; rests 0.1 s before lifting unless `fling`.
    func pan(from: CGPoint, to: CGPoint, duration: TimeInterval = 0.3, fling: Bool = false) {
        driver.pan(from: from, to: to, duration: duration, fling: fling)
    }

    /// Two fingers moving from their start points to their end points at 60 Hz, resting 0.1 s.
    func twoFingers(_ a: (CGPoint, CGPoint), _ b: (CGPoint, CGPoint), duration: TimeInterval = 0.3) {
        driver.twoFingers(a, b, duration: duration)
    }
}
