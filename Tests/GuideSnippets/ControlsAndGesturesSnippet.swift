// Guide topic: "Controls and gestures" (GMSUISettings).
import OpenMaps

/// A map around the Eiffel Tower that can be zoomed and turned but not dragged or tilted,
/// with the compass and the My Location button.
class GestureSettingsViewController: UIViewController {
  private(set) var mapView: GMSMapView!

  override func loadView() {
    let options = GMSMapViewOptions()
    options.camera = GMSCameraPosition(latitude: 48.8584, longitude: 2.2945, zoom: 15)
    let mapView = GMSMapView(options: options)

    // Gestures.
    mapView.settings.scrollGestures = false
    mapView.settings.zoomGestures = true
    mapView.settings.tiltGestures = false
    mapView.settings.rotateGestures = true
    mapView.settings.allowScrollGesturesDuringRotateOrZoom = false
    mapView.settings.consumesGesturesInView = true

    // Controls: the compass shows once the map is turned away from north; the My Location
    // button shows while My Location is on.
    mapView.settings.compassButton = true
    mapView.settings.myLocationButton = true
    mapView.settings.indoorPicker = false
    mapView.isMyLocationEnabled = true

    self.mapView = mapView
    view = mapView
  }

  /// No gestures at all; the app's own camera moves still work.
  func freezeMap() {
    mapView.settings.setAllGesturesEnabled(false)
  }

  func unfreezeMap() {
    mapView.settings.setAllGesturesEnabled(true)
  }

  /// Padding keeps the controls clear of a toolbar along the bottom.
  func keepControlsAbove(toolbarHeight: CGFloat) {
    mapView.padding = UIEdgeInsets(top: 0, left: 0, bottom: toolbarHeight, right: 0)
  }
}
