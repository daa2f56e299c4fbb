// Guide topic: "Indoor maps": isIndoorEnabled, the indoor picker, and the indoor display with
// its delegate, to follow and choose floors.
import OpenMaps

/// A shopping centre in San Francisco whose floors the app lists and chooses itself.
class MallFloorsViewController: UIViewController {
  private(set) var mapView: GMSMapView!
  /// The floors of the focused building, top to bottom.
  private(set) var floorNames: [String] = []
  private(set) var activeFloorName: String?
  private(set) var buildingChanges = 0
  private(set) var levelChanges = 0

  override func loadView() {
    let options = GMSMapViewOptions()
    options.camera = GMSCameraPosition(latitude: 37.7841, longitude: -122.4075, zoom: 18)
    let mapView = GMSMapView(options: options)
    mapView.isIndoorEnabled = true
    // The app shows its own floor list instead of the built-in picker.
    mapView.settings.indoorPicker = false
    mapView.indoorDisplay.delegate = self
    self.mapView = mapView
    view = mapView
  }

  /// Shows the floor whose short name is `shortName`; false when no building with that floor
  /// is focused.
  @discardableResult
  func showFloor(named shortName: String) -> Bool {
    guard let building = mapView.indoorDisplay.activeBuilding,
      let level = building.levels.first(where: { $0.shortName == shortName })
    else { return false }
    mapView.indoorDisplay.activeLevel = level
    return true
  }

  /// The floor a building opens on.
  func defaultFloorName() -> String? {
    guard let building = mapView.indoorDisplay.activeBuilding else { return nil }
    let index = Int(building.defaultLevelIndex)
    return index < building.levels.count ? building.levels[index].name : nil
  }

  func turnIndoorMapsOff() {
    mapView.isIndoorEnabled = false
  }
}

extension MallFloorsViewController: @MainActor GMSIndoorDisplayDelegate {
  func didChangeActiveBuilding(_ building: GMSIndoorBuilding?) {
    buildingChanges += 1
    floorNames = building?.levels.compactMap { $0.name } ?? []
  }

  func didChangeActiveLevel(_ level: GMSIndoorLevel?) {
    levelChanges += 1
    activeFloorName = level?.name
  }
}
