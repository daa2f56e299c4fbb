import OpenMaps
import OpenMapsTesting
import Testing

@MainActor
@Suite("Guide: ground overlays")
struct GroundOverlaysSnippetTests {
  private func campus() -> (CampusPlanViewController, MapDriver) {
    let controller = CampusPlanViewController()
    return (controller, hostWithoutBasemap(controller, controller.mapView))
  }

  @Test("An overlay made with bounds covers them, anchored at their centre")
  func overlayByBounds() throws {
    let (controller, _) = campus()
    let overlay = controller.campusPlan!
    #expect(overlay.map === controller.mapView)
    let bounds = try #require(overlay.bounds)
    #expect(same(bounds.southWest, CampusPlanViewController.campusSouthWest, within: 1e-9))
    #expect(same(bounds.northEast, CampusPlanViewController.campusNorthEast, within: 1e-9))
    #expect(overlay.anchor == CGPoint(x: 0.5, y: 0.5))
    let middle = CLLocationCoordinate2D(latitude: -33.8875, longitude: 151.1895)
    #expect(same(overlay.position, middle, within: 1e-4))
  }

  @Test("An overlay placed by position is its image's size on screen at its zoom level")
  func overlayByPositionAndZoom() throws {
    let (controller, _) = campus()
    let badge = controller.festivalBadge!
    let bounds = try #require(badge.bounds)
    #expect(bounds.contains(badge.position))
    // The camera is at zoom 16, the badge's zoom level: 64 points across.
    let west = controller.mapView.projection.point(for: bounds.southWest)
    let east = controller.mapView.projection.point(for: bounds.northEast)
    #expect(abs((east.x - west.x) - 64) < 1)
    #expect(abs((west.y - east.y) - 64) < 1)
  }

  @Test("A tap on a tappable ground overlay reports it")
  func overlayTap() {
    let (controller, driver) = campus()
    driver.tap(at: controller.mapView.projection.point(for: controller.campusPlan.position))
    driver.settle()
    #expect(controller.tappedOverlays == ["Campus plan"])
    #expect(controller.campusPlan.opacity == 0.4)
    driver.tap(at: controller.mapView.projection.point(for: controller.festivalBadge.position))
    driver.settle()
    #expect(controller.tappedOverlays == ["Campus plan", "Festival"])
  }

  @Test("Removing an overlay takes it off the map, and taps pass through")
  func removingAnOverlay() {
    let (controller, driver) = campus()
    controller.removePlan()
    #expect(controller.campusPlan.map == nil)
    driver.tap(at: controller.mapView.projection.point(for: controller.campusPlan.position))
    driver.settle()
    #expect(controller.tappedOverlays.isEmpty)
  }
}
