import Foundation
import MapTestSupport
import OpenMaps
import OpenMapsTesting
import Testing

/// OpenMapsTesting as an app's tests use it: drive a map screen, record its delegate's
/// callbacks, compare a frame with a golden image.
@MainActor
@Suite("OpenMapsTesting: driving a map screen")
struct MapDriverTests {
    /// A 320 x 480 map over Sydney with one marker, as an app's screen would make it.
    private func screen(delegate inner: GMSMapViewDelegate? = nil) -> (MapDriver, DelegateRecorder, GMSMarker) {
        let sydney = CLLocationCoordinate2D(latitude: -33.868, longitude: 151.209)
        let mapView = makeMapView(frame: .zero, camera: .camera(withTarget: sydney, zoom: 12))
        mapView.mapType = .none
        let marker = GMSMarker(position: sydney)
        marker.title = "Sydney"
        marker.snippet = "Australia"
        marker.map = mapView
        let driver = MapDriver(mapView: mapView, size: CGSize(width: 320, height: 480))
        let recorder = DelegateRecorder(forwardingTo: inner, clock: { [unowned driver] in driver.host.time })
        recorder.ignoredSelectors = ["mapViewDidStartTileRendering:", "mapViewDidFinishTileRendering:", "mapViewSnapshotReady:"]
        mapView.delegate = recorder
        return (driver, recorder, marker)
    }

    @Test func tappingAMarkerRecordsTheRulesCallbacksAndOpensItsWindow() {
        let (driver, recorder, marker) = screen()
        #expect(driver.tap(marker))
        driver.settle()
        #expect(recorder.events == ["didTap:Sydney", "markerInfoWindow:Sydney", "markerInfoContents:Sydney"])
        #expect(driver.host.isInfoWindowOpen(for: marker))
        #expect(driver.tapInfoWindow(of: marker))
        #expect(recorder.events.last == "didTapInfoWindow:Sydney")
    }

    @Test func theAppsDelegateStillAnswers() {
        final class Handles: GMSMapViewDelegate {
            func mapView(_ mapView: GMSMapView, didTap marker: GMSMarker) -> Bool { true }
        }
        let answers = Handles()
        let (driver, recorder, marker) = screen(delegate: answers)
        driver.tap(marker)
        #expect(recorder.events == ["didTap:Sydney"])
        #expect(!driver.host.isInfoWindowOpen(for: marker))
    }

    @Test func panPinchAndLongPressMoveTheCameraAsAPersonWould() {
        let (driver, recorder, _) = screen()
        let before = driver.mapView.camera
        driver.pan(from: CGPoint(x: 100, y: 240), to: CGPoint(x: 220, y: 240))
        driver.settle()
        #expect(driver.mapView.camera.target.longitude < before.target.longitude)
        #expect(recorder.folded == ["willMove(true)", "didChange", "idle"])
        driver.pinch(about: CGPoint(x: 160, y: 240), scale: 2)
        driver.settle()
        #expect(abs(driver.mapView.camera.zoom - (before.zoom + 1)) < 0.01)
        recorder.clear()
        driver.longPress(at: CGPoint(x: 40, y: 40))
        #expect(recorder.events == ["didLongPressAt"])
        #expect(recorder.recorded.first?.coordinate != nil)
    }

    @Test func recordedEventsCarryTheMapsClock() {
        let (driver, recorder, _) = screen()
        driver.advance(by: 2)
        driver.tap(at: CGPoint(x: 40, y: 400))
        let tap = recorder.recorded.first { $0.selector == "mapView:didTapAtCoordinate:" }
        #expect(tap.map { $0.time > 2 } == true)
    }

    @Test func aFrameMatchesItsGoldenImageAndAChangedOneDoesNot() {
        let (driver, _, marker) = screen()
        driver.tap(marker)
        driver.settle()
        #expect(driver.matchesGolden(named: "sydney-selected", scale: 1).passed)
        marker.title = "Somewhere else entirely"
        marker.tracksInfoWindowChanges = true
        driver.advance(by: 0.1)
        let changed = GoldenImage.check(driver.frame(scale: 1), named: "sydney-selected", recording: false)
        #expect(!changed.passed)
    }
}
