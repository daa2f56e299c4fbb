import Foundation
import OpenMaps
import OpenMapsTesting
import Testing

/// docs/behaviour.md rules 15-18 and 21-25: the camera and gesture timing.
@MainActor
@Suite("Camera and gesture rules")
struct CameraRuleTests {
    let paris = CLLocationCoordinate2D(latitude: 48.8566, longitude: 2.3522)

    @Test func rule15InstantChange() {
        let map = MapHarness()
        map.mapView.camera = GMSCameraPosition(target: paris, zoom: 10)
        #expect(map.delegate.events == ["willMove(false)", "didChange", "idle"])
        map.delegate.clear()
        map.mapView.moveCamera(.zoomIn())
        #expect(map.delegate.events == ["willMove(false)", "didChange", "idle"])
        #expect(map.mapView.camera.zoom == 11)
    }

    @Test func rule15FirstCameraGivesNoCallbacks() {
        let map = MapHarness()
        map.settle()
        #expect(map.delegate.events.isEmpty)
    }

    /// A map made at zero size that gets its frame: observers of `camera` hear of the new
    /// projection at the next frame (as the utility library's cluster manager needs), the
    /// delegate hears nothing, and the camera stays.
    @Test func rule15ASizeChangeTellsCameraObserversAndNoDelegate() {
        let mapView = GMSMapView(options: GMSMapViewOptions())
        let delegate = DelegateRecorder.forRules(answering: ScriptedAnswers())
        mapView.delegate = delegate
        var heard: [CLLocationCoordinate2D] = []
        let observation = mapView.observe(\.camera, options: [.new]) { _, change in heard.append(change.newValue?.target ?? kCLLocationCoordinate2DInvalid) }
        defer { observation.invalidate() }
        let host = GMSMapViewHost(mapView: mapView)
        host.advance(by: 0.1)
        let before = mapView.camera
        #expect(heard.isEmpty, "no size yet, nothing changed")
        #expect(mapView.projection.visibleRegion().nearLeft.latitude == mapView.projection.visibleRegion().farRight.latitude)
        host.resize(to: CGSize(width: 390, height: 844))
        host.advance(by: 0.1)
        #expect(heard.count == 1, "one notice for the new size")
        #expect(mapView.projection.visibleRegion().nearLeft.latitude < mapView.projection.visibleRegion().farRight.latitude)
        host.advance(by: 1)
        #expect(heard.count == 1, "none while the size stays")
        host.resize(to: CGSize(width: 844, height: 390))
        host.advance(by: 0.1)
        #expect(heard.count == 2, "a rotation is a new size")
        #expect(delegate.events.isEmpty, "no delegate method: \(delegate.events)")
        #expect(mapView.camera.target.latitude == before.target.latitude && mapView.camera.target.longitude == before.target.longitude && mapView.camera.zoom == before.zoom, "the camera stays")
    }

    @Test func rule15InstantChangeStopsAnAnimation() {
        let map = MapHarness()
        map.mapView.animate(toZoom: 15)
        map.host.advance(by: 0.2)
        map.mapView.camera = GMSCameraPosition(target: paris, zoom: 5)
        map.settle()
        #expect(map.mapView.camera.zoom == 5)
        #expect(map.delegate.events.filter { $0 == "idle" }.count == 1)
        #expect(map.delegate.events.last == "idle")
    }

    @Test func rule15AnimationSequence() {
        let map = MapHarness()
        map.mapView.animate(to: GMSCameraPosition(target: paris, zoom: 10))
        map.settle()
        let events = map.delegate.events
        #expect(events.first == "willMove(false)")
        #expect(events.last == "idle")
        #expect(events.dropFirst().dropLast().allSatisfy { $0 == "didChange" })
        #expect(events.count > 10)
        #expect(abs(map.mapView.camera.target.latitude - paris.latitude) < 1e-9)
    }

    @Test func rule16GestureDuringAnimationCallsWillMoveAgain() {
        let map = MapHarness()
        map.mapView.animate(toZoom: 16)
        map.host.advance(by: 0.1)
        map.tap(CGPoint(x: 100, y: 100), settle: false)
        map.tap(CGPoint(x: 100, y: 100), settle: false)
        map.settle()
        let willMoves = map.delegate.events.filter { $0.hasPrefix("willMove") }
        #expect(willMoves == ["willMove(false)", "willMove(true)"])
        #expect(map.delegate.events.filter { $0 == "idle" }.count == 1)
    }

