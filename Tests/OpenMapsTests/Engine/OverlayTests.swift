import Foundation
import OpenMapsTesting
import MapTestSupport
import OpenMaps
import Testing

/// docs/behaviour.md rule 6 and the shapes: circles, polylines, polygons, ground overlays.
@MainActor
@Suite("Overlays")
struct OverlayTests {
    final class OverlayDelegate: GMSMapViewDelegate {
        var events: [String] = []
        /// Called inside each tap callback (on an overlay or the map).
        var onTap: ((GMSMapView) -> Void)?
        func mapView(_ mapView: GMSMapView, didTap overlay: GMSOverlay) {
            events.append("overlay:\(overlay.title ?? "?")")
            onTap?(mapView)
        }
        func mapView(_ mapView: GMSMapView, didTapAt coordinate: CLLocationCoordinate2D) {
            events.append("didTapAt")
            onTap?(mapView)
        }
        func mapView(_ mapView: GMSMapView, didTap marker: GMSMarker) -> Bool {
            events.append("marker:\(marker.title ?? "?")")
            return true
        }
        func mapView(_ mapView: GMSMapView, didCloseInfoWindowOf marker: GMSMarker) { events.append("close:\(marker.title ?? "?")") }
    }

    private func setUp() -> (GMSMapView, GMSMapViewHost, OverlayDelegate) {
        let map = makeMapView(frame: CGRect(x: 0, y: 0, width: 400, height: 400), camera: GMSCameraPosition(latitude: 0, longitude: 0, zoom: 10))
        map.settings.zoomGestures = false
        let delegate = OverlayDelegate()
        map.delegate = delegate
        return (map, GMSMapViewHost(mapView: map), delegate)
    }

    private func tap(_ host: GMSMapViewHost, _ coordinate: CLLocationCoordinate2D) {
        tap(host, host.mapView.projection.point(for: coordinate))
    }

    private func tap(_ host: GMSMapViewHost, _ point: CGPoint) {
        host.send(MapTouch(id: 1, phase: .began, location: point, timestamp: host.time))
        host.send(MapTouch(id: 1, phase: .ended, location: point, timestamp: host.time + 0.05))
        host.runUntilIdle()
    }

    private func square(_ lat: Double, _ lon: Double, _ half: Double) -> GMSMutablePath {
        let path = GMSMutablePath()
        path.addLatitude(lat - half, longitude: lon - half)
        path.addLatitude(lat - half, longitude: lon + half)
        path.addLatitude(lat + half, longitude: lon + half)
        path.addLatitude(lat + half, longitude: lon - half)
        return path
    }

    @Test func rule6OverlayTap() {
        let (map, host, delegate) = setUp()
        let polygon = GMSPolygon(path: square(0, 0, 0.1))
        polygon.holes = [square(0, 0, 0.03)]
        polygon.title = "polygon"
        polygon.isTappable = true
        polygon.map = map
        let marker = GMSMarker(position: CLLocationCoordinate2D(latitude: 0.2, longitude: 0.2))
        marker.title = "m"
        marker.map = map
        map.selectedMarker = marker
        tap(host, CLLocationCoordinate2D(latitude: 0.06, longitude: 0))
        #expect(delegate.events == ["overlay:polygon", "close:m"])
        delegate.events = []
        // The hole is not the polygon.
        tap(host, CLLocationCoordinate2D(latitude: 0, longitude: 0))
        #expect(delegate.events == ["didTapAt"])
        // Not tappable: the map gets the tap.
        polygon.isTappable = false
        delegate.events = []
        tap(host, CLLocationCoordinate2D(latitude: 0.06, longitude: 0))
        #expect(delegate.events == ["didTapAt"])
    }

    /// Rules 5 and 6: a marker the delegate selects inside `didTap(overlay)` or `didTapAt`
    /// stays selected: selecting it closes the window shown before, and nothing closes the new
    /// one when the callback returns.
    @Test(arguments: [true, false])
    func rule5And6ASelectionMadeInTheTapCallbackStands(onOverlay: Bool) {
        let (map, host, delegate) = setUp()
        let polygon = GMSPolygon(path: square(0, 0, 0.1))
        polygon.title = "polygon"
        polygon.isTappable = true
        polygon.map = map
        func marker(_ title: String, _ latitude: Double) -> GMSMarker {
            let marker = GMSMarker(position: CLLocationCoordinate2D(latitude: latitude, longitude: 0.2))
            marker.title = title
            marker.map = map
            return marker
        }
        let shown = marker("shown", 0.2), chosen = marker("chosen", -0.2)
        map.selectedMarker = shown
        delegate.onTap = { $0.selectedMarker = chosen }
        tap(host, CLLocationCoordinate2D(latitude: onOverlay ? 0.06 : 0.15, longitude: onOverlay ? 0 : -0.15))
        #expect(delegate.events == [onOverlay ? "overlay:polygon" : "didTapAt", "close:shown"])
        #expect(map.selectedMarker === chosen, "the callback's selection stands")
        // Without a selection in the callback, the shown window closes.
        delegate.onTap = nil
        delegate.events = []
        tap(host, CLLocationCoordinate2D(latitude: onOverlay ? 0.06 : 0.15, longitude: onOverlay ? 0 : -0.15))
        #expect(delegate.events == [onOverlay ? "overlay:polygon" : "didTapAt", "close:chosen"])
        #expect(map.selectedMarker == nil)
    }

