import Foundation
import OpenMaps

/// One delegate callback as a ``DelegateRecorder`` saw it.
public struct MapEvent: CustomStringConvertible {
    /// The callback, by its Objective-C selector (`mapView:didTapMarker:`).
    public let selector: String
    /// The map's clock when it came.
    public let time: TimeInterval
    /// The camera (camera callbacks), the coordinate (taps, long presses, POIs, My Location),
    /// whether a gesture moves the camera (`willMove`), and the name of the marker, overlay or
    /// POI concerned (its title, else its `userData` as a string).
    public var camera: GMSCameraPosition?
    public var coordinate: CLLocationCoordinate2D?
    public var gesture: Bool?
    public var name: String?
    /// The POI's place ID.
    public var placeID: String?

    public init(selector: String, time: TimeInterval) {
        self.selector = selector
        self.time = time
    }

    /// A short, stable form for assertions: `willMove(true)`, `didChange`, `idle`,
    /// `didTapAt`, `didTap:Sydney`, `markerInfoWindow:Sydney`, `didClose:Sydney`...
    public var description: String {
        let short = MapEvent.shortNames[selector] ?? selector
        if let gesture { return "\(short)(\(gesture))" }
        if let name, MapEvent.named.contains(selector) { return "\(short):\(name)" }
        return short
    }

    private static let shortNames = [
        "mapView:willMove:": "willMove", "mapView:didChangeCameraPosition:": "didChange", "mapView:idleAtCameraPosition:": "idle",
        "mapView:didTapAtCoordinate:": "didTapAt", "mapView:didLongPressAtCoordinate:": "didLongPressAt",
        "mapView:didTapMarker:": "didTap", "mapView:didTapInfoWindowOfMarker:": "didTapInfoWindow",
        "mapView:didLongPressInfoWindowOfMarker:": "didLongPressInfoWindow", "mapView:didTapOverlay:": "didTapOverlay",
        "mapView:didTapPOIWithPlaceID:name:location:": "didTapPOI", "mapView:markerInfoWindow:": "markerInfoWindow",
        "mapView:markerInfoContents:": "markerInfoContents", "mapView:didCloseInfoWindowOfMarker:": "didClose",
        "mapView:didBeginDraggingMarker:": "didBeginDragging", "mapView:didEndDraggingMarker:": "didEndDragging",
        "mapView:didDragMarker:": "didDrag", "didTapMyLocationButtonForMapView:": "didTapMyLocationButton",
        "mapView:didTapMyLocation:": "didTapMyLocation", "mapViewDidStartTileRendering:": "didStartTileRendering",
        "mapViewDidFinishTileRendering:": "didFinishTileRendering", "mapViewSnapshotReady:": "snapshotReady",
        "mapView:didTapFeatures:inFeatureLayer:atLocation:": "didTapFeatures",
        "mapView:didChangeMapCapabilities:": "didChangeMapCapabilities",
    ]
    private static let named: Set<String> = [
        "mapView:didTapMarker:", "mapView:didTapInfoWindowOfMarker:", "mapView:didLongPressInfoWindowOfMarker:",
        "mapView:didTapOverlay:", "mapView:didTapPOIWithPlaceID:name:location:", "mapView:markerInfoWindow:",
        "mapView:markerInfoContents:", "mapView:didCloseInfoWindowOfMarker:", "mapView:didBeginDraggingMarker:",
        "mapView:didEndDraggingMarker:", "mapView:didDragMarker:", "mapView:didTapFeatures:inFeatureLayer:atLocation:",
    ]
}

/// A map view delegate that records every callback, then passes it on to another delegate
/// and returns its answer: set it as the map's delegate around the app's own to test a map
/// screen's behaviour.
@MainActor
public final class DelegateRecorder: GMSMapViewDelegate {
    /// The delegate that answers (nil: the protocol's defaults): the observed map's delegate
    /// of the moment for a recorder made with ``init(observing:clock:name:)``, else the one
    /// given (held strongly).
    public var inner: GMSMapViewDelegate? {
        get {
            guard let observed else { return fixedInner }
            let delegate = observed.delegate
            return delegate === self ? nil : delegate
        }
        set { fixedInner = newValue }
    }
    private var fixedInner: GMSMapViewDelegate?
    /// The map whose delegate answers, for a recorder that observes a map's event sink.
    private weak var observed: GMSMapView?
    /// Every callback so far, in order.
    public private(set) var recorded: [MapEvent] = []
    /// Called with each callback as it is recorded.
    public var onEvent: ((MapEvent) -> Void)?
    /// Callbacks passed on but not recorded, by selector (say, the tile callbacks).
    public var ignoredSelectors: Set<String> = []
    private let clock: () -> TimeInterval
    private let name: (GMSOverlay) -> String?

