import Foundation
import MapTestSupport
import OpenMaps
import OpenMapsTesting
import Testing

@MainActor
@Suite("Projection, bounds and geometry")
struct ProjectionTests {
    private func map(bearing: Double = 0, padding: UIEdgeInsets = .zero) -> GMSMapView {
        let map = makeMapView(frame: CGRect(x: 0, y: 0, width: 400, height: 800), camera: GMSCameraPosition(latitude: 60.17, longitude: 24.94, zoom: 14, bearing: bearing, viewingAngle: 0))
        map.padding = padding
        return map
    }

    @Test func targetSitsAtTheCentreOfThePaddedView() {
        let plain = map().projection.point(for: CLLocationCoordinate2D(latitude: 60.17, longitude: 24.94))
        #expect(abs(plain.x - 200) < 1e-9 && abs(plain.y - 400) < 1e-9)
        let padded = map(padding: UIEdgeInsets(top: 100, left: 0, bottom: 300, right: 50))
            .projection.point(for: CLLocationCoordinate2D(latitude: 60.17, longitude: 24.94))
        #expect(abs(padded.x - 175) < 1e-9 && abs(padded.y - 300) < 1e-9)
    }

    @Test func roundTripIsExactUnderPaddingAndBearing() {
        for bearing in [0.0, 30, 90, 200, 359] {
            let projection = map(bearing: bearing, padding: UIEdgeInsets(top: 20, left: 40, bottom: 200, right: 10)).projection
            for x in stride(from: 0.0, through: 400, by: 50) {
                for y in stride(from: 0.0, through: 800, by: 100) {
                    let coordinate = projection.coordinate(for: CGPoint(x: x, y: y))
                    let back = projection.point(for: coordinate)
                    #expect(abs(back.x - x) < 1e-6 && abs(back.y - y) < 1e-6)
                }
            }
        }
    }

    @Test func bearingTurnsTheMap() {
        // Facing east (bearing 90), a point to the north appears to the left of the centre.
        let projection = map(bearing: 90).projection
        let north = projection.point(for: CLLocationCoordinate2D(latitude: 60.18, longitude: 24.94))
        #expect(north.x < 200 && abs(north.y - 400) < 1e-6)
    }

    @Test func visibleRegionAndContains() {
        let projection = map().projection
        let region = projection.visibleRegion()
        #expect(region.farLeft.latitude > region.nearLeft.latitude)
        #expect(region.nearRight.longitude > region.nearLeft.longitude)
        #expect(projection.contains(CLLocationCoordinate2D(latitude: 60.17, longitude: 24.94)))
        #expect(!projection.contains(CLLocationCoordinate2D(latitude: 0, longitude: 0)))
        let bounds = GMSCoordinateBounds(region: region)
        #expect(bounds.contains(CLLocationCoordinate2D(latitude: 60.17, longitude: 24.94)))
    }

    @Test func pointsForMeters() {
        // At zoom 14 and latitude 60, one point is about 4.78 m (on the WGS 84 sphere).
        let points = map().projection.points(forMeters: 100, at: CLLocationCoordinate2D(latitude: 60.17, longitude: 24.94))
        #expect(abs(points - 100 / (2 * Double.pi * 6_378_137 * cos(60.17 * .pi / 180) / (256 * 16384))) < 1e-6)
    }

    @Test func boundsAcrossTheAntimeridian() {
        let bounds = GMSCoordinateBounds(
            coordinate: CLLocationCoordinate2D(latitude: -10, longitude: 170),
            coordinate: CLLocationCoordinate2D(latitude: 10, longitude: -170))
        #expect(bounds.southWest.longitude == 170 && bounds.northEast.longitude == -170)
        #expect(bounds.contains(CLLocationCoordinate2D(latitude: 0, longitude: 180)))
        #expect(bounds.contains(CLLocationCoordinate2D(latitude: 0, longitude: -175)))
        #expect(!bounds.contains(CLLocationCoordinate2D(latitude: 0, longitude: 0)))
        #expect(!GMSCoordinateBounds().isValid)
        let grown = GMSCoordinateBounds().includingCoordinate(CLLocationCoordinate2D(latitude: 1, longitude: 2))
        #expect(grown.isValid && grown.northEast == grown.southWest)
        let other = GMSCoordinateBounds(
            coordinate: CLLocationCoordinate2D(latitude: 5, longitude: 175), coordinate: CLLocationCoordinate2D(latitude: 20, longitude: 178))
        #expect(bounds.intersects(other))
    }

    @Test func fitShowsTheBoundsWithPadding() {
        let map = map()
        let bounds = GMSCoordinateBounds(
            coordinate: CLLocationCoordinate2D(latitude: 60.16, longitude: 24.92),
            coordinate: CLLocationCoordinate2D(latitude: 60.18, longitude: 24.96))
        map.moveCamera(.fit(bounds, withPadding: 20))
        let projection = map.projection
        let sw = projection.point(for: bounds.southWest), ne = projection.point(for: bounds.northEast)
        // The tighter axis touches the padding; everything is inside.
        #expect(sw.x >= 19.999 && ne.x <= 380.001 && ne.y >= 19.999 && sw.y <= 780.001)
        #expect(abs(sw.x - 20) < 0.01 || abs(ne.y - 20) < 0.01)  // zoom is a Float
        #expect(map.camera(for: GMSCoordinateBounds(), insets: .zero) == nil)
    }

