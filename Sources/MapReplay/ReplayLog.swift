import Foundation
import MapDrawing
import OpenMaps

/// Logs a map's delegate callbacks as JSON lines in the replay contract's format
/// (`replay.md`): it observes the map's ``GMSMapView/events``, whatever its delegate is (which
/// answers as it would), and each event becomes one line.
///
/// `openmaps replay` logs a scenario's scripted delegate through it; the playground logs each
/// sample's own delegate for the page's event log.
@MainActor
public final class ReplayLog {
    private var lines: [String] = []
    private var observation: MapViewEventObservation?
    private let clock: () -> TimeInterval
    private let ids: (GMSMarker) -> String
    /// Called with each callback's selector and line as it is logged.
    public var onLine: ((_ selector: String, _ line: String) -> Void)?

    /// The delegate to set on the map, for a log made to stand between the map and another
    /// delegate (``init(forwardingTo:clock:ids:)``).
    public let delegate: MapViewDelegateRelay?

    /// A log of a map's events, stamped with `clock`, naming markers with `ids` and other
    /// overlays by their `userData` string or title.
    public init(observing mapView: GMSMapView, clock: @escaping () -> TimeInterval, ids: @escaping (GMSMarker) -> String) {
        self.clock = clock
        self.ids = ids
        delegate = nil
        observation = mapView.events.observe { [weak self] event in self?.log(event) }
    }

    /// A log of the callbacks that reach ``delegate`` (set it as the map's delegate, or as a
    /// cluster manager's map delegate), each passed on to `inner`, which answers.
    public init(forwardingTo inner: GMSMapViewDelegate?, clock: @escaping () -> TimeInterval, ids: @escaping (GMSMarker) -> String) {
        self.clock = clock
        self.ids = ids
        let relay = LoggingRelay(next: inner)
        delegate = relay
        relay.log = { [weak self] event in self?.log(event) }
    }

    /// Stops logging.
    public func stop() {
        observation?.invalidate()
        observation = nil
    }

    private func log(_ event: MapViewEvent) {
        let line = line(event)
        lines.append(line)
        onLine?(event.kind.selector, line)
    }

    /// A marker by its id, another overlay by its `userData` string or title.
    private func name(_ overlay: GMSOverlay) -> String? {
        (overlay as? GMSMarker).map(ids) ?? (overlay.userData as? String) ?? overlay.title
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

    /// Takes the lines logged so far.
    public func drain() -> [String] {
        defer { lines = [] }
        return lines
    }

    /// One callback as the replay contract writes it.
    private func line(_ event: MapViewEvent) -> String {
        var line = JSONLine()
        line.add("t", number: clock(), decimals: 3)
        line.add("event", string: event.kind.selector)
        switch event {
        case .willMove(let gesture):
            line.add("gesture", bool: gesture)
        case .didChange(let camera), .idle(let camera):
            line.add("camera", Self.camera(camera))
        case .tapAt(let coordinate), .longPressAt(let coordinate), .tapMyLocation(let coordinate):
            line.add("coordinate", Self.coordinate(coordinate))
        case .tapOverlay(let overlay):
            line.add("overlay", string: name(overlay))
        case .tapPOI(let placeID, let poiName, let location):
            line.add("placeID", string: placeID)
            line.add("name", string: poiName)
            line.add("location", Self.coordinate(location))
        case .beginDragging(let marker), .endDragging(let marker), .drag(let marker):
            line.add("marker", string: name(marker))
            line.add("position", Self.coordinate(marker.position))
        case .tapMarker(let marker), .tapInfoWindow(let marker), .longPressInfoWindow(let marker), .markerInfoWindow(let marker),
            .markerInfoContents(let marker), .closeInfoWindow(let marker):
            line.add("marker", string: name(marker))
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

/// A relay that logs each callback it passes on.
@MainActor
private final class LoggingRelay: MapViewDelegateRelay {
    var log: ((MapViewEvent) -> Void)?

    override func relay(_ event: MapViewEvent) {
        log?(event)
    }
}
