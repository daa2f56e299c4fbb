import Foundation
import OpenMaps
import Testing

/// docs/behaviour.md rules 1-13: taps, selection and info windows.
@MainActor
@Suite("Selection and info window rules")
struct SelectionRuleTests {
    let london = CLLocationCoordinate2D(latitude: 51.5, longitude: -0.127)
    let east = CLLocationCoordinate2D(latitude: 51.5, longitude: -0.08)

    @Test func rule1MarkerTapDefault() {
        let map = MapHarness()
        let a = map.addMarker("a", at: east)
        map.tap(map.point(of: a))
        map.settle()
        #expect(map.delegate.folded == ["didTap:a", "markerInfoWindow:a", "markerInfoContents:a", "willMove(false)", "didChange", "idle"])
        #expect(map.mapView.selectedMarker === a)
        #expect(abs(map.mapView.camera.target.longitude - east.longitude) < 1e-9)
    }

    @Test func rule1SelectedMarkerIsSetInsideInfoWindowCallbacks() {
        let map = MapHarness()
        let a = map.addMarker("a", at: east)
        var seen: GMSMarker?
        map.answers.onInfoWindow = { _ in seen = map.mapView.selectedMarker }
        map.tap(map.point(of: a))
        #expect(seen === a)
    }

    @Test func rule1MarkerAlreadyCentredCausesNoCameraCallbacks() {
        let map = MapHarness()
        let a = map.addMarker("a", at: london)
        map.tap(map.point(of: a))
        map.settle()
        #expect(map.delegate.events == ["didTap:a", "markerInfoWindow:a", "markerInfoContents:a"])
    }

    @Test func rule1PreviousWindowClosesFirst() {
        let map = MapHarness()
        let a = map.addMarker("a", at: london)
        let b = map.addMarker("b", at: CLLocationCoordinate2D(latitude: 51.5, longitude: -0.10))
        map.mapView.selectedMarker = a
        map.delegate.clear()
        map.tap(map.point(of: b))
        #expect(Array(map.delegate.events.prefix(4)) == ["didTap:b", "didClose:a", "markerInfoWindow:b", "markerInfoContents:b"])
    }

    @Test func rule2MarkerTapHandled() {
        let map = MapHarness()
        let a = map.addMarker("a", at: east)
        map.answers.handledMarkers = ["a"]
        map.tap(map.point(of: a))
        map.settle()
        #expect(map.delegate.events == ["didTap:a"])
        #expect(map.mapView.selectedMarker == nil)
    }

    @Test func rule3RetapClosesAndReopensWithoutMoving() {
        let map = MapHarness()
        let a = map.addMarker("a", at: east)
        map.tap(map.point(of: a))
        map.settle()
        map.delegate.clear()
        map.tap(map.point(of: a))
        map.settle()
        #expect(map.delegate.events == ["didTap:a", "didClose:a", "markerInfoWindow:a", "markerInfoContents:a"])
    }

    @Test func rule4NoContentNoWindow() {
        let map = MapHarness()
        let a = map.addMarker(nil, at: east)
        a.userData = "a"
        map.tap(map.point(of: a))
        map.settle()
        #expect(map.mapView.selectedMarker === a)
        #expect(map.delegate.folded.suffix(3) == ["willMove(false)", "didChange", "idle"])
        map.delegate.clear()
        map.mapView.selectedMarker = nil
        #expect(!map.delegate.events.contains { $0.hasPrefix("didClose") })
    }

    @Test func rule5MapTapComesBeforeTheWindowCloses() {
        let map = MapHarness()
        let a = map.addMarker("a", at: london)
        map.mapView.selectedMarker = a
        map.delegate.clear()
        map.tap(CGPoint(x: 50, y: 700))
        #expect(map.delegate.events == ["didTapAt", "didClose:a"])
        #expect(map.mapView.selectedMarker == nil)
    }

    @Test func rule8OverlappingMarkersTopmostWins() {
        let map = MapHarness()
        let low = map.addMarker("low", at: east)
        low.zIndex = 5
        map.addMarker("mid", at: east)
        map.addMarker("late", at: east)
        map.answers.handledMarkers = ["low", "mid", "late"]
        map.tap(map.point(of: low))
        #expect(map.delegate.events == ["didTap:low"])
        low.zIndex = 0
        map.delegate.clear()
        map.tap(map.point(of: low))
        #expect(map.delegate.events == ["didTap:late"])
    }

    @Test func rule8HitAreaIsTheDrawnIcon() {
        let map = MapHarness()
        let a = map.addMarker("a", at: east)
        map.answers.handledMarkers = ["a"]
        let anchor = map.mapView.projection.point(for: a.position)
        map.tap(CGPoint(x: anchor.x + 12, y: anchor.y - 40))
        map.tap(CGPoint(x: anchor.x + 16, y: anchor.y - 20))
        map.tap(CGPoint(x: anchor.x, y: anchor.y + 3))
        #expect(map.delegate.events == ["didTap:a", "didTapAt", "didTapAt"])
    }

    @Test func rule9InfoWindowTapsStayOnTheWindow() {
        let map = MapHarness()
        let a = map.addMarker("a", at: london, snippet: "snippet")
        map.mapView.selectedMarker = a
        map.delegate.clear()
        let windowPoint = CGPoint(x: map.point(of: a).x, y: map.point(of: a).y - 50)
        map.tap(windowPoint)
        map.longPress(windowPoint)
        map.settle()
        #expect(map.delegate.events == ["didTapInfoWindow:a", "didLongPressInfoWindow:a"])
        #expect(map.mapView.selectedMarker === a)
    }

