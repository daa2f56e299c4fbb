import OpenMaps
import OpenMapsTesting
import Testing

@MainActor
@Suite("Guide: markers")
struct MarkersSnippetTests {
  /// The wharves hosted at phone size over no basemap.
  private func harbour() -> (HarbourMarkersViewController, MapDriver) {
    let controller = HarbourMarkersViewController()
    return (controller, hostWithoutBasemap(controller, controller.mapView))
  }

  @Test("A new marker has the SDK's defaults")
  func markerDefaults() {
    let marker = GMSMarker()
    #expect(marker.tracksViewChanges && !marker.tracksInfoWindowChanges)
    #expect(marker.groundAnchor == CGPoint(x: 0.5, y: 1) && marker.infoWindowAnchor == CGPoint(x: 0.5, y: 0))
    #expect(marker.opacity == 1 && marker.rotation == 0 && !marker.isFlat && !marker.isDraggable)
    #expect(marker.appearAnimation == .none && marker.zIndex == 0 && marker.isTappable)
    #expect(marker.icon == nil && marker.iconView == nil && marker.map == nil && marker.userData == nil)
  }

  @Test("Every marker the controller adds is on its map")
  func everyMarkerIsOnTheMap() {
    let (controller, driver) = harbour()
    let markers: [GMSMarker] = [
      controller.circularQuay, controller.compassRose, controller.oldWharf, controller.meetingPoint,
      controller.buoy, controller.upperPin, controller.lowerPin,
    ]
    for marker in markers {
      #expect(marker.map === controller.mapView, "\(marker.title ?? "untitled")")
      #expect(driver.host.iconCenter(of: marker) != nil, "\(marker.title ?? "untitled") is drawn")
    }
  }

  @Test("A default marker stands on its position: the ground anchor is the icon's bottom centre")
  func defaultGroundAnchor() throws {
    let (controller, driver) = harbour()
    let icon = try #require(driver.host.iconCenter(of: controller.oldWharf))
    let foot = controller.mapView.projection.point(for: controller.oldWharf.position)
    #expect(abs(icon.x - foot.x) < 1 && icon.y < foot.y)
  }

  @Test("A flat marker anchored at its centre is centred on its position however it is turned")
  func flatMarkerAnchoredAtItsCentre() throws {
    let (controller, driver) = harbour()
    let icon = try #require(driver.host.iconCenter(of: controller.compassRose))
    let position = controller.mapView.projection.point(for: controller.compassRose.position)
    #expect(same(icon, position, within: 1))
    #expect(controller.compassRose.isFlat && controller.compassRose.rotation == 45)
  }

  @Test("userData comes back with the tapped marker")
  func userDataComesBackOnTap() {
    let (controller, driver) = harbour()
    #expect(driver.tap(controller.circularQuay))
    driver.settle()
    #expect(controller.tappedWharves == ["Circular Quay"])
    #expect((controller.circularQuay.userData as? FerryWharf)?.wharfNumber == 4)
  }

  @Test("Of two markers on one spot, the higher zIndex is drawn and tapped on top")
  func higherZIndexIsOnTop() throws {
    let (controller, driver) = harbour()
    let spot = try #require(driver.host.iconCenter(of: controller.upperPin))
    #expect(driver.host.marker(at: spot) === controller.upperPin)
    controller.lowerPin.zIndex = 2
    #expect(driver.host.marker(at: spot) === controller.lowerPin)
  }

  @Test("A marker made selected at load has its info window open")
  func selectedAtLoadShowsItsWindow() {
    let (controller, driver) = harbour()
    #expect(controller.mapView.selectedMarker === controller.circularQuay)
    #expect(driver.host.isInfoWindowOpen(for: controller.circularQuay))
  }

  @Test("Setting map to nil removes a marker; removing the selected marker closes its window")
  func removingMarkers() {
    let (controller, driver) = harbour()
    controller.removeOldWharf()
    #expect(controller.oldWharf.map == nil)
    #expect(driver.host.iconCenter(of: controller.oldWharf) == nil)
    controller.circularQuay.map = nil
    #expect(controller.mapView.selectedMarker == nil)
    #expect(!driver.host.isInfoWindowOpen(for: controller.circularQuay))
  }

  @Test("clear() removes every marker")
  func clearRemovesEveryMarker() {
    let (controller, _) = harbour()
    controller.removeEveryMarker()
    let markers: [GMSMarker] = [controller.circularQuay, controller.compassRose, controller.buoy, controller.upperPin]
    #expect(markers.allSatisfy { $0.map == nil })
    #expect(controller.mapView.selectedMarker == nil)
  }

  @Test("An icon view animates on the map's clock; then tracksViewChanges goes off")
  func iconViewAnimatesThenStopsTracking() {
    let (controller, driver) = harbour()
    controller.pulseBuoy()
    #expect(controller.buoy.tracksViewChanges)
    #expect(!controller.pulseFinished, "the animation runs on the map's clock, not at once")
    driver.settle(limit: 5)
    #expect(controller.pulseFinished)
    #expect(!controller.buoy.tracksViewChanges)
    #expect(abs(controller.buoyView.alpha - 0.4) < 1e-6)
  }

  @Test("Dragging a draggable marker moves it")
  func draggingMovesTheMarker() {
    let (controller, driver) = harbour()
    controller.mapView.selectedMarker = nil  // no info window over the pin
    let before = controller.meetingPoint.position
    driver.drag(controller.meetingPoint, to: CGPoint(x: 330, y: 250))
    driver.settle()
    #expect(controller.meetingPoint.position.latitude > before.latitude)
    #expect(controller.meetingPoint.position.longitude > before.longitude)
  }

  @Test("Markers can be built off the main actor and put on a map on it")
  func markersBuiltElsewhereJoinTheMap() async {
    let (controller, driver) = harbour()
    let position = CLLocationCoordinate2D(latitude: -33.8590, longitude: 151.2120)
    let snippet = await Task.detached {
      makeLandmarkMarker(at: position, title: "Elsewhere", snippet: "built off the main actor").snippet
    }.value
    let marker = makeLandmarkMarker(at: position, title: "Elsewhere", snippet: snippet)
    marker.map = controller.mapView
    #expect(driver.host.iconCenter(of: marker) != nil)
  }
}
