import Foundation
import OpenMaps
import Testing

/// docs/behaviour.md rules 13 and 15-21 for continuous gestures, and the settings that switch
/// them off.
@MainActor
@Suite("Gestures")
struct GestureTests {
    @Test func panKeepsTheTouchedGroundUnderTheFinger() {
        let map = MapHarness()
        let from = CGPoint(x: 100, y: 300), to = CGPoint(x: 250, y: 500)
        let ground = map.mapView.projection.coordinate(for: from)
        map.pan(from: from, to: to)
        map.settle()
        let now = map.mapView.projection.point(for: ground)
        #expect(abs(now.x - to.x) < 1e-6 && abs(now.y - to.y) < 1e-6)
        #expect(map.delegate.folded == ["willMove(true)", "didChange", "idle"])
    }

    @Test func panNeverFiresATap() {
        let map = MapHarness()
        let marker = map.addMarker("a", at: CLLocationCoordinate2D(latitude: 51.5, longitude: -0.1))
        map.pan(from: map.point(of: marker), to: CGPoint(x: 10, y: 10))
        map.settle()
        #expect(!map.delegate.events.contains { $0.hasPrefix("didTap") })
    }

    @Test func rule19FlingDeceleratesAndRestingStops() {
        let rested = MapHarness()
        rested.pan(from: CGPoint(x: 100, y: 400), to: CGPoint(x: 300, y: 400), duration: 0.2)
        let restedEnd = rested.host.time
        rested.settle()
        #expect(rested.host.time - restedEnd < 0.05)
        let flung = MapHarness()
        let ground = flung.mapView.projection.coordinate(for: CGPoint(x: 100, y: 400))
        flung.pan(from: CGPoint(x: 100, y: 400), to: CGPoint(x: 300, y: 400), duration: 0.2, fling: true)
        let released = flung.mapView.projection.point(for: ground)
        #expect(!flung.host.isIdle)
        flung.settle()
        let stopped = flung.mapView.projection.point(for: ground)
        #expect(stopped.x > released.x + 100)
        #expect(flung.host.time > 1)
        // The fling belongs to the gesture: one willMove(true), one idleAt at the end.
        #expect(flung.delegate.folded == ["willMove(true)", "didChange", "idle"])
    }

    @Test func touchStoppingAFlingIsNotATap() {
        let map = MapHarness()
        map.pan(from: CGPoint(x: 100, y: 400), to: CGPoint(x: 300, y: 400), duration: 0.2, fling: true)
        map.host.advance(by: 0.2)
        map.tap(CGPoint(x: 200, y: 200))
        map.settle()
        #expect(!map.delegate.events.contains("didTapAt"))
        #expect(map.delegate.events.last == "idle")
    }

    @Test func rule20PinchZoomsByLog2OfTheRatioAboutTheCentre() {
        let map = MapHarness()
        let centre = CGPoint(x: 150, y: 300)
        let ground = map.mapView.projection.coordinate(for: centre)
        map.twoFingers(
            (CGPoint(x: 100, y: 300), CGPoint(x: 50, y: 300)), (CGPoint(x: 200, y: 300), CGPoint(x: 250, y: 300)))
        map.settle()
        #expect(abs(map.mapView.camera.zoom - 13) < 1e-5)
        let after = map.mapView.projection.point(for: ground)
        #expect(abs(after.x - centre.x) < 1e-3 && abs(after.y - centre.y) < 1e-3)
        #expect(map.mapView.camera.bearing == 0)
        #expect(map.delegate.folded == ["willMove(true)", "didChange", "idle"])
    }

    @Test func rule20RotationTurnsTheMapWithTheFingers() {
        let map = MapHarness()
        let c = CGPoint(x: 195, y: 422), r: CGFloat = 50
        let turn = 45 * CGFloat.pi / 180
        map.twoFingers(
            (CGPoint(x: c.x - r, y: c.y), CGPoint(x: c.x - r * cos(turn), y: c.y - r * sin(turn))),
            (CGPoint(x: c.x + r, y: c.y), CGPoint(x: c.x + r * cos(turn), y: c.y + r * sin(turn))))
        map.settle()
        #expect(abs(map.mapView.camera.bearing - 315) < 1e-6)
        #expect(abs(map.mapView.camera.zoom - 12) < 1e-5)
    }

    @Test func pinchThatTurnsALittleDoesNotRotate() {
        let map = MapHarness()
        let turn = 6 * CGFloat.pi / 180
        map.twoFingers(
            (CGPoint(x: 145, y: 422), CGPoint(x: 195 - 80 * cos(turn), y: 422 - 80 * sin(turn))),
            (CGPoint(x: 245, y: 422), CGPoint(x: 195 + 80 * cos(turn), y: 422 + 80 * sin(turn))))
        map.settle()
        #expect(map.mapView.camera.bearing == 0)
        #expect(abs(map.mapView.camera.zoom - (12 + Float(log2(1.6)))) < 1e-5)
    }

    @Test func rule20TwoFingersMovingUpTilt() {
        let map = MapHarness()
        map.mapView.camera = GMSCameraPosition(latitude: 51.5, longitude: -0.127, zoom: 16)
        map.delegate.clear()
        map.twoFingers((CGPoint(x: 145, y: 500), CGPoint(x: 145, y: 420)), (CGPoint(x: 245, y: 500), CGPoint(x: 245, y: 420)))
        map.settle()
        #expect(abs(map.mapView.camera.viewingAngle - 20) < 1e-9)
        #expect(map.delegate.folded == ["willMove(true)", "didChange", "idle"])
        // The viewing angle stops at its limit for the zoom (rule 21).
        map.twoFingers((CGPoint(x: 145, y: 700), CGPoint(x: 145, y: 100)), (CGPoint(x: 245, y: 700), CGPoint(x: 245, y: 100)))
        map.settle()
        #expect(map.mapView.camera.viewingAngle == 65)
    }

