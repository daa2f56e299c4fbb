import Foundation
import Testing

@testable import OpenMaps

/// A host may show maps at several pixel ratios in one process; work outside its own (a
/// geocoder's completion opening a window) can run at another scale than its frames.
@MainActor
@Suite("Info windows at the frame's scale")
struct WindowScaleTests {
    @Test func aWindowOpenedAtAnotherScaleIsDrawnAgainAtTheFramesScale() {
        let helsinki = CLLocationCoordinate2D(latitude: 60.17, longitude: 24.94)
        let mapView = GMSMapView(frame: CGRect(x: 0, y: 0, width: 300, height: 300), camera: .camera(withTarget: helsinki, zoom: 14))
        mapView.mapType = .none
        let marker = GMSMarker(position: helsinki)
        marker.title = "Kaivokatu 1"
        marker.map = mapView
        UIScreen.withScale(3) { mapView.selectedMarker = marker }
        #expect(mapView.scene.infoWindow.window?.image.scale == 3)
        _ = GMSMapViewHost(mapView: mapView).renderFrame(scale: 1)
        #expect(mapView.scene.infoWindow.window?.image.scale == 1)
        #expect(mapView.selectedMarker === marker)
    }
}
