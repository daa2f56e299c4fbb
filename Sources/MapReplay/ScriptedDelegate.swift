import Foundation
import MapDrawing
import OpenMaps

/// The delegate a scenario describes: answers as scripted and logs every callback as one
/// JSON line in the replay contract's format.
@MainActor
final class ScriptedDelegate: GMSMapViewDelegate {
    private let spec: Scenario.DelegateSpec
    private let clock: () -> TimeInterval
    private let ids: (GMSMarker) -> String
    private(set) var lines: [String] = []

    init(spec: Scenario.DelegateSpec, clock: @escaping () -> TimeInterval, ids: @escaping (GMSMarker) -> String) {
        self.spec = spec
        self.clock = clock
        self.ids = ids
    }

    private func log(_ event: String, _ fill: (inout JSONLine) -> Void = { _ in }) {
        var line = JSONLine()
        line.add("t", number: clock(), decimals: 3)
        line.add("event", string: event)
        fill(&line)
        lines.append(line.text)
    }

    static func camera(_ camera: GMSCameraPosition) -> String {
        var line = JSONLine()
        line.add("latitude", number: camera.target.latitude, decimals: 7)
        line.add("longitude", number: camera.target.longitude, decimals: 7)
        line.add("zoom", number: Double(camera.zoom), decimals: 7)
        line.add("bearing", number: camera.bearing, decimals: 7)
        line.add("viewingAngle", number: camera.viewingAngle, decimals: 7)
        return line.text
    }

    static func coordinate(_ c: CLLocationCoordinate2D) -> String {
        "[" + JSONLine.number(c.latitude, decimals: 7) + "," + JSONLine.number(c.longitude, decimals: 7) + "]"
    }

    private func view(_ spec: Scenario.ViewSpec) -> UIView {
        let view = UIView(frame: CGRect(origin: .zero, size: spec.size))
        view.backgroundColor = .white
        view.layer.borderWidth = 1
        view.layer.borderColor = UIColor.lightGray.cgColor
        let label = UILabel(frame: view.bounds.insetBy(dx: 4, dy: 2))
        label.text = spec.text
        label.textAlignment = .center
        label.numberOfLines = 0
        label.font = .systemFont(ofSize: 14)
        view.addSubview(label)
        return view
    }

    func mapView(_ mapView: GMSMapView, willMove gesture: Bool) {
        log("mapView:willMove:") { $0.add("gesture", bool: gesture) }
    }

    func mapView(_ mapView: GMSMapView, didChange position: GMSCameraPosition) {
        log("mapView:didChangeCameraPosition:") { $0.add("camera", Self.camera(position)) }
    }

    func mapView(_ mapView: GMSMapView, idleAt position: GMSCameraPosition) {
        log("mapView:idleAtCameraPosition:") { $0.add("camera", Self.camera(position)) }
    }

    func mapView(_ mapView: GMSMapView, didTapAt coordinate: CLLocationCoordinate2D) {
        log("mapView:didTapAtCoordinate:") { $0.add("coordinate", Self.coordinate(coordinate)) }
    }

    func mapView(_ mapView: GMSMapView, didLongPressAt coordinate: CLLocationCoordinate2D) {
        log("mapView:didLongPressAtCoordinate:") { $0.add("coordinate", Self.coordinate(coordinate)) }
    }

    func mapView(_ mapView: GMSMapView, didTap marker: GMSMarker) -> Bool {
        let id = ids(marker)
        log("mapView:didTapMarker:") { $0.add("marker", string: id) }
        return (spec.didTapMarker[id] ?? spec.didTapMarkerDefault) == .handled
    }

    func mapView(_ mapView: GMSMapView, didTapInfoWindowOf marker: GMSMarker) {
        log("mapView:didTapInfoWindowOfMarker:") { $0.add("marker", string: ids(marker)) }
    }

    func mapView(_ mapView: GMSMapView, didLongPressInfoWindowOf marker: GMSMarker) {
        log("mapView:didLongPressInfoWindowOfMarker:") { $0.add("marker", string: ids(marker)) }
    }

    func mapView(_ mapView: GMSMapView, didTap overlay: GMSOverlay) {
        log("mapView:didTapOverlay:") { $0.add("overlay", string: (overlay.userData as? String) ?? overlay.title) }
    }

    func mapView(_ mapView: GMSMapView, didTapPOIWithPlaceID placeID: String, name: String, location: CLLocationCoordinate2D) {
        log("mapView:didTapPOIWithPlaceID:name:location:") {
            $0.add("placeID", string: placeID)
            $0.add("name", string: name)
            $0.add("location", Self.coordinate(location))
        }
    }

    func mapView(_ mapView: GMSMapView, markerInfoWindow marker: GMSMarker) -> UIView? {
        let id = ids(marker)
        log("mapView:markerInfoWindow:") { $0.add("marker", string: id) }
        return spec.markerInfoWindow[id].map(view)
    }

    func mapView(_ mapView: GMSMapView, markerInfoContents marker: GMSMarker) -> UIView? {
        let id = ids(marker)
        log("mapView:markerInfoContents:") { $0.add("marker", string: id) }
        return spec.markerInfoContents[id].map(view)
    }

    func mapView(_ mapView: GMSMapView, didCloseInfoWindowOf marker: GMSMarker) {
        log("mapView:didCloseInfoWindowOfMarker:") { $0.add("marker", string: ids(marker)) }
    }

    private func position(_ marker: GMSMarker) -> (inout JSONLine) -> Void {
        let id = ids(marker), position = Self.coordinate(marker.position)
        return {
            $0.add("marker", string: id)
            $0.add("position", position)
        }
    }

    func mapView(_ mapView: GMSMapView, didBeginDragging marker: GMSMarker) {
        log("mapView:didBeginDraggingMarker:", position(marker))
    }

    func mapView(_ mapView: GMSMapView, didEndDragging marker: GMSMarker) {
        log("mapView:didEndDraggingMarker:", position(marker))
    }

    func mapView(_ mapView: GMSMapView, didDrag marker: GMSMarker) {
        log("mapView:didDragMarker:", position(marker))
    }

    func didTapMyLocationButton(for mapView: GMSMapView) -> Bool {
        log("didTapMyLocationButtonForMapView:")
        return spec.didTapMyLocationButton == .handled
    }

    func mapView(_ mapView: GMSMapView, didTapMyLocation location: CLLocationCoordinate2D) {
        log("mapView:didTapMyLocation:") { $0.add("coordinate", Self.coordinate(location)) }
    }

    func mapViewDidStartTileRendering(_ mapView: GMSMapView) { log("mapViewDidStartTileRendering:") }
    func mapViewDidFinishTileRendering(_ mapView: GMSMapView) { log("mapViewDidFinishTileRendering:") }
    func mapViewSnapshotReady(_ mapView: GMSMapView) { log("mapViewSnapshotReady:") }

    /// Takes the lines logged so far.
    func drain() -> [String] {
        defer { lines = [] }
        return lines
    }
}
