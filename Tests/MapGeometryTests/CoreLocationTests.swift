import MapGeometry
import Testing

@Suite("CoreLocation types")
struct CoreLocationTests {
    @Test func coordinateValidityFollowsCoreLocation() {
        #expect(CLLocationCoordinate2DIsValid(CLLocationCoordinate2D(latitude: 51.5, longitude: -0.127)))
        #expect(CLLocationCoordinate2DIsValid(CLLocationCoordinate2D(latitude: -90, longitude: 180)))
        #expect(!CLLocationCoordinate2DIsValid(CLLocationCoordinate2D(latitude: 91, longitude: 0)))
        #expect(!CLLocationCoordinate2DIsValid(CLLocationCoordinate2D(latitude: 0, longitude: -180.5)))
        #expect(!CLLocationCoordinate2DIsValid(CLLocationCoordinate2D(latitude: .nan, longitude: 0)))
        #expect(!CLLocationCoordinate2DIsValid(CLLocationCoordinate2D(latitude: 0, longitude: .infinity)))
        #expect(!kCLLocationCoordinate2DInvalid.isValid)
        #expect(CLLocationCoordinate2D() == CLLocationCoordinate2DMake(0, 0))
    }

    @Test func locationDistanceIsGreatCircle() {
        let london = CLLocation(latitude: 51.5074, longitude: -0.1278)
        let paris = CLLocation(latitude: 48.8566, longitude: 2.3522)
        // About 343.5 km on the mean-radius sphere.
        #expect(abs(london.distance(from: paris) - 343_560) < 500)
        #expect(london.distance(from: london) == 0)
    }
}

@Suite("Web Mercator")
struct WebMercatorTests {
    @Test func projectionRoundTripsWithinValidLatitudes() {
        for latitude in stride(from: -85.0, through: 85.0, by: 8.5) {
            for longitude in stride(from: -180.0, through: 180.0, by: 22.5) {
                let coordinate = CLLocationCoordinate2D(latitude: latitude, longitude: longitude)
                let back = WebMercator.unproject(WebMercator.project(coordinate))
                #expect(abs(back.latitude - latitude) < 1e-9)
                #expect(abs(back.longitude - longitude) < 1e-9)
            }
        }
    }

    @Test func worldCornersAndCentre() {
        let centre = WebMercator.project(CLLocationCoordinate2D(latitude: 0, longitude: 0))
        #expect(abs(centre.x - 0.5) < 1e-12 && abs(centre.y - 0.5) < 1e-12)
        let corner = WebMercator.project(CLLocationCoordinate2D(latitude: 89, longitude: -180))
        #expect(corner.x == 0 && abs(corner.y) < 1e-9)
        #expect(WebMercator.worldSize(atZoom: 0) == 256)
        #expect(WebMercator.worldSize(atZoom: 2) == 1024)
    }
}
