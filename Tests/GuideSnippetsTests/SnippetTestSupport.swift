import Foundation
import OpenMaps
import OpenMapsTesting

/// The screen the snippets' maps are hosted on: an iPhone's, in points.
var phoneSize: CGSize { CGSize(width: 390, height: 844) }
/// The middle of that screen.
var phoneCentre: CGPoint { CGPoint(x: 195, y: 422) }

/// Hosts a controller's map headless at phone size, the way the guide tests do.
@MainActor
func drive(_ mapView: GMSMapView, size: CGSize = phoneSize) -> MapDriver {
  MapDriver(mapView: mapView, size: size)
}

/// Loads a controller's view and hosts its map at phone size over no basemap, so no place sits
/// under the fingers.
@MainActor
func hostWithoutBasemap(_ controller: UIViewController, _ mapView: @autoclosure () -> GMSMapView) -> MapDriver {
  controller.loadViewIfNeeded()
  let mapView = mapView()
  mapView.mapType = .none
  return drive(mapView)
}

/// A log with each run of `didChange` (and of `didDrag:…`) folded into one entry.
func folded(_ log: [String]) -> [String] {
  log.reduce(into: []) { result, line in
    let repeats = line == "didChange" || line.hasPrefix("didDrag:")
    if repeats && result.last == line { return }
    result.append(line)
  }
}

/// Waits, letting the main actor run, until `condition` holds or `timeout` seconds of real
/// time pass; returns whether it held. For answers that come later on the main actor
/// (geocoder, panorama service, location manager).
@MainActor
func eventually(timeout: TimeInterval = 10, _ condition: () -> Bool) async -> Bool {
  let deadline = Date().addingTimeInterval(timeout)
  while !condition() {
    if Date() > deadline {
      // A busy main actor can run this loop again only after the deadline, with the answer
      // queued behind it: the queued work runs first, then the condition is asked once more.
      await Task.yield()
      return condition()
    }
    try? await Task.sleep(nanoseconds: 5_000_000)
  }
  return true
}

/// Waits for the geocoder's data to load (an event, not a clock: a loaded machine takes
/// longer), so that a test's wait covers only the answer's way back to the main actor.
func geocoderLoaded() async {
  _ = try? await GMSGeocoder().reverseGeocodeCoordinate(CLLocationCoordinate2D(latitude: 60.17, longitude: 24.94))
}

/// Whether two coordinates are the same to within `tolerance` degrees.
func same(_ a: CLLocationCoordinate2D, _ b: CLLocationCoordinate2D, within tolerance: Double = 1e-9) -> Bool {
  abs(a.latitude - b.latitude) <= tolerance && abs(a.longitude - b.longitude) <= tolerance
}

/// Whether two points are the same to within `tolerance` points.
func same(_ a: CGPoint, _ b: CGPoint, within tolerance: CGFloat = 0.5) -> Bool {
  abs(a.x - b.x) <= tolerance && abs(a.y - b.y) <= tolerance
}

/// The great-circle distance on the SDK's sphere, worked out independently of the SDK.
func haversine(_ a: CLLocationCoordinate2D, _ b: CLLocationCoordinate2D) -> Double {
  let radians = Double.pi / 180
  let dLat = (b.latitude - a.latitude) * radians, dLon = (b.longitude - a.longitude) * radians
  let h = sin(dLat / 2) * sin(dLat / 2)
    + cos(a.latitude * radians) * cos(b.latitude * radians) * sin(dLon / 2) * sin(dLon / 2)
  return 2 * kGMSEarthRadius * asin(min(1, sqrt(h)))
}
