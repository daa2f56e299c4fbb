import Foundation
import MapTestSupport
import OpenMaps
import Testing

/// `GMSMapView.indoorDisplay` (needs the lead's wiring in GMSMapView.swift).
@MainActor
@Suite("GMSMapView.indoorDisplay")
struct MapIndoorDisplayTests {
    @Test func mapViewHasOneIndoorDisplayThatNeverFocusesABuilding() {
        let mapView = makeMapView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let display = mapView.indoorDisplay
        #expect(mapView.indoorDisplay === display)
        #expect(display.activeBuilding == nil && display.activeLevel == nil)
        display.activeLevel = nil
        #expect(display.activeLevel == nil)
    }
}
