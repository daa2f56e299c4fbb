import Foundation

extension GMSMapViewHost {
    /// Whether a gesture is still being recognised: a finger is down, or a tap waits out the
    /// double-tap window. (A fling after the fingers lift goes on, like an animation.)
    public var isRecognizingGesture: Bool { mapView.scene.gestures.isDeciding }

    /// The centre of a marker's icon as drawn now (the copy nearest the camera target), or
    /// nil when the marker is not on this map.
    public func iconCenter(of marker: GMSMarker) -> CGPoint? {
        guard marker.map === mapView else { return nil }
        return mapView.scene.markers.placements(of: marker, in: mapView.scene.camera.viewport).first?.center
    }

    /// The centre of the open info window of a marker, or nil when it has none open.
    public func infoWindowCenter(of marker: GMSMarker) -> CGPoint? {
        guard mapView.selectedMarker === marker, let frame = mapView.scene.infoWindow.frame(in: mapView.scene.camera.viewport) else { return nil }
        return CGPoint(x: frame.hit.midX, y: frame.hit.midY)
    }

    /// Whether a marker's info window is open.
    public func isInfoWindowOpen(for marker: GMSMarker) -> Bool {
        mapView.selectedMarker === marker && mapView.scene.infoWindow.window != nil
    }

    /// The centre of an on-map control (where it is or would be when hidden), or nil for the
    /// My Location dot without a location.
    public func center(of control: MapControl) -> CGPoint? {
        let controls = mapView.scene.controls
        switch control {
        case .compass: return CGPoint(x: controls.compassFrame.midX, y: controls.compassFrame.midY)
        case .myLocationButton: return CGPoint(x: controls.myLocationButtonFrame.midX, y: controls.myLocationButtonFrame.midY)
        case .myLocationDot:
            guard let location = mapView.myLocation, location.coordinate.isValid else { return nil }
            return mapView.projection.point(for: location.coordinate)
        }
    }

    /// Whether a control is shown now.
    public func isShown(_ control: MapControl) -> Bool {
        switch control {
        case .compass: return mapView.scene.controls.isCompassShown
        case .myLocationButton: return mapView.scene.controls.isMyLocationButtonShown
        case .myLocationDot: return mapView.scene.myLocation.point(in: mapView.scene.camera.viewport) != nil
        }
    }

    /// Whether a marker's drawn icon covers a view point (on any visible world copy); for
    /// checking hit tests from outside.
    public func iconHitTest(_ marker: GMSMarker, _ point: CGPoint) -> Bool {
        guard marker.map === mapView else { return false }
        return mapView.scene.markers.placements(of: marker, in: mapView.scene.camera.viewport).contains { $0.contains(point) }
    }

    /// The tappable marker drawn on top at a view point, as a tap there would find it.
    public func marker(at point: CGPoint) -> GMSMarker? {
        mapView.scene.markers.marker(at: point, in: mapView.scene.camera.viewport)
    }

    /// The basemap's points of interest drawn now: where, their name and their own location.
    public func pointsOfInterest() -> [(point: CGPoint, name: String, coordinate: CLLocationCoordinate2D)] {
        mapView.scene.labels.pointsOfInterest(in: mapView.scene.camera.viewport)
    }
}

extension GMSMapViewHost {
    /// The basemap tiles the camera shows now, by zoom (near tiles finer than far ones under tilt).
    package var visibleTileAddresses: [(z: Int, x: Int, y: Int)] {
        mapView.scene.basemap.visibleTiles(mapView.scene.camera.viewport).map { ($0.key.z, $0.key.x, $0.key.y) }
    }
}