    @Test func rule10ProgrammaticSelection() {
        let map = MapHarness()
        let a = map.addMarker("a", at: east)
        map.mapView.selectedMarker = a
        map.settle()
        #expect(map.delegate.events == ["markerInfoWindow:a", "markerInfoContents:a"])
        map.mapView.selectedMarker = nil
        #expect(map.delegate.events.last == "didClose:a")
        let stranger = GMSMarker(position: london)
        map.mapView.selectedMarker = stranger
        #expect(map.mapView.selectedMarker == nil)
        let other = MapHarness()
        let foreign = other.addMarker("foreign", at: london)
        map.mapView.selectedMarker = foreign
        #expect(map.mapView.selectedMarker == nil)
    }

    @Test func rule10ChangesInsideInfoWindowCallbacksApplyAfterward() {
        let map = MapHarness()
        let a = map.addMarker("a", at: london)
        let b = map.addMarker("b", at: east)
        map.answers.onInfoWindow = { marker in
            if marker === a { map.mapView.selectedMarker = b }
        }
        map.mapView.selectedMarker = a
        #expect(map.mapView.selectedMarker === b)
        #expect(map.delegate.events == [
            "markerInfoWindow:a", "markerInfoContents:a", "didClose:a", "markerInfoWindow:b", "markerInfoContents:b",
        ])
        // Removing the marker being selected from inside the callback.
        let c = map.addMarker("c", at: london)
        map.answers.onInfoWindow = { marker in if marker === c { c.map = nil } }
        map.mapView.selectedMarker = c
        #expect(map.mapView.selectedMarker == nil)
    }

    @Test func rule11MarkerLeavingTheMapClosesItsWindow() {
        let map = MapHarness()
        let a = map.addMarker("a", at: london)
        map.mapView.selectedMarker = a
        a.map = nil
        #expect(map.delegate.events.last == "didClose:a")
        #expect(map.mapView.selectedMarker == nil)
        let b = map.addMarker("b", at: london)
        map.mapView.selectedMarker = b
        map.mapView.clear()
        #expect(map.delegate.events.last == "didClose:b")
        #expect(map.mapView.selectedMarker == nil)
    }

    @Test func rule12SnapshotNotLive() {
        let map = MapHarness()
        let a = map.addMarker("a", at: london)
        let view = UILabel(frame: CGRect(x: 0, y: 0, width: 120, height: 30))
        view.text = "before"
        map.answers.windows["a"] = view
        map.mapView.selectedMarker = a
        let first = map.host.renderFrame(scale: 1)
        view.text = "after, and much longer"
        map.host.advance(by: 0.1)
        #expect(GoldenSame.equal(first, map.host.renderFrame(scale: 1)))
        a.tracksInfoWindowChanges = true
        map.host.advance(by: 0.1)
        #expect(!GoldenSame.equal(first, map.host.renderFrame(scale: 1)))
        #expect(map.delegate.events.filter { $0.hasPrefix("markerInfoWindow") }.count == 1)
    }

    @Test func rule13LongPress() {
        let map = MapHarness()
        let plain = map.addMarker("plain", at: east)
        let draggable = map.addMarker("drag", at: CLLocationCoordinate2D(latitude: 51.52, longitude: -0.127))
        draggable.isDraggable = true
        map.longPress(map.point(of: plain))
        map.longPress(CGPoint(x: 50, y: 700))
        map.longPress(map.point(of: draggable))
        map.settle()
        #expect(map.delegate.events == ["didLongPressAt", "didLongPressAt", "didBeginDragging:drag", "didEndDragging:drag"])
    }
}

import MapDrawing

enum GoldenSame {
    static func equal(_ a: Bitmap, _ b: Bitmap) -> Bool {
        guard a.width == b.width, a.height == b.height else { return false }
        return a.withUnsafeBytes { pa in b.withUnsafeBytes { pb in pa.elementsEqual(pb) } }
    }
}

@MainActor
@Suite("My Location dot")
struct MyLocationDotTests {
    @Test func rule14MyLocationDotTap() {
        let map = MapHarness()
        map.mapView.isMyLocationEnabled = true
        let here = CLLocationCoordinate2D(latitude: 51.501, longitude: -0.12)
        map.host.setMyLocation(CLLocation(coordinate: here, altitude: 0, horizontalAccuracy: 50, verticalAccuracy: -1, timestamp: Date()))
        let point = map.mapView.projection.point(for: here)
        map.tap(CGPoint(x: point.x + 5, y: point.y))
        #expect(map.delegate.events == ["didTapMyLocation"])
        map.mapView.isMyLocationEnabled = false
        map.tap(point)
        #expect(map.delegate.events == ["didTapMyLocation", "didTapAt"])
    }

    @Test func dotIsDrawnOnlyWhenEnabledWithALocation() {
        let map = MapHarness()
        let here = CLLocationCoordinate2D(latitude: 51.5, longitude: -0.127)
        map.host.setMyLocation(CLLocation(latitude: here.latitude, longitude: here.longitude))
        let off = map.host.renderFrame(scale: 1)
        map.mapView.isMyLocationEnabled = true
        let on = map.host.renderFrame(scale: 1)
        let p = map.mapView.projection.point(for: here)
        #expect(off.color(x: Int(p.x), y: Int(p.y)) != on.color(x: Int(p.x), y: Int(p.y)))
        #expect((on.color(x: Int(p.x), y: Int(p.y))?.blue ?? 0) > 0.9)
    }
}