    /// Rule 81: a layer's key animation asked for while `animate(to:)` runs replaces it: the
    /// animation stops where it is, and the bracket goes on to one `idleAt`.
    @Test func rule81ANewMotionStopsTheOneUnderWayWhereItIs() {
        let map = MapHarness()
        map.mapView.animate(to: GMSCameraPosition(target: paris, zoom: 12))
        map.host.advance(by: 0.2)
        let stoppedAt = map.mapView.camera.target
        #expect(abs(stoppedAt.latitude - paris.latitude) > 0.01, "under way")
        let zoom = CABasicAnimation(keyPath: kGMSLayerCameraZoomLevelKey)
        zoom.duration = 0.5
        zoom.toValue = 8
        map.mapView.layer.add(zoom, forKey: kGMSLayerCameraZoomLevelKey)
        map.settle()
        #expect(map.mapView.camera.zoom == 8)
        #expect(map.mapView.camera.target.latitude == stoppedAt.latitude && map.mapView.camera.target.longitude == stoppedAt.longitude, "the target stays where the animation stopped")
        #expect(map.delegate.events.filter { $0.hasPrefix("willMove") } == ["willMove(false)"])
        #expect(map.delegate.events.filter { $0 == "idle" }.count == 1)
        #expect(map.delegate.events.last == "idle")
    }

    /// Rule 81: an instant change stops a pan's glide; `idleAt` comes with it.
    @Test func rule81AnInstantChangeStopsAGlide() {
        let map = MapHarness()
        map.pan(from: CGPoint(x: 300, y: 400), to: CGPoint(x: 100, y: 400), duration: 0.1, fling: true)
        map.host.advance(by: 0.05)
        #expect(!map.host.isIdle, "gliding")
        map.delegate.clear()
        map.mapView.camera = GMSCameraPosition(target: paris, zoom: 10)
        #expect(map.delegate.events == ["willMove(false)", "didChange", "idle"])
        map.settle()
        #expect(map.delegate.events == ["willMove(false)", "didChange", "idle"], "nothing moves after it")
        #expect(map.mapView.camera.target.latitude == paris.latitude && map.mapView.camera.target.longitude == paris.longitude)
    }

    /// Rule 81: an instant change stops a layer's key animations (their delegates hear
    /// `finished: false`), so later frames move nothing without a bracket.
    @Test func rule81AnInstantChangeStopsKeyAnimations() {
        final class Told: NSObject, CAAnimationDelegate {
            var lines: [String] = []
            func animationDidStop(_ anim: CAAnimation, finished flag: Bool) { lines.append("stop \(flag)") }
        }
        let map = MapHarness()
        let told = Told()
        let bearing = CABasicAnimation(keyPath: kGMSLayerCameraBearingKey)
        bearing.duration = 1
        bearing.toValue = 90
        bearing.delegate = told
        map.mapView.layer.add(bearing, forKey: kGMSLayerCameraBearingKey)
        map.host.advance(by: 0.2)
        map.mapView.camera = GMSCameraPosition(target: paris, zoom: 10)
        #expect(told.lines == ["stop false"])
        map.delegate.clear()
        map.settle()
        #expect(map.delegate.events.isEmpty, "no frame moves the camera after it: \(map.delegate.events)")
        #expect(map.mapView.camera.bearing == 0)
    }

    @Test func rule17AtMostOneDidChangePerFrame() {
        let map = MapHarness()
        map.mapView.animate(to: GMSCameraPosition(target: paris, zoom: 10))
        map.settle()
        // 0.5 s at 60 frames per second: at most 31 frames.
        #expect(map.delegate.events.filter { $0 == "didChange" }.count <= 31)
    }

    @Test func rule18DoubleTapZoomsInByOneAboutThePoint() {
        let map = MapHarness()
        let point = CGPoint(x: 100, y: 200)
        let before = map.mapView.projection.coordinate(for: point)
        map.tap(point, settle: false)
        map.tap(point, settle: false)
        let start = map.host.time
        map.settle()
        #expect(map.mapView.camera.zoom == 13)
        let after = map.mapView.projection.coordinate(for: point)
        #expect(abs(after.latitude - before.latitude) < 1e-7 && abs(after.longitude - before.longitude) < 1e-7)
        #expect(map.delegate.folded == ["willMove(true)", "didChange", "idle"])
        #expect(map.host.time - start < 0.4)
    }

    @Test func rule18TwoFingerTapZoomsOutByOne() {
        let map = MapHarness()
        let t = map.host.time
        map.host.send(MapTouch(id: 1, phase: .began, location: CGPoint(x: 185, y: 400), timestamp: t))
        map.host.send(MapTouch(id: 2, phase: .began, location: CGPoint(x: 205, y: 400), timestamp: t))
        map.host.send(MapTouch(id: 1, phase: .ended, location: CGPoint(x: 185, y: 400), timestamp: t + 0.05))
        map.host.send(MapTouch(id: 2, phase: .ended, location: CGPoint(x: 205, y: 400), timestamp: t + 0.05))
        map.settle()
        #expect(map.mapView.camera.zoom == 11)
        #expect(map.delegate.folded == ["willMove(true)", "didChange", "idle"])
    }

