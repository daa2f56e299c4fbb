import Foundation

extension GMSMapViewHost {
    /// Whether a gesture is under way or waiting on time (a finger down, a tap waiting out
    /// the double-tap window).
    public var isRecognizingGesture: Bool { mapView.touches.isBusy }

    /// The centre of a marker's icon as drawn now (the copy nearest the camera target), or
    /// nil when the marker is not on this map.
    public func iconCenter(of marker: GMSMarker) -> CGPoint? {
        guard marker.map === mapView else { return nil }
        return mapView.placements(of: marker, in: mapView.viewport).first?.center
    }

    /// The centre of the open info window of a marker, or nil when it has none open.
    public func infoWindowCenter(of marker: GMSMarker) -> CGPoint? {
        guard mapView.selectedMarker === marker, let frame = mapView.windowFrame() else { return nil }
        return CGPoint(x: frame.hit.midX, y: frame.hit.midY)
    }

    /// Whether a marker's info window is open.
    public func isInfoWindowOpen(for marker: GMSMarker) -> Bool {
        mapView.selectedMarker === marker && mapView.selection.window != nil
    }
}
