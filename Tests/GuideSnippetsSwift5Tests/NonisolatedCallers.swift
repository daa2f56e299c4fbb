// Swift 5 app code that is not on the main actor, as much code written before Swift
// concurrency is: it uses views from nonisolated code, which the SDK's views (imported from
// Objective-C with `@preconcurrency` main-actor isolation) allow in Swift 5 mode. Only this
// target compiles it: Swift 6 mode rightly refuses it.
import OpenMaps
import Testing

/// Sets up maps from wherever it is called, as a pre-concurrency helper class does.
final class LegacyMapConfigurator {
  var mapView: GMSMapView?

  func makeMap() -> GMSMapView {
    let mapView = GMSMapView(options: GMSMapViewOptions())
    self.mapView = mapView
    return mapView
  }

  func configure(_ mapView: GMSMapView) {
    mapView.mapType = .normal
    mapView.settings.compassButton = true
    mapView.camera = GMSCameraPosition(latitude: -33.86, longitude: 151.2, zoom: 12)
    mapView.overrideUserInterfaceStyle = .dark
    let marker = GMSMarker(position: mapView.camera.target)
    marker.map = mapView
  }
}

@MainActor
@Suite("Nonisolated Swift 5 callers")
struct NonisolatedCallerTests {
  @Test("A nonisolated Swift 5 class makes and configures a map")
  func aNonisolatedHelperConfiguresAMap() {
    let configurator = LegacyMapConfigurator()
    let mapView = configurator.makeMap()
    configurator.configure(mapView)
    #expect(mapView.settings.compassButton && mapView.camera.zoom == 12)
    #expect(mapView.traitCollection.userInterfaceStyle == .dark)
  }
}
