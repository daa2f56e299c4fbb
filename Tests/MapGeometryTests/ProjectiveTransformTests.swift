import Foundation
import MapGeometry
import Testing

@Suite("Projective transform")
struct ProjectiveTransformTests {
    @Test func composingAndInvertingRoundTrips() throws {
        let t = ProjectiveTransform(2, 0.5, 3, -1, 1.5, 4, 0.01, 0.02, 1)
        let inverse = try #require(t.inverted)
        let p = t.apply(7, -3)
        let back = inverse.apply(p.x, p.y)
        #expect(abs(back.x - 7) < 1e-12 && abs(back.y + 3) < 1e-12)
        let both = t.after(inverse)
        #expect(both.entries.enumerated().allSatisfy { abs($0.element - ProjectiveTransform.identity.entries[$0.offset]) < 1e-12 })
        #expect(ProjectiveTransform(1, 2, 3, 2, 4, 6, 0, 0, 1).inverted == nil)
        #expect(ProjectiveTransform(.nan, 0, 0, 0, 1, 0, 0, 0, 1).inverted == nil)
    }

    @Test func viewportMappingAgreesWithItsPointsOnTheGround() {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<200 {
            let viewport = Viewport(
                target: CLLocationCoordinate2D(latitude: .random(in: -80...80, using: &generator), longitude: .random(in: -180...180, using: &generator)),
                zoom: .random(in: 0...20, using: &generator), bearing: .random(in: 0..<360, using: &generator),
                tilt: .random(in: 0...60, using: &generator), width: 400, height: 300)
            let mapping = viewport.mercatorToView
            let p = viewport.mercator(for: .random(in: 0...400, using: &generator), .random(in: 0...300, using: &generator))
            let expected = viewport.point(forMercator: p)
            let actual = mapping.apply(p.x, p.y)
            #expect(abs(actual.x - expected.x) < 1e-4 && abs(actual.y - expected.y) < 1e-4 && actual.w > 0)
            if let inverse = mapping.inverted {
                let back = inverse.apply(actual.x, actual.y)
                #expect(abs(back.x - p.x) < 1e-9 && abs(back.y - p.y) < 1e-9)
            }
        }
    }
}
