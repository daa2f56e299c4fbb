import Foundation
import MapDrawing
@testable import OpenMaps
import OpenMapsTesting
import Testing

/// A test panorama, 1024 x 512: twelve 30° bands of colour round the horizon (red at north,
/// the image's centre when its heading is 0), a light sky above, a grey ground below, and a
/// letter at each compass point.
@MainActor
func syntheticPanorama() -> UIImage {
    let canvas = Canvas(size: CGSize(width: 1024, height: 512), scale: 1)
    canvas.fill(CGRect(x: 0, y: 0, width: 1024, height: 200), with: Color(rgb: 0xCFE8FF))
    canvas.fill(CGRect(x: 0, y: 312, width: 1024, height: 200), with: Color(rgb: 0x8A8A80))
    let colours: [UInt32] = [0xE53935, 0xFB8C00, 0xFDD835, 0x7CB342, 0x43A047, 0x00897B, 0x039BE5, 0x3949AB, 0x5E35B1, 0x8E24AA, 0xD81B60, 0x6D4C41]
    for (i, colour) in colours.enumerated() {
        // Heading h sits at x = (h / 360 + 0.5) * 1024 (heading 0 in the middle).
        let heading = Double(i) * 30 - 15
        var x = (heading / 360 + 0.5) * 1024
        if x < 0 { x += 1024 }
        canvas.fill(CGRect(x: x, y: 200, width: 1024 / 12, height: 112), with: Color(rgb: colour))
        if x + 1024 / 12 > 1024 { canvas.fill(CGRect(x: x - 1024, y: 200, width: 1024 / 12, height: 112), with: Color(rgb: colour)) }
    }
    for (letter, heading) in [("N", 0.0), ("E", 90), ("S", 180), ("W", 270)] {
        let layout = TextLayout(text: letter, style: TextStyle(font: Font(size: 40, weight: .bold), color: .white, maximumLines: 1), width: 100)
        var x = (heading / 360 + 0.5) * 1024
        if x >= 1024 { x -= 1024 }
        layout.draw(in: canvas, at: CGPoint(x: x - layout.size.width / 2, y: 256 - layout.size.height / 2))
    }
    return UIImage(bitmap: canvas.bitmap, scale: 1)
}

/// Registers the test panoramas (a square and its east neighbour) under unique IDs, at a
/// latitude of the test's own (the catalog is shared).
@MainActor
private func registerSquare(_ prefix: String) throws -> (square: String, east: String) {
    let latitude = Double(prefix.utf8.reduce(0) { ($0 * 31 + Int($1)) % 1_000 }) / 20 - 25
    let square = "\(prefix)-square", east = "\(prefix)-east"
    let toEast = GMSPanoramaLink()
    toEast.heading = 90
    toEast.panoramaID = east
    let toSquare = GMSPanoramaLink()
    toSquare.heading = 270
    toSquare.panoramaID = square
    let image = syntheticPanorama()
    try PanoramaCatalog.shared.register(
        panoramaID: square, image: image, coordinate: CLLocationCoordinate2D(latitude: latitude, longitude: 20), links: [toEast])
    try PanoramaCatalog.shared.register(
        panoramaID: east, image: image, coordinate: CLLocationCoordinate2D(latitude: latitude, longitude: 20.001), heading: 90, links: [toSquare])
    return (square, east)
}

/// Where a prefix's square is.
private func squareLatitude(_ prefix: String) -> Double {
    Double(prefix.utf8.reduce(0) { ($0 * 31 + Int($1)) % 1_000 }) / 20 - 25
}

