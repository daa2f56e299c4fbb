import Foundation

/// What a map view tells its delegate. Every method is optional: the defaults do nothing
/// and, for the two that return `Bool`, return `false` ("do the default").
/// Callbacks come on the main actor, in the orders docs/behaviour.md gives.
@preconcurrency @MainActor
public protocol GMSMapViewDelegate: AnyObject {
    /// The camera is about to change; `gesture` is true for a user's gesture.
    func mapView(_ mapView: GMSMapView, willMove gesture: Bool)
    /// The camera changed (at most once a frame; always for the final position).
    func mapView(_ mapView: GMSMapView, didChange position: GMSCameraPosition)
    /// The camera came to rest after every gesture and animation.
    func mapView(_ mapView: GMSMapView, idleAt position: GMSCameraPosition)
    /// A tap hit no marker, overlay, POI, info window or control.
    func mapView(_ mapView: GMSMapView, didTapAt coordinate: CLLocationCoordinate2D)
    /// A long press on the map or on a marker that is not draggable.
    func mapView(_ mapView: GMSMapView, didLongPressAt coordinate: CLLocationCoordinate2D)
    /// A marker was tapped; return true to stop the default selection, window and centring.
    func mapView(_ mapView: GMSMapView, didTap marker: GMSMarker) -> Bool
    /// The shown info window was tapped.
    func mapView(_ mapView: GMSMapView, didTapInfoWindowOf marker: GMSMarker)
    /// The shown info window was long-pressed.
    func mapView(_ mapView: GMSMapView, didLongPressInfoWindowOf marker: GMSMarker)
    /// A tappable overlay was tapped.
    func mapView(_ mapView: GMSMapView, didTap overlay: GMSOverlay)
    /// A point of interest on the basemap was tapped.
    func mapView(_ mapView: GMSMapView, didTapPOIWithPlaceID placeID: String, name: String, location: CLLocationCoordinate2D)
    /// A whole custom info window for a marker about to be selected, or nil.
    func mapView(_ mapView: GMSMapView, markerInfoWindow marker: GMSMarker) -> UIView?
    /// Contents for the default info window frame, asked when `markerInfoWindow` gave nil.
    func mapView(_ mapView: GMSMapView, markerInfoContents marker: GMSMarker) -> UIView?
    /// A shown info window closed.
    func mapView(_ mapView: GMSMapView, didCloseInfoWindowOf marker: GMSMarker)
    /// Dragging a marker began.
    func mapView(_ mapView: GMSMapView, didBeginDragging marker: GMSMarker)
    /// Dragging a marker ended.
    func mapView(_ mapView: GMSMapView, didEndDragging marker: GMSMarker)
    /// A dragged marker moved.
    func mapView(_ mapView: GMSMapView, didDrag marker: GMSMarker)
    /// The My Location button was tapped; return true to stop the default camera move.
    func didTapMyLocationButton(for mapView: GMSMapView) -> Bool
    /// The My Location dot was tapped.
    func mapView(_ mapView: GMSMapView, didTapMyLocation location: CLLocationCoordinate2D)
    /// Tiles started being needed.
    func mapViewDidStartTileRendering(_ mapView: GMSMapView)
    /// Every visible tile is drawn (or failed).
    func mapViewDidFinishTileRendering(_ mapView: GMSMapView)
    /// Tiles are drawn, the camera is idle and overlays are drawn.
    func mapViewSnapshotReady(_ mapView: GMSMapView)
    /// Features of an available feature layer were tapped: every tapped feature of that layer,
    /// the layer (as `FeatureLayer<any Feature>`; see ``FeatureLayer`` for why it is not the
    /// map's own `FeatureLayer<PlaceFeature>` object) and where. Called once per layer with
    /// styled features under the tap (the drawn ones: those the style closure styles), top
    /// layer first (localities, admin-1 areas, countries), when no marker, overlay or POI took
    /// the tap; `mapView(_:didTapAt:)` follows (docs/behaviour.md, rule 30).
    func mapView(
        _ mapView: GMSMapView, didTap features: [any Feature], in featureLayer: FeatureLayer<any Feature>,
        atLocation location: CLLocationCoordinate2D)
    /// The map's capabilities changed. Never called in OpenMaps: a map's capabilities are fixed
    /// by its map ID when it is made (see ``GMSMapView/mapCapabilities``).
    func mapView(_ mapView: GMSMapView, didChangeMapCapabilities mapCapabilities: GMSMapCapabilityFlags)
}

extension GMSMapViewDelegate {
    public func mapView(_ mapView: GMSMapView, willMove gesture: Bool) {}
    public func mapView(_ mapView: GMSMapView, didChange position: GMSCameraPosition) {}
    public func mapView(_ mapView: GMSMapView, idleAt position: GMSCameraPosition) {}
    public func mapView(_ mapView: GMSMapView, didTapAt coordinate: CLLocationCoordinate2D) {}
    public func mapView(_ mapView: GMSMapView, didLongPressAt coordinate: CLLocationCoordinate2D) {}
    public func mapView(_ mapView: GMSMapView, didTap marker: GMSMarker) -> Bool { false }
    public func mapView(_ mapView: GMSMapView, didTapInfoWindowOf marker: GMSMarker) {}
    public func mapView(_ mapView: GMSMapView, didLongPressInfoWindowOf marker: GMSMarker) {}
    public func mapView(_ mapView: GMSMapView, didTap overlay: GMSOverlay) {}
    public func mapView(_ mapView: GMSMapView, didTapPOIWithPlaceID placeID: String, name: String, location: CLLocationCoordinate2D) {}
    public func mapView(_ mapView: GMSMapView, markerInfoWindow marker: GMSMarker) -> UIView? { nil }
    public func mapView(_ mapView: GMSMapView, markerInfoContents marker: GMSMarker) -> UIView? { nil }
    public func mapView(_ mapView: GMSMapView, didCloseInfoWindowOf marker: GMSMarker) {}
    public func mapView(_ mapView: GMSMapView, didBeginDragging marker: GMSMarker) {}
    public func mapView(_ mapView: GMSMapView, didEndDragging marker: GMSMarker) {}
    public func mapView(_ mapView: GMSMapView, didDrag marker: GMSMarker) {}
    public func didTapMyLocationButton(for mapView: GMSMapView) -> Bool { false }
    public func mapView(_ mapView: GMSMapView, didTapMyLocation location: CLLocationCoordinate2D) {}
    public func mapViewDidStartTileRendering(_ mapView: GMSMapView) {}
    public func mapViewDidFinishTileRendering(_ mapView: GMSMapView) {}
    public func mapViewSnapshotReady(_ mapView: GMSMapView) {}
    public func mapView(
        _ mapView: GMSMapView, didTap features: [any Feature], in featureLayer: FeatureLayer<any Feature>,
        atLocation location: CLLocationCoordinate2D
    ) {}
    public func mapView(_ mapView: GMSMapView, didChangeMapCapabilities mapCapabilities: GMSMapCapabilityFlags) {}
}