    @Test func geometryFunctions() {
        let a = CLLocationCoordinate2D(latitude: 0, longitude: 0), b = CLLocationCoordinate2D(latitude: 0, longitude: 90)
        #expect(abs(GMSGeometryDistance(a, b) - kGMSEarthRadius * .pi / 2) < 1e-6)
        #expect(abs(GMSGeometryHeading(a, b) - 90) < 1e-9)
        #expect(GMSGeometryHeading(a, a) == 0)
        let offset = GMSGeometryOffset(a, kGMSEarthRadius * .pi / 2, 90)
        #expect(abs(offset.longitude - 90) < 1e-9 && abs(offset.latitude) < 1e-9)
        let mid = GMSGeometryInterpolate(a, b, 0.5)
        #expect(abs(mid.longitude - 45) < 1e-9)
        let square = GMSMutablePath()
        for (lat, lon) in [(0.0, 0.0), (0, 1), (1, 1), (1, 0)] { square.addLatitude(lat, longitude: lon) }
        #expect(GMSGeometrySignedArea(square) > 0)
        #expect(abs(GMSGeometryArea(square) - 1.2364e10) / 1.2364e10 < 0.01)
        #expect(GMSGeometryContainsLocation(CLLocationCoordinate2D(latitude: 0.5, longitude: 0.5), square, true))
        #expect(!GMSGeometryContainsLocation(CLLocationCoordinate2D(latitude: 1.5, longitude: 0.5), square, false))
        #expect(GMSGeometryContainsLocation(CLLocationCoordinate2D(latitude: 1, longitude: 1), square, false))
        #expect(GMSGeometryIsLocationOnPath(CLLocationCoordinate2D(latitude: 0, longitude: 0.5), square, true))
        #expect(!GMSGeometryIsLocationOnPathTolerance(CLLocationCoordinate2D(latitude: 0.01, longitude: 0.5), square, true, 100))
        #expect(abs(GMSGeometryLength(square) - 3 * GMSGeometryDistance(a, CLLocationCoordinate2D(latitude: 0, longitude: 1))) < 200)
    }

    @Test func droppingTheMapFreesEverything() {
        weak var weakMap: GMSMapView?
        weak var weakHost: GMSMapViewHost?
        let marker = GMSMarker(position: CLLocationCoordinate2D(latitude: 60.17, longitude: 24.94))
        do {
            let map = map()
            let host = GMSMapViewHost(mapView: map)
            marker.title = "Helsinki"
            marker.map = map
            map.selectedMarker = marker
            _ = host.renderFrame(scale: 1)
            weakMap = map
            weakHost = host
        }
        #expect(weakMap == nil && weakHost == nil)
        #expect(marker.map == nil)
    }
}

@MainActor
@Suite("Map points, layer keys and target bounds")
struct MapPointAndLayerTests {
    @Test func mapPointsFollowTheSDKsConvention() {
        let centre = GMSProject(CLLocationCoordinate2D(latitude: 0, longitude: 0))
        #expect(abs(centre.x) < 1e-12 && abs(centre.y) < 1e-12)
        let east = GMSProject(CLLocationCoordinate2D(latitude: 45, longitude: 90))
        #expect(abs(east.x - 0.5) < 1e-12 && east.y > 0)
        let back = GMSUnproject(east)
        #expect(abs(back.latitude - 45) < 1e-9 && abs(back.longitude - 90) < 1e-9)
        let across = GMSMapPointInterpolate(GMSMapPoint(x: 0.9, y: 0), GMSMapPoint(x: -0.9, y: 0), 0.5)
        #expect(abs(abs(across.x) - 1) < 1e-12)
        #expect(abs(GMSMapPointDistance(GMSMapPoint(x: 0.9, y: 0), GMSMapPoint(x: -0.9, y: 0)) - 0.2) < 1e-12)
        let path = GMSMutablePath()
        path.addLatitude(0, longitude: 0)
        path.addLatitude(0, longitude: 1)
        #expect(abs(path.length(of: .rhumb) - path.length(of: .geodesic)) < 1e-6)
        #expect(abs(path.length(of: .projected) - 2.0 / 360) < 1e-12)
    }

