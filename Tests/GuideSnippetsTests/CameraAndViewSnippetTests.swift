import OpenMaps
import OpenMapsTesting
import Testing

@MainActor
@Suite("Guide: camera and view")
struct CameraAndViewSnippetTests {
  /// The tour hosted at phone size over no basemap (nothing here needs one).
  private func tour() -> (CameraTourViewController, MapDriver) {
    let controller = CameraTourViewController()
    return (controller, hostWithoutBasemap(controller, controller.mapView))
  }

  @Test("Setting camera moves it at once, without animation")
  func settingTheCameraMovesItAtOnce() {
    let (controller, _) = tour()
    controller.jumpToBridge()
    let camera = controller.mapView.camera
    #expect(same(camera.target, CameraTourViewController.harbourBridge))
    #expect(camera.zoom == 15 && camera.bearing == 30 && camera.viewingAngle == 40)
  }

  @Test("animate(to:) inside a CATransaction lasts the transaction's duration")
  func animationTakesTheTransactionsDuration() {
    let (controller, driver) = tour()
    controller.jumpToBridge()
    controller.flyToOperaHouse()
    driver.advance(by: 1.0)
    let halfway = controller.mapView.camera
    #expect(halfway.zoom > 15.05 && halfway.zoom < 15.95, "still on the way after one of two seconds")
    driver.advance(by: 1.1)
    let arrived = controller.mapView.camera
    #expect(same(arrived.target, CameraTourViewController.operaHouse, within: 1e-7))
    #expect(abs(arrived.zoom - 16) < 1e-4 && abs(arrived.bearing) < 1e-6)
  }

  @Test("A mutable copy of the camera changes only what it sets")
  func aMutableCameraChangesOnlyWhatItSets() {
    let (controller, driver) = tour()
    let before = controller.mapView.camera
    controller.lookUpTheHarbour()
    driver.settle()
    let after = controller.mapView.camera
    #expect(abs(after.bearing - 90) < 1e-6 && abs(after.viewingAngle - 45) < 1e-6)
    #expect(same(after.target, before.target, within: 1e-7) && abs(after.zoom - before.zoom) < 1e-4)
    #expect(before.bearing == 0, "the camera read before is a snapshot")
  }

  @Test("Animating one property leaves the others")
  func animatingOnePropertyLeavesTheOthers() {
    let (controller, driver) = tour()
    let before = controller.mapView.camera
    controller.faceSouth()
    driver.settle()
    #expect(abs(controller.mapView.camera.bearing - 180) < 1e-6)
    #expect(same(controller.mapView.camera.target, before.target, within: 1e-7))
    controller.zoomToNeighbourhood()
    driver.settle()
    #expect(abs(controller.mapView.camera.zoom - 16) < 1e-4)
    #expect(abs(controller.mapView.camera.bearing - 180) < 1e-6)
  }

  @Test("zoomIn and zoomOut change the zoom by exactly one")
  func zoomInAndOutChangeByOne() {
    let (controller, driver) = tour()
    controller.zoomInOneLevel()
    driver.settle()
    #expect(abs(controller.mapView.camera.zoom - 14) < 1e-4)
    controller.zoomOutOneLevel()
    driver.settle()
    #expect(abs(controller.mapView.camera.zoom - 13) < 1e-4)
    controller.zoomToStreets()
    #expect(controller.mapView.camera.zoom == 17)
  }

  @Test("setTarget(_:zoom:) centres the target at that zoom")
  func setTargetCentresTheTarget() {
    let (controller, driver) = tour()
    controller.centreOnZoo()
    driver.settle()
    #expect(same(controller.mapView.camera.target, CameraTourViewController.tarongaZoo, within: 1e-7))
    #expect(abs(controller.mapView.camera.zoom - 15) < 1e-4)
    let point = controller.mapView.projection.point(for: CameraTourViewController.tarongaZoo)
    #expect(same(point, phoneCentre))
  }

  @Test("setCamera restores a saved camera")
  func setCameraRestoresASavedCamera() {
    let (controller, _) = tour()
    controller.jumpToBridge()
    let saved = controller.mapView.camera
    controller.zoomToStreets()
    controller.restoreTour(saved)
    #expect(controller.mapView.areEqual(forRenderingPosition: controller.mapView.camera, position: saved))
  }

  @Test("scrollBy moves the view's centre by points: the old centre moves the other way")
  func scrollByMovesByPoints() {
    let (controller, _) = tour()
    let before = controller.mapView.camera.target
    controller.panEast(by: 100)
    #expect(controller.mapView.camera.target.longitude > before.longitude)
    let oldCentre = controller.mapView.projection.point(for: before)
    #expect(same(oldCentre, CGPoint(x: phoneCentre.x - 100, y: phoneCentre.y)))
  }

  @Test("zoom(by:at:) keeps the ground under the focus point where it is")
  func zoomAboutAPointKeepsItStill() {
    let (controller, _) = tour()
    let focus = CGPoint(x: 100, y: 200)
    let ground = controller.mapView.projection.coordinate(for: focus)
    controller.zoomTwoLevels(about: focus)
    #expect(abs(controller.mapView.camera.zoom - 15) < 1e-4)
    #expect(same(controller.mapView.projection.point(for: ground), focus))
  }

