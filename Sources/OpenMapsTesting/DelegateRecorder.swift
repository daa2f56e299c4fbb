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
        let kind = MapViewEvent.Kind(rawValue: selector)
        let short = kind?.shortName ?? selector
        if let gesture { return "\(short)(\(gesture))" }
        if let name, let kind, MapEvent.named.contains(kind) { return "\(short):\(name)" }
        return short
    }

    /// The callbacks whose short form names what they are about.
    private static let named: Set<MapViewEvent.Kind> = [
        .tapMarker, .tapInfoWindow, .longPressInfoWindow, .tapOverlay, .tapPOI, .markerInfoWindow, .markerInfoContents,
        .closeInfoWindow, .beginDragging, .endDragging, .drag, .tapFeatures,
    ]
}

/// A map view delegate that records every callback, then passes it on to another delegate
/// and returns its answer: set it as the map's delegate around the app's own to test a map
/// screen's behaviour. Or one that observes a map's ``GMSMapView/events`` and records them,
/// whatever the map's delegate is (``init(observing:clock:name:)``).
@MainActor
public final class DelegateRecorder: MapViewDelegateRelay {
    /// The delegate that answers (nil: the protocol's defaults): the observed map's delegate
    /// of the moment for a recorder made with ``init(observing:clock:name:)``, else the one
    /// given (held strongly).
    public var inner: GMSMapViewDelegate? {
        get {
            guard let observed else { return next }
            let delegate = observed.delegate
            return delegate === self ? nil : delegate
        }
        set { next = newValue }
    }
    /// The map observed, for a recorder made with ``init(observing:clock:name:)``.
    private weak var observed: GMSMapView?
    private var observation: MapViewEventObservation?
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
        self.clock = clock
        self.name = name
        super.init(next: inner)
    }

    /// A recorder of a map's events, observed as they go out: the map's delegate, whatever it
    /// is at the time, keeps answering (do not set the recorder as the delegate too).
    public convenience init(
        observing mapView: GMSMapView, clock: @escaping () -> TimeInterval = { 0 },
        name: @escaping (GMSOverlay) -> String? = { $0.title ?? ($0.userData as? String) ?? "?" }
    ) {
        self.init(forwardingTo: nil, clock: clock, name: name)
        observed = mapView
        observation = mapView.events.observe { [weak self] event in self?.relay(event) }
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

    /// Records a callback.
    public override func relay(_ event: MapViewEvent) {
        let selector = event.kind.selector
        guard !ignoredSelectors.contains(selector) else { return }
        var record = MapEvent(selector: selector, time: clock())
        record.camera = event.camera
        record.coordinate = event.coordinate
        switch event {
        case .willMove(let gesture): record.gesture = gesture
        case .tapPOI(let placeID, let poiName, _):
            record.placeID = placeID
            record.name = poiName
        case .tapFeatures(_, let layer, _): record.name = layer.featureType.rawValue
        default: record.name = event.overlay.flatMap(name)
        }
        recorded.append(record)
        onEvent?(record)
    }
}
