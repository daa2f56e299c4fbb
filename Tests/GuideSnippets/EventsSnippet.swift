// Guide topic: "Events": every GMSMapViewDelegate callback for the camera, taps, long
// presses, markers, info windows, dragging, points of interest and My Location.
//
// This file writes the conformance as Google's current samples do, isolated to the main
// actor: `extension ...: @MainActor GMSMapViewDelegate`.
import OpenMaps

/// Keeps a line for each map event, as the events guide prints them.
class EventLogViewController: UIViewController {
  private(set) var mapView: GMSMapView!
  private(set) var log: [String] = []

  /// A marker that selects as usual.
  private(set) var pier: GMSMarker!
  /// A marker whose taps the delegate handles itself.
  private(set) var handledMarker: GMSMarker!
  /// A marker that can be dragged.
  private(set) var buoy: GMSMarker!
  /// A tappable circle.
  private(set) var swimmingArea: GMSCircle!

  override func loadView() {
    let options = GMSMapViewOptions()
    options.camera = GMSCameraPosition.camera(withLatitude: -33.8600, longitude: 151.2100, zoom: 14)
    let mapView = GMSMapView(options: options)
    mapView.delegate = self
    mapView.isMyLocationEnabled = true
    mapView.settings.myLocationButton = true
    self.mapView = mapView
    view = mapView
  }

  override func viewDidLoad() {
    super.viewDidLoad()

    pier = GMSMarker(position: CLLocationCoordinate2D(latitude: -33.8570, longitude: 151.2080))
    pier.title = "Pier"
    pier.snippet = "Ferries every 15 minutes"
    pier.map = mapView

    handledMarker = GMSMarker(position: CLLocationCoordinate2D(latitude: -33.8630, longitude: 151.2130))
    handledMarker.title = "Handled"
    handledMarker.map = mapView

    buoy = GMSMarker(position: CLLocationCoordinate2D(latitude: -33.8620, longitude: 151.2060))
    buoy.title = "Buoy"
    buoy.isDraggable = true
    buoy.map = mapView

    swimmingArea = GMSCircle(position: CLLocationCoordinate2D(latitude: -33.8660, longitude: 151.2000), radius: 150)
    swimmingArea.title = "Swimming area"
    swimmingArea.fillColor = UIColor(red: 0, green: 0.4, blue: 1, alpha: 0.3)
    swimmingArea.isTappable = true
    swimmingArea.map = mapView
  }

  func clearLog() {
    log.removeAll()
  }

  private func note(_ line: String) {
    log.append(line)
  }
}

extension EventLogViewController: @MainActor GMSMapViewDelegate {
  // MARK: Camera

  func mapView(_ mapView: GMSMapView, willMove gesture: Bool) {
    note("willMove(\(gesture))")
  }

  func mapView(_ mapView: GMSMapView, didChange position: GMSCameraPosition) {
    note("didChange")
  }

  func mapView(_ mapView: GMSMapView, idleAt position: GMSCameraPosition) {
    note("idle")
  }

  // MARK: Taps and long presses

  func mapView(_ mapView: GMSMapView, didTapAt coordinate: CLLocationCoordinate2D) {
    note("didTapAt")
  }

  func mapView(_ mapView: GMSMapView, didLongPressAt coordinate: CLLocationCoordinate2D) {
    note("didLongPressAt")
  }

  func mapView(_ mapView: GMSMapView, didTap marker: GMSMarker) -> Bool {
    note("didTap:\(marker.title ?? "?")")
    // True: this delegate handled the tap, so no selection, no info window, no camera move.
    return marker === handledMarker
  }

  func mapView(_ mapView: GMSMapView, didTap overlay: GMSOverlay) {
    note("didTapOverlay:\(overlay.title ?? "?")")
  }

  func mapView(
    _ mapView: GMSMapView, didTapPOIWithPlaceID placeID: String, name: String, location: CLLocationCoordinate2D
  ) {
    note("didTapPOI:\(name)")
  }

  // MARK: Info windows

  func mapView(_ mapView: GMSMapView, markerInfoWindow marker: GMSMarker) -> UIView? {
    note("markerInfoWindow:\(marker.title ?? "?")")
    return nil
  }

  func mapView(_ mapView: GMSMapView, markerInfoContents marker: GMSMarker) -> UIView? {
    note("markerInfoContents:\(marker.title ?? "?")")
    return nil
  }

  func mapView(_ mapView: GMSMapView, didTapInfoWindowOf marker: GMSMarker) {
    note("didTapInfoWindow:\(marker.title ?? "?")")
  }

  func mapView(_ mapView: GMSMapView, didLongPressInfoWindowOf marker: GMSMarker) {
    note("didLongPressInfoWindow:\(marker.title ?? "?")")
  }

  func mapView(_ mapView: GMSMapView, didCloseInfoWindowOf marker: GMSMarker) {
    note("didCloseInfoWindow:\(marker.title ?? "?")")
  }

  // MARK: Dragging

  func mapView(_ mapView: GMSMapView, didBeginDragging marker: GMSMarker) {
    note("didBeginDragging:\(marker.title ?? "?")")
  }

  func mapView(_ mapView: GMSMapView, didDrag marker: GMSMarker) {
    note("didDrag:\(marker.title ?? "?")")
  }

  func mapView(_ mapView: GMSMapView, didEndDragging marker: GMSMarker) {
    note("didEndDragging:\(marker.title ?? "?")")
  }

  // MARK: My Location

  func didTapMyLocationButton(for mapView: GMSMapView) -> Bool {
    note("didTapMyLocationButton")
    // False: let the map move the camera to the device location.
    return false
  }

  func mapView(_ mapView: GMSMapView, didTapMyLocation location: CLLocationCoordinate2D) {
    note("didTapMyLocation")
  }
}