/// Records a panorama view's callbacks by name.
@MainActor
private final class PanoramaEvents: GMSPanoramaViewDelegate {
    var events: [String] = []
    func panoramaView(_ view: GMSPanoramaView, willMoveToPanoramaID panoramaID: String) { events.append("willMove:\(panoramaID)") }
    func panoramaView(_ view: GMSPanoramaView, didMoveTo panorama: GMSPanorama?) { events.append("didMoveTo:\(panorama?.panoramaID ?? "nil")") }
    func panoramaView(_ view: GMSPanoramaView, didMoveTo panorama: GMSPanorama, nearCoordinate coordinate: CLLocationCoordinate2D) {
        events.append("didMoveToNear:\(panorama.panoramaID)")
    }
    func panoramaView(_ view: GMSPanoramaView, error: Error, onMoveNearCoordinate coordinate: CLLocationCoordinate2D) { events.append("errorNear") }
    func panoramaView(_ view: GMSPanoramaView, error: Error, onMoveToPanoramaID panoramaID: String) { events.append("errorID:\(panoramaID)") }
    func panoramaView(_ panoramaView: GMSPanoramaView, didMove camera: GMSPanoramaCamera) { events.append("didMove") }
    func panoramaView(_ panoramaView: GMSPanoramaView, didTap point: CGPoint) { events.append("didTap") }
    func panoramaViewDidStartRendering(_ panoramaView: GMSPanoramaView) { events.append("startRendering") }
    func panoramaViewDidFinishRendering(_ panoramaView: GMSPanoramaView) { events.append("finishRendering") }
}

/// Yields to the main actor until a condition holds (or a second passes).
@MainActor
private func settle(until condition: () -> Bool) async {
    for _ in 0..<1_000 where !condition() { await Task.yield() }
}

@MainActor
@Suite("Panoramas from registered images")
struct PanoramaImageryTests {
    private func view() -> (GMSPanoramaView, GMSPanoramaViewHost, PanoramaEvents) {
        let view = GMSPanoramaView(frame: CGRect(x: 0, y: 0, width: 320, height: 240))
        let events = PanoramaEvents()
        view.delegate = events
        return (view, GMSPanoramaViewHost(panoramaView: view), events)
    }

    @Test func rule34MoveNearCoordinateFindsARegisteredPanoramaInTheSDKsOrder() async throws {
        let ids = try registerSquare("near")
        let (view, host, events) = view()
        view.moveNearCoordinate(CLLocationCoordinate2D(latitude: squareLatitude("near") + 0.0001, longitude: 20))
        #expect(events.events.isEmpty, "moves report after the call returns")
        await settle { events.events.count >= 3 }
        #expect(events.events == ["didMoveTo:\(ids.square)", "didMoveToNear:\(ids.square)", "startRendering"])
        #expect(view.panorama?.panoramaID == ids.square)
        #expect(view.panorama?.links.first?.panoramaID == ids.east)
        _ = host.renderFrame(scale: 1)
        await settle { events.events.count >= 4 }
        #expect(events.events.last == "finishRendering")
    }

    @Test func rule34NothingRegisteredNearbyIsTheNoCoverageError() async throws {
        _ = try registerSquare("far")
        let (view, _, events) = view()
        view.moveNearCoordinate(CLLocationCoordinate2D(latitude: squareLatitude("far") + 0.5, longitude: 20), radius: 100)
        view.move(toPanoramaID: "no-such-panorama")
        await settle { !events.events.isEmpty }
        #expect(events.events == ["errorID:no-such-panorama"], "the later move supersedes the first")
        #expect(view.panorama == nil)
    }

    @Test func rule34MoveToAnIDTellsWillMoveFirst() async throws {
        let ids = try registerSquare("byid")
        let (view, _, events) = view()
        view.move(toPanoramaID: ids.east)
        await settle { events.events.count >= 3 }
        #expect(events.events == ["willMove:\(ids.east)", "didMoveTo:\(ids.east)", "startRendering"])
    }

