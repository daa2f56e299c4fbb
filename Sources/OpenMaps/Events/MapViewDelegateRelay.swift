import Foundation

/// A map view delegate that sees each callback as a ``MapViewEvent`` (``relay(_:)``), then
/// passes it on to ``next`` and returns its answer (an OpenMaps addition). Set it as a map's
/// delegate around another to watch that delegate's callbacks where it stands: a cluster
/// manager's delegate, or a scripted one. To watch a map whatever its delegate is, observe
/// ``GMSMapView/events`` instead.
@MainActor
open class MapViewDelegateRelay: GMSMapViewDelegate {
    /// The delegate that answers (nil: the protocol's defaults). Held strongly.
    open var next: GMSMapViewDelegate?

    public init(next: GMSMapViewDelegate? = nil) {
        self.next = next
    }

    /// Called with each callback before it is passed on. Does nothing here.
    open func relay(_ event: MapViewEvent) {}

    private func pass(_ mapView: GMSMapView, _ event: MapViewEvent) {
        relay(event)
        if let next { event.tell(next, of: mapView) }
    }

    private func ask(_ mapView: GMSMapView, _ event: MapViewEvent) -> MapViewEventAnswer? {
        relay(event)
        return next.flatMap { event.ask($0, of: mapView) }
    }

    private func handled(_ mapView: GMSMapView, _ event: MapViewEvent) -> Bool {
        guard case .handled(let handled)? = ask(mapView, event) else { return false }
        return handled
    }

    private func view(_ mapView: GMSMapView, _ event: MapViewEvent) -> UIView? {
        guard case .view(let view)? = ask(mapView, event) else { return nil }
        return view
    }

    public func mapView(_ mapView: GMSMapView, willMove gesture: Bool) { pass(mapView, .willMove(gesture: gesture)) }
    public func mapView(_ mapView: GMSMapView, didChange position: GMSCameraPosition) { pass(mapView, .didChange(position)) }
    public func mapView(_ mapView: GMSMapView, idleAt position: GMSCameraPosition) { pass(mapView, .idle(position)) }
    public func mapView(_ mapView: GMSMapView, didTapAt coordinate: CLLocationCoordinate2D) { pass(mapView, .tapAt(coordinate)) }
    public func mapView(_ mapView: GMSMapView, didLongPressAt coordinate: CLLocationCoordinate2D) { pass(mapView, .longPressAt(coordinate)) }
    public func mapView(_ mapView: GMSMapView, didTap marker: GMSMarker) -> Bool { handled(mapView, .tapMarker(marker)) }
    public func mapView(_ mapView: GMSMapView, didTapInfoWindowOf marker: GMSMarker) { pass(mapView, .tapInfoWindow(marker)) }
    public func mapView(_ mapView: GMSMapView, didLongPressInfoWindowOf marker: GMSMarker) { pass(mapView, .longPressInfoWindow(marker)) }
    public func mapView(_ mapView: GMSMapView, didTap overlay: GMSOverlay) { pass(mapView, .tapOverlay(overlay)) }
    public func mapView(_ mapView: GMSMapView, didTapPOIWithPlaceID placeID: String, name: String, location: CLLocationCoordinate2D) {
        pass(mapView, .tapPOI(placeID: placeID, name: name, location: location))
    }
    public func mapView(_ mapView: GMSMapView, markerInfoWindow marker: GMSMarker) -> UIView? { view(mapView, .markerInfoWindow(marker)) }
    public func mapView(_ mapView: GMSMapView, markerInfoContents marker: GMSMarker) -> UIView? { view(mapView, .markerInfoContents(marker)) }
    public func mapView(_ mapView: GMSMapView, didCloseInfoWindowOf marker: GMSMarker) { pass(mapView, .closeInfoWindow(marker)) }
    public func mapView(_ mapView: GMSMapView, didBeginDragging marker: GMSMarker) { pass(mapView, .beginDragging(marker)) }
    public func mapView(_ mapView: GMSMapView, didEndDragging marker: GMSMarker) { pass(mapView, .endDragging(marker)) }
    public func mapView(_ mapView: GMSMapView, didDrag marker: GMSMarker) { pass(mapView, .drag(marker)) }
    public func didTapMyLocationButton(for mapView: GMSMapView) -> Bool { handled(mapView, .tapMyLocationButton) }
    public func mapView(_ mapView: GMSMapView, didTapMyLocation location: CLLocationCoordinate2D) { pass(mapView, .tapMyLocation(location)) }
    public func mapViewDidStartTileRendering(_ mapView: GMSMapView) { pass(mapView, .tileRenderingStarted) }
    public func mapViewDidFinishTileRendering(_ mapView: GMSMapView) { pass(mapView, .tileRenderingFinished) }
    public func mapViewSnapshotReady(_ mapView: GMSMapView) { pass(mapView, .snapshotReady) }
    public func mapView(
        _ mapView: GMSMapView, didTap features: [any Feature], in featureLayer: FeatureLayer<any Feature>,
        atLocation location: CLLocationCoordinate2D
    ) {
        pass(mapView, .tapFeatures(features, layer: featureLayer, location: location))
    }
    public func mapView(_ mapView: GMSMapView, didChangeMapCapabilities mapCapabilities: GMSMapCapabilityFlags) {
        pass(mapView, .mapCapabilitiesChanged(mapCapabilities))
    }
}
