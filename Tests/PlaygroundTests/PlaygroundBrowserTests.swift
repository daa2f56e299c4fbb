import Foundation
import MapDrawing
import OpenMaps
import OpenMapsTesting
import Testing

@testable import OpenMapsPlayground

/// The playground in a real browser: Debian's Chromium, driven through chromedriver, on a
/// server the test starts. Each test's last screenshot (so every failure's) is kept in
/// `test-artifacts/`.
@Suite("Playground in a browser", .serialized)
@MainActor
struct PlaygroundBrowserTests {
    /// Runs a test body with a server and a browser, keeping a screenshot if it recorded issues.
    private func withBrowser(_ name: String, _ body: (PlaygroundHarness, WebDriver) async throws -> Void) async throws {
        let server = try await PlaygroundHarness.start()
        let browser = try await WebDriver.start()
        defer { server.stop() }
        do {
            try await body(server, browser)
        } catch {
            await keepScreenshot(browser, name)
            await browser.quit()
            throw error
        }
        // Swift Testing cannot tell a test whether it has failed: the last screenshot is kept either way.
        await keepScreenshot(browser, name)
        await browser.quit()
    }

    private func keepScreenshot(_ browser: WebDriver, _ name: String) async {
        guard let png = try? await browser.screenshot() else { return }
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("test-artifacts")
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try? png.write(to: folder.appendingPathComponent("playground-\(name).png"))
    }

    /// Opens a sample and waits for its first frame.
    private func open(_ sample: String, _ server: PlaygroundHarness, _ browser: WebDriver) async throws -> PlaygroundSession {
        try await browser.open("http://127.0.0.1:\(server.port)/?sample=\(sample)")
        #expect(try await browser.wait("return window.playground && window.playground.framesShown > 0"))
        return try #require(server.registry.sessions.values.first)
    }

    /// What a sample promises is on its first screen.
    private enum Promise {
        case markers(Int), shapes, heat, pointsOfInterest, myLocation, aMap
    }

    private static let promises: [String: Promise] = [
        "markers": .markers(3), "info-windows": .markers(3), "marker-events": .markers(2), "camera": .markers(2), "dragging": .markers(1),
        "many-markers": .markers(1_000), "clustering": .markers(5), "clustering-100k": .markers(5), "overlays": .shapes, "geojson": .shapes,
        "geojson-styled": .shapes, "helsinki-districts": .shapes, "kml": .shapes, "kmz": .shapes, "heatmap": .heat, "heatmap-100k": .heat,
        "pois": .pointsOfInterest, "my-location": .myLocation, "map-events": .aMap, "geocoder": .aMap, "styles": .aMap,
    ]

    /// Every sample opened in Chromium shows what its summary promises once it has settled:
    /// the clustering samples their clusters (their maps are made at zero size and cluster
    /// before they have one, as Google's demo does), the heatmaps their heat on the page's
    /// pixels, the shapes, markers and POIs their own.
    @Test func everySampleShowsWhatItPromisesInTheBrowser() async throws {
        let names = PlaygroundSample.all.map(\.name).filter { $0 != "panorama" && $0 != "phone" }
        #expect(Set(names) == Set(Self.promises.keys), "every sample has its promise")
        try await withBrowser("every-sample") { server, browser in
            for name in names {
                try await browser.open("http://127.0.0.1:\(server.port)/?sample=\(name)")
                #expect(try await browser.wait("return window.playground && window.playground.framesShown > 0"), "\(name) drew")
                var session: PlaygroundSession?
                _ = await waitFor { session = server.registry.sessions.values.first { $0.sample?.name == name }; return session != nil }
                guard let host = session?.host else {
                    Issue.record("\(name): no session")
                    continue
                }
                let inspection = MapInspection(host)
                let kept: Bool
                switch Self.promises[name] ?? .aMap {
                case .markers(let count): kept = await waitFor { inspection.markersInView().count >= count }
                case .shapes: kept = await waitFor { inspection.shapeCount > 0 }
                case .pointsOfInterest: kept = await waitFor { !inspection.pointsOfInterest().isEmpty }
                case .myLocation: kept = await waitFor { inspection.isShown(.myLocationDot) }
                case .aMap: kept = true
                case .heat:
                    var heat = 0
                    let end = Date().addingTimeInterval(10)
                    while Date() < end, heat < 50 {
                        heat = try Self.heatPixels(in: try Bitmap.decode(try await browser.screenshot()))
                        if heat < 50 { try await Task.sleep(for: .milliseconds(200)) }
                    }
                    kept = inspection.tileLayerCount > 0 && heat >= 50
                }
                #expect(kept, "\(name) shows what it promises")
            }
        }
    }

