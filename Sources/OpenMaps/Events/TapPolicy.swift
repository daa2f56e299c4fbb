import Foundation
import MapGeometry

/// What a tap, long press or marker drag does on a map (rules 1-14 of docs/behaviour.md): it is
/// routed to what it hit (the layers answer, top down), the delegate hears of it through
/// ``MapEvents``, and then the map does its part: opens, closes or centres a window, turns the
/// compass, follows the My Location button, moves a dragged marker.
@MainActor
final class TapPolicy {
    /// The map acted on (set once the map exists).
    weak var mapView: GMSMapView?
    /// The map's parts the rules act on (set once they exist).
    weak var scene: MapScene?
    private let events: MapEvents

    /// A tap on a marker or the compass centres or turns over this long; the My Location
    /// button moves over ``myLocationDuration`` (rule 18).
    static let centringDuration: TimeInterval = 0.3
    static let myLocationDuration: TimeInterval = 0.5

    init(events: MapEvents) {
        self.events = events
    }

    // MARK: Taps (rules 1-9, 14)

    /// A tap, routed to what it hit first: a control, the info window, the My Location dot,
    /// a marker, a shape, a POI, or the map.
    func tap(at point: CGPoint) {
        guard let mapView, let scene else { return }
        let window = scene.infoWindow
        switch scene.hitTest(point) {
        case .control(.compass)?:
            // Turns the camera north; not a gesture (rule 18).
            scene.camera.animate(duration: Self.centringDuration) { $0.bearing = 0 }
        case .control(_)?:
            if events.handled(.tapMyLocationButton) { return }
            if let location = scene.myLocation.location, location.coordinate.isValid {
                scene.camera.animate(duration: Self.myLocationDuration) { $0.target = location.coordinate }
            }
        case .infoWindow(let marker)?:
            events.send(.tapInfoWindow(marker))
        case .myLocation(let location)?:
            events.send(.tapMyLocation(location.coordinate))
        case .marker(let marker)?:
            tapMarker(marker, on: mapView, window: window)
        case .overlay(let overlay)?:
            // Rule 6: the overlay's callback, no didTapAt, then the shown window closes.
            closingTheShownWindow(window) {
                overlay.tapObserver?(overlay)
                events.send(.tapOverlay(overlay))
            }
        case .poi(let placeID, let name, let location)?:
            // Rule 7: the POI's own location; no didTapAt.
            let shownBefore = window.marker
            let selectionsBefore = window.selections
            closingTheShownWindow(window) {
                events.send(.tapPOI(placeID: placeID, name: name, location: location))
            }
            if window.selections != selectionsBefore, let marker = shownBefore, window.marker === marker {
                // The callback selected the marker already shown (Google's POI guide moves its
                // one marker to each tapped POI): its window opens again there, new content and all.
                window.closeWindow()
                window.open(marker)
            }
        case .features(let hits, let coordinate)?:
            // Feature layers are part of the basemap: their callbacks (one per layer, top
            // layer first), then didTapAt as for any tap on the map (rule 5).
            let store = scene.boundaries.store
            closingTheShownWindow(window) {
                for (state, features) in hits {
                    events.send(.tapFeatures(features, layer: store.tapView(of: state), location: coordinate))
                }
                events.send(.tapAt(coordinate))
            }
        case nil:
            let coordinate = scene.camera.viewport.coordinate(for: point.x, point.y)
            closingTheShownWindow(window) { events.send(.tapAt(coordinate)) }
        }
    }

    /// Runs a tap's callbacks, then closes the window shown when the touch began, unless a
    /// callback selected (or deselected) a marker: a selection made there stands (rules 5-7).
    private func closingTheShownWindow(_ window: InfoWindowLayer, _ callbacks: () -> Void) {
        let selectionsBefore = window.selections
        callbacks()
        if window.selections == selectionsBefore { window.deselect() }
    }

    /// A tap on a marker, with the default handling of rules 1-3.
    private func tapMarker(_ marker: GMSMarker, on mapView: GMSMapView, window: InfoWindowLayer) {
        marker.tapObserver?(marker)
        if events.handled(.tapMarker(marker)) { return }
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

    // MARK: Long presses and drags (rules 9, 13)

    /// A long press: on the window, a draggable marker (starting a drag), or the map.
    /// Returns the drag that starts, if any.
    func longPress(at point: CGPoint) -> (marker: GMSMarker, offset: CGSize)? {
        guard let scene else { return nil }
        let viewport = scene.camera.viewport
        switch scene.hitTest(point, in: [scene.infoWindow, scene.markers]) {
        case .infoWindow(let marker)?:
            events.send(.longPressInfoWindow(marker))
            return nil
        case .marker(let marker)? where marker.isDraggable:
            let anchor = viewport.point(for: marker.position)
            events.send(.beginDragging(marker))
            return (marker, CGSize(width: anchor.x - point.x, height: anchor.y - point.y))
        default:
            events.send(.longPressAt(viewport.coordinate(for: point.x, point.y)))
            return nil
        }
    }

    /// A dragged marker follows the finger.
    func markerDragged(_ marker: GMSMarker, to point: CGPoint) {
        guard let scene else { return }
        marker.position = scene.camera.viewport.coordinate(for: point.x, point.y)
        events.send(.drag(marker))
    }

    func markerDragEnded(_ marker: GMSMarker) {
        events.send(.endDragging(marker))
    }
}
