import Foundation
import MapDrawing
import OpenMaps

/// A map view delegate that logs every callback as one JSON line in the replay contract's
/// format (`replay.md`), then passes it on to another delegate and returns its answer.
///
/// `openmaps replay` logs a scenario's scripted delegate through it; the playground logs each
/// sample's own delegate for the page's event log.
@MainActor
public final class RecordingDelegate: GMSMapViewDelegate {
    /// The delegate that answers (nil: the protocol's defaults). Held strongly.
    public var inner: GMSMapViewDelegate?
    private let clock: () -> TimeInterval
    private let ids: (GMSMarker) -> String
    private(set) var lines: [String] = []
    /// Called with each callback's selector and line as it is logged.
    public var onLine: ((_ selector: String, _ line: String) -> Void)?

    /// A recorder that stamps lines with `clock` and names markers with `ids`.
    public init(forwardingTo inner: GMSMapViewDelegate? = nil, clock: @escaping () -> TimeInterval, ids: @escaping (GMSMarker) -> String) {
        self.inner = inner
        self.clock = clock
        self.ids = ids
    }

    private func log(_ event: String, _ fill: (inout JSONLine) -> Void = { _ in }) {
        var line = JSONLine()
        line.add("t", number: clock(), decimals: 3)
        line.add("event", string: event)
        fill(&line)
        lines.append(line.text)
        onLine?(event, line.text)
    }

    /// A camera as the replay contract writes it.
    public static func camera(_ camera: GMSCameraPosition) -> String {
        var line = JSONLine()
        line.add("latitude", number: camera.target.latitude, decimals: 7)
        line.add("longitude", number: camera.target.longitude, decimals: 7)
        line.add("zoom", number: Double(camera.zoom), decimals: 7)
        line.add("bearing", number: camera.bearing, decimals: 7)
        line.add("viewingAngle", number: camera.viewingAngle, decimals: 7)
        return line.text
    }

    /// A coordinate as the replay contract writes it: `[latitude,longitude]`.
    public static func coordinate(_ c: CLLocationCoordinate2D) -> String {
        "[" + JSONLine.number(c.latitude, decimals: 7) + "," + JSONLine.number(c.longitude, decimals: 7) + "]"
    }

    public func mapView(_ mapView: GMSMapView, willMove gesture: Bool) {
        log("mapView:willMove:") { $0.add("gesture", bool: gesture) }
        inner?.mapView(mapView, willMove: gesture)
    }

    public func mapView(_ mapView: GMSMapView, didChange position: GMSCameraPosition) {
        log("mapView:didChangeCameraPosition:") { $0.add("camera", Self.camera(position)) }
        inner?.mapView(mapView, didChange: position)
    }

    public func mapView(_ mapView: GMSMapView, idleAt position: GMSCameraPosition) {
        log("mapView:idleAtCameraPosition:") { $0.add("camera", Self.camera(position)) }
        inner?.mapView(mapView, idleAt: position)
    }

    public func mapView(_ mapView: GMSMapView, didTapAt coordinate: CLLocationCoordinate2D) {
        log("mapView:didTapAtCoordinate:") { $0.add("coordinate", Self.coordinate(coordinate)) }
        inner?.mapView(mapView, didTapAt: coordinate)
    }

    public func mapView(_ mapView: GMSMapView, didLongPressAt coordinate: CLLocationCoordinate2D) {
        log("mapView:didLongPressAtCoordinate:") { $0.add("coordinate", Self.coordinate(coordinate)) }
        inner?.mapView(mapView, didLongPressAt: coordinate)
    }

    public func mapView(_ mapView: GMSMapView, didTap marker: GMSMarker) -> Bool {
        log("mapView:didTapMarker:") { $0.add("marker", string: ids(marker)) }
        return inner?.mapView(mapView, didTap: marker) ?? false
    }

    public func mapView(_ mapView: GMSMapView, didTapInfoWindowOf marker: GMSMarker) {
        log("mapView:didTapInfoWindowOfMarker:") { $0.add("marker", string: ids(marker)) }
        inner?.mapView(mapView, didTapInfoWindowOf: marker)
    }