  @Test("fit(_:withPadding:) shows every landmark inside the padding, as large as it can")
  func fitBoundsShowsEveryLandmarkInsideThePadding() {
    let (controller, _) = tour()
    controller.showAllLandmarks()
    let landmarks = [
      CameraTourViewController.harbourBridge, CameraTourViewController.operaHouse,
      CameraTourViewController.tarongaZoo, CameraTourViewController.barangaroo,
    ]
    let inside = CGRect(origin: .zero, size: phoneSize).insetBy(dx: 60 - 0.5, dy: 60 - 0.5)
    var nearestEdge = CGFloat.infinity
    for landmark in landmarks {
      let point = controller.mapView.projection.point(for: landmark)
      #expect(inside.contains(point), "\(landmark) at \(point)")
      nearestEdge = min(nearestEdge, point.x - 60, phoneSize.width - 60 - point.x, point.y - 60, phoneSize.height - 60 - point.y)
    }
    #expect(nearestEdge < 2, "the greatest zoom that fits brings a landmark to the padding")
    #expect(controller.mapView.camera.bearing == 0 && controller.mapView.camera.viewingAngle == 0)
  }

  @Test("fit(_:with:) keeps the landmarks in the part of the screen the insets leave")
  func fitBoundsWithInsetsKeepsClearOfAPanel() {
    let (controller, driver) = tour()
    controller.showLandmarksAbovePanel(panelHeight: 300)
    driver.settle()
    for landmark in [CameraTourViewController.barangaroo, CameraTourViewController.tarongaZoo] {
      let point = controller.mapView.projection.point(for: landmark)
      #expect(point.y <= phoneSize.height - 340 + 0.5 && point.y >= 40 - 0.5, "\(point)")
      #expect(point.x >= 40 - 0.5 && point.x <= phoneSize.width - 40 + 0.5, "\(point)")
    }
  }

  @Test("camera(for:insets:) is north-up and untilted, does not move the map, and is nil for invalid bounds")
  func cameraForBoundsIsAPlainCamera() throws {
    let (controller, _) = tour()
    controller.jumpToBridge()
    let camera = try #require(controller.cameraForLandmarks())
    #expect(camera.bearing == 0 && camera.viewingAngle == 0)
    #expect(same(controller.mapView.camera.target, CameraTourViewController.harbourBridge))
    #expect(controller.mapView.camera(for: GMSCoordinateBounds(), insets: .zero) == nil)
  }

  @Test("setMinZoom(_:maxZoom:) brings the current zoom into the new range")
  func zoomLimitsClampTheCurrentZoom() {
    let (controller, _) = tour()
    controller.mapView.camera = GMSCameraPosition(target: CameraTourViewController.operaHouse, zoom: 5)
    controller.stayInTheCity()
    #expect(controller.mapView.minZoom == 11 && controller.mapView.maxZoom == 18)
    #expect(controller.mapView.camera.zoom == 11)
    controller.mapView.camera = GMSCameraPosition(target: CameraTourViewController.operaHouse, zoom: 20)
    #expect(controller.mapView.camera.zoom == 18)
    controller.allowTheWholeWorld()
    #expect(controller.mapView.minZoom == kGMSMinZoomLevel && controller.mapView.maxZoom == kGMSMaxZoomLevel)
  }

  @Test("Gestures cannot take the camera target outside cameraTargetBounds")
  func cameraTargetBoundsHoldGestures() {
    let (controller, driver) = tour()
    controller.stayInTheCity()
    let bounds = CameraTourViewController.cityBounds
    for _ in 0..<4 {
      driver.pan(from: CGPoint(x: 45, y: 422), to: CGPoint(x: 345, y: 422))
      driver.settle()
    }
    let target = controller.mapView.camera.target
    #expect(target.longitude >= bounds.southWest.longitude - 1e-9, "\(target)")
    #expect(target.longitude <= bounds.northEast.longitude + 1e-9, "\(target)")
    #expect(target.latitude >= bounds.southWest.latitude - 1e-9 && target.latitude <= bounds.northEast.latitude + 1e-9)
  }

  @Test("Padding moves the camera target to the centre of the padded area")
  func paddingMovesTheVisualCentre() {
    let (controller, _) = tour()
    controller.leaveRoomForPanel(height: 200)
    #expect(controller.mapView.padding.bottom == 200)
    let target = controller.mapView.projection.point(for: controller.mapView.camera.target)
    #expect(same(target, CGPoint(x: 195, y: (844 - 200) / 2)))
  }

  @Test("zoom(at:forMeters:perPoints:) gives the zoom where that distance spans those points")
  func zoomForMetersSpansThosePoints() {
    let (controller, _) = tour()
    let zoom = controller.zoomForWalk()
    controller.mapView.camera = GMSCameraPosition(target: CameraTourViewController.operaHouse, zoom: zoom)
    let points = controller.mapView.projection.points(forMeters: 500, at: CameraTourViewController.operaHouse)
    #expect(abs(points - 300) < 1)
  }

  @Test("camera is observable: setting it tells observers the new camera")
  func cameraChangesAreObservable() {
    let (controller, _) = tour()
    final class Seen { var zooms: [Float] = [] }
    let seen = Seen()
    let observation = controller.mapView.observe(\.camera, options: [.new]) { _, change in
      if let camera = change.newValue { seen.zooms.append(camera.zoom) }
    }
    controller.jumpToBridge()
    #expect(seen.zooms.last == 15)
    observation.invalidate()
    controller.zoomToStreets()
    #expect(seen.zooms.last == 15, "an invalidated observation hears nothing more")
  }
}