    @Test func layerCameraKeysMoveTheCamera() {
        let map = MapHarness()
        map.mapView.layer.cameraLatitude = 48.85
        #expect(map.mapView.camera.target.latitude == 48.85)
        #expect(map.delegate.events == ["willMove(false)", "didChange", "idle"])
        map.mapView.layer.cameraZoomLevel = 8
        map.mapView.layer.cameraBearing = 90
        #expect(map.mapView.layer.cameraZoomLevel == 8 && map.mapView.camera.bearing == 90)
        CATransaction.begin()
        CATransaction.setAnimationDuration(1)
        map.mapView.layer.cameraLongitude = 2.35
        CATransaction.commit()
        map.host.advance(by: 0.5)
        #expect(map.mapView.camera.target.longitude > -0.127 && map.mapView.camera.target.longitude < 2.35)
        map.settle()
        #expect(abs(map.mapView.camera.target.longitude - 2.35) < 1e-9)
        #expect(kGMSLayerCameraLatitudeKey == "cameraLatitude")
    }

    @Test func cameraTargetBoundsHold() {
        let map = MapHarness()
        map.mapView.cameraTargetBounds = GMSCoordinateBounds(
            coordinate: CLLocationCoordinate2D(latitude: 51.4, longitude: -0.3), coordinate: CLLocationCoordinate2D(latitude: 51.6, longitude: 0.1))
        map.mapView.camera = GMSCameraPosition(latitude: 48.85, longitude: 2.35, zoom: 12)
        #expect(map.mapView.camera.target.latitude == 51.4 && map.mapView.camera.target.longitude == 0.1)
        map.mapView.animate(toLocation: CLLocationCoordinate2D(latitude: 60, longitude: -10))
        map.settle()
        #expect(map.mapView.camera.target.latitude == 51.6 && map.mapView.camera.target.longitude == -0.3)
        map.mapView.cameraTargetBounds = GMSCoordinateBounds()
        #expect(map.mapView.cameraTargetBounds == nil)
    }
}

@MainActor
@Suite("Perspective camera")
struct PerspectiveTests {
    private func map(tilt: Double, bearing: Double = 0) -> GMSMapView {
        makeMapView(frame: CGRect(x: 0, y: 0, width: 400, height: 800), camera: GMSCameraPosition(latitude: 60.17, longitude: 24.94, zoom: 16, bearing: bearing, viewingAngle: tilt))
    }

    @Test func roundTripIsExactToANanodegreeUnderTilt() {
        for tilt in [0.0, 20, 45, 65] {
            for bearing in [0.0, 33, 250] {
                let projection = map(tilt: tilt, bearing: bearing).projection
                for dx in stride(from: -0.004, through: 0.004, by: 0.002) {
                    for dy in stride(from: -0.002, through: 0.004, by: 0.002) {
                        let c = CLLocationCoordinate2D(latitude: 60.17 + dy, longitude: 24.94 + dx)
                        let p = projection.point(for: c)
                        guard p.y > -10_000 else { continue }
                        let back = projection.coordinate(for: p)
                        #expect(abs(back.latitude - c.latitude) < 1e-9 && abs(back.longitude - c.longitude) < 1e-9, "\(tilt) \(bearing)")
                    }
                }
            }
        }
    }

    @Test func tiltKeepsTheScaleAtTheFocusAndShrinksTheDistance() {
        let flat = map(tilt: 0).projection, tilted = map(tilt: 45).projection
        let near = CLLocationCoordinate2D(latitude: 60.169, longitude: 24.94)
        let far = CLLocationCoordinate2D(latitude: 60.171, longitude: 24.94)
        #expect(abs(flat.point(for: CLLocationCoordinate2D(latitude: 60.17, longitude: 24.94)).y - 400) < 1e-9)
        #expect(abs(tilted.point(for: CLLocationCoordinate2D(latitude: 60.17, longitude: 24.94)).y - 400) < 1e-9)
        // Far ground is drawn smaller, near ground larger, than without tilt.
        #expect(400 - tilted.point(for: far).y < 400 - flat.point(for: far).y)
        #expect(tilted.point(for: near).y - 400 < flat.point(for: near).y - 400)
    }

    @Test func visibleRegionIsATrapezoid() {
        let region = map(tilt: 45).projection.visibleRegion()
        let farWidth = region.farRight.longitude - region.farLeft.longitude
        let nearWidth = region.nearRight.longitude - region.nearLeft.longitude
        #expect(farWidth > nearWidth * 1.5)
        #expect(region.farLeft.latitude > region.nearLeft.latitude)
    }

    @Test func markersAreHitWhereTheyAreDrawnUnderTilt() throws {
        let map = MapHarness()
        map.mapView.camera = GMSCameraPosition(latitude: 51.5, longitude: -0.127, zoom: 17, bearing: 40, viewingAngle: 60)
        map.delegate.clear()
        let marker = map.addMarker("far", at: CLLocationCoordinate2D(latitude: 51.5015, longitude: -0.126))
        map.answers.handledMarkers = ["far"]
        let centre = try #require(map.host.iconCenter(of: marker))
        map.tap(centre)
        #expect(map.delegate.events == ["didTap:far"])
        let coordinate = map.mapView.projection.coordinate(for: map.mapView.projection.point(for: marker.position))
        #expect(abs(coordinate.latitude - marker.position.latitude) < 1e-9)
    }
}
