import Foundation
import MapGeometry

/// The one place that calls the map's ``GMSMapViewDelegate``, in the orders the behaviour
/// rules give (docs/behaviour.md). Gestures, the camera and the layers report what happened
/// here; they never call the delegate themselves. A tap or long press is routed to what it
/// hit (the layers answer, top down) and handled as rules 1-14 say.
@MainActor
final class MapEvents {
    /// The map whose delegate is told (set once the map exists).
    weak var mapView: GMSMapView?
    /// The map's parts the rules act on (set once they exist).
    weak var scene: MapScene?

    /// Who is told: the map's event sink when one watches (it passes each call on to the
    /// delegate), else the delegate.
    private var delegate: GMSMapViewDelegate? { mapView.flatMap { $0.eventSink ?? $0.delegate } }

    /// Tells the delegate, if the map has one.
    private func tell(_ call: (GMSMapViewDelegate, GMSMapView) -> Void) {
        guard let mapView, let delegate else { return }
        call(delegate, mapView)
    }

    // MARK: Camera (rules 15-17)

    func cameraWillMove(gesture: Bool) {
        tell { $0.mapView($1, willMove: gesture) }
    }

    func cameraDidChange(_ camera: GMSCameraPosition) {
        propertyChanged(\.camera)
        tell { $0.mapView($1, didChange: camera) }
    }

    // MARK: Key-value observation

    /// Tells observers of one of the map's observable properties that it is about to change.
    func propertyWillChange(_ keyPath: PartialKeyPath<GMSMapView>) {
        mapView?.keyValueObservers.willChange(keyPath)
    }

    /// Tells observers of one of the map's observable properties that it changed.
    func propertyChanged(_ keyPath: PartialKeyPath<GMSMapView>) {
        mapView?.keyValueObservers.didChange(keyPath)
    }

    func cameraIdle(_ camera: GMSCameraPosition) {
        tell { $0.mapView($1, idleAt: camera) }
    }

    // MARK: Tiles

    func tileRenderingStarted() {
        tell { $0.mapViewDidStartTileRendering($1) }
    }

    func tileRenderingFinished() {
        tell { $0.mapViewDidFinishTileRendering($1) }
    }

    func snapshotReady() {
        tell { $0.mapViewSnapshotReady($1) }
    }

    // MARK: Info windows

    /// What a marker's window shows: the delegate's window, else its contents, else the
    /// marker's title and snippet (rule 1).
    func infoWindowContent(for marker: GMSMarker) -> InfoWindowContent {
        guard let mapView, let delegate else { return .text(of: marker) }
        if let window = delegate.mapView(mapView, markerInfoWindow: marker) { return .window(window) }
        if let contents = delegate.mapView(mapView, markerInfoContents: marker) { return .contents(contents) }
        return .text(of: marker)
    }

    func infoWindowClosed(_ marker: GMSMarker) {
        tell { $0.mapView($1, didCloseInfoWindowOf: marker) }
    }

    // MARK: Dragging (rule 13)

    func markerDragEnded(_ marker: GMSMarker) {
        tell { $0.mapView($1, didEndDragging: marker) }
    }

    /// A dragged marker follows the finger.
    func markerDragged(_ marker: GMSMarker, to point: CGPoint) {
        guard let mapView, let scene else { return }
        marker.position = scene.camera.viewport.coordinate(for: point.x, point.y)
        delegate?.mapView(mapView, didDrag: marker)
    }

    // MARK: Taps and presses

    /// A tap, routed to what it hit first: a control, the info window, the My Location dot,
    /// a marker, a shape, a POI, or the map (rules 1-9 and 14).
    func tap(at point: CGPoint) {
        guard let mapView, let scene else { return }
        let window = scene.infoWindow
        switch scene.hitTest(point) {
        case .control(.compass)?:
            // Turns the camera north over 0.3 s; not a gesture (rule 18).
            scene.camera.animate(duration: 0.3) { $0.bearing = 0 }
        case .control(_)?:
            if delegate?.didTapMyLocationButton(for: mapView) == true { return }
            if let location = scene.myLocation.location, location.coordinate.isValid {
                scene.camera.animate(duration: 0.5) { $0.target = location.coordinate }
            }
        case .infoWindow(let marker)?:
            delegate?.mapView(mapView, didTapInfoWindowOf: marker)
        case .myLocation(let location)?:
            delegate?.mapView(mapView, didTapMyLocation: location.coordinate)
        case .marker(let marker)?:
            tapMarker(marker, on: mapView, window: window)
        case .overlay(let overlay)?:
            // Rule 6: the overlay's callback, no didTapAt, then the shown window closes.
            overlay.tapObserver?(overlay)
            delegate?.mapView(mapView, didTap: overlay)
            window.deselect()
        case .poi(let placeID, let name, let location)?:
            // Rule 7: the POI's own location; no didTapAt; then the window shown before closes
            // (one the callback opened stays open).
            let shownBefore = window.marker
            let selectionsBefore = window.selections
            delegate?.mapView(mapView, didTapPOIWithPlaceID: placeID, name: name, location: location)
            if window.selections == selectionsBefore {
                if window.marker === shownBefore { window.deselect() }
            } else if let marker = shownBefore, window.marker === marker {
                // The callback selected the marker already shown (Google's POI guide moves its
                // one marker to each tapped POI): its window opens again there, new content and all.
                window.closeWindow()
                window.open(marker)
            }
        case .features(let hits, let coordinate)?:
            // Feature layers are part of the basemap: their callbacks (one per layer, top
            // layer first), then didTapAt as for any tap on the map (rule 5).
            let store = scene.boundaries.store
            for (state, features) in hits {
                delegate?.mapView(mapView, didTap: features, in: store.tapView(of: state), atLocation: coordinate)
            }
            delegate?.mapView(mapView, didTapAt: coordinate)
            window.deselect()
        case nil:
            delegate?.mapView(mapView, didTapAt: scene.camera.viewport.coordinate(for: point.x, point.y))
            window.deselect()
        }
    }

    /// A tap on a marker, with the default handling of rules 1-3.
    private func tapMarker(_ marker: GMSMarker, on mapView: GMSMapView, window: InfoWindowLayer) {
        marker.tapObserver?(marker)
        if delegate?.mapView(mapView, didTap: marker) == true { return }
        guard marker.map === mapView else { return }
        if marker === window.marker {
            window.closeWindow()
            window.open(marker)
            return
        }
        window.closeWindow()
        window.open(marker)
        guard window.marker === marker else { return }
        window.centre(on: marker)
    }

    /// A long press: on the window, a draggable marker (starting a drag), or the map
    /// (rule 13). Returns the drag that starts, if any.
    func longPress(at point: CGPoint) -> (marker: GMSMarker, offset: CGSize)? {
        guard let mapView, let scene else { return nil }
        let viewport = scene.camera.viewport
        switch scene.hitTest(point, in: [scene.infoWindow, scene.markers]) {
        case .infoWindow(let marker)?:
            delegate?.mapView(mapView, didLongPressInfoWindowOf: marker)
            return nil
        case .marker(let marker)? where marker.isDraggable:
            let anchor = viewport.point(for: marker.position)
            delegate?.mapView(mapView, didBeginDragging: marker)
            return (marker, CGSize(width: anchor.x - point.x, height: anchor.y - point.y))
        default:
            delegate?.mapView(mapView, didLongPressAt: viewport.coordinate(for: point.x, point.y))
            return nil
        }
    }
}
