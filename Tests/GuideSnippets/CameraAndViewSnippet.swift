// Guide topic: "Camera and view": camera positions, camera updates, fitting bounds,
// animation, minimum and maximum zoom, padding and camera target bounds.
import OpenMaps

/// A tour of Sydney Harbour driven by the camera APIs.
class CameraTourViewController: UIViewController {
  private(set) var mapView: GMSMapView!

  static let harbourBridge = CLLocationCoordinate2D(latitude: -33.8523, longitude: 151.2108)
  static let operaHouse = CLLocationCoordinate2D(latitude: -33.8568, longitude: 151.2153)
  static let tarongaZoo = CLLocationCoordinate2D(latitude: -33.8436, longitude: 151.2411)
  static let barangaroo = CLLocationCoordinate2D(latitude: -33.8615, longitude: 151.2010)

  /// The part of the city the camera target may be dragged around.
  static var cityBounds: GMSCoordinateBounds {
    GMSCoordinateBounds(
      coordinate: CLLocationCoordinate2D(latitude: -33.90, longitude: 151.15),
      coordinate: CLLocationCoordinate2D(latitude: -33.80, longitude: 151.30))
  }

  override func loadView() {
    let mapView = GMSMapView()
    mapView.camera = GMSCameraPosition(target: Self.operaHouse, zoom: 13)
    mapView.isBuildingsEnabled = true
    self.mapView = mapView
    view = mapView
  }

  // MARK: Camera positions

  /// Jumps to the bridge, turned and tilted: setting `camera` does not animate.
  func jumpToBridge() {
    mapView.camera = GMSCameraPosition.camera(withTarget: Self.harbourBridge, zoom: 15, bearing: 30, viewingAngle: 40)
  }

  /// Flies to the Opera House, north up and looking straight down, over two seconds.
  func flyToOperaHouse() {
    let destination = GMSCameraPosition(
      latitude: Self.operaHouse.latitude, longitude: Self.operaHouse.longitude, zoom: 16, bearing: 0, viewingAngle: 0)
    CATransaction.begin()
    CATransaction.setAnimationDuration(2)
    mapView.animate(to: destination)
    CATransaction.commit()
  }

  /// Turns east and tilts, keeping the camera's target and zoom.
  func lookUpTheHarbour() {
    guard let tilted = mapView.camera.mutableCopy() as? GMSMutableCameraPosition else { return }
    tilted.bearing = 90
    tilted.viewingAngle = 45
    mapView.animate(to: tilted)
  }

  // One camera property at a time; the others stay as they are.

  func glideToZoo() {
    mapView.animate(toLocation: Self.tarongaZoo)
  }

  func zoomToNeighbourhood() {
    mapView.animate(toZoom: 16)
  }

  func faceSouth() {
    mapView.animate(toBearing: 180)
  }

  func tiltForSkyline() {
    mapView.animate(toViewingAngle: 30)
  }

  // MARK: Camera updates

  func zoomInOneLevel() {
    mapView.animate(with: GMSCameraUpdate.zoomIn())
  }

  func zoomOutOneLevel() {
    mapView.animate(with: GMSCameraUpdate.zoomOut())
  }

  func zoomToStreets() {
    mapView.moveCamera(GMSCameraUpdate.zoom(to: 17))
  }

  /// Zooms in two levels keeping the ground under `point` where it is on screen.
  func zoomTwoLevels(about point: CGPoint) {
    mapView.moveCamera(GMSCameraUpdate.zoom(by: 2, at: point))
  }

  /// Moves the view's centre `points` to the right.
  func panEast(by points: CGFloat) {
    mapView.moveCamera(GMSCameraUpdate.scrollBy(x: points, y: 0))
  }

  func centreOnZoo() {
    mapView.animate(with: GMSCameraUpdate.setTarget(Self.tarongaZoo, zoom: 15))
  }

  func restoreTour(_ saved: GMSCameraPosition) {
    mapView.moveCamera(GMSCameraUpdate.setCamera(saved))
  }

  // MARK: Fitting bounds

  /// Every landmark on screen, at least 60 points in from each edge.
  func showAllLandmarks() {
    var bounds = GMSCoordinateBounds()
    for landmark in [Self.harbourBridge, Self.operaHouse, Self.tarongaZoo, Self.barangaroo] {
      bounds = bounds.includingCoordinate(landmark)
    }
    guard bounds.isValid else { return }
    mapView.moveCamera(GMSCameraUpdate.fit(bounds, withPadding: 60))
  }

  /// The landmarks in the part of the screen a bottom panel leaves free.
  func showLandmarksAbovePanel(panelHeight: CGFloat) {
    let bounds = GMSCoordinateBounds(coordinate: Self.barangaroo, coordinate: Self.tarongaZoo)
    let insets = UIEdgeInsets(top: 40, left: 40, bottom: panelHeight + 40, right: 40)
    mapView.animate(with: GMSCameraUpdate.fit(bounds, with: insets))
  }

  /// A camera that would show the landmarks, without moving there.
  func cameraForLandmarks() -> GMSCameraPosition? {
    let bounds = GMSCoordinateBounds(coordinate: Self.barangaroo, coordinate: Self.tarongaZoo)
    return mapView.camera(for: bounds, insets: UIEdgeInsets(top: 20, left: 20, bottom: 20, right: 20))
  }

  // MARK: Limits and padding

  /// Keeps people in the city, at city-to-street zooms.
  func stayInTheCity() {
    mapView.setMinZoom(11, maxZoom: 18)
    mapView.cameraTargetBounds = Self.cityBounds
  }

  func allowTheWholeWorld() {
    mapView.setMinZoom(kGMSMinZoomLevel, maxZoom: kGMSMaxZoomLevel)
    mapView.cameraTargetBounds = nil
  }

  /// Leaves the bottom of the screen to a panel: the camera target and the controls move up.
  func leaveRoomForPanel(height: CGFloat) {
    mapView.padding = UIEdgeInsets(top: 0, left: 0, bottom: height, right: 0)
  }

  /// The zoom at which a 500 m walk from the Opera House spans 300 points of screen.
  func zoomForWalk() -> Float {
    GMSCameraPosition.zoom(at: Self.operaHouse, forMeters: 500, perPoints: 300)
  }
}
