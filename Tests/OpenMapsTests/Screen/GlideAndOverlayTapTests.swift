import MapTestSupport
import Foundation
import OpenMapsTesting
import Testing

@testable import OpenMaps

/// The My Location dot between fixes, and taps on overlays stacked by zIndex.
@MainActor
@Suite struct GlideAndOverlayTapTests {
    @Test func theMyLocationDotGlidesBetweenNearbyFixesAndJumpsToFarOnes() {
        let map = makeMapView(frame: CGRect(x: 0, y: 0, width: 400, height: 300), camera: GMSCameraPosition(latitude: 60.1676, longitude: 24.945, zoom: 17))
        map.isMyLocationEnabled = true
        let host = GMSMapViewHost(mapView: map)
        let first = CLLocationCoordinate2D(latitude: 60.1676, longitude: 24.9450)
        let second = CLLocationCoordinate2D(latitude: 60.1676, longitude: 24.9460)  // 55 m east
        host.setMyLocation(CLLocation(latitude: first.latitude, longitude: first.longitude))
        host.advance(by: 0.5)
        host.setMyLocation(CLLocation(latitude: second.latitude, longitude: second.longitude))
        #expect(map.myLocation?.coordinate.longitude == second.longitude, "the map reports the fix at once")
        let start = map.scene.myLocation.shownCoordinate
        #expect(start.map { abs($0.longitude - first.longitude) < 1e-9 } == true, "the dot starts where it was")
        host.advance(by: 0.5)
        let halfway = map.scene.myLocation.shownCoordinate?.longitude ?? 0
        #expect(halfway > first.longitude + 0.0003 && halfway < second.longitude - 0.0003, "on its way: \(halfway)")
        #expect(!host.isIdle, "the glide asks for frames")
        host.advance(by: 0.6)
        #expect(map.scene.myLocation.shownCoordinate?.longitude == second.longitude)
        // A fix far away (a new place) jumps.
        host.setMyLocation(CLLocation(latitude: 60.20, longitude: 24.95))
        #expect(map.scene.myLocation.shownCoordinate?.latitude == 60.20)
    }

    @Test func aTapOnACircleAboveAPolylineThroughItsCentreHitsTheCircle() {
        final class Taps: GMSMapViewDelegate {
            var tapped: [String] = []
            func mapView(_ mapView: GMSMapView, didTap overlay: GMSOverlay) { tapped.append(overlay.title ?? "?") }
        }
        let centre = CLLocationCoordinate2D(latitude: 60.1675, longitude: 24.9530)
        let map = makeMapView(frame: CGRect(x: 0, y: 0, width: 400, height: 300), camera: GMSCameraPosition(target: centre, zoom: 15))
        let taps = Taps()
        map.delegate = taps
        let circle = GMSCircle(position: centre, radius: 250)
        circle.title = "circle"
        circle.isTappable = true
        let route = GMSMutablePath()
        route.add(CLLocationCoordinate2D(latitude: 60.1660, longitude: 24.9500))
        route.add(centre)
        route.add(CLLocationCoordinate2D(latitude: 60.1690, longitude: 24.9560))
        let line = GMSPolyline(path: route)
        line.title = "polyline"
        line.strokeWidth = 5
        line.isTappable = true
        circle.map = map
        line.map = map
        let driver = MapDriver(mapView: map)
        driver.host.advance(by: 0.1)
        let point = map.projection.point(for: centre)
        // Equal zIndex: the later overlay is on top, and takes the tap.
        driver.tap(at: point)
        // Raised, the circle takes it (the overlays sample does this).
        circle.zIndex = 1
        driver.tap(at: point)
        #expect(taps.tapped == ["polyline", "circle"])
    }
}