    public func mapView(_ mapView: GMSMapView, didLongPressInfoWindowOf marker: GMSMarker) {
        log("mapView:didLongPressInfoWindowOfMarker:") { $0.add("marker", string: ids(marker)) }
        inner?.mapView(mapView, didLongPressInfoWindowOf: marker)
    }

    public func mapView(_ mapView: GMSMapView, didTap overlay: GMSOverlay) {
        log("mapView:didTapOverlay:") { $0.add("overlay", string: (overlay.userData as? String) ?? overlay.title) }
        inner?.mapView(mapView, didTap: overlay)
    }

    public func mapView(_ mapView: GMSMapView, didTapPOIWithPlaceID placeID: String, name: String, location: CLLocationCoordinate2D) {
        log("mapView:didTapPOIWithPlaceID:name:location:") {
            $0.add("placeID", string: placeID)
            $0.add("name", string: name)
            $0.add("location", Self.coordinate(location))
        }
        inner?.mapView(mapView, didTapPOIWithPlaceID: placeID, name: name, location: location)
    }

    public func mapView(_ mapView: GMSMapView, markerInfoWindow marker: GMSMarker) -> UIView? {
        log("mapView:markerInfoWindow:") { $0.add("marker", string: ids(marker)) }
        return inner?.mapView(mapView, markerInfoWindow: marker)
    }

    public func mapView(_ mapView: GMSMapView, markerInfoContents marker: GMSMarker) -> UIView? {
        log("mapView:markerInfoContents:") { $0.add("marker", string: ids(marker)) }
        return inner?.mapView(mapView, markerInfoContents: marker)
    }

    public func mapView(_ mapView: GMSMapView, didCloseInfoWindowOf marker: GMSMarker) {
        log("mapView:didCloseInfoWindowOfMarker:") { $0.add("marker", string: ids(marker)) }
        inner?.mapView(mapView, didCloseInfoWindowOf: marker)
    }

    private func position(_ marker: GMSMarker) -> (inout JSONLine) -> Void {
        let id = ids(marker), position = Self.coordinate(marker.position)
        return {
            $0.add("marker", string: id)
            $0.add("position", position)
        }
    }

    public func mapView(_ mapView: GMSMapView, didBeginDragging marker: GMSMarker) {
        log("mapView:didBeginDraggingMarker:", position(marker))
        inner?.mapView(mapView, didBeginDragging: marker)
    }

    public func mapView(_ mapView: GMSMapView, didEndDragging marker: GMSMarker) {
        log("mapView:didEndDraggingMarker:", position(marker))
        inner?.mapView(mapView, didEndDragging: marker)
    }

    public func mapView(_ mapView: GMSMapView, didDrag marker: GMSMarker) {
        log("mapView:didDragMarker:", position(marker))
        inner?.mapView(mapView, didDrag: marker)
    }

    public func didTapMyLocationButton(for mapView: GMSMapView) -> Bool {
        log("didTapMyLocationButtonForMapView:")
        return inner?.didTapMyLocationButton(for: mapView) ?? false
    }

    public func mapView(_ mapView: GMSMapView, didTapMyLocation location: CLLocationCoordinate2D) {
        log("mapView:didTapMyLocation:") { $0.add("coordinate", Self.coordinate(location)) }
        inner?.mapView(mapView, didTapMyLocation: location)
    }

    public func mapViewDidStartTileRendering(_ mapView: GMSMapView) {
        log("mapViewDidStartTileRendering:")
        inner?.mapViewDidStartTileRendering(mapView)
    }

    public func mapViewDidFinishTileRendering(_ mapView: GMSMapView) {
        log("mapViewDidFinishTileRendering:")
        inner?.mapViewDidFinishTileRendering(mapView)
    }

    public func mapViewSnapshotReady(_ mapView: GMSMapView) {
        log("mapViewSnapshotReady:")
        inner?.mapViewSnapshotReady(mapView)
    }

    /// Takes the lines logged so far.
    public func drain() -> [String] {
        defer { lines = [] }
        return lines
    }
}
