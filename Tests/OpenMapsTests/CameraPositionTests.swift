import OpenMaps
import Testing

@Suite("GMSCameraPosition")
struct CameraPositionTests {
    /// docs/behaviour.md rule 21: zoom in [2, 21]; latitude clamped to [-85, 85]; longitude wrapped
    /// into [-180, 180); bearing wrapped into [0, 360); viewing angle 0...30 at zoom ≤ 10,
    /// rising linearly to 65 at zoom ≥ 16.
    @Test func rule21CameraLimits() {
        let camera = GMSCameraPosition(latitude: 100, longitude: 480, zoom: 25, bearing: 400, viewingAngle: 90)
        #expect(camera.target.latitude == 85)
        #expect(camera.target.longitude == 120)
        #expect(camera.zoom == 21)
        #expect(camera.bearing == 40)
        #expect(camera.viewingAngle == 65)
        #expect(GMSCameraPosition(latitude: -100, longitude: 180, zoom: 0).target.longitude == -180)
        #expect(GMSCameraPosition(latitude: -100, longitude: 180, zoom: 0).target.latitude == -85)
        #expect(GMSCameraPosition(latitude: 0, longitude: -540, zoom: 0).target.longitude == -180)
        #expect(GMSCameraPosition(latitude: 0, longitude: 0, zoom: 1).zoom == kGMSMinZoomLevel)
        #expect(GMSCameraPosition(latitude: 0, longitude: 0, zoom: 3, bearing: -30, viewingAngle: -5).bearing == 330)
        #expect(GMSCameraPosition(latitude: 0, longitude: 0, zoom: 8, bearing: 0, viewingAngle: 45).viewingAngle == 30)
        #expect(GMSCameraPosition(latitude: 0, longitude: 0, zoom: 13, bearing: 0, viewingAngle: 60).viewingAngle == 47.5)
        #expect(kGMSMinZoomLevel == 2 && kGMSMaxZoomLevel == 21)
    }

    @Test func nonFiniteValuesNeverEscape() {
        let camera = GMSCameraPosition(
            latitude: .nan, longitude: .infinity, zoom: .nan, bearing: .nan, viewingAngle: .infinity)
        #expect(camera.target == CLLocationCoordinate2D(latitude: 0, longitude: 0))
        #expect(camera.zoom == kGMSMinZoomLevel && camera.bearing == 0 && camera.viewingAngle == 0)
    }

    @Test func mutableCopyClampsEachChange() {
        let camera = GMSCameraPosition.camera(withLatitude: 51.5, longitude: -0.127, zoom: 16).mutableCopy() as! GMSMutableCameraPosition
        camera.viewingAngle = 60
        #expect(camera.viewingAngle == 60)
        camera.zoom = 10
        #expect(camera.viewingAngle == 30)
        camera.bearing = 720
        #expect(camera.bearing == 0)
        camera.target = CLLocationCoordinate2D(latitude: 89, longitude: 190)
        #expect(camera.target.latitude == 85 && camera.target.longitude == -170)
    }

    @Test func zoomForMetersPerPoints() {
        // At the equator, zoom 0 has 2πR/256 m per point (R = 6,371,009 m): about 156,366 m.
        let metersPerPoint = 2 * Double.pi * 6_371_009 / 256
        let zoom = GMSCameraPosition.zoom(at: CLLocationCoordinate2D(), forMeters: metersPerPoint, perPoints: 1)
        #expect(abs(zoom) < 0.001)
        let closer = GMSCameraPosition.zoom(at: CLLocationCoordinate2D(), forMeters: metersPerPoint / 1024, perPoints: 1)
        #expect(abs(closer - 10) < 0.001)
    }
}