    @Test func rule34TappingALinkMovesAlongItAndOtherTapsAreReported() async throws {
        let ids = try registerSquare("link")
        let (view, host, events) = view()
        view.move(toPanoramaID: ids.square)
        await settle { view.panorama != nil }
        view.camera = GMSPanoramaCamera(heading: 90, pitch: -10, zoom: 1)
        let entry = try #require(PanoramaCatalog.shared.entry(ids.square))
        let mark = try #require(PanoramaLinkMarks.marks(of: entry, camera: view.camera, bounds: view.bounds).first)
        #expect(mark.panoramaID == ids.east)
        events.events = []
        host.tap(at: mark.centre)
        #expect(events.events == ["willMove:\(ids.east)", "didMoveTo:\(ids.east)", "startRendering"])
        events.events = []
        host.tap(at: CGPoint(x: 160, y: 20))
        #expect(events.events == ["didTap"])
        // Hidden links are not tapped.
        view.navigationLinksHidden = true
        let eastEntry = try #require(PanoramaCatalog.shared.entry(ids.east))
        let back = try #require(PanoramaLinkMarks.marks(
            of: eastEntry, camera: GMSPanoramaCamera(heading: 270, pitch: -10, zoom: 1), bounds: view.bounds).first)
        view.camera = GMSPanoramaCamera(heading: 270, pitch: -10, zoom: 1)
        events.events = []
        host.tap(at: back.centre)
        #expect(events.events == ["didTap"])
    }

    /// The panorama joins the event stream: observers hear each callback, by its selector,
    /// before the delegate does, and an observation ends when invalidated.
    @Test func panoramaObserversHearEachCallbackBeforeTheDelegate() async throws {
        let ids = try registerSquare("observed")
        let (view, host, events) = view()
        var heard: [String] = []
        let observation = view.events.observe { event in
            heard.append(event.kind.selector)
            events.events.append("observer")
        }
        view.move(toPanoramaID: ids.square)
        await settle { view.panorama != nil }
        #expect(heard == ["panoramaView:willMoveToPanoramaID:", "panoramaView:didMoveToPanorama:", "panoramaViewDidStartRendering:"])
        #expect(events.events == ["observer", "willMove:\(ids.square)", "observer", "didMoveTo:\(ids.square)", "observer", "startRendering"])
        host.tap(at: CGPoint(x: 160, y: 20))
        #expect(heard.last == "panoramaView:didTap:")
        observation.invalidate()
        heard = []
        host.tap(at: CGPoint(x: 160, y: 20))
        #expect(heard.isEmpty && events.events.last == "didTap", "no observer after invalidate; the delegate still hears")
        #expect(Set(PanoramaViewEvent.Kind.allCases.map(\.selector)).count == PanoramaViewEvent.Kind.allCases.count)
    }

    @Test func rule34DragTurnsThePictureWithTheFingerAndPinchZooms() throws {
        let (view, host, events) = view()
        view.camera = GMSPanoramaCamera(heading: 100, pitch: 0, zoom: 1)
        events.events = []
        host.drag(from: CGPoint(x: 100, y: 120), to: CGPoint(x: 200, y: 120))
        // 100 points of a 320-point side at 90°: 28.125° to the left.
        #expect(abs(view.camera.orientation.heading - (100 - 28.125)) < 0.01)
        #expect(events.events.allSatisfy { $0 == "didMove" } && events.events.count >= 10)
        host.drag(from: CGPoint(x: 100, y: 100), to: CGPoint(x: 100, y: 164))
        #expect(abs(view.camera.orientation.pitch - 18) < 0.01, "dragging down looks up")

        host.send(MapTouch(id: 1, phase: .began, location: CGPoint(x: 120, y: 120), timestamp: 10))
        host.send(MapTouch(id: 2, phase: .began, location: CGPoint(x: 200, y: 120), timestamp: 10))
        host.send(MapTouch(id: 2, phase: .moved, location: CGPoint(x: 280, y: 120), timestamp: 10.1))
        host.send(MapTouch(id: 1, phase: .ended, location: CGPoint(x: 120, y: 120), timestamp: 10.2))
        host.send(MapTouch(id: 2, phase: .ended, location: CGPoint(x: 280, y: 120), timestamp: 10.2))
        #expect(abs(view.camera.zoom - 2) < 0.001)

        view.orientationGestures = false
        let before = view.camera.orientation.heading
        host.drag(from: CGPoint(x: 100, y: 120), to: CGPoint(x: 200, y: 120))
        #expect(view.camera.orientation.heading == before)
    }

    @Test func rule34TheServiceFindsRegisteredPanoramas() async throws {
        let ids = try registerSquare("service")
        let service = GMSPanoramaService()
        var found: [String?] = []
        var errors = 0
        service.requestPanoramaNearCoordinate(CLLocationCoordinate2D(latitude: squareLatitude("service"), longitude: 20.0009)) { panorama, error in
            found.append(panorama?.panoramaID)
            if error != nil { errors += 1 }
        }
        service.requestPanorama(withID: ids.square) { panorama, error in
            found.append(panorama?.panoramaID)
            if error != nil { errors += 1 }
        }
        service.requestPanoramaNearCoordinate(CLLocationCoordinate2D(latitude: squareLatitude("service") + 0.01, longitude: 20), radius: 10) { panorama, error in
            found.append(panorama?.panoramaID)
            if error != nil { errors += 1 }
        }
        await settle { found.count == 3 }
        #expect(found == [ids.east, ids.square, nil])
        #expect(errors == 1)
    }

    @Test func limitCatalogRefusesBadPanoramasAndStopsAtTenThousand() throws {
        let catalog = PanoramaCatalog()
        let image = syntheticPanorama()
        let here = CLLocationCoordinate2D(latitude: 1, longitude: 2)
        #expect(throws: PanoramaRegistrationError.emptyID) { try catalog.register(panoramaID: "", image: image, coordinate: here) }
        #expect(throws: PanoramaRegistrationError.invalidCoordinate) {
            try catalog.register(panoramaID: "a", image: image, coordinate: CLLocationCoordinate2D(latitude: 95, longitude: 0))
        }
        #expect(throws: PanoramaRegistrationError.emptyImage) {
            try catalog.register(panoramaID: "a", image: UIImage(bitmap: Bitmap(width: 0, height: 0), scale: 1), coordinate: here)
        }
        for i in 0..<PanoramaCatalog.maximumCount { try catalog.register(panoramaID: "p\(i)", image: image, coordinate: here) }
        #expect(throws: PanoramaRegistrationError.full) { try catalog.register(panoramaID: "one more", image: image, coordinate: here) }
        // Replacing one is not adding one.
        try catalog.register(panoramaID: "p0", image: image, coordinate: here, heading: 45)
        #expect(catalog.entry("p0")?.heading == 45)
        catalog.removeAll()
        #expect(catalog.panoramaIDs.isEmpty)
    }

    @Test func theCentreShowsTheImageAtTheCamerasHeading() async throws {
        let ids = try registerSquare("centre")
        let (view, host, _) = view()
        view.move(toPanoramaID: ids.square)
        await settle { view.panorama != nil }
        for (heading, expected) in [(0.0, 0xE53935), (90, 0x7CB342), (180, 0x039BE5), (270, 0x8E24AA)] as [(Double, Int)] {
            view.camera = GMSPanoramaCamera(heading: heading + 10, pitch: 0, zoom: 1)
            let colour = try #require(host.renderFrame(scale: 1).color(x: 160, y: 120))
            let rgb = (Int(colour.red * 255), Int(colour.green * 255), Int(colour.blue * 255))
            #expect(abs(rgb.0 - (expected >> 16)) < 8 && abs(rgb.1 - (expected >> 8 & 0xFF)) < 8 && abs(rgb.2 - (expected & 0xFF)) < 8,
                "heading \(heading + 10): \(rgb)")
        }
    }

    @Test func goldenPanoramaAtThreeHeadings() async throws {
        let ids = try registerSquare("golden")
        let (view, host, _) = view()
        view.move(toPanoramaID: ids.square)
        await settle { view.panorama != nil }
        for heading in [0.0, 120, 240] {
            view.camera = GMSPanoramaCamera(heading: heading, pitch: -8, zoom: 1)
            let result = GoldenImage.check(host.renderFrame(scale: 2), named: "panorama-heading-\(Int(heading))")
            #expect(result.passed, "\(result.message)")
        }
    }
}
