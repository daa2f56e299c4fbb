import Foundation
import MapTestSupport
import OpenMaps
import OpenMapsTesting
import Testing

@MainActor
@Suite("Very many markers")
struct ManyMarkersTests {
    @Test func indexedHitTestsAgreeWithDrawingOrderEverywhere() {
        let map = makeMapView(frame: CGRect(x: 0, y: 0, width: 400, height: 400), camera: GMSCameraPosition(latitude: 0, longitude: 0, zoom: 8, bearing: 25, viewingAngle: 30))
        map.settings.zoomGestures = false
        final class Recorder: GMSMapViewDelegate {
            var tapped: GMSMarker?
            func mapView(_ mapView: GMSMapView, didTap marker: GMSMarker) -> Bool {
                tapped = marker
                return true
            }
        }
        let recorder = Recorder()
        map.delegate = recorder
        let host = GMSMapViewHost(mapView: map)
        var state: UInt64 = 11
        func next() -> Double {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Double(state >> 11) / Double(1 << 53)
        }
        var markers: [GMSMarker] = []
        for index in 0..<3_000 {
            let marker = GMSMarker(position: CLLocationCoordinate2D(latitude: next() * 2 - 1, longitude: next() * 2 - 1))
            marker.zIndex = Int32(index % 3)
            if index % 5 == 0 { marker.icon = GMSMarker.markerImage(with: .blue) }
            if index % 7 == 0 { marker.isFlat = true }
            marker.map = map
            markers.append(marker)
        }
        // Move some, remove some: the index follows.
        for marker in markers.prefix(300) { marker.position = CLLocationCoordinate2D(latitude: next() - 0.5, longitude: next() - 0.5) }
        for marker in markers.suffix(300) { marker.map = nil }
        host.runUntilIdle()
        let onMap = Array(markers.prefix(2_700))
        for _ in 0..<100 {
            let point = CGPoint(x: next() * 400, y: next() * 400)
            recorder.tapped = nil
            host.send(MapTouch(id: 1, phase: .began, location: point, timestamp: host.time))
            host.send(MapTouch(id: 1, phase: .ended, location: point, timestamp: host.time + 0.05))
            // Brute force: the last marker in drawing order whose drawn icon covers the point.
            let order = onMap.enumerated().sorted { a, b in
                a.element.zIndex != b.element.zIndex ? a.element.zIndex < b.element.zIndex : a.offset < b.offset
            }.map(\.element)
            let expected = order.last { marker in host.iconHitTest(marker, point) }
            #expect(recorder.tapped === expected)
        }
    }
}
