import Foundation
import MapTestSupport
import OpenMaps
import Testing

/// `GMSMarker.panoramaView` (needs the lead's line in GMSMarker.swift).
@MainActor
@Suite("GMSMarker.panoramaView")
struct MarkerPanoramaViewTests {
    @Test func markerPanoramaViewIsNilByDefaultHeldWeaklyAndNotCopied() {
        let marker = GMSMarker(position: CLLocationCoordinate2D(latitude: 51.5, longitude: -0.12))
        #expect(marker.panoramaView == nil)
        var view: GMSPanoramaView? = GMSPanoramaView(frame: CGRect(x: 0, y: 0, width: 50, height: 50))
        marker.panoramaView = view
        #expect(marker.panoramaView === view)
        let copy = marker.copy() as? GMSMarker
        #expect(copy != nil && copy?.panoramaView == nil)
        view = nil
        #expect(marker.panoramaView == nil)
    }

    @Test func markerMayBeOnAMapAndAPanoramaViewAtOnce() {
        let mapView = makeMapView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let panoramaView = GMSPanoramaView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let marker = GMSMarker()
        marker.map = mapView
        marker.panoramaView = panoramaView
        #expect(marker.map === mapView && marker.panoramaView === panoramaView)
        marker.panoramaView = nil
        #expect(marker.map === mapView && marker.panoramaView == nil)
        marker.map = nil
    }
}
