import Foundation
import MapTestSupport
import OpenMaps
import OpenMapsTesting
import Testing

/// `GMSMapView.events` and `MapViewDelegateRelay` (OpenMaps additions).
@MainActor
@Suite("Map view events")
struct MapViewEventsTests {
    final class Log {
        var lines: [String] = []
    }

    /// A delegate that logs into a shared log and handles the taps on markers it is told to.
    final class LoggingDelegate: GMSMapViewDelegate {
        let log: Log
        var handlesMarkerTaps = false
        init(log: Log) { self.log = log }
        func mapView(_ mapView: GMSMapView, didTap marker: GMSMarker) -> Bool {
            log.lines.append("delegate didTap")
            return handlesMarkerTaps
        }
        func mapView(_ mapView: GMSMapView, markerInfoWindow marker: GMSMarker) -> UIView? {
            log.lines.append("delegate markerInfoWindow")
            return nil
        }
        func mapView(_ mapView: GMSMapView, didTapAt coordinate: CLLocationCoordinate2D) { log.lines.append("delegate didTapAt") }
    }

    private func map() -> (GMSMapView, MapDriver, GMSMarker) {
        let mapView = makeMapView(frame: CGRect(x: 0, y: 0, width: 400, height: 400), camera: GMSCameraPosition(latitude: 60.17, longitude: 24.94, zoom: 14))
        mapView.mapType = .none
        let marker = GMSMarker(position: CLLocationCoordinate2D(latitude: 60.17, longitude: 24.94))
        marker.title = "Helsinki"
        marker.map = mapView
        return (mapView, MapDriver(mapView: mapView), marker)
    }

    @Test func observersHearEachCallbackBeforeTheDelegateAndInOrder() throws {
        let (mapView, driver, marker) = map()
        let log = Log()
        let delegate = LoggingDelegate(log: log)
        mapView.delegate = delegate
        let observation = mapView.events.observe { event in
            guard event.overlay != nil else { return }
            log.lines.append("observer \(event.kind.shortName)")
        }
        defer { observation.invalidate() }
        #expect(driver.tap(marker))
        #expect(log.lines.prefix(4) == ["observer didTap", "delegate didTap", "observer markerInfoWindow", "delegate markerInfoWindow"])
        #expect(mapView.selectedMarker === marker, "observing changes nothing the map does")
        #expect(mapView.delegate === delegate)
    }

    @Test func anObservationEndsWhenInvalidatedOrReleased() {
        let (mapView, driver, _) = map()
        var heard = 0
        let first = mapView.events.observe { if $0.kind == .tapAt { heard += 1 } }
        var second: MapViewEventObservation? = mapView.events.observe { if $0.kind == .tapAt { heard += 10 } }
        #expect(mapView.events.isObserved)
        driver.tap(at: CGPoint(x: 50, y: 50))
        #expect(heard == 11)
        first.invalidate()
        second = nil
        #expect(second == nil)
        driver.tap(at: CGPoint(x: 50, y: 350))
        #expect(heard == 11)
        #expect(!mapView.events.isObserved)
    }

    /// The selectors are written once, one a delegate method: every one distinct, and each
    /// short name too.
    @Test func everyKindHasItsOwnSelectorAndShortName() {
        let kinds = MapViewEvent.Kind.allCases
        #expect(kinds.count == 23)
        #expect(Set(kinds.map(\.selector)).count == kinds.count)
        #expect(Set(kinds.map(\.shortName)).count == kinds.count)
        #expect(MapViewEvent.tapAt(CLLocationCoordinate2D(latitude: 1, longitude: 2)).kind.selector == "mapView:didTapAtCoordinate:")
    }

    /// A relay between the map and a delegate sees each callback and returns the delegate's
    /// answers: a marker tap the delegate handles opens no window.
    @Test func aRelayPassesEachCallbackOnAndReturnsTheAnswer() throws {
        final class Watching: MapViewDelegateRelay {
            var seen: [MapViewEvent.Kind] = []
            override func relay(_ event: MapViewEvent) { seen.append(event.kind) }
        }
        let (mapView, driver, marker) = map()
        let log = Log()
        let delegate = LoggingDelegate(log: log)
        delegate.handlesMarkerTaps = true
        let relay = Watching(next: delegate)
        mapView.delegate = relay
        #expect(driver.tap(marker))
        #expect(relay.seen.contains(.tapMarker))
        #expect(log.lines.contains("delegate didTap"))
        #expect(mapView.selectedMarker == nil, "the delegate handled the tap")
    }
}
