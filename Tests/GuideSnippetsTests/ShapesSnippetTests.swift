import OpenMaps
import OpenMapsTesting
import Testing

@MainActor
@Suite("Guide: shapes")
struct ShapesSnippetTests {
  private func harbour() -> (RouteShapesViewController, MapDriver) {
    let controller = RouteShapesViewController()
    return (controller, hostWithoutBasemap(controller, controller.mapView))
  }

  private func point(_ latitude: Double, _ longitude: Double, on controller: RouteShapesViewController) -> CGPoint {
    controller.mapView.projection.point(for: CLLocationCoordinate2D(latitude: latitude, longitude: longitude))
  }

  @Test("Every shape is on the map")
  func everyShapeIsOnTheMap() {
    let (controller, _) = harbour()
    let shapes: [GMSOverlay] = [
      controller.ferryLine, controller.walkway, controller.fadingTrail, controller.park, controller.swimZone,
      controller.tasmanCrossing,
    ]
    #expect(shapes.allSatisfy { $0.map === controller.mapView })
  }

  @Test("A tap inside a tappable polygon reports the polygon, not the map")
  func polygonTap() {
    let (controller, driver) = harbour()
    driver.tap(at: point(-33.8710, 151.2065, on: controller))
    driver.settle()
    #expect(controller.tappedShapes == ["Park"])
    #expect(controller.mapTaps == 0)
    #expect(controller.park.strokeWidth == 5)
  }

  @Test("A tap in a polygon's hole is not a tap on the polygon")
  func holeTap() {
    let (controller, driver) = harbour()
    driver.tap(at: point(-33.8730, 151.2100, on: controller))
    driver.settle()
    #expect(controller.tappedShapes.isEmpty)
    #expect(controller.mapTaps == 1)
  }

  @Test("A tap within a tappable circle's radius reports the circle")
  func circleTap() {
    let (controller, driver) = harbour()
    driver.tap(at: controller.mapView.projection.point(for: controller.swimZone.position))
    driver.settle()
    #expect(controller.tappedShapes == ["Swimming zone"])
  }

  @Test("A tap on a tappable polyline reports the line")
  func polylineTap() {
    let (controller, driver) = harbour()
    let path = controller.manlyFerry.path
    let onLine = GMSGeometryInterpolate(path.coordinate(at: 0), path.coordinate(at: 1), 0.5)
    driver.tap(at: controller.mapView.projection.point(for: onLine))
    driver.settle()
    #expect(controller.tappedShapes == ["F1 Manly"])
  }

  @Test("Shapes that are not tappable let the tap through to the map")
  func untappableShapes() throws {
    let (controller, driver) = harbour()
    #expect(!controller.walkway.isTappable)
    let path = try #require(controller.walkway.path)
    let onLine = GMSGeometryInterpolate(path.coordinate(at: 0), path.coordinate(at: 1), 0.5)
    driver.tap(at: controller.mapView.projection.point(for: onLine))
    driver.settle()
    #expect(controller.tappedShapes.isEmpty && controller.mapTaps == 1)
  }

  @Test("GMSStyleSpans covers the whole route, alternating its styles")
  func styleSpansCoverTheRoute() throws {
    let (controller, _) = harbour()
    let spans = try #require(controller.ferryLine.spans)
    #expect(spans.count > 2)
    let covered = spans.reduce(0) { $0 + $1.segments }
    #expect(abs(covered - Double(controller.manlyFerry.legCount)) < 1e-6)
    for (span, next) in zip(spans, spans.dropFirst()) {
      #expect(span.style !== next.style, "neighbouring spans alternate")
    }
  }

  @Test("Spans can be given by segments, and a gradient fills the rest")
  func spansBySegments() throws {
    let (controller, _) = harbour()
    let spans = try #require(controller.fadingTrail.spans)
    #expect(spans.map(\.segments) == [1.5, 1])
  }

  @Test("A stroke style keeps the texture stamped on it")
  func stampedStroke() throws {
    let (controller, _) = harbour()
    let style = try #require(controller.walkway.spans?.first?.style)
    let stamp = try #require(style.stampStyle as? GMSTextureStyle)
    #expect(stamp.stampImage.size.width > 0)
  }

  @Test("A polygon's hole is a path of its own; the outline alone contains the pond")
  func holesAreSeparatePaths() throws {
    let (controller, _) = harbour()
    let outline = try #require(controller.park.path)
    let hole = try #require(controller.park.holes?.first)
    let pond = CLLocationCoordinate2D(latitude: -33.8730, longitude: 151.2100)
    #expect(GMSGeometryContainsLocation(pond, outline, true))
    #expect(GMSGeometryContainsLocation(pond, hole, true))
  }

  @Test("Routes are model objects: built and measured off the main actor")
  func routesBuiltOffTheMainActor() async {
    let length = await Task.detached {
      HarbourFerryRoute(name: "F2", stops: [
        CLLocationCoordinate2D(latitude: -33.8610, longitude: 151.2110),
        CLLocationCoordinate2D(latitude: -33.8480, longitude: 151.2400),
      ]).lengthInMeters
    }.value
    let expected = haversine(
      CLLocationCoordinate2D(latitude: -33.8610, longitude: 151.2110), CLLocationCoordinate2D(latitude: -33.8480, longitude: 151.2400))
    #expect(abs(length - expected) < 0.01)
    let polygonHoles = await Task.detached { makeParkWithPond().holes?.count ?? 0 }.value
    #expect(polygonHoles == 1)
  }

  @Test("A geodesic line is drawn along the great circle")
  func geodesicLine() {
    let (controller, _) = harbour()
    #expect(controller.tasmanCrossing.geodesic && controller.ferryLine.geodesic)
    #expect(!controller.walkway.geodesic)
  }
}