    @Test func rule6TopmostByZIndexAndMarkersAbove() {
        let (map, host, delegate) = setUp()
        let low = GMSCircle(position: CLLocationCoordinate2D(), radius: 5000)
        low.title = "low"
        low.zIndex = 1
        low.isTappable = true
        low.map = map
        let high = GMSPolygon(path: square(0, 0, 0.05))
        high.title = "high"
        high.zIndex = 2
        high.isTappable = true
        high.map = map
        tap(host, CLLocationCoordinate2D(latitude: 0.01, longitude: 0.01))
        low.zIndex = 3
        tap(host, CLLocationCoordinate2D(latitude: 0.01, longitude: 0.01))
        let marker = GMSMarker(position: CLLocationCoordinate2D(latitude: 0, longitude: 0))
        marker.title = "marker"
        marker.zIndex = -100
        marker.map = map
        tap(host, CGPoint(x: 200, y: 180))
        #expect(delegate.events == ["overlay:high", "overlay:low", "marker:marker"])
    }

    @Test func circleIsHitByGeodesicDistance() {
        let (map, host, delegate) = setUp()
        let circle = GMSCircle(position: CLLocationCoordinate2D(latitude: 0, longitude: 0), radius: 10_000)
        circle.title = "circle"
        circle.isTappable = true
        circle.map = map
        tap(host, GMSGeometryOffset(CLLocationCoordinate2D(), 9_500, 45))
        tap(host, GMSGeometryOffset(CLLocationCoordinate2D(), 10_600, 45))
        #expect(delegate.events == ["overlay:circle", "didTapAt"])
    }

    @Test func polylineIsHitWithinItsStrokeAndSlop() {
        let (map, host, delegate) = setUp()
        let path = GMSMutablePath()
        path.addLatitude(0, longitude: -0.2)
        path.addLatitude(0, longitude: 0.2)
        let line = GMSPolyline(path: path)
        line.title = "line"
        line.strokeWidth = 10
        line.isTappable = true
        line.map = map
        tap(host, CGPoint(x: 150, y: 200 + 12))
        tap(host, CGPoint(x: 150, y: 200 + 14))
        #expect(delegate.events == ["overlay:line", "didTapAt"])
    }

    @Test func groundOverlayIsHitInsideItsImage() {
        let (map, host, delegate) = setUp()
        let icon = UIGraphicsImageRenderer(size: CGSize(width: 20, height: 20)).image { context in
            UIColor.orange.setFill()
            context.fill(CGRect(x: 0, y: 0, width: 20, height: 20))
        }
        let bounds = GMSCoordinateBounds(
            coordinate: CLLocationCoordinate2D(latitude: -0.05, longitude: -0.05), coordinate: CLLocationCoordinate2D(latitude: 0.05, longitude: 0.05))
        let ground = GMSGroundOverlay(bounds: bounds, icon: icon)
        ground.title = "ground"
        ground.isTappable = true
        ground.map = map
        tap(host, CLLocationCoordinate2D(latitude: 0.04, longitude: 0.04))
        ground.bearing = 45
        tap(host, CLLocationCoordinate2D(latitude: 0.045, longitude: 0.045))
        ground.icon = nil
        tap(host, CLLocationCoordinate2D(latitude: 0, longitude: 0))
        #expect(delegate.events == ["overlay:ground", "didTapAt", "didTapAt"])
        #expect(abs(ground.position.latitude) < 1e-9)
    }

    @Test func badShapesDrawNothingAndNeverCrash() {
        let (map, host, _) = setUp()
        let empty = GMSPolyline(path: GMSPath())
        empty.map = map
        let single = GMSMutablePath()
        single.addLatitude(0, longitude: 0)
        GMSPolyline(path: single).map = map
        GMSPolygon(path: single).map = map
        let nan = GMSMutablePath()
        nan.addLatitude(.nan, longitude: 0)
        nan.addLatitude(0, longitude: .infinity)
        nan.addLatitude(0.1, longitude: 0.1)
        GMSPolygon(path: nan).map = map
        GMSCircle(position: CLLocationCoordinate2D(), radius: 0).map = map
        GMSCircle(position: CLLocationCoordinate2D(), radius: -5).map = map
        GMSCircle(position: CLLocationCoordinate2D(latitude: .nan, longitude: 0), radius: 100).map = map
        GMSGroundOverlay(bounds: nil, icon: nil).map = map
        GMSGroundOverlay(position: CLLocationCoordinate2D(), icon: nil, zoomLevel: .nan).map = map
        let bowtie = GMSMutablePath()
        for (lat, lon) in [(0.0, 0.0), (0.1, 0.1), (0.1, 0.0), (0.0, 0.1)] { bowtie.addLatitude(lat, longitude: lon) }
        GMSPolygon(path: bowtie).map = map
        let frame = host.renderFrame(scale: 1)
        #expect(frame.width == 400)
        map.clear()
        #expect(host.renderFrame(scale: 1).width == 400)
    }