    /// Fingers report one at a time. A slow page (moments 200 ms apart) must not make the
    /// first finger of a moment look still while its partner is about to report.
    @Test func rule20ATiltReportedSlowlyIsStillATilt() {
        let map = MapHarness()
        map.mapView.camera = GMSCameraPosition(latitude: 51.5, longitude: -0.127, zoom: 16)
        let t0 = map.host.time
        map.host.send(MapTouch(id: 1, phase: .began, location: CGPoint(x: 145, y: 500), timestamp: t0))
        map.host.send(MapTouch(id: 2, phase: .began, location: CGPoint(x: 245, y: 500), timestamp: t0))
        for step in 1...4 {
            let time = t0 + 0.2 * Double(step), y = 500 - 20 * CGFloat(step)
            map.host.send(MapTouch(id: 1, phase: .moved, location: CGPoint(x: 145, y: y), timestamp: time))
            map.host.send(MapTouch(id: 2, phase: .moved, location: CGPoint(x: 245, y: y), timestamp: time))
        }
        map.host.send(MapTouch(id: 1, phase: .ended, location: CGPoint(x: 145, y: 420), timestamp: t0 + 1))
        map.host.send(MapTouch(id: 2, phase: .ended, location: CGPoint(x: 245, y: 420), timestamp: t0 + 1))
        map.settle()
        #expect(abs(map.mapView.camera.viewingAngle - 20) < 1e-9)
        #expect(map.mapView.camera.zoom == 16)
    }

    /// One finger held still while the other moves away pinches: the still finger is known
    /// still once a frame passes without it reporting.
    @Test func rule20OneFingerStillAndOneMovingPinch() {
        let map = MapHarness()
        let t0 = map.host.time
        map.host.send(MapTouch(id: 1, phase: .began, location: CGPoint(x: 145, y: 422), timestamp: t0))
        map.host.send(MapTouch(id: 2, phase: .began, location: CGPoint(x: 245, y: 422), timestamp: t0))
        for step in 1...20 {
            let time = t0 + 0.015 * Double(step)
            map.host.send(MapTouch(id: 2, phase: .moved, location: CGPoint(x: 245 + 5 * CGFloat(step), y: 422), timestamp: time))
        }
        map.host.send(MapTouch(id: 1, phase: .ended, location: CGPoint(x: 145, y: 422), timestamp: t0 + 0.4))
        map.host.send(MapTouch(id: 2, phase: .ended, location: CGPoint(x: 345, y: 422), timestamp: t0 + 0.4))
        map.settle()
        #expect(abs(map.mapView.camera.zoom - 13) < 1e-5, "the fingers' distance doubled: one level in")
    }

    @Test func settingsSwitchGesturesOff() {
        let map = MapHarness()
        map.mapView.settings.setAllGesturesEnabled(false)
        let before = map.mapView.camera
        map.pan(from: CGPoint(x: 100, y: 300), to: CGPoint(x: 250, y: 500))
        map.twoFingers((CGPoint(x: 100, y: 300), CGPoint(x: 50, y: 300)), (CGPoint(x: 200, y: 300), CGPoint(x: 250, y: 300)))
        map.tap(CGPoint(x: 100, y: 100), settle: false)
        map.tap(CGPoint(x: 100, y: 100), settle: false)
        map.settle()
        #expect(map.mapView.camera.target == before.target && map.mapView.camera.zoom == before.zoom)
        #expect(!map.delegate.events.contains { $0.hasPrefix("willMove") })
    }

    @Test func rotateOffStillZooms() {
        let map = MapHarness()
        map.mapView.settings.rotateGestures = false
        let turn = 30 * CGFloat.pi / 180
        map.twoFingers(
            (CGPoint(x: 145, y: 422), CGPoint(x: 195 - 100 * cos(turn), y: 422 - 100 * sin(turn))),
            (CGPoint(x: 245, y: 422), CGPoint(x: 195 + 100 * cos(turn), y: 422 + 100 * sin(turn))))
        map.settle()
        #expect(map.mapView.camera.bearing == 0 && abs(map.mapView.camera.zoom - 13) < 1e-5)
    }

    @Test func rule16PanDuringAnimationStopsIt() {
        let map = MapHarness()
        map.mapView.animate(toZoom: 16)
        map.host.advance(by: 0.2)
        map.pan(from: CGPoint(x: 100, y: 300), to: CGPoint(x: 200, y: 300))
        map.settle()
        #expect(map.mapView.camera.zoom < 15)
        #expect(map.delegate.events.filter { $0.hasPrefix("willMove") } == ["willMove(false)", "willMove(true)"])
        #expect(map.delegate.events.filter { $0 == "idle" }.count == 1)
    }

    @Test func limitsHoldDuringGesturesAndFlings() {
        let map = MapHarness()
        map.mapView.setMinZoom(10, maxZoom: 12.5)
        map.mapView.cameraTargetBounds = GMSCoordinateBounds(
            coordinate: CLLocationCoordinate2D(latitude: 51.45, longitude: -0.2), coordinate: CLLocationCoordinate2D(latitude: 51.55, longitude: -0.05))
        map.twoFingers((CGPoint(x: 145, y: 422), CGPoint(x: 45, y: 422)), (CGPoint(x: 245, y: 422), CGPoint(x: 345, y: 422)))
        map.settle()
        #expect(map.mapView.camera.zoom == 12.5)
        map.pan(from: CGPoint(x: 10, y: 400), to: CGPoint(x: 380, y: 400), duration: 0.1, fling: true)
        map.settle()
        #expect(map.mapView.camera.target.longitude >= -0.2 - 1e-12)
    }
}
