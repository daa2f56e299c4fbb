// Guide topic: "Street View": GMSPanoramaView near a coordinate, its camera, gestures and
// markers, GMSPanoramaService, and the panorama view delegate.
//
// The delegate conformance is isolated to the main actor, as Google's current samples write it.
import OpenMaps

/// Street View at Circular Quay, with a marker on the ferry terminal.
class HarbourPanoramaViewController: UIViewController {
  private(set) var panoramaView: GMSPanoramaView!
  private let panoramaService = GMSPanoramaService()
  let ferryMarker = GMSMarker(position: CLLocationCoordinate2D(latitude: -33.8610, longitude: 151.2110))

  /// Coordinates the view could not find a panorama near, and the last error it gave.
  private(set) var coverageFailures: [CLLocationCoordinate2D] = []
  private(set) var lastCoverageError: Error?
  /// The panoramas moved to (their IDs; nil when the view was cleared).
  private(set) var panoramaMoves: [String?] = []
  private(set) var cameraChanges = 0
  /// What the panorama service answered: whether it found a panorama, and its error.
  private(set) var serviceAnswers: [(found: Bool, error: Error?)] = []

  static let circularQuay = CLLocationCoordinate2D(latitude: -33.8612, longitude: 151.2105)

  override func loadView() {
    let panoramaView = GMSPanoramaView.panorama(withFrame: .zero, nearCoordinate: Self.circularQuay)
    panoramaView.delegate = self
    panoramaView.backgroundColor = .gray
    panoramaView.camera = GMSPanoramaCamera(heading: 20, pitch: -5, zoom: 1)
    panoramaView.orientationGestures = true
    panoramaView.zoomGestures = true
    panoramaView.navigationGestures = true
    panoramaView.navigationLinksHidden = false
    panoramaView.streetNamesHidden = false
    self.panoramaView = panoramaView
    view = panoramaView

    ferryMarker.title = "Ferry terminal"
    ferryMarker.panoramaView = panoramaView
  }

  /// Turns to look toward `heading` over a second.
  func look(toward heading: CLLocationDirection) {
    panoramaView.animate(to: GMSPanoramaCamera(heading: heading, pitch: 0, zoom: 1), animationDuration: 1)
  }

  func turnRight() {
    panoramaView.updateCamera(GMSPanoramaCameraUpdate.rotate(by: 90), animationDuration: 0.5)
  }

  /// Looks for a panorama within 100 m of a coordinate.
  func move(near coordinate: CLLocationCoordinate2D) {
    panoramaView.moveNearCoordinate(coordinate, radius: 100)
  }

  /// Asks whether there is Street View near a coordinate without moving the view.
  func checkCoverage(near coordinate: CLLocationCoordinate2D) {
    panoramaService.requestPanoramaNearCoordinate(coordinate) { [weak self] panorama, error in
      self?.serviceAnswers.append((found: panorama != nil, error: error))
    }
  }

  /// A fixed view: no looking around, zooming or walking.
  func lockView() {
    panoramaView.setAllGesturesEnabled(false)
  }

  func hideFerryMarker() {
    ferryMarker.panoramaView = nil
  }
}

extension HarbourPanoramaViewController: @MainActor GMSPanoramaViewDelegate {
  func panoramaView(_ view: GMSPanoramaView, error: any Error, onMoveNearCoordinate coordinate: CLLocationCoordinate2D) {
    coverageFailures.append(coordinate)
    lastCoverageError = error
  }

  func panoramaView(_ view: GMSPanoramaView, didMoveTo panorama: GMSPanorama?) {
    panoramaMoves.append(panorama?.panoramaID)
  }

  func panoramaView(_ panoramaView: GMSPanoramaView, didMove camera: GMSPanoramaCamera) {
    cameraChanges += 1
  }
}