    @Test func rule18AnimateToLastsHalfASecondOrTheTransactionsDuration() {
        let map = MapHarness()
        map.mapView.animate(toZoom: 14)
        map.host.advance(by: 0.45)
        #expect(map.mapView.camera.zoom < 14)
        map.host.advance(by: 0.1)
        #expect(map.mapView.camera.zoom == 14)
        CATransaction.begin()
        CATransaction.setAnimationDuration(2)
        map.mapView.animate(toZoom: 10)
        CATransaction.commit()
        map.host.advance(by: 1.5)
        #expect(map.mapView.camera.zoom > 10)
        map.settle()
        #expect(map.mapView.camera.zoom == 10)
    }

    @Test func rule21LimitsHoldOnTheMap() {
        let map = MapHarness()
        map.mapView.camera = GMSCameraPosition(latitude: 100, longitude: 190, zoom: 30, bearing: -10, viewingAngle: 80)
        let camera = map.mapView.camera
        #expect(camera.target.latitude == 85 && camera.target.longitude == -170)
        #expect(camera.zoom == 21 && camera.bearing == 350 && camera.viewingAngle == 65)
    }

    @Test func rule22TheWorldRepeatsEastAndWest() {
        let map = MapHarness()
        map.mapView.camera = GMSCameraPosition(latitude: 0, longitude: 179.99, zoom: 12)
        map.delegate.clear()
        let across = map.addMarker("across", at: CLLocationCoordinate2D(latitude: 0, longitude: -179.99))
        map.answers.handledMarkers = ["across"]
        let point = map.mapView.projection.point(for: across.position)
        #expect(point.x > 195 && point.x < 390)
        map.tap(CGPoint(x: point.x, y: point.y - 20))
        #expect(map.delegate.events == ["didTap:across"])
        // At zoom 2 the view shows more than one world: both copies are hit.
        map.mapView.camera = GMSCameraPosition(latitude: 0, longitude: 0, zoom: 2)
        map.mapView.frame = CGRect(x: 0, y: 0, width: 1280, height: 800)
        map.settle()
        let copy = map.mapView.projection.point(for: across.position)
        map.delegate.clear()
        map.tap(CGPoint(x: copy.x + 1024, y: copy.y - 20))
        map.tap(CGPoint(x: copy.x, y: copy.y - 20))
        #expect(map.delegate.events == ["didTap:across", "didTap:across"])
    }

    @Test func rule23BadZoomLimitsAreIgnoredGoodOnesClamp() {
        let map = MapHarness()
        map.mapView.setMinZoom(15, maxZoom: 10)
        #expect(map.mapView.minZoom == kGMSMinZoomLevel && map.mapView.maxZoom == kGMSMaxZoomLevel)
        #expect(map.delegate.events.isEmpty)
        map.mapView.setMinZoom(14, maxZoom: 18)
        #expect(map.mapView.camera.zoom == 14)
        #expect(map.delegate.events == ["willMove(false)", "didChange", "idle"])
        map.mapView.animate(toZoom: 20)
        map.settle()
        #expect(map.mapView.camera.zoom == 18)
    }

    @Test func rule24TapThresholds() {
        // With zoom gestures on, a tap is reported once the double-tap window has passed.
        let map = MapHarness()
        map.tap(CGPoint(x: 50, y: 700), settle: false)
        map.host.advance(by: 0.3)
        #expect(map.delegate.events.isEmpty, "within UIKit's 0.35 s between taps")
        map.host.advance(by: 0.1)
        #expect(map.delegate.events == ["didTapAt"])
        // Without, at once.
        let quick = MapHarness(zoomGestures: false)
        quick.tap(CGPoint(x: 50, y: 700), settle: false)
        #expect(quick.delegate.events == ["didTapAt"])
        // Moving 9 points is still a tap; 10 is a pan.
        for (distance, expected) in [(9.0, ["didTapAt"]), (10.0, ["willMove(true)", "didChange", "idle"])] {
            let h = MapHarness(zoomGestures: false)
            h.host.send(MapTouch(id: 1, phase: .began, location: CGPoint(x: 50, y: 50), timestamp: 0))
            h.host.send(MapTouch(id: 1, phase: .moved, location: CGPoint(x: 50 + distance, y: 50), timestamp: 0.02))
            h.host.send(MapTouch(id: 1, phase: .ended, location: CGPoint(x: 50 + distance, y: 50), timestamp: 0.04))
            h.settle()
            #expect(h.delegate.events == expected, "\(distance)")
        }
        // A hold of 0.49 s is a tap, 0.5 s a long press.
        let held = MapHarness(zoomGestures: false)
        held.host.send(MapTouch(id: 1, phase: .began, location: CGPoint(x: 50, y: 50), timestamp: 0))
        held.host.send(MapTouch(id: 1, phase: .ended, location: CGPoint(x: 50, y: 50), timestamp: 0.45))
        held.host.send(MapTouch(id: 2, phase: .began, location: CGPoint(x: 50, y: 50), timestamp: 1))
        held.host.send(MapTouch(id: 2, phase: .ended, location: CGPoint(x: 50, y: 50), timestamp: 1.6))
        #expect(held.delegate.events == ["didTapAt", "didLongPressAt"])
    }

