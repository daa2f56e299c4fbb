import Foundation
import MapDrawing
import OpenMaps
import OpenMapsTesting

/// Logs a map's delegate callbacks as JSON lines in the replay contract's format
/// (`replay.md`): its ``recorder`` is set as the map's delegate, passes every callback on to
/// the delegate that answers, and each recorded callback becomes one line.
///
/// `openmaps replay` logs a scenario's scripted delegate through it; the playground logs each
/// sample's own delegate for the page's event log.
@MainActor
public final class ReplayLog {
    /// The delegate to set on the map.
    public let recorder: DelegateRecorder
    private var lines: [String] = []
    /// Called with each callback's selector and line as it is logged.
    public var onLine: ((_ selector: String, _ line: String) -> Void)?

    /// A log whose lines are stamped with `clock`, naming markers with `ids` and other
    /// overlays by their `userData` string or title.
    public convenience init(forwardingTo inner: GMSMapViewDelegate? = nil, clock: @escaping () -> TimeInterval, ids: @escaping (GMSMarker) -> String) {
        self.init(recorder: DelegateRecorder(forwardingTo: inner, clock: clock, name: ReplayLog.naming(ids)))
    }

    /// A log of a map's callbacks through its event sink (set ``recorder`` as the map's
    /// `eventSink`): the map's own delegate, whatever it is at the time, keeps answering.
    public convenience init(observing mapView: GMSMapView, clock: @escaping () -> TimeInterval, ids: @escaping (GMSMarker) -> String) {
        self.init(recorder: DelegateRecorder(observing: mapView, clock: clock, name: ReplayLog.naming(ids)))
    }

    private init(recorder: DelegateRecorder) {
        self.recorder = recorder
        recorder.onEvent = { [weak self] event in
            let line = ReplayLog.line(event)
            self?.lines.append(line)
            self?.onLine?(event.selector, line)
        }
    }

    /// Markers by `ids`, other overlays by their `userData` string or title.
    private static func naming(_ ids: @escaping (GMSMarker) -> String) -> (GMSOverlay) -> String? {
        { overlay in (overlay as? GMSMarker).map(ids) ?? (overlay.userData as? String) ?? overlay.title }
    }

    /// Logs a line of the runner's own, in order with the map's callbacks: the cluster
    /// manager's delegate calls (an OpenMaps addition).
    func record(_ selector: String, at time: TimeInterval, _ fields: (inout JSONLine) -> Void) {
        var line = JSONLine()
        line.add("t", number: time, decimals: 3)
        line.add("event", string: selector)
        fields(&line)
        lines.append(line.text)
        onLine?(selector, line.text)
    }

    /// Takes the lines logged so far (and lets the recorder forget them).
    public func drain() -> [String] {
        defer {
            lines = []
            recorder.clear()
        }
        return lines
    }

    /// One callback as the replay contract writes it.
    static func line(_ event: MapEvent) -> String {
        var line = JSONLine()
        line.add("t", number: event.time, decimals: 3)
        line.add("event", string: event.selector)
        switch event.selector {
        case "mapView:willMove:":
            line.add("gesture", bool: event.gesture ?? false)
        case "mapView:didChangeCameraPosition:", "mapView:idleAtCameraPosition:":
            if let camera = event.camera { line.add("camera", Self.camera(camera)) }
        case "mapView:didTapAtCoordinate:", "mapView:didLongPressAtCoordinate:", "mapView:didTapMyLocation:":
            if let coordinate = event.coordinate { line.add("coordinate", Self.coordinate(coordinate)) }
        case "mapView:didTapOverlay:":
            line.add("overlay", string: event.name)
        case "mapView:didTapPOIWithPlaceID:name:location:":
            line.add("placeID", string: event.placeID)
            line.add("name", string: event.name)
            if let coordinate = event.coordinate { line.add("location", Self.coordinate(coordinate)) }
        case "mapView:didBeginDraggingMarker:", "mapView:didEndDraggingMarker:", "mapView:didDragMarker:":
            line.add("marker", string: event.name)
            if let coordinate = event.coordinate { line.add("position", Self.coordinate(coordinate)) }
        case "mapView:didTapMarker:", "mapView:didTapInfoWindowOfMarker:", "mapView:didLongPressInfoWindowOfMarker:",
            "mapView:markerInfoWindow:", "mapView:markerInfoContents:", "mapView:didCloseInfoWindowOfMarker:":
            line.add("marker", string: event.name)
        default:
            break
        }
        return line.text
    }

    /// A camera as the replay contract writes it.
    public static func camera(_ camera: GMSCameraPosition) -> String {
        var line = JSONLine()
        line.add("latitude", number: camera.target.latitude, decimals: 7)
        line.add("longitude", number: camera.target.longitude, decimals: 7)
        line.add("zoom", number: Double(camera.zoom), decimals: 7)
        line.add("bearing", number: camera.bearing, decimals: 7)
        line.add("viewingAngle", number: camera.viewingAngle, decimals: 7)
        return line.text
    }

    /// A coordinate as the replay contract writes it: `[latitude,longitude]`.
    public static func coordinate(_ c: CLLocationCoordinate2D) -> String {
        "[" + JSONLine.number(c.latitude, decimals: 7) + "," + JSONLine.number(c.longitude, decimals: 7) + "]"
    }
}
