import Foundation
import MapGeometry

/// The one stream of a map's events: every delegate callback goes out here as a
/// ``MapViewEvent``, to the observers of ``GMSMapView/events`` and then the delegate, in the
/// orders the behaviour rules give (docs/behaviour.md). The camera, the layers and
/// ``TapPolicy`` report what happened here; nothing else calls the delegate. It decides
/// nothing: what a tap does is ``TapPolicy``'s.
@MainActor
final class MapEvents {
    /// The map whose observers and delegate are told (set once the map exists).
    weak var mapView: GMSMapView?

    /// Sends an event: observers first, then the delegate.
    func send(_ event: MapViewEvent) {
        guard let mapView else { return }
        mapView.events.send(event)
        if let delegate = mapView.delegate { event.tell(delegate, of: mapView) }
    }

    /// Asks the delegate whether it handled a tap (observers see the question first);
    /// false without a delegate.
    func handled(_ event: MapViewEvent) -> Bool {
        guard case .handled(let handled)? = ask(event) else { return false }
        return handled
    }

    /// Asks the delegate for a view (observers see the question first); nil without one.
    func view(_ event: MapViewEvent) -> UIView? {
        guard case .view(let view)? = ask(event) else { return nil }
        return view
    }

    private func ask(_ event: MapViewEvent) -> MapViewEventAnswer? {
        guard let mapView else { return nil }
        mapView.events.send(event)
        return mapView.delegate.flatMap { event.ask($0, of: mapView) }
    }

    // MARK: Camera (rules 15-17)

    func cameraWillMove(gesture: Bool) {
        send(.willMove(gesture: gesture))
    }

    func cameraDidChange(_ camera: GMSCameraPosition) {
        propertyChanged(\.camera)
        send(.didChange(camera))
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
        send(.idle(camera))
    }

    // MARK: Tiles

    func tileRenderingStarted() {
        send(.tileRenderingStarted)
    }

    func tileRenderingFinished() {
        send(.tileRenderingFinished)
    }

    func snapshotReady() {
        send(.snapshotReady)
    }

    // MARK: Info windows

    /// What a marker's window shows: the delegate's window, else its contents, else the
    /// marker's title and snippet (rule 1).
    func infoWindowContent(for marker: GMSMarker) -> InfoWindowContent {
        guard let mapView, mapView.delegate != nil || mapView.events.isObserved else { return .text(of: marker) }
        if let window = view(.markerInfoWindow(marker)) { return .window(window) }
        if let contents = view(.markerInfoContents(marker)) { return .contents(contents) }
        return .text(of: marker)
    }

    func infoWindowClosed(_ marker: GMSMarker) {
        send(.closeInfoWindow(marker))
    }
}
