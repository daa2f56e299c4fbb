import MapTestSupport
import Foundation
import Testing

@testable import OpenMaps

/// A host may show maps at several pixel ratios in one process; work outside its own (a
/// geocoder's completion opening a window) can run at another scale than its frames.
@MainActor
@Suite("Info windows at the frame's scale")
struct WindowScaleTests {
    @Test func aWindowOpenedAtAnotherScaleIsDrawnAgainAtTheFramesScale() {
        let helsinki = CLLocationCoordinate2D(latitude: 60.17, longitude: 24.94)
        let mapView = makeMapView(frame: CGRect(x: 0, y: 0, width: 300, height: 300), camera: .camera(withTarget: helsinki, zoom: 14))
        mapView.mapType = .none
        let marker = GMSMarker(position: helsinki)
        marker.title = "Kaivokatu 1"
        marker.map = mapView
        UIScreen.withScale(3) { mapView.selectedMarker = marker }
        #expect(mapView.scene.infoWindow.window?.image.scale == 3)
        _ = GMSMapViewHost(mapView: mapView).renderFrame(scale: 1)
        #expect(mapView.scene.infoWindow.window?.image.scale == 1)
        #expect(mapView.selectedMarker === marker)
    }
}

/// The render scale belongs to the hosted window's screen (``GMSMapViewHost/scale``), never to
/// the process.
@MainActor
@Suite("The host's screen scale")
struct HostScaleTests {
    /// Records the scale of an image the app makes inside a delegate callback.
    private final class ScaleProbe: GMSMapViewDelegate {
        var scales: [CGFloat] = []
        func mapView(_ mapView: GMSMapView, didTapAt coordinate: CLLocationCoordinate2D) {
            scales.append(UIGraphicsImageRenderer(size: CGSize(width: 4, height: 4)).image { _ in }.scale)
            scales.append(UIScreen.main.scale)
        }
    }

    private func tappedMap(scale: CGFloat) -> (GMSMapViewHost, ScaleProbe) {
        let mapView = makeMapView(frame: CGRect(x: 0, y: 0, width: 200, height: 200), camera: .camera(withLatitude: 0, longitude: 0, zoom: 4))
        mapView.mapType = .none
        mapView.settings.zoomGestures = false  // taps report at once
        let probe = ScaleProbe()
        mapView.delegate = probe
        let host = GMSMapViewHost(mapView: mapView, scale: scale)
        host.send(MapTouch(id: 1, phase: .began, location: CGPoint(x: 100, y: 100), timestamp: 0.1))
        host.send(MapTouch(id: 1, phase: .ended, location: CGPoint(x: 100, y: 100), timestamp: 0.15))
        host.advance(by: 0.1)
        return (host, probe)
    }

    @Test func hostsAtDifferentScalesRunSideBySideAndTheProcessScaleNeverChanges() {
        let (_, three) = tappedMap(scale: 3)
        let (_, one) = tappedMap(scale: 1)
        #expect(three.scales == [3, 3])
        #expect(one.scales == [1, 1])
        #expect(UIScreen.main.scale == UIScreen.standardScale)
    }

    @Test func anUnusableHostScaleIsIgnored() {
        let mapView = makeMapView(frame: CGRect(x: 0, y: 0, width: 10, height: 10), camera: .camera(withLatitude: 0, longitude: 0, zoom: 4))
        let host = GMSMapViewHost(mapView: mapView, scale: .nan)
        #expect(host.scale == UIScreen.standardScale)
        host.scale = 3
        host.scale = 0
        host.scale = UIScreen.maximumScale + 1
        #expect(host.scale == 3)
        #expect(host.renderFrame().width == 30)
    }
}