    /// A recorder that answers as `inner` does, stamps events with `clock` (a host's `time`)
    /// and names markers and overlays with `name` (by default their title, else their
    /// `userData` as a string, else "?").
    public init(
        forwardingTo inner: GMSMapViewDelegate? = nil, clock: @escaping () -> TimeInterval = { 0 },
        name: @escaping (GMSOverlay) -> String? = { $0.title ?? ($0.userData as? String) ?? "?" }
    ) {
        self.fixedInner = inner
        self.clock = clock
        self.name = name
    }

    /// A recorder to set as a map's ``GMSMapView/eventSink``: it records every callback and
    /// passes it on to whatever delegate the map has at the time, which keeps answering.
    public convenience init(
        observing mapView: GMSMapView, clock: @escaping () -> TimeInterval = { 0 },
        name: @escaping (GMSOverlay) -> String? = { $0.title ?? ($0.userData as? String) ?? "?" }
    ) {
        self.init(forwardingTo: nil, clock: clock, name: name)
        observed = mapView
    }

    /// The callbacks in their short form (see ``MapEvent/description``).
    public var events: [String] { recorded.map(\.description) }

    /// ``events`` with each run of `didChange` folded into one.
    public var folded: [String] {
        events.reduce(into: []) { result, event in
            if event == "didChange" && result.last == "didChange" { return }
            result.append(event)
        }
    }

    /// Forgets what was recorded.
    public func clear() { recorded = [] }

    private func record(_ selector: String, _ fill: (inout MapEvent) -> Void = { _ in }) {
        guard !ignoredSelectors.contains(selector) else { return }
        var event = MapEvent(selector: selector, time: clock())
        fill(&event)
        recorded.append(event)
        onEvent?(event)
    }

    public func mapView(_ mapView: GMSMapView, willMove gesture: Bool) {
        record("mapView:willMove:") { $0.gesture = gesture }
        inner?.mapView(mapView, willMove: gesture)
    }

    public func mapView(_ mapView: GMSMapView, didChange position: GMSCameraPosition) {
        record("mapView:didChangeCameraPosition:") { $0.camera = position }
        inner?.mapView(mapView, didChange: position)
    }

    public func mapView(_ mapView: GMSMapView, idleAt position: GMSCameraPosition) {
        record("mapView:idleAtCameraPosition:") { $0.camera = position }
        inner?.mapView(mapView, idleAt: position)
    }

    public func mapView(_ mapView: GMSMapView, didTapAt coordinate: CLLocationCoordinate2D) {
        record("mapView:didTapAtCoordinate:") { $0.coordinate = coordinate }
        inner?.mapView(mapView, didTapAt: coordinate)
    }

    public func mapView(_ mapView: GMSMapView, didLongPressAt coordinate: CLLocationCoordinate2D) {
        record("mapView:didLongPressAtCoordinate:") { $0.coordinate = coordinate }
        inner?.mapView(mapView, didLongPressAt: coordinate)
    }

    public func mapView(_ mapView: GMSMapView, didTap marker: GMSMarker) -> Bool {
        record("mapView:didTapMarker:") { $0.name = name(marker) }
        return inner?.mapView(mapView, didTap: marker) ?? false
    }

    public func mapView(_ mapView: GMSMapView, didTapInfoWindowOf marker: GMSMarker) {
        record("mapView:didTapInfoWindowOfMarker:") { $0.name = name(marker) }
        inner?.mapView(mapView, didTapInfoWindowOf: marker)
    }

    public func mapView(_ mapView: GMSMapView, didLongPressInfoWindowOf marker: GMSMarker) {
        record("mapView:didLongPressInfoWindowOfMarker:") { $0.name = name(marker) }
        inner?.mapView(mapView, didLongPressInfoWindowOf: marker)
    }