    @Test func copyDetachesFromTheMap() throws {
        let (map, _, _) = setUp()
        let polygon = GMSPolygon(path: square(0, 0, 0.1))
        polygon.fillColor = .red
        polygon.map = map
        let copy = try #require(polygon.copy() as? GMSPolygon)
        #expect(copy.map == nil && copy.fillColor == .red && copy.path === polygon.path)
    }

    @Test func styleSpansRepeatAlongThePath() {
        let path = GMSMutablePath()
        path.addLatitude(0, longitude: 0)
        path.addLatitude(0, longitude: 1)
        path.addLatitude(0, longitude: 2)
        let segment = GMSGeometryDistance(CLLocationCoordinate2D(), CLLocationCoordinate2D(latitude: 0, longitude: 1))
        let spans = GMSStyleSpans(path, [.solidColor(.white), .solidColor(.black)], [NSNumber(value: segment / 2), NSNumber(value: segment / 2)], .geodesic)
        #expect(spans.count == 4)
        #expect(spans.allSatisfy { abs($0.segments - 0.5) < 1e-9 })
        #expect(GMSStyleSpans(path, [], [], .rhumb).isEmpty)
    }

    // MARK: Goldens (bearing, tilt and the antimeridian)

    private func golden(_ name: String, camera: GMSCameraPosition, _ build: (GMSMapView) -> Void) {
        let map = makeMapView(frame: CGRect(x: 0, y: 0, width: 320, height: 240), camera: camera)
        build(map)
        let host = GMSMapViewHost(mapView: map)
        host.runUntilIdle()
        let result = GoldenImage.check(host.renderFrame(scale: 2), named: name)
        #expect(result.passed, "\(result.message)")
    }

    @Test func circleGolden() {
        golden("overlay-circle", camera: GMSCameraPosition(latitude: 60, longitude: 179.9, zoom: 9, bearing: 30, viewingAngle: 0)) { map in
            let circle = GMSCircle(position: CLLocationCoordinate2D(latitude: 60, longitude: 179.95), radius: 15_000)
            circle.fillColor = UIColor(red: 0.26, green: 0.52, blue: 0.96, alpha: 0.3)
            circle.strokeColor = UIColor(red: 0.26, green: 0.52, blue: 0.96, alpha: 1)
            circle.strokeWidth = 3
            circle.map = map
        }
    }

    @Test func polylineGolden() {
        golden("overlay-polyline", camera: GMSCameraPosition(latitude: 0, longitude: 180, zoom: 3, bearing: 0, viewingAngle: 0)) { map in
            let path = GMSMutablePath()
            path.addLatitude(-20, longitude: 160)
            path.addLatitude(10, longitude: -170)
            path.addLatitude(25, longitude: 170)
            let line = GMSPolyline(path: path)
            line.strokeWidth = 6
            line.geodesic = true
            line.spans = [
                GMSStyleSpan(color: .red, segments: 0.5), GMSStyleSpan(style: .gradient(from: .orange, to: .purple), segments: 1),
                GMSStyleSpan(style: .transparentStroke(withStamp: GMSSpriteStyle(image: GMSMarker.markerImage(with: .systemGreen)))),
            ]
            line.map = map
        }
    }

    @Test func polygonGolden() {
        golden("overlay-polygon", camera: GMSCameraPosition(latitude: 0, longitude: 0, zoom: 9, bearing: 20, viewingAngle: 45)) { map in
            let polygon = GMSPolygon(path: square(0, 0, 0.3))
            polygon.holes = [square(0.1, 0.1, 0.08), square(-0.1, -0.1, 0.05)]
            polygon.fillColor = UIColor(red: 0.2, green: 0.66, blue: 0.33, alpha: 0.5)
            polygon.strokeColor = UIColor(red: 0.1, green: 0.4, blue: 0.2, alpha: 1)
            polygon.strokeWidth = 2
            polygon.map = map
        }
    }

    @Test func groundOverlayGolden() {
        golden("overlay-ground", camera: GMSCameraPosition(latitude: 0, longitude: 0, zoom: 10, bearing: 0, viewingAngle: 40)) { map in
            let icon = UIGraphicsImageRenderer(size: CGSize(width: 64, height: 64)).image { context in
                for row in 0..<4 {
                    for column in 0..<4 {
                        ((row + column) % 2 == 0 ? UIColor.systemOrange : UIColor.systemIndigo).setFill()
                        context.fill(CGRect(x: column * 16, y: row * 16, width: 16, height: 16))
                    }
                }
            }
            let ground = GMSGroundOverlay(position: CLLocationCoordinate2D(), icon: icon, zoomLevel: 8.5)
            ground.bearing = 30
            ground.opacity = 0.85
            ground.map = map
        }
    }
}