    /// Pixels of a heatmap's gradient on the page: strongly coloured, with little blue (the
    /// basemap's land and labels are pale or grey, its water blue).
    private static func heatPixels(in bitmap: Bitmap) throws -> Int {
        var count = 0
        for y in stride(from: 0, to: bitmap.height, by: 2) {
            for x in stride(from: 0, to: bitmap.width * 7 / 10, by: 2) {
                guard let pixel = bitmap.color(x: x, y: y) else { continue }
                let high = max(pixel.red, pixel.green), low = min(pixel.red, pixel.green, pixel.blue)
                if high - low > 0.45 && pixel.blue < 0.3 && pixel.green > 0.5 { count += 1 }
            }
        }
        return count
    }

    private func logged(_ selector: String) -> String {
        "return document.querySelector('#events li[data-event=\"\(selector)\"]') !== null"
    }

    @Test func clickingAMarkerOpensItsInfoWindowAndLogsTheTap() async throws {
        try await withBrowser("marker-tap") { server, browser in
            let session = try await open("markers", server, browser)
            let host = try #require(session.host)
            let stockmann = Helsinki.places[2].coordinate
            let anchor = host.mapView.projection.point(for: stockmann)
            try await browser.mouse([.move(x: anchor.x, y: anchor.y - 20), .down, .pause(50), .up])
            #expect(try await browser.wait(logged("mapView:didTapMarker:")))
            #expect(try await browser.wait(logged("mapView:markerInfoWindow:")) || host.mapView.selectedMarker?.title == "Stockmann")
            #expect(host.mapView.selectedMarker?.title == "Stockmann")
            // The camera centres on the marker: wait for it to settle, then look for the window.
            #expect(try await browser.wait(logged("mapView:idleAtCameraPosition:")))
            try await Task.sleep(for: .milliseconds(300))
            let marker = try #require(host.mapView.selectedMarker)
            let centre = try #require(host.infoWindowCenter(of: marker))
            let open = try Bitmap.decode(try await browser.screenshot())
            // The window's white body: most of a box about its centre is white (text aside),
            let white = whiteness(of: open, around: centre)
            #expect(white > 0.6, "the info window's white body (\(white) white)")
            // and much more of it than of the map under it, once the window is closed: the page
            // is looked at once it has drawn (and acknowledged) a frame made after the close
            // with the map's tiles all drawn and nothing more to draw (events, not a clock: a
            // busy machine only takes longer).
            let sentBeforeClose = session.framesSent
            host.mapView.selectedMarker = nil
            #expect(host.needsFrame, "closing the window asks for a frame")
            #expect(
                await waitFor(timeout: 120) {
                    session.framesSent > sentBeforeClose && session.framesInFlight == 0 && !host.needsFrame && !host.hasTilesInFlight
                        && host.isIdle
                })
            let underneath = whiteness(of: try Bitmap.decode(try await browser.screenshot()), around: centre)
            #expect(white - underneath > 0.15, "the window, not the map, is white there (\(white) vs \(underneath))")
        }
    }

    @Test func draggingPansTheMapAndLogsWillMoveAndIdle() async throws {
        try await withBrowser("drag") { server, browser in
            let session = try await open("map-events", server, browser)
            let host = try #require(session.host)
            let start = host.mapView.camera.target
            try await browser.mouse([.move(x: 400, y: 400), .down, .move(x: 250, y: 330, duration: 300), .pause(150), .up])
            #expect(try await browser.wait(logged("mapView:willMove:")))
            #expect(try await browser.wait(logged("mapView:idleAtCameraPosition:")))
            let end = host.mapView.camera.target
            #expect(end.longitude > start.longitude && end.latitude < start.latitude, "dragging the map left and up shows what lies east and south")
            // Newest first: the rest is listed above the start (tile callbacks may come after both).
            let newestFirst = try await browser.run(
                """
                const events = [...document.querySelectorAll('#events li')].map((item) => item.dataset.event);
                const idle = events.indexOf('mapView:idleAtCameraPosition:'), start = events.indexOf('mapView:willMove:');
                return idle >= 0 && start >= 0 && idle < start;
                """) as? Bool
            #expect(newestFirst == true, "newest first")
        }
    }

    /// The page draws a pan's frames as changes to the frame before (moving its picture and
    /// drawing the changed squares): after a drag, its canvas shows what the map shows.
    @Test(arguments: [1.0, 1.25])
    func afterADragTheCanvasShowsWhatTheMapShows(ratio: Double) async throws {
        try await withBrowser("changes-\(ratio)") { server, browser in
            let session = try await open("map-events", server, browser)
            let host = try #require(session.host)
            if ratio != 1 {
                // A ratio whose frames are not whole multiples of the canvas's CSS size.
                let viewport = try await browser.run("return [window.innerWidth, window.innerHeight]") as? [Int] ?? [1280, 800]
                try await browser.emulatePixelRatio(ratio, width: viewport.first ?? 1280, height: viewport.last ?? 800)
                #expect(await waitFor { session.frameScale == ratio })
                // A change already on its way at the old ratio is dropped by the resized page,
                // which then asks for a whole frame: that is the resize's, not the drag's.
                #expect(await settle(session, host))
            }
            let refreshesBefore = session.wholeFramesRequested
            try await browser.mouse([.move(x: 400, y: 400), .down, .move(x: 330, y: 350, duration: 400), .move(x: 250, y: 330, duration: 400), .pause(200), .up])
            #expect(try await browser.wait(logged("mapView:idleAtCameraPosition:")))
            #expect(await settle(session, host))
            // The page drew the changes it was sent, at the frames' own size.
            #expect(session.wholeFramesRequested == refreshesBefore)
            let url = try #require(try await browser.run("return document.getElementById('map').toDataURL('image/png')") as? String)
            let shown = try Bitmap.decode(try #require(Data(base64Encoded: String(url.dropFirst("data:image/png;base64,".count)))))
            let map = host.renderFrame(scale: session.frameScale)
            #expect(shown.width == map.width && shown.height == map.height)
            // JPEG's noise, and up to half a pixel of a pan's placing.
            let squares = PageReader.squareDifferences(shown, map)
            #expect(squares.mean < 5 && squares.tenth < 12, "\(squares)")
        }
    }

    /// Waits until the page has drawn every frame (tiles arrive in the background); whether it did.
    private func settle(_ session: PlaygroundSession, _ host: GMSMapViewHost) async -> Bool {
        var quiet = 0
        for _ in 0..<200 {
            quiet = !host.needsFrame && session.framesInFlight == 0 ? quiet + 1 : 0
            if quiet >= 10 { return true }
            try? await Task.sleep(for: .milliseconds(50))
        }
        return false
    }

    @Test func theWheelZoomsInAboutThePointerAndTheSamplesAreListed() async throws {
        try await withBrowser("wheel") { server, browser in
            let session = try await open("camera", server, browser)
            let host = try #require(session.host)
            let before = host.mapView.camera.zoom
            let pointer = CGPoint(x: 300, y: 250)
            let under = host.mapView.projection.coordinate(for: pointer)
            try await browser.wheel(x: pointer.x, y: pointer.y, deltaY: -400)
            #expect(try await browser.wait(logged("mapView:idleAtCameraPosition:")))
            #expect(host.mapView.camera.zoom > before + 0.5)
            let after = host.mapView.projection.point(for: under)
            #expect(hypot(after.x - pointer.x, after.y - pointer.y) < 4, "the point under the pointer stays put")
            let current = try await browser.run("return document.querySelector('#samples a[aria-current]').dataset.sample") as? String
            #expect(current == "camera")
            let listed = try await browser.run("return document.querySelectorAll('#samples a').length") as? Int
            #expect(listed == PlaygroundSample.all.count)
        }
    }

    @Test func aLongPressInTheGeocoderSampleDropsAMarkerWithAnAddress() async throws {
        try await withBrowser("geocoder") { server, browser in
            let session = try await open("geocoder", server, browser)
            let host = try #require(session.host)
            try await browser.mouse([.move(x: 300, y: 300), .down, .pause(1500), .up])
            #expect(try await browser.wait(logged("mapView:didLongPressAtCoordinate:")))
            let dropped = await waitFor { host.mapView.selectedMarker?.title?.isEmpty == false }
            #expect(dropped, "a marker titled with the address, its window open")
            let title = host.mapView.selectedMarker?.title ?? ""
            #expect(title.rangeOfCharacter(from: .letters) != nil, "an address: \(title)")
        }
    }

    @Test func aPointerWhoseCaptureIsLostIsLiftedOnTheMap() async throws {
        try await withBrowser("lost-capture") { server, browser in
            let session = try await open("map-events", server, browser)
            // A touch goes down, then the page loses it (another app, an alert) with no "up".
            _ = try await browser.run(
                """
                const canvas = document.getElementById('map');
                const init = { pointerId: 7, pointerType: 'touch', clientX: 200, clientY: 200, isPrimary: true, bubbles: true };
                canvas.dispatchEvent(new PointerEvent('pointerdown', init));
                """)
            #expect(await waitFor { session.pointersDown == 1 })
            _ = try await browser.run(
                "document.getElementById('map').dispatchEvent(new PointerEvent('lostpointercapture', { pointerId: 7, pointerType: 'touch', bubbles: true }))")
            #expect(await waitFor { session.pointersDown == 0 }, "lifted (cancelled) on the map")
        }
    }

    @Test func aChangeOfPixelRatioAloneRedrawsTheMapAtTheNewRatio() async throws {
        try await withBrowser("pixel-ratio") { server, browser in
            let session = try await open("markers", server, browser)
            #expect(session.frameScale == 1)
            let viewport = try await browser.run("return [window.innerWidth, window.innerHeight]") as? [Int] ?? [1280, 800]
            try await browser.emulatePixelRatio(2, width: viewport.first ?? 1280, height: viewport.last ?? 800)
            #expect(try await browser.wait("return window.devicePixelRatio === 2"))
            #expect(await waitFor { session.frameScale == 2 }, "the page told the server")
            // The canvas's pixels follow the frames (one drawn at the old ratio may still come).
            #expect(try await browser.wait("const c = document.getElementById('map'); return c.width / c.getBoundingClientRect().width === 2"))
        }
    }

    @Test func aPageWhoseSessionEndsConnectsAgain() async throws {
        try await withBrowser("reconnect") { server, browser in
            let first = try await open("camera", server, browser)
            let shown = try await browser.run("return window.playground.framesShown") as? Int ?? 0
            server.registry.close(first)  // as an idle or stalled session is closed
            #expect(await waitFor { server.registry.sessions.values.contains { $0 !== first && $0.sample?.name == "camera" } })
            #expect(try await browser.wait("return window.playground.framesShown > \(shown) && window.playground.sample === 'camera'"))
        }
    }

    /// How many samples the panel lists, and how its contents are displayed (as script expressions).
    private let listed = "document.querySelectorAll('#samples a').length"
    private let panelDisplay = "getComputedStyle(document.querySelector('#panel header')).display"
    private var samplesListed: String { "return \(listed)" }
    private var panelShown: String { "return \(panelDisplay) !== 'none'" }

    @Test func rule80TheMapFirstThePanelRightAfterTheFirstFrame() async throws {
        try await withBrowser("map-first") { server, browser in
            // The server says `ready` (the samples list) before it sends the first frame.
            try await browser.runOnEveryNewPage(
                "window.atFirstFrame = null; addEventListener('framedrawn', () => { "
                    + "if (window.atFirstFrame === null) window.atFirstFrame = [\(listed), \(panelDisplay)]; }, true);")
            _ = try await open("markers", server, browser)
            let atFirstFrame = try await browser.run("return window.atFirstFrame") as? [Any]
            #expect(atFirstFrame?.first as? Int == 0, "the panel's messages waited for the frame")
            #expect(atFirstFrame?.last as? String == "none", "its contents were not laid out")
            #expect(try await browser.wait("\(samplesListed) === \(PlaygroundSample.all.count)", timeout: 5), "and followed it")
            #expect(try await browser.run(panelShown) as? Bool == true)
        }
    }

    @Test func rule80WithoutAFrameThePanelFollowsAfterAWhile() async throws {
        try await withBrowser("map-first-no-frame") { server, browser in
            // Frames that never decode: none is drawn, and the panel follows a second after the
            // connection began.
            try await browser.runOnEveryNewPage("window.createImageBitmap = () => new Promise(() => {});")
            try await browser.open("http://127.0.0.1:\(server.port)/?sample=markers")
            #expect(try await browser.wait("\(samplesListed) === \(PlaygroundSample.all.count)", timeout: 5))
            #expect(try await browser.run(panelShown) as? Bool == true)
            #expect(try await browser.run("return window.playground.framesShown") as? Int == 0)
        }
    }

    /// The share of near-white pixels in a 120 x 36 box about a point.
    private func whiteness(of bitmap: Bitmap, around centre: CGPoint) -> Double {
        var white = 0, total = 0
        for y in Int(centre.y - 18)..<Int(centre.y + 18) {
            for x in Int(centre.x - 60)..<Int(centre.x + 60) {
                guard let pixel = bitmap.color(x: x, y: y) else { continue }
                total += 1
                if pixel.red > 0.9 && pixel.green > 0.9 && pixel.blue > 0.9 { white += 1 }
            }
        }
        return total > 0 ? Double(white) / Double(total) : 0
    }

    private func waitFor(timeout: TimeInterval = 10, _ condition: () -> Bool) async -> Bool {
        let end = Date().addingTimeInterval(timeout)
        while Date() < end {
            if condition() { return true }
            try? await Task.sleep(for: .milliseconds(50))
        }
        return condition()
    }
}
