import OpenMaps
import Testing

@Suite("GMSPath")
struct PathTests {
    /// The example from Google's polyline algorithm documentation.
    @Test func encodedPolylineMatchesGooglesExample() throws {
        let path = GMSMutablePath()
        path.addLatitude(38.5, longitude: -120.2)
        path.addLatitude(40.7, longitude: -120.95)
        path.addLatitude(43.252, longitude: -126.453)
        #expect(path.encodedPath() == "_p~iF~ps|U_ulLnnqC_mqNvxq`@")
        let decoded = try #require(GMSPath(fromEncodedPath: "_p~iF~ps|U_ulLnnqC_mqNvxq`@"))
        #expect(decoded.count() == 3)
        #expect(decoded.coordinate(at: 2) == CLLocationCoordinate2D(latitude: 43.252, longitude: -126.453))
    }

    @Test func malformedEncodedPathsAreNil() {
        for text in ["_p~iF~ps|U_", "_p~iF", "abc def", "\u{1}", String(repeating: "~", count: 20)] {
            #expect(GMSPath(fromEncodedPath: text) == nil, "\(text)")
        }
        #expect(GMSPath(fromEncodedPath: "")?.count() == 0)
    }

    @Test func mutablePathIgnoresBadIndices() {
        let path = GMSMutablePath()
        path.add(CLLocationCoordinate2D(latitude: 1, longitude: 2))
        path.removeCoordinate(at: 5)
        path.replaceCoordinate(at: 9, with: CLLocationCoordinate2D())
        path.insert(CLLocationCoordinate2D(latitude: 3, longitude: 4), at: 7)
        #expect(path.count() == 1)
        #expect(!path.coordinate(at: 3).isValid)
        let moved = path.pathOffset(byLatitude: 1, longitude: -1)
        #expect(moved.coordinate(at: 0) == CLLocationCoordinate2D(latitude: 2, longitude: 1))
        path.removeLastCoordinate()
        path.removeLastCoordinate()
        #expect(path.count() == 0 && moved.count() == 1)
    }
}
