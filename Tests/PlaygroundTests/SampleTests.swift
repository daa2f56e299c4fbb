import Foundation
import MapDrawing
import MapReplay
import OpenMaps
import OpenMapsTesting
import Testing

@testable import OpenMapsPlayground

/// Every sample loads, draws, and answers the input its summary promises; the page's mouse
/// gestures reach the engine's recognizers as fingers.
@Suite("Playground samples and input", .serialized)
@MainActor
struct SampleTests {
    /// A session showing a sample at 640 x 400 (scale 1), stepped by hand.
    private func session(_ sample: String) throws -> (PlaygroundSession, GMSMapViewHost) {
        let session = PlaygroundSession(id: 1, idleTimeout: 900)
        session.receive(#"{"type":"hello","sample":"\#(sample)","width":640,"height":400,"scale":1}"#)
        let host = try #require(session.host)
        host.rendersTilesInBackground = false
        return (session, host)
    }

    /// Runs the session's turns until the map's clock has run `seconds` on (the map's time,
    /// not the test's: on a busy machine a turn may come late, but the map has run that long
    /// when this returns).
    private func settle(_ session: PlaygroundSession, _ host: GMSMapViewHost, seconds: Double = 2) async {
        let target = host.time + seconds, giveUp = Date().addingTimeInterval(120)
        session.step()
        while host.time < target, !session.isClosed, Date() < giveUp {
            try? await Task.sleep(for: .milliseconds(16))
            session.step()
        }
    }

    private func send(_ session: PlaygroundSession, _ messages: [String], pause: Int = 16) async {
        for message in messages {
            session.receive(message)
            session.step()
            try? await Task.sleep(for: .milliseconds(pause))
        }
    }

    @Test(arguments: PlaygroundSample.all.map(\.name).filter { $0 != "panorama" && $0 != "phone" })
    func everySampleLoadsAndDraws(_ name: String) throws {
        let (session, host) = try session(name)
        defer { session.close() }
        #expect(session.sample?.name == name)
        host.prepareTiles()
        let frame = host.renderFrame(scale: 1)
        #expect(frame.width == 640 && frame.height == 400)
        #expect(host.mapView.events.isObserved, "the page's log observes the map, whatever its delegate")
    }

    /// What each sample promises is on its first screen, once settled: the clustering samples'
    /// clusters (their maps are made at zero size and cluster before they have one, as Google's
    /// demo does), the heatmap's heat, the shapes' overlays, the markers.
    @Test(arguments: [("clustering", 5), ("clustering-100k", 5), ("markers", 3), ("many-markers", 1_000)])
    func aSampleShowsTheMarkersItPromises(_ name: String, atLeast count: Int) async throws {
        let (session, host) = try session(name)
        defer { session.close() }
        await settle(session, host, seconds: 1)
        for _ in 0..<100 where MapInspection(host).markersInView().count < count {
            await settle(session, host, seconds: 0.1)
        }
        #expect(MapInspection(host).markersInView().count >= count, "\(name): \(MapInspection(host).markersInView().count) markers in view")
    }

    @Test func rule40TheCoverageNoteShowsAtStreetZoomsWhereTheBasemapHasNoStreets() throws {
        let (session, host) = try session("markers")
        defer { session.close() }
        host.mapView.camera = GMSCameraPosition(latitude: 51.5, longitude: -0.127, zoom: 15)
        session.step()
        #expect(session.coverageNote?.contains("make tiles") == true)
        host.mapView.camera = GMSCameraPosition(latitude: 51.5, longitude: -0.127, zoom: 10)
        session.step()
        #expect(session.coverageNote == nil, "not at a city zoom")
        host.mapView.camera = GMSCameraPosition(latitude: 60.1690, longitude: 24.9440, zoom: 16)
        session.step()
        #expect(session.coverageNote == nil, "Helsinki has streets")
        #expect(PlaygroundSession.coverageNote(zoom: 13, dataZoom: 6) != nil)
        #expect(PlaygroundSession.coverageNote(zoom: 12.9, dataZoom: nil) == nil)
        #expect(PlaygroundSession.coverageNote(zoom: 18, dataZoom: 14) == nil)
    }

    /// The panorama sample hosts a panorama view, not a map: it moves to its first panorama,
    /// logs the view's callbacks for the page, draws, and turns as the mouse drags.
    @Test func thePanoramaSampleShowsAPanoramaAndTurnsWithTheMouse() async throws {
        let session = PlaygroundSession(id: 1, idleTimeout: 900)
        defer { session.close() }
        session.receive(#"{"type":"hello","sample":"panorama","width":640,"height":400,"scale":1}"#)
        #expect(session.host == nil)
        let host = try #require(session.panoramaHost)
        for _ in 0..<100 where host.panoramaView.panorama == nil {
            session.step()
            try? await Task.sleep(for: .milliseconds(5))
        }
        #expect(host.panoramaView.panorama?.panoramaID == PanoramaSample.squareID)
        #expect(host.panoramaView.events.isObserved, "the session logs the view's events; the sample's delegate stays")
        let frame = host.renderFrame(scale: 1)
        #expect(frame.width == 640 && frame.height == 400)
        let golden = GoldenImage.check(frame, named: "playground-panorama")
        #expect(golden.passed, "\(golden.message)")
        let before = host.panoramaView.camera.orientation.heading
        var messages = [#"{"type":"pointer","phase":"down","id":1,"x":500,"y":200}"#]
        for step in 1...20 { messages.append(#"{"type":"pointer","phase":"move","id":1,"x":\#(500 - step * 15),"y":200}"#) }
        messages.append(#"{"type":"pointer","phase":"up","id":1,"x":200,"y":200}"#)
        await send(session, messages)
        let turned = host.panoramaView.camera.orientation.heading
        #expect(abs(turned - before) > 20, "dragging left turns the view right: \(before) -> \(turned)")
    }

    @Test func rule61AnAppsScreenIsAPhoneItsMapsLoggedThroughTheirEventSinks() async throws {
        let session = PlaygroundSession(id: 3, idleTimeout: 900, content: .screen { ControlsScreen() })
        defer { session.close() }
        session.receive(#"{"type":"hello","width":1280,"height":800,"scale":1}"#)
        let host = try #require(session.screenHost)
        #expect(host.rootView.bounds.size == ScreenHost.phoneSize)
        let navigation = try #require(host.rootViewController as? UINavigationController)
        let screen = try #require(navigation.topViewController as? ControlsScreen)
        let map = try #require(screen.mapView)
        host.rootView.layoutIfNeeded()
        let point = map.convert(CGPoint(x: 60, y: map.bounds.height - 60), to: host.rootView)
        await send(session, [
            #"{"type":"pointer","phase":"down","id":1,"pointerType":"mouse","x":\#(point.x),"y":\#(point.y)}"#,
            #"{"type":"pointer","phase":"up","id":1,"pointerType":"mouse","x":\#(point.x),"y":\#(point.y)}"#,
        ])
        try? await Task.sleep(for: .milliseconds(500))
        for _ in 0..<20 { session.step() }
        #expect(map.delegate === screen, "the app's delegate reads back")
        #expect(map.events.isObserved, "the page's log observes the map")
        // A keyboard's keys go to the first responder.
        screen.field.becomeFirstResponder()
        for key in ["O", "K"] { session.receive(#"{"type":"key","key":"\#(key)"}"#) }
        #expect(screen.field.text == "OK")
        // A sample switch is refused: the server shows this app only.
        let refused = session.refusedMessages
        session.receive(#"{"type":"sample","name":"markers"}"#)
        #expect(session.refusedMessages == refused + 1)
    }

    @Test func anAppLaunchedForATabEndsItsSceneWithTheSession() throws {
        final class App: UIResponder, UIApplicationDelegate {
            var window: UIWindow?
            func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
                window = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
                window?.rootViewController = ControlsScreen()
                window?.makeKeyAndVisible()
                return true
            }
        }
        let before = UIApplication.shared.connectedScenes.count
        let session = PlaygroundSession(id: 5, idleTimeout: 900, content: .app(appDelegate: { App() }, sceneDelegate: nil))
        session.receive(#"{"type":"hello","width":800,"height":600,"scale":1}"#)
        let host = try #require(session.screenHost)
        #expect((host.rootViewController as? UINavigationController)?.topViewController is ControlsScreen || host.rootViewController is ControlsScreen)
        #expect(UIApplication.shared.connectedScenes.count == before + 1)
        session.close()
        #expect(UIApplication.shared.connectedScenes.count == before)
    }

    @Test func printInASampleGoesToThePagesLog() async throws {
        let (session, host) = try session("map-events")
        defer { session.close() }
        var lines: [String] = []
        let reader = Task { @MainActor in
            for await message in session.outgoing {
                if case .text(let text) = message { lines.append(text) }
            }
        }
        await settle(session, host, seconds: 0.3)
        // Down and up in one step: on a loaded machine, a pause between them can outlast the
        // long-press delay and make the tap a long press.
        session.receive(#"{"type":"pointer","phase":"down","id":1,"pointerType":"mouse","x":100,"y":100}"#)
        session.receive(#"{"type":"pointer","phase":"up","id":1,"pointerType":"mouse","x":100,"y":100}"#)
        session.step()
        // The tap is a tap once the double-tap window has passed; a loaded machine takes longer.
        for _ in 0..<50 where !lines.contains(where: { $0.contains("You tapped at") }) {
            await settle(session, host, seconds: 0.1)
        }
        reader.cancel()
        let printed = lines.filter { $0.contains(#""selector":"print""#) }
        #expect(printed.contains { $0.contains("You tapped at") }, "\(lines.suffix(3))")
    }

    @Test func thePhoneSampleListsTheSamplesOnAPhoneScreen() async throws {
        let session = PlaygroundSession(id: 4, idleTimeout: 900)
        defer { session.close() }
        session.receive(#"{"type":"hello","sample":"phone","width":800,"height":600,"scale":1}"#)
        let host = try #require(session.screenHost)
        let navigation = try #require(host.rootViewController as? UINavigationController)
        #expect(navigation.topViewController is SampleListViewController)
        host.advance(by: 0.2)
        let table = try #require(navigation.topViewController?.view.subviews.first as? UITableView)
        #expect(table.numberOfSections == SampleListViewController.sections.count)
        // A row pushes its sample.
        let rect = table.rectForRow(at: IndexPath(row: 0, section: 1))
        host.tap(at: table.convert(CGPoint(x: rect.midX, y: rect.midY), to: host.rootView))
        host.runUntilIdle(limit: 2)
        #expect(navigation.viewControllers.count == 2)
        #expect(navigation.topViewController?.title == SampleListViewController.sections[1].samples[0].title)
    }

    @Test func unknownSamplesShowTheDefault() {
        #expect(PlaygroundSample.named("nope").name == "markers")
        #expect(PlaygroundSample.named(nil).name == "markers")
    }

    @Test func theWheelZoomsAboutThePointer() async throws {
        let (session, host) = try session("map-events")
        defer { session.close() }
        let before = host.mapView.camera.zoom
        let pointer = CGPoint(x: 200, y: 150)
        let under = host.mapView.projection.coordinate(for: pointer)
        await send(session, Array(repeating: #"{"type":"wheel","x":200,"y":150,"delta":-100}"#, count: 3))
        await settle(session, host)
        #expect(host.mapView.camera.zoom > before + 0.5)
        let after = host.mapView.projection.point(for: under)
        #expect(hypot(after.x - pointer.x, after.y - pointer.y) < 3, "the point under the pointer stays put")
    }

    @Test func shiftDragRotatesAndAltDragTilts() async throws {
        let (session, host) = try session("map-events")
        defer { session.close() }
        // Shift-drag around the centre, a quarter turn.
        var messages = [#"{"type":"pointer","phase":"down","id":1,"x":500,"y":200,"shift":true}"#]
        for step in 1...20 {
            let angle = Double(step) / 20 * .pi / 2
            messages.append(#"{"type":"pointer","phase":"move","id":1,"x":\#(320 + 180 * cos(angle)),"y":\#(200 + 180 * sin(angle)),"shift":true}"#)
        }
        messages.append(#"{"type":"pointer","phase":"up","id":1,"x":320,"y":380,"shift":true}"#)
        await send(session, messages)
        await settle(session, host, seconds: 1)
        let bearing = host.mapView.camera.bearing
        #expect(bearing > 30 && bearing < 330, "rotated: \(bearing)")
        // Alt-drag upward tilts.
        messages = [#"{"type":"pointer","phase":"down","id":1,"x":320,"y":300,"alt":true}"#]
        for step in 1...20 { messages.append(#"{"type":"pointer","phase":"move","id":1,"x":320,"y":\#(300 - step * 8),"alt":true}"#) }
        messages.append(#"{"type":"pointer","phase":"up","id":1,"x":320,"y":140,"alt":true}"#)
        await send(session, messages)
        await settle(session, host, seconds: 1)
        #expect(host.mapView.camera.viewingAngle > 10)
    }

    @Test func myLocationWalksAlongTheStreet() async throws {
        let (session, host) = try session("my-location")
        defer { session.close() }
        session.step()
        let first = try #require(host.mapView.myLocation?.coordinate)
        await settle(session, host, seconds: 2.2)
        let later = try #require(host.mapView.myLocation?.coordinate)
        #expect(GMSGeometryDistance(first, later) > 0.5)
        #expect(LocationSimulation.location(at: .nan).coordinate.latitude == LocationSimulation.esplanadi[0].latitude)
    }

    @Test func idleSessionsClose() async throws {
        let session = PlaygroundSession(id: 2, idleTimeout: 0.2)
        session.receive(#"{"type":"hello","width":100,"height":100,"scale":1}"#)
        #expect(!session.isClosed)
        // Acknowledging frames, or asking for a whole one, is not activity.
        for frame in 1...3 {
            try await Task.sleep(for: .milliseconds(100))
            session.receive(#"{"type":"ack","frame":\#(frame)}"#)
            session.receive(#"{"type":"refresh"}"#)
        }
        session.step()
        #expect(session.isClosed)
    }

    @Test func aShiftClickAndAnAltClickAreNotTwoFingerTaps() async throws {
        let (session, host) = try session("map-events")
        defer { session.close() }
        let before = host.mapView.camera.zoom
        // Two fingers down and up within the slop would be a two-finger tap: zoom out.
        await send(session, [
            #"{"type":"pointer","phase":"down","id":1,"x":300,"y":200,"shift":true}"#,
            #"{"type":"pointer","phase":"up","id":1,"x":300,"y":200,"shift":true}"#,
            #"{"type":"pointer","phase":"down","id":2,"x":300,"y":200,"alt":true}"#,
            #"{"type":"pointer","phase":"up","id":2,"x":301,"y":201,"alt":true}"#,
        ])
        await settle(session, host, seconds: 0.6)
        #expect(host.mapView.camera.zoom == before)
    }

    @Test func oneNotchOfAWheelZoomsInProportionAndAPinchAsFarAsTheFingersSpread() async throws {
        let (session, host) = try session("map-events")
        defer { session.close() }
        let before = host.mapView.camera.zoom
        await send(session, [#"{"type":"wheel","x":200,"y":150,"delta":-48}"#])  // Firefox: 3 lines of 16 px
        await settle(session, host, seconds: 1.2)
        #expect(abs(host.mapView.camera.zoom - (before + 0.48)) < 0.01)
        // A trackpad pinch: ctrl+wheel, -100 ln 2 for fingers spread twice as far.
        await send(session, [#"{"type":"wheel","x":200,"y":150,"delta":-69.3147,"pinch":true}"#])
        await settle(session, host, seconds: 1.2)
        #expect(abs(host.mapView.camera.zoom - (before + 1.48)) < 0.01, "zoom \(host.mapView.camera.zoom) from \(before)")
    }

    /// A trackpad scrolled slowly: 8 px at a time, each after the pinch has rested. Driven on
    /// the map's clock (not the test's real time), so a busy machine cannot space the turns
    /// further apart than the page did.
    @Test func slowSmallWheelTurnsAddUp() async throws {
        let (session, host) = try session("map-events")
        defer { session.close() }
        let before = host.mapView.camera.zoom
        var input = PointerInput()
        var time = host.time + 0.1
        for _ in 0..<12 {
            for touch in input.touches(forWheelAt: CGPoint(x: 200, y: 150), delta: -8, at: time) { host.send(touch) }
            time += 0.2
            host.advance(to: time)
            for touch in input.step(at: time) { host.send(touch) }
        }
        host.runUntilIdle()
        #expect(host.mapView.camera.zoom > before + 0.1, "zoomed in: \(host.mapView.camera.zoom) from \(before)")
    }

    @Test func aTapHandledLateIsStillATap() async throws {
        let (session, host) = try session("markers")
        defer { session.close() }
        await settle(session, host, seconds: 0.3)
        host.mapView.selectedMarker = nil
        let head = host.mapView.projection.point(for: Helsinki.places[2].coordinate)
        let (x, y) = (head.x, head.y - 20)
        session.inbox.post(.text(#"{"type":"pointer","phase":"down","id":1,"pointerType":"mouse","x":\#(x),"y":\#(y),"t":1000}"#))
        session.step()
        // The server is busy for 0.6 s; the "up" the page sent 60 ms after "down" waits.
        try await Task.sleep(for: .milliseconds(600))
        session.inbox.post(.text(#"{"type":"pointer","phase":"up","id":1,"pointerType":"mouse","x":\#(x),"y":\#(y),"t":1060}"#))
        session.step()
        #expect(host.mapView.selectedMarker?.title == Helsinki.places[2].name, "a tap, not a long press")
    }

    @Test func aTapJustAfterTheWheelRestsIsNotLost() async throws {
        let (session, host) = try session("markers")
        defer { session.close() }
        await settle(session, host, seconds: 0.3)
        host.mapView.selectedMarker = nil
        session.post(#"{"type":"wheel","x":20,"y":20,"delta":2,"t":1000}"#)  // too small to zoom
        session.step()
        try await Task.sleep(for: .milliseconds(250))
        session.step()  // the wheel's fingers lift, 0.15 s after its turn on the page's clock
        let head = host.mapView.projection.point(for: Helsinki.places[2].coordinate)
        let (x, y) = (head.x, head.y - 20)
        session.post(#"{"type":"pointer","phase":"down","id":1,"pointerType":"mouse","x":\#(x),"y":\#(y),"t":1160}"#)
        session.post(#"{"type":"pointer","phase":"up","id":1,"pointerType":"mouse","x":\#(x),"y":\#(y),"t":1200}"#)
        await settle(session, host, seconds: 1.2)  // past the double-tap window with room for a busy machine
        #expect(host.mapView.selectedMarker?.title == Helsinki.places[2].name)
    }

    @Test func pageTimesKeepTheirSpacingOnTheMapsClock() {
        var clock = PageClock()
        #expect(clock.time(ofPage: 1_000, now: 5) == 5)  // the first anchors
        #expect(abs(clock.time(ofPage: 1_050, now: 5.7) - 5.05) < 1e-9)  // handled late, stamped as sent
        #expect(clock.time(ofPage: 1_040, now: 5.8) == 5.05, "never earlier than the previous event")
        #expect(clock.time(ofPage: 9_000, now: 5.9) == 5.9, "never in the future: set again")
        #expect(abs(clock.time(ofPage: 9_100, now: 8) - 7) < 1e-9, "more than a second late: a second late")
        #expect(abs(clock.time(ofPage: 9_300, now: 8.05) - 7.2) < 1e-9, "and the events after it keep their spacing")
        #expect(clock.time(ofPage: nil, now: 8.1) == 8.1)
        #expect(clock.time(ofPage: .nan, now: 8.2) == 8.2)
    }

    @Test func stuckPointersAreBounded() {
        var input = PointerInput()
        var touches = 0
        for id in 1...(PointerInput.maximumPointers + 10) {
            let down = ClientMessage.Pointer(phase: .down, id: id, kind: .touch, x: Double(id * 10), y: 10, shift: false, alt: false)
            touches += input.touches(for: down, size: CGSize(width: 640, height: 400), at: 0).count
        }
        #expect(input.pointersDown == PointerInput.maximumPointers)
        #expect(touches == PointerInput.maximumPointers)
        #expect(input.cancelAll(at: 1).count == PointerInput.maximumPointers)
    }

    @Test func theGeocoderSampleKeepsOneMarkerForWhereTheCameraRests() async throws {
        let sample = GeocoderSample()
        sample.loadViewIfNeeded()
        let mapView = try #require(sample.view as? GMSMapView)
        sample.mapView(mapView, idleAt: .camera(withTarget: Helsinki.centre, zoom: 16))
        #expect(await waitUntil(timeout: 10) { sample.restMarker != nil })
        let first = try #require(sample.restMarker)
        let next = Helsinki.places[0].coordinate
        sample.mapView(mapView, idleAt: .camera(withTarget: next, zoom: 16))
        #expect(await waitUntil(timeout: 10) { sample.restMarker?.position.latitude == next.latitude })
        #expect(sample.restMarker === first, "moved, not added again")
    }

    @Test func onlyAcknowledgementsOfFramesWrittenToThePageCount() throws {
        let (session, _) = try session("markers")
        defer { session.close() }
        session.step()
        #expect(session.framesInFlight == 1)
        // A number never drawn is refused; frame 1, drawn but not yet written to the page,
        // keeps its place until it is written.
        session.receive(#"{"type":"ack","frame":99}"#)
        #expect(session.refusedMessages == 1)
        session.receive(#"{"type":"ack","frame":1}"#)
        #expect(session.framesInFlight == 1)
        session.flow.wrote(frame: 1)  // as the connection reports it
        #expect(session.framesInFlight == 0)
        session.receive(#"{"type":"ack","frame":1}"#)
        #expect(session.refusedMessages == 2, "a frame is acknowledged once")
        // The usual order: written, then acknowledged.
        session.receive(#"{"type":"pointer","phase":"down","id":1,"pointerType":"touch","x":100,"y":100}"#)
        session.receive(#"{"type":"pointer","phase":"move","id":1,"pointerType":"touch","x":160,"y":100}"#)
        session.step()
        #expect(session.framesInFlight == 1)
        session.flow.wrote(frame: 2)
        #expect(session.framesInFlight == 1)
        session.receive(#"{"type":"ack","frame":2}"#)
        #expect(session.framesInFlight == 0)
    }

    @Test func aSessionWhoseConnectionWritesNothingForTooLongCloses() async throws {
        let session = PlaygroundSession(id: 8, idleTimeout: 900, stallTimeout: 0.1)
        session.receive(#"{"type":"hello","sample":"camera","width":100,"height":100,"scale":1}"#)
        session.flow.wrote(frame: nil)  // the "ready" message went out
        session.flow.queued(frame: nil)  // a message the connection never manages to write
        try await Task.sleep(for: .milliseconds(150))
        session.receive(#"{"type":"pointer","phase":"move","id":9,"x":1,"y":1}"#)  // the page still talks
        session.step()
        #expect(session.isClosed, "a page that stopped reading is cut off")
    }

    @Test func aSessionWhosePageAcknowledgesNothingForTooLongCloses() async throws {
        let session = PlaygroundSession(id: 10, idleTimeout: 900, stallTimeout: 0.1)
        session.receive(#"{"type":"hello","sample":"camera","width":100,"height":100,"scale":1}"#)
        session.flow.wrote(frame: nil)  // "ready"
        session.step()  // frame 1
        session.flow.wrote(frame: 1)  // written, never acknowledged
        session.step()
        #expect(!session.isClosed)
        try await Task.sleep(for: .milliseconds(150))
        session.step()
        #expect(session.isClosed)
    }

    @Test func aSlowPageGetsEventsInFewerBiggerBatches() throws {
        let (session, host) = try session("map-events")
        defer { session.close() }
        // Nothing is written: after a few texts, events gather instead of queueing.
        for step in 0..<40 {
            session.receive(#"{"type":"wheel","x":200,"y":150,"delta":\#(step % 2 == 0 ? -60 : 60)}"#)
            session.step()
        }
        _ = host
        #expect(!session.isClosed)
        #expect(session.textsWaiting <= PlaygroundSession.maximumTextsInFlight)
    }

    @Test func aConnectionThatSaysNoHelloIsClosed() async throws {
        let session = PlaygroundSession(id: 7, idleTimeout: 900, helloTimeout: 0.1)
        session.step()
        #expect(!session.isClosed)
        // Messages that are not hello do not hold the place.
        session.receive(#"{"type":"pointer","phase":"move","id":9,"x":1,"y":1}"#)
        try await Task.sleep(for: .milliseconds(150))
        session.step()
        #expect(session.isClosed)
    }
}

@Suite("Playground session limits")
@MainActor
struct SessionLimitTests {
    @Test func floodsOfMessagesAreDropped() {
        let session = PlaygroundSession(id: 3, idleTimeout: 900)
        defer { session.close() }
        let harmless = #"{"type":"pointer","phase":"move","id":9,"x":1,"y":1}"#  // a pointer that is not down
        for _ in 0..<(Inbox.maximumPerSecond + 50) { session.post(harmless) }
        session.step()
        #expect(session.refusedMessages >= 50)
    }

    @Test func acknowledgementsAreTakenAtOnceWhateverWaits() throws {
        let session = PlaygroundSession(id: 9, idleTimeout: 900)
        defer { session.close() }
        session.receive(#"{"type":"hello","sample":"camera","width":100,"height":100,"scale":1}"#)
        session.step()
        #expect(session.framesInFlight == 1)
        session.flow.wrote(frame: 1)
        // A flood the loop has not reached yet (past the rate, even) holds back no acknowledgement.
        for _ in 0..<(Inbox.maximumPerSecond + 10) { session.post(#"{"type":"pointer","phase":"move","id":9,"x":1,"y":1}"#) }
        session.post(#"{"type":"ack","frame":1}"#)
        #expect(session.framesInFlight == 0)
        session.post(#"{"type":"ack","frame":1}"#)
        session.step()
        #expect(session.refusedMessages >= 11, "the flood past the rate, and the second acknowledgement")
    }

    @Test func sampleLoadsCannotBeHammered() {
        let session = PlaygroundSession(id: 4, idleTimeout: 900)
        defer { session.close() }
        session.receive(#"{"type":"hello","sample":"markers","width":100,"height":100,"scale":1}"#)
        session.receive(#"{"type":"sample","name":"many-markers"}"#)
        session.receive(#"{"type":"sample","name":"many-markers"}"#)
        #expect(session.sample?.name == "markers")
        #expect(session.refusedMessages == 2)
    }

    @Test func framesStayWithinThePixelBudget() throws {
        let session = PlaygroundSession(id: 5, idleTimeout: 900)
        defer { session.close() }
        session.receive(#"{"type":"hello","sample":"camera","width":4096,"height":4096,"scale":3}"#)
        let host = try #require(session.host)
        let side = Double(host.mapView.bounds.width) * session.frameScale
        #expect(side * side <= PlaygroundSession.maximumFramePixels * 1.0001)
        // An ordinary tab keeps its ratio.
        #expect(PlaygroundSession.frameScale(requested: 2, size: CGSize(width: 1280, height: 800)) == 2)
        #expect(PlaygroundSession.frameScale(requested: 0.5, size: CGSize(width: 1280, height: 800)) == 1)
    }

    @Test func aPageThatStopsReadingEndsItsSessionAndFreesItsPlace() throws {
        let registry = SessionRegistry(maximumSessions: 1, idleTimeout: 900)
        let session = try #require(registry.open())
        // Before its map loads, each bad message is answered with an error; none is read.
        for _ in 0...PlaygroundSession.maximumQueuedMessages { session.receive("{") }
        #expect(session.isClosed)
        #expect(registry.sessions.isEmpty)
        #expect(registry.open() != nil)
    }

    @Test func aPageWaitingForItsMapIsToldWhyItsMessageWasRefused() async throws {
        let session = PlaygroundSession(id: 6, idleTimeout: 900)
        session.receive(#"{"type":"hello","width":"wide"}"#)
        session.close()
        var texts: [String] = []
        for await message in session.outgoing { if case .text(let text) = message { texts.append(text) } }
        #expect(texts.count == 1 && texts[0].contains(#""type":"error""#))
    }
}

@Suite("Playground frame pacing")
@MainActor
struct FramePacingTests {
    @Test func preferredFrameRatePacesTheSessionsFrames() async throws {
        let session = PlaygroundSession(id: 11, idleTimeout: 900)
        defer { session.close() }
        let before = session.now
        session.receive(#"{"type":"hello","sample":"camera","width":100,"height":100,"scale":1}"#)
        session.step()
        #expect(session.framesSent == 1)
        let host = try #require(session.host)
        host.mapView.preferredFrameRate = .powerSave
        session.flow.wrote(frame: 1)
        session.post(#"{"type":"ack","frame":1}"#)
        host.mapView.moveCamera(.zoomIn())
        session.step()
        if session.now - before < GMSFrameRate.powerSave.minimumFrameInterval {
            #expect(session.framesSent == 1, "no second frame within 1/20 s of the first")
        }
        try await Task.sleep(for: .milliseconds(60))
        for frame in 1...max(1, session.framesSent) {
            session.flow.wrote(frame: frame)
            session.post("{\"type\":\"ack\",\"frame\":\(frame)}")
        }
        let sent = session.framesSent
        host.mapView.moveCamera(.zoomOut())
        session.step()
        #expect(session.framesSent == sent + 1, "a changed map is drawn once 1/20 s has passed")
        #expect(GMSFrameRate.maximum.minimumFrameInterval == 0 && GMSFrameRate.conservative.minimumFrameInterval == 1.0 / 30)
    }
}
