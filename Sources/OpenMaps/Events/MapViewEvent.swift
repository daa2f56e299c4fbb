import Foundation

/// One thing a map tells its delegate, as a value (an OpenMaps addition): every
/// ``GMSMapViewDelegate`` method has a case, with the method's arguments. A map sends each to
/// the observers of its ``GMSMapView/events`` first, then to its delegate, in the orders the
/// behaviour rules give (docs/behaviour.md).
///
/// Four are questions the delegate answers (``tapMarker(_:)``, ``tapMyLocationButton``,
/// ``markerInfoWindow(_:)``, ``markerInfoContents(_:)``): observers see that they were asked.
public enum MapViewEvent {
    case willMove(gesture: Bool)
    case didChange(GMSCameraPosition)
    case idle(GMSCameraPosition)
    case tapAt(CLLocationCoordinate2D)
    case longPressAt(CLLocationCoordinate2D)
    case tapMarker(GMSMarker)
    case tapInfoWindow(GMSMarker)
    case longPressInfoWindow(GMSMarker)
    case tapOverlay(GMSOverlay)
    case tapPOI(placeID: String, name: String, location: CLLocationCoordinate2D)
    case markerInfoWindow(GMSMarker)
    case markerInfoContents(GMSMarker)
    case closeInfoWindow(GMSMarker)
    case beginDragging(GMSMarker)
    case endDragging(GMSMarker)
    case drag(GMSMarker)
    case tapMyLocationButton
    case tapMyLocation(CLLocationCoordinate2D)
    case tileRenderingStarted
    case tileRenderingFinished
    case snapshotReady
    case tapFeatures([any Feature], layer: FeatureLayer<any Feature>, location: CLLocationCoordinate2D)
    case mapCapabilitiesChanged(GMSMapCapabilityFlags)

    /// Which delegate method an event is, by its Objective-C selector: the one place the
    /// selectors are written.
    public enum Kind: String, CaseIterable, Sendable {
        case willMove = "mapView:willMove:"
        case didChange = "mapView:didChangeCameraPosition:"
        case idle = "mapView:idleAtCameraPosition:"
        case tapAt = "mapView:didTapAtCoordinate:"
        case longPressAt = "mapView:didLongPressAtCoordinate:"
        case tapMarker = "mapView:didTapMarker:"
        case tapInfoWindow = "mapView:didTapInfoWindowOfMarker:"
        case longPressInfoWindow = "mapView:didLongPressInfoWindowOfMarker:"
        case tapOverlay = "mapView:didTapOverlay:"
        case tapPOI = "mapView:didTapPOIWithPlaceID:name:location:"
        case markerInfoWindow = "mapView:markerInfoWindow:"
        case markerInfoContents = "mapView:markerInfoContents:"
        case closeInfoWindow = "mapView:didCloseInfoWindowOfMarker:"
        case beginDragging = "mapView:didBeginDraggingMarker:"
        case endDragging = "mapView:didEndDraggingMarker:"
        case drag = "mapView:didDragMarker:"
        case tapMyLocationButton = "didTapMyLocationButtonForMapView:"
        case tapMyLocation = "mapView:didTapMyLocation:"
        case tileRenderingStarted = "mapViewDidStartTileRendering:"
        case tileRenderingFinished = "mapViewDidFinishTileRendering:"
        case snapshotReady = "mapViewSnapshotReady:"
        case tapFeatures = "mapView:didTapFeatures:inFeatureLayer:atLocation:"
        case mapCapabilitiesChanged = "mapView:didChangeMapCapabilities:"

        /// The Objective-C selector of the delegate method (`mapView:didTapMarker:`).
        public var selector: String { rawValue }

        /// A short, stable name for logs and assertions: `willMove`, `didChange`, `idle`,
        /// `didTapAt`, `didTap` (a marker), `didTapOverlay`, `didClose`...
        public var shortName: String {
            switch self {
            case .willMove: "willMove"
            case .didChange: "didChange"
            case .idle: "idle"
            case .tapAt: "didTapAt"
            case .longPressAt: "didLongPressAt"
            case .tapMarker: "didTap"
            case .tapInfoWindow: "didTapInfoWindow"
            case .longPressInfoWindow: "didLongPressInfoWindow"
            case .tapOverlay: "didTapOverlay"
            case .tapPOI: "didTapPOI"
            case .markerInfoWindow: "markerInfoWindow"
            case .markerInfoContents: "markerInfoContents"
            case .closeInfoWindow: "didClose"
            case .beginDragging: "didBeginDragging"
            case .endDragging: "didEndDragging"
            case .drag: "didDrag"
            case .tapMyLocationButton: "didTapMyLocationButton"
            case .tapMyLocation: "didTapMyLocation"
            case .tileRenderingStarted: "didStartTileRendering"
            case .tileRenderingFinished: "didFinishTileRendering"
            case .snapshotReady: "snapshotReady"
            case .tapFeatures: "didTapFeatures"
            case .mapCapabilitiesChanged: "didChangeMapCapabilities"
            }
        }
    }