    public func mapView(_ mapView: GMSMapView, didTap overlay: GMSOverlay) {
        record("mapView:didTapOverlay:") { $0.name = name(overlay) }
        inner?.mapView(mapView, didTap: overlay)
    }

    public func mapView(_ mapView: GMSMapView, didTapPOIWithPlaceID placeID: String, name: String, location: CLLocationCoordinate2D) {
        record("mapView:didTapPOIWithPlaceID:name:location:") {
            $0.placeID = placeID
            $0.name = name
            $0.coordinate = location
        }
        inner?.mapView(mapView, didTapPOIWithPlaceID: placeID, name: name, location: location)
    }

    public func mapView(_ mapView: GMSMapView, markerInfoWindow marker: GMSMarker) -> UIView? {
        record("mapView:markerInfoWindow:") { $0.name = name(marker) }
        return inner?.mapView(mapView, markerInfoWindow: marker)
    }

    public func mapView(_ mapView: GMSMapView, markerInfoContents marker: GMSMarker) -> UIView? {
        record("mapView:markerInfoContents:") { $0.name = name(marker) }
        return inner?.mapView(mapView, markerInfoContents: marker)
    }

    public func mapView(_ mapView: GMSMapView, didCloseInfoWindowOf marker: GMSMarker) {
        record("mapView:didCloseInfoWindowOfMarker:") { $0.name = name(marker) }
        inner?.mapView(mapView, didCloseInfoWindowOf: marker)
    }

    public func mapView(_ mapView: GMSMapView, didBeginDragging marker: GMSMarker) {
        record("mapView:didBeginDraggingMarker:") {
            $0.name = name(marker)
            $0.coordinate = marker.position
        }
        inner?.mapView(mapView, didBeginDragging: marker)
    }

    public func mapView(_ mapView: GMSMapView, didEndDragging marker: GMSMarker) {
        record("mapView:didEndDraggingMarker:") {
            $0.name = name(marker)
            $0.coordinate = marker.position
        }
        inner?.mapView(mapView, didEndDragging: marker)
    }

    public func mapView(_ mapView: GMSMapView, didDrag marker: GMSMarker) {
        record("mapView:didDragMarker:") {
            $0.name = name(marker)
            $0.coordinate = marker.position
        }
        inner?.mapView(mapView, didDrag: marker)
    }

    public func didTapMyLocationButton(for mapView: GMSMapView) -> Bool {
        record("didTapMyLocationButtonForMapView:")
        return inner?.didTapMyLocationButton(for: mapView) ?? false
    }

    public func mapView(_ mapView: GMSMapView, didTapMyLocation location: CLLocationCoordinate2D) {
        record("mapView:didTapMyLocation:") { $0.coordinate = location }
        inner?.mapView(mapView, didTapMyLocation: location)
    }

    public func mapViewDidStartTileRendering(_ mapView: GMSMapView) {
        record("mapViewDidStartTileRendering:")
        inner?.mapViewDidStartTileRendering(mapView)
    }

    public func mapViewDidFinishTileRendering(_ mapView: GMSMapView) {
        record("mapViewDidFinishTileRendering:")
        inner?.mapViewDidFinishTileRendering(mapView)
    }

    public func mapViewSnapshotReady(_ mapView: GMSMapView) {
        record("mapViewSnapshotReady:")
        inner?.mapViewSnapshotReady(mapView)
    }

    public func mapView(
        _ mapView: GMSMapView, didTap features: [any Feature], in featureLayer: FeatureLayer<any Feature>,
        atLocation location: CLLocationCoordinate2D
    ) {
        record("mapView:didTapFeatures:inFeatureLayer:atLocation:") {
            $0.coordinate = location
            $0.name = featureLayer.featureType.rawValue
        }
        inner?.mapView(mapView, didTap: features, in: featureLayer, atLocation: location)
    }

    public func mapView(_ mapView: GMSMapView, didChangeMapCapabilities mapCapabilities: GMSMapCapabilityFlags) {
        record("mapView:didChangeMapCapabilities:")
        inner?.mapView(mapView, didChangeMapCapabilities: mapCapabilities)
    }
}