    /// Rule 24: the second tap of a double tap begins within 0.35 s of the first lifting and
    /// within 45 points of it, the values UIKit's own recognizers use (one table).
    @Test func rule24DoubleTapsFollowUIKitsIntervalAndSeparation() {
        func twoTaps(gap: TimeInterval, apart: CGFloat) -> Float {
            let map = MapHarness()
            let zoom = map.mapView.camera.zoom
            map.host.send(MapTouch(id: 1, phase: .began, location: CGPoint(x: 100, y: 300), timestamp: 1))
            map.host.send(MapTouch(id: 1, phase: .ended, location: CGPoint(x: 100, y: 300), timestamp: 1.05))
            map.host.send(MapTouch(id: 2, phase: .began, location: CGPoint(x: 100 + apart, y: 300), timestamp: 1.05 + gap))
            map.host.send(MapTouch(id: 2, phase: .ended, location: CGPoint(x: 100 + apart, y: 300), timestamp: 1.1 + gap))
            map.settle()
            return map.mapView.camera.zoom - zoom
        }
        #expect(twoTaps(gap: 0.34, apart: 0) == 1, "0.34 s apart: a double tap zooms in")
        #expect(twoTaps(gap: 0.36, apart: 0) == 0, "0.36 s apart: two taps")
        #expect(twoTaps(gap: 0.1, apart: 44) == 1, "44 points apart: a double tap")
        #expect(twoTaps(gap: 0.1, apart: 46) == 0, "46 points apart: two taps")
    }

    @Test func rule24TapThatBecomesADoubleTapReportsNoSingleTap() {
        let map = MapHarness()
        let a = map.addMarker("a", at: CLLocationCoordinate2D(latitude: 51.5, longitude: -0.08))
        map.tap(map.point(of: a), settle: false)
        map.tap(map.point(of: a), settle: false)
        map.settle()
        #expect(!map.delegate.events.contains("didTap:a"))
        #expect(map.mapView.camera.zoom == 13)
    }

    @Test func rule25NonFiniteInputIsIgnored() {
        let map = MapHarness()
        let before = map.mapView.camera
        map.mapView.camera = GMSCameraPosition(latitude: .nan, longitude: 2, zoom: .infinity)
        #expect(map.mapView.camera.target.latitude == before.target.latitude)
        #expect(map.mapView.camera.target.longitude == 2)
        #expect(map.mapView.camera.zoom == before.zoom)
        map.delegate.clear()
        map.mapView.animate(toZoom: .nan)
        map.mapView.animate(toBearing: .infinity)
        map.mapView.animate(toLocation: CLLocationCoordinate2D(latitude: .nan, longitude: 0))
        map.settle()
        #expect(map.delegate.events.isEmpty)
    }

    @Test func hostileTouchesNeverCrash() {
        let map = MapHarness()
        map.host.send(MapTouch(id: 9, phase: .ended, location: CGPoint(x: 1, y: 1), timestamp: 0.1))
        map.host.send(MapTouch(id: 9, phase: .moved, location: CGPoint(x: CGFloat.nan, y: 1), timestamp: 0.2))
        map.host.send(MapTouch(id: 1, phase: .began, location: CGPoint(x: 1, y: 1), timestamp: 0.3))
        map.host.send(MapTouch(id: 1, phase: .began, location: CGPoint(x: 1, y: 1), timestamp: 0.3))
        map.host.send(MapTouch(id: 1, phase: .moved, location: CGPoint(x: 1, y: 1), timestamp: 0.1))
        for id in 0..<1000 {
            map.host.send(MapTouch(id: 100 + id, phase: .began, location: CGPoint(x: id, y: id), timestamp: 0.5))
        }
        for id in 0..<1000 {
            map.host.send(MapTouch(id: 100 + id, phase: .cancelled, location: CGPoint(x: id, y: id), timestamp: 0.6))
        }
        map.host.send(MapTouch(id: 1, phase: .ended, location: CGPoint(x: 1, y: 1), timestamp: .infinity))
        map.host.send(MapTouch(id: 1, phase: .ended, location: CGPoint(x: 1, y: 1), timestamp: 0.7))
        map.settle()
        #expect(map.host.isIdle)
    }
}