    /// Which delegate method the event is.
    public var kind: Kind {
        switch self {
        case .willMove: .willMove
        case .didChange: .didChange
        case .idle: .idle
        case .tapAt: .tapAt
        case .longPressAt: .longPressAt
        case .tapMarker: .tapMarker
        case .tapInfoWindow: .tapInfoWindow
        case .longPressInfoWindow: .longPressInfoWindow
        case .tapOverlay: .tapOverlay
        case .tapPOI: .tapPOI
        case .markerInfoWindow: .markerInfoWindow
        case .markerInfoContents: .markerInfoContents
        case .closeInfoWindow: .closeInfoWindow
        case .beginDragging: .beginDragging
        case .endDragging: .endDragging
        case .drag: .drag
        case .tapMyLocationButton: .tapMyLocationButton
        case .tapMyLocation: .tapMyLocation
        case .tileRenderingStarted: .tileRenderingStarted
        case .tileRenderingFinished: .tileRenderingFinished
        case .snapshotReady: .snapshotReady
        case .tapFeatures: .tapFeatures
        case .mapCapabilitiesChanged: .mapCapabilitiesChanged
        }
    }

    /// The marker or other overlay the event is about, if any.
    public var overlay: GMSOverlay? {
        switch self {
        case .tapMarker(let marker), .tapInfoWindow(let marker), .longPressInfoWindow(let marker), .markerInfoWindow(let marker),
            .markerInfoContents(let marker), .closeInfoWindow(let marker), .beginDragging(let marker), .endDragging(let marker),
            .drag(let marker):
            marker
        case .tapOverlay(let overlay): overlay
        default: nil
        }
    }

    /// The camera of a camera event.
    public var camera: GMSCameraPosition? {
        switch self {
        case .didChange(let camera), .idle(let camera): camera
        default: nil
        }
    }

    /// The coordinate of a tap, long press, POI, My Location tap or feature tap, or the
    /// position of a dragged marker.
    public var coordinate: CLLocationCoordinate2D? {
        switch self {
        case .tapAt(let coordinate), .longPressAt(let coordinate), .tapMyLocation(let coordinate): coordinate
        case .tapPOI(_, _, let location), .tapFeatures(_, _, let location): location
        case .beginDragging(let marker), .endDragging(let marker), .drag(let marker): marker.position
        default: nil
        }
    }
}

extension MapViewEvent {
    /// Tells a delegate this event (the questions are answered by ``ask(_:of:)``).
    @MainActor
    func tell(_ delegate: GMSMapViewDelegate, of mapView: GMSMapView) {
        switch self {
        case .willMove(let gesture): delegate.mapView(mapView, willMove: gesture)
        case .didChange(let camera): delegate.mapView(mapView, didChange: camera)
        case .idle(let camera): delegate.mapView(mapView, idleAt: camera)
        case .tapAt(let coordinate): delegate.mapView(mapView, didTapAt: coordinate)
        case .longPressAt(let coordinate): delegate.mapView(mapView, didLongPressAt: coordinate)
        case .tapInfoWindow(let marker): delegate.mapView(mapView, didTapInfoWindowOf: marker)
        case .longPressInfoWindow(let marker): delegate.mapView(mapView, didLongPressInfoWindowOf: marker)
        case .tapOverlay(let overlay): delegate.mapView(mapView, didTap: overlay)
        case .tapPOI(let placeID, let name, let location):
            delegate.mapView(mapView, didTapPOIWithPlaceID: placeID, name: name, location: location)
        case .closeInfoWindow(let marker): delegate.mapView(mapView, didCloseInfoWindowOf: marker)
        case .beginDragging(let marker): delegate.mapView(mapView, didBeginDragging: marker)
        case .endDragging(let marker): delegate.mapView(mapView, didEndDragging: marker)
        case .drag(let marker): delegate.mapView(mapView, didDrag: marker)
        case .tapMyLocation(let coordinate): delegate.mapView(mapView, didTapMyLocation: coordinate)
        case .tileRenderingStarted: delegate.mapViewDidStartTileRendering(mapView)
        case .tileRenderingFinished: delegate.mapViewDidFinishTileRendering(mapView)
        case .snapshotReady: delegate.mapViewSnapshotReady(mapView)
        case .tapFeatures(let features, let layer, let location):
            delegate.mapView(mapView, didTap: features, in: layer, atLocation: location)
        case .mapCapabilitiesChanged(let flags): delegate.mapView(mapView, didChangeMapCapabilities: flags)
        case .tapMarker, .tapMyLocationButton, .markerInfoWindow, .markerInfoContents:
            _ = ask(delegate, of: mapView)
        }
    }

    /// Asks a delegate this event's question: whether it handled a marker or My Location
    /// button tap, or the view of an info window; nil for an event that asks nothing.
    @MainActor
    func ask(_ delegate: GMSMapViewDelegate, of mapView: GMSMapView) -> MapViewEventAnswer? {
        switch self {
        case .tapMarker(let marker): .handled(delegate.mapView(mapView, didTap: marker))
        case .tapMyLocationButton: .handled(delegate.didTapMyLocationButton(for: mapView))
        case .markerInfoWindow(let marker): .view(delegate.mapView(mapView, markerInfoWindow: marker))
        case .markerInfoContents(let marker): .view(delegate.mapView(mapView, markerInfoContents: marker))
        default: nil
        }
    }
}

/// A delegate's answer to a question event.
enum MapViewEventAnswer {
    /// Whether the delegate handled the tap (the default handling is skipped).
    case handled(Bool)
    /// The view the delegate gave, if any.
    case view(UIView?)
}
