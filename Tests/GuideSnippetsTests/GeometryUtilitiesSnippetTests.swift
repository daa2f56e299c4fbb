import OpenMaps
import OpenMapsTesting
import Testing

@MainActor
@Suite("Guide: geometry utilities")
struct GeometryUtilitiesSnippetTests {
  // The planner's three points.
  private let marbleArch = CLLocationCoordinate2D(latitude: 51.5131, longitude: -0.1589)
  private let serpentine = CLLocationCoordinate2D(latitude: 51.5052, longitude: -0.1645)
  private let hydeParkCorner = CLLocationCoordinate2D(latitude: 51.5027, longitude: -0.1527)

  private func walk() -> WalkingTrack {
    WalkingTrack([marbleArch, serpentine, hydeParkCorner])
  }

  @Test("GMSGeometryDistance is the great-circle distance on the SDK's sphere")
  func distanceIsGreatCircle() {
    let track = walk()
    let expected = haversine(marbleArch, hydeParkCorner)
    #expect(abs(track.straightLineDistance - expected) < 1e-6 * expected)
    #expect(GMSGeometryDistance(marbleArch, marbleArch) == 0)
  }

  @Test("GMSGeometryLength is the sum of the legs")
  func lengthIsTheSumOfLegs() {
    let track = walk()
    let legs = GMSGeometryDistance(marbleArch, serpentine) + GMSGeometryDistance(serpentine, hydeParkCorner)
    #expect(abs(track.length - legs) < 1e-6)
    #expect(track.length > track.straightLineDistance)
  }

  @Test("GMSGeometryHeading is 0 due north and 90 due east, in 0..<360")
  func headings() {
    let origin = CLLocationCoordinate2D(latitude: 0, longitude: 0)
    #expect(abs(GMSGeometryHeading(origin, CLLocationCoordinate2D(latitude: 1, longitude: 0))) < 1e-9)
    #expect(abs(GMSGeometryHeading(origin, CLLocationCoordinate2D(latitude: 0, longitude: 1)) - 90) < 1e-9)
    let southWest = GMSGeometryHeading(origin, CLLocationCoordinate2D(latitude: -1, longitude: -1))
    #expect(southWest >= 180 && southWest < 270)
    #expect(walk().firstLegHeading > 180, "Marble Arch to the Serpentine heads south-west")
  }

  @Test("GMSGeometryOffset goes the distance at the heading")
  func offsetGoesTheDistance() {
    let there = GMSGeometryOffset(serpentine, 1000, 60)
    #expect(abs(GMSGeometryDistance(serpentine, there) - 1000) < 1e-3)
    #expect(abs(GMSGeometryHeading(serpentine, there) - 60) < 1e-6)
  }

  @Test("GMSGeometryInterpolate halfway is equally far from both ends")
  func interpolateHalfway() {
    let middle = walk().firstLegMidpoint
    #expect(abs(GMSGeometryDistance(marbleArch, middle) - GMSGeometryDistance(middle, serpentine)) < 1e-6)
  }

  @Test("GMSGeometryArea of a 100 m square is 10,000 m²; clockwise paths have negative signed area")
  func areas() {
    let lawn = makeSquareLawn(around: serpentine, side: 100)
    #expect(abs(GMSGeometryArea(lawn) - 10_000) < 50)
    #expect(GMSGeometrySignedArea(lawn) < 0)
  }

  @Test("GMSGeometryContainsLocation: the centre is on the lawn, 100 m away is not")
  func containsLocation() {
    let controller = WalkPlannerViewController()
    controller.loadViewIfNeeded()
    #expect(controller.isOnLawn(serpentine))
    #expect(!controller.isOnLawn(GMSGeometryOffset(serpentine, 100, 45)))
  }

  @Test("GMSGeometryIsLocationOnPathTolerance: halfway along a leg is on the walk, 100 m off it is not")
  func locationOnPath() {
    let track = walk()
    let onTheWay = track.firstLegMidpoint
    #expect(track.passes(onTheWay, within: 1))
    #expect(GMSGeometryIsLocationOnPath(onTheWay, track.path, true))
    let offTheWay = GMSGeometryOffset(onTheWay, 100, track.firstLegHeading + 90)
    #expect(!track.passes(offTheWay, within: 10))
  }

  @Test("Encoded paths round-trip to within a metre")
  func encodedPathsRoundTrip() throws {
    let track = walk()
    let decoded = try #require(WalkingTrack.decoded(track.encoded()))
    #expect(decoded.path.count() == track.path.count())
    for index in 0..<track.path.count() {
      #expect(GMSGeometryDistance(decoded.path.coordinate(at: index), track.path.coordinate(at: index)) < 1)
    }
  }

  @Test("GMSProject and GMSUnproject round-trip; projected distances are short-path")
  func projection() {
    let point = GMSProject(serpentine)
    #expect(point.x >= -1 && point.x <= 1)
    #expect(same(GMSUnproject(point), serpentine, within: 1e-9))
    let controller = WalkPlannerViewController()
    controller.loadViewIfNeeded()
    #expect(controller.projectedSpan() > 0)
  }

  @Test("The planner marks halfway and labels the walk's length")
  func plannerMarksHalfway() {
    let controller = WalkPlannerViewController()
    controller.loadViewIfNeeded()
    #expect(controller.halfwayMarker.map === controller.mapView)
    #expect(same(controller.halfwayMarker.position, controller.track.firstLegMidpoint))
    #expect(controller.halfwayMarker.snippet == "\(Int(controller.track.length.rounded())) m in all")
  }

  @Test("Geometry runs off the main actor")
  func geometryOffTheMainActor() async {
    let length = await Task.detached {
      WalkingTrack([
        CLLocationCoordinate2D(latitude: 51.5131, longitude: -0.1589),
        CLLocationCoordinate2D(latitude: 51.5027, longitude: -0.1527),
      ]).length
    }.value
    #expect(length > 1000 && length < 1500)
  }
}
