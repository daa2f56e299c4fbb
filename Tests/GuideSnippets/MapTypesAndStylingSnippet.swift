// Guide topics: "Map objects", "Map types", "Style your map" (JSON styles and dark mode) and
// map IDs (GMSMapViewOptions.mapID).
import OpenMaps

/// A night-styled map of Helsinki that can step through the map types.
class NightModeViewController: UIViewController {
  private(set) var mapView: GMSMapView!
  /// Why the last style was refused, if it was.
  private(set) var styleProblem: String?
  /// The tile-rendering callbacks, in order.
  private(set) var renderingLog: [String] = []

  /// Dark land and water with muted labels, in the styling JSON Google's styling wizard writes.
  static let nightStyle = """
    [
      {"elementType": "geometry", "stylers": [{"color": "#1d2c4d"}]},
      {"elementType": "labels.text.fill", "stylers": [{"color": "#8ec3b9"}]},
      {"elementType": "labels.text.stroke", "stylers": [{"color": "#1a3646"}]},
      {"featureType": "road", "elementType": "geometry", "stylers": [{"color": "#304a7d"}]},
      {"featureType": "water", "elementType": "geometry", "stylers": [{"color": "#0e1626"}]}
    ]
    """

  /// No points of interest at all.
  static let noPlacesStyle = #"[{"featureType": "poi", "stylers": [{"visibility": "off"}]}]"#

  override func loadView() {
    let options = GMSMapViewOptions()
    options.camera = GMSCameraPosition(latitude: 60.1687, longitude: 24.9470, zoom: 15.6)
    options.backgroundColor = UIColor(red: 0.11, green: 0.17, blue: 0.30, alpha: 1)
    let mapView = GMSMapView(options: options)
    mapView.mapType = .normal
    mapView.overrideUserInterfaceStyle = .dark
    mapView.isTrafficEnabled = true
    mapView.isBuildingsEnabled = false
    mapView.isIndoorEnabled = false
    mapView.delegate = self
    self.mapView = mapView
    view = mapView

    applyStyle(json: Self.nightStyle)
  }

  /// Applies a JSON style; a bad one is refused and the map keeps the style it had.
  @discardableResult
  func applyStyle(json: String) -> Bool {
    do {
      mapView.mapStyle = try GMSMapStyle(jsonString: json)
      styleProblem = nil
      return true
    } catch {
      styleProblem = "One or more of the map styles failed to load. \(error)"
      return false
    }
  }

  /// Applies a JSON style from a file.
  @discardableResult
  func applyStyle(fileURL: URL) -> Bool {
    do {
      mapView.mapStyle = try GMSMapStyle(contentsOfFileURL: fileURL)
      styleProblem = nil
      return true
    } catch {
      styleProblem = "The style file could not be used. \(error)"
      return false
    }
  }

  /// Applies the style the app ships, when its bundle has one.
  func applyBundledStyle() {
    guard let styleURL = Bundle.main.url(forResource: "night_harbour", withExtension: "json") else { return }
    applyStyle(fileURL: styleURL)
  }

  func removeStyle() {
    mapView.mapStyle = nil
  }

  /// Steps through the map types, as a segmented control would.
  func showNextMapType() {
    let types: [GMSMapViewType] = [.normal, .satellite, .hybrid, .terrain, .none]
    let index = types.firstIndex(of: mapView.mapType) ?? 0
    mapView.mapType = types[(index + 1) % types.count]
  }

  /// Lets the map follow the window's light or dark appearance again.
  func followSystemAppearance() {
    mapView.overrideUserInterfaceStyle = .unspecified
  }
}

extension NightModeViewController: GMSMapViewDelegate {
  func mapViewDidStartTileRendering(_ mapView: GMSMapView) {
    renderingLog.append("start")
  }

  func mapViewDidFinishTileRendering(_ mapView: GMSMapView) {
    renderingLog.append("finish")
  }

  func mapViewSnapshotReady(_ mapView: GMSMapView) {
    renderingLog.append("ready")
  }
}

/// A map made with a map ID, for the capabilities one brings.
class CloudMapViewController: UIViewController {
  private(set) var mapView: GMSMapView!

  override func loadView() {
    let options = GMSMapViewOptions()
    options.mapID = GMSMapID(identifier: "openmaps-snippets-cloud-style")
    options.camera = GMSCameraPosition(latitude: 35.6812, longitude: 139.7671, zoom: 13)
    let mapView = GMSMapView(options: options)
    self.mapView = mapView
    view = mapView
  }

  var canShowAdvancedMarkers: Bool {
    mapView.mapCapabilities.contains(.advancedMarkers)
  }
}
