import Foundation
import MapDrawing
import OpenMaps
import Testing

/// What a panorama view told its delegate.
@MainActor
private final class PanoramaRecorder: GMSPanoramaViewDelegate {
    var nearErrors: [(error: NSError?, coordinate: CLLocationCoordinate2D)] = []
    var idErrors: [(error: NSError?, panoramaID: String)] = []
    var movedTo: [GMSPanorama?] = []
    var cameras: [GMSPanoramaCamera] = []
    /// Callbacks OpenMaps never sends (no imagery): will-move, found-near, taps, rendering.
    var neverSent = 0

    func panoramaView(_ view: GMSPanoramaView, error: Error, onMoveNearCoordinate coordinate: CLLocationCoordinate2D) {
        MainActor.assertIsolated()
        nearErrors.append((error as NSError, coordinate))
    }

    func panoramaView(_ view: GMSPanoramaView, error: Error, onMoveToPanoramaID panoramaID: String) {
        MainActor.assertIsolated()
        idErrors.append((error as NSError, panoramaID))
    }

    func panoramaView(_ view: GMSPanoramaView, didMoveTo panorama: GMSPanorama?) { movedTo.append(panorama) }
    func panoramaView(_ panoramaView: GMSPanoramaView, didMove camera: GMSPanoramaCamera) { cameras.append(camera) }
    func panoramaView(_ view: GMSPanoramaView, willMoveToPanoramaID panoramaID: String) { neverSent += 1 }
    func panoramaView(
        _ view: GMSPanoramaView, didMoveTo panorama: GMSPanorama, nearCoordinate coordinate: CLLocationCoordinate2D
    ) { neverSent += 1 }
    func panoramaView(_ panoramaView: GMSPanoramaView, didTap point: CGPoint) { neverSent += 1 }
    func panoramaViewDidStartRendering(_ panoramaView: GMSPanoramaView) { neverSent += 1 }
    func panoramaViewDidFinishRendering(_ panoramaView: GMSPanoramaView) { neverSent += 1 }
}

/// What a panorama service called back with.
@MainActor
private final class ServiceRecorder {
    var calls: [(hadPanorama: Bool, error: NSError?)] = []
}

/// A subclass, to check the factories return `Self`.
private final class CustomPanoramaView: GMSPanoramaView {}

/// Waits (polling every 10 ms, up to 5 s) until `condition` holds; whether it did.
@MainActor
private func eventually(_ condition: () -> Bool) async throws -> Bool {
    for _ in 0..<500 {
        if condition() { return true }
        try await Task.sleep(for: .milliseconds(10))
    }
    return condition()
}

/// Lets any late (wrongly repeated) callback arrive.
private func settle() async throws {
    try await Task.sleep(for: .milliseconds(50))
}

/// The smaller angle between two headings in degrees.
private func headingGap(_ a: Double, _ b: Double) -> Double {
    let gap = abs(a - b).truncatingRemainder(dividingBy: 360)
    return min(gap, 360 - gap)
}

private let noCoverageDomain = "com.google.maps.GMSPanoramaService"
private let midAtlantic = CLLocationCoordinate2D(latitude: 30, longitude: -40)

@MainActor
@Suite("Street View")
struct StreetViewTests {
    // MARK: Camera

    @Test func cameraClampsPitchZoomAndFieldOfViewAndWrapsHeading() {
        let high = GMSPanoramaCamera(heading: 370, pitch: 120, zoom: 9, fov: 500)
        #expect(high.orientation.heading == 10)
        #expect(high.orientation.pitch == 90)
        #expect(high.zoom == 5)
        #expect(high.fov == 160)
        let low = GMSPanoramaCamera(heading: -30, pitch: -120, zoom: 0, fov: 0)
        #expect(low.orientation.heading == 330)
        #expect(low.orientation.pitch == -90)
        #expect(low.zoom == 1)
        #expect(low.fov == 1)
    }

    @Test func cameraFieldOfViewDefaultsTo90() {
        let plain = GMSPanoramaCamera(heading: 180, pitch: -10, zoom: 0)
        #expect(plain.fov == 90 && plain.zoom == 1)
        let oriented = GMSPanoramaCamera(orientation: GMSOrientationMake(45, 10), zoom: 2)
        #expect(oriented.orientation.heading == 45 && oriented.orientation.pitch == 10)
        #expect(oriented.zoom == 2 && oriented.fov == 90)
        let full = GMSPanoramaCamera(orientation: GMSOrientation(heading: 1, pitch: 2), zoom: 3, fov: 40)
        #expect(full.orientation.heading == 1 && full.orientation.pitch == 2 && full.zoom == 3 && full.fov == 40)
        let zero = GMSOrientation()
        #expect(zero.heading == 0 && zero.pitch == 0)
    }

    @Test func cameraReplacesNonFiniteValuesWithDefaults() {
        let camera = GMSPanoramaCamera(heading: .nan, pitch: .infinity, zoom: .nan, fov: -.infinity)
        #expect(camera.orientation.heading == 0 && camera.orientation.pitch == 0)
        #expect(camera.zoom == 1 && camera.fov == 90)
    }

    @Test func viewStartsWithTheDefaultCamera() {
        let camera = GMSPanoramaView(frame: .zero).camera
        #expect(camera.orientation.heading == 0 && camera.orientation.pitch == 0)
        #expect(camera.zoom == 1 && camera.fov == 90)
    }

    @Test func cameraUpdatesChangeOneValueClampedAndTellTheDelegate() {
        let view = GMSPanoramaView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let recorder = PanoramaRecorder()
        view.delegate = recorder
        view.camera = GMSPanoramaCamera(heading: 330, pitch: 10, zoom: 2, fov: 80)

        view.updateCamera(.rotate(by: 45), animationDuration: 0)
        #expect(view.camera.orientation.heading == 15)
        #expect(view.camera.orientation.pitch == 10 && view.camera.zoom == 2 && view.camera.fov == 80)
        view.updateCamera(.setHeading(90), animationDuration: 0.5)
        #expect(view.camera.orientation.heading == 90)
        view.updateCamera(.setPitch(100), animationDuration: 0)
        #expect(view.camera.orientation.pitch == 90)
        view.updateCamera(.setZoom(3), animationDuration: 0)
        #expect(view.camera.zoom == 3)
        view.updateCamera(.setZoom(10), animationDuration: 0)
        #expect(view.camera.zoom == 5)
        view.updateCamera(.rotate(by: .nan), animationDuration: .nan)
        #expect(view.camera.orientation.heading == 90 && view.camera.orientation.pitch == 90)
        #expect(view.camera.zoom == 5 && view.camera.fov == 80)

        #expect(recorder.cameras.count == 7)
        #expect(recorder.cameras.last === view.camera)
    }

    @Test func animateSetsTheCameraAtOnceAndTellsTheDelegate() {
        let view = GMSPanoramaView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let recorder = PanoramaRecorder()
        view.delegate = recorder
        let target = GMSPanoramaCamera(heading: 120, pitch: -5, zoom: 1.5)
        view.animate(to: target, animationDuration: 2)
        #expect(view.camera === target)
        #expect(recorder.cameras.count == 1 && recorder.cameras.first === target)
        let other = GMSPanoramaCamera(heading: 10, pitch: 0, zoom: 1)
        view.animate(to: other, animationDuration: -1)
        #expect(view.camera === other)
    }

    @Test func layerKeysNameTheCameraProperties() {
        #expect(kGMSLayerPanoramaHeadingKey == "cameraHeading")
        #expect(kGMSLayerPanoramaPitchKey == "cameraPitch")
        #expect(kGMSLayerPanoramaZoomKey == "cameraZoom")
        #expect(kGMSLayerPanoramaFOVKey == "cameraFOV")
    }

    @Test func layerValuesMoveTheCameraClampedAndIgnoreNonFinite() {
        let view = GMSPanoramaView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let layer: GMSPanoramaLayer = view.layer
        layer.cameraHeading = 405
        #expect(view.camera.orientation.heading == 45 && layer.cameraHeading == 45)
        layer.cameraPitch = -30
        #expect(view.camera.orientation.pitch == -30)
        layer.cameraZoom = 7
        #expect(view.camera.zoom == 5 && layer.cameraZoom == 5)
        layer.cameraFOV = 60
        #expect(view.camera.fov == 60)
        layer.cameraFOV = .nan
        layer.cameraHeading = .infinity
        #expect(view.camera.fov == 60 && view.camera.orientation.heading == 45)
    }

    // MARK: Service

    @Test func serviceCallsBackOnceAsynchronouslyOnTheMainActorWithTheNoCoverageError() async throws {
        let service = GMSPanoramaService()
        let recorder = ServiceRecorder()
        let callback: GMSPanoramaCallback = { panorama, error in
            MainActor.assertIsolated()
            recorder.calls.append((panorama != nil, error as? NSError))
        }
        service.requestPanoramaNearCoordinate(midAtlantic, callback: callback)
        service.requestPanoramaNearCoordinate(midAtlantic, radius: 200, callback: callback)
        service.requestPanoramaNearCoordinate(midAtlantic, source: .outside, callback: callback)
        service.requestPanoramaNearCoordinate(midAtlantic, radius: 10, source: .default, callback: callback)
        service.requestPanorama(withID: "CAoSLEFGMVFpcE0", callback: callback)
        // Nothing is called before the requests return.
        #expect(recorder.calls.isEmpty)

        let arrived = try await eventually { recorder.calls.count >= 5 }
        #expect(arrived)
        try await settle()
        #expect(recorder.calls.count == 5)
        for call in recorder.calls {
            #expect(!call.hadPanorama)
            #expect(call.error?.domain == noCoverageDomain)
            #expect(call.error?.code == 0)
        }
    }

    @Test func serviceReportsNoCoverageForInvalidInputWithoutCrashing() async throws {
        let recorder = ServiceRecorder()
        let service = GMSPanoramaService()
        service.requestPanoramaNearCoordinate(CLLocationCoordinate2D(latitude: .nan, longitude: 500)) { panorama, error in
            recorder.calls.append((panorama != nil, error as? NSError))
        }
        service.requestPanorama(withID: "") { panorama, error in
            recorder.calls.append((panorama != nil, error as? NSError))
        }
        let arrived = try await eventually { recorder.calls.count >= 2 }
        #expect(arrived)
        #expect(recorder.calls.allSatisfy { !$0.hadPanorama && $0.error?.domain == noCoverageDomain })
    }

    // MARK: View moves

    @Test func moveNearCoordinateReportsTheErrorAfterReturningAndKeepsPanoramaNil() async throws {
        let view = GMSPanoramaView(frame: CGRect(x: 0, y: 0, width: 320, height: 240))
        let recorder = PanoramaRecorder()
        view.delegate = recorder
        view.moveNearCoordinate(midAtlantic)
        #expect(recorder.nearErrors.isEmpty)

        let arrived = try await eventually { !recorder.nearErrors.isEmpty }
        #expect(arrived)
        try await settle()
        #expect(recorder.nearErrors.count == 1)
        let report = try #require(recorder.nearErrors.first)
        #expect(report.coordinate == midAtlantic)
        #expect(report.error?.domain == noCoverageDomain && report.error?.code == 0)
        #expect(view.panorama == nil)
        #expect(recorder.movedTo.isEmpty && recorder.idErrors.isEmpty && recorder.neverSent == 0)
    }

    @Test func moveToPanoramaIDReportsTheErrorAfterReturningAndKeepsPanoramaNil() async throws {
        let view = GMSPanoramaView(frame: CGRect(x: 0, y: 0, width: 320, height: 240))
        let recorder = PanoramaRecorder()
        view.delegate = recorder
        view.move(toPanoramaID: "some-id")
        #expect(recorder.idErrors.isEmpty)

        let arrived = try await eventually { !recorder.idErrors.isEmpty }
        #expect(arrived)
        try await settle()
        #expect(recorder.idErrors.count == 1)
        #expect(recorder.idErrors.first?.panoramaID == "some-id")
        #expect(recorder.idErrors.first?.error?.domain == noCoverageDomain)
        #expect(recorder.idErrors.first?.error?.code == 0)
        #expect(view.panorama == nil)
        #expect(recorder.movedTo.isEmpty && recorder.nearErrors.isEmpty && recorder.neverSent == 0)
    }

    @Test func onlyTheLatestMoveReports() async throws {
        let view = GMSPanoramaView(frame: CGRect(x: 0, y: 0, width: 320, height: 240))
        let recorder = PanoramaRecorder()
        view.delegate = recorder
        let last = CLLocationCoordinate2D(latitude: 48.8584, longitude: 2.2945)
        view.moveNearCoordinate(midAtlantic, radius: 10)
        view.move(toPanoramaID: "superseded")
        view.moveNearCoordinate(last, source: .outside)

        let arrived = try await eventually { !recorder.nearErrors.isEmpty }
        #expect(arrived)
        try await settle()
        #expect(recorder.nearErrors.count == 1 && recorder.nearErrors.first?.coordinate == last)
        #expect(recorder.idErrors.isEmpty)
    }

    @Test func settingPanoramaSupersedesAPendingMoveAndNilToNilSendsNothing() async throws {
        let view = GMSPanoramaView(frame: CGRect(x: 0, y: 0, width: 320, height: 240))
        let recorder = PanoramaRecorder()
        view.delegate = recorder
        view.moveNearCoordinate(midAtlantic)
        view.panorama = nil
        try await settle()
        try await settle()
        #expect(recorder.nearErrors.isEmpty && recorder.movedTo.isEmpty)
    }

    @Test func factoriesMoveSoADelegateSetAfterwardsHearsTheError() async throws {
        let frame = CGRect(x: 10, y: 20, width: 200, height: 100)
        let view: CustomPanoramaView = CustomPanoramaView.panorama(
            withFrame: frame, nearCoordinate: midAtlantic, radius: 100, source: .outside)
        #expect(view.frame == frame)
        let recorder = PanoramaRecorder()
        view.delegate = recorder
        let others = [
            GMSPanoramaView.panorama(withFrame: frame, nearCoordinate: midAtlantic),
            GMSPanoramaView.panorama(withFrame: frame, nearCoordinate: midAtlantic, radius: 5),
            GMSPanoramaView.panorama(withFrame: frame, nearCoordinate: midAtlantic, source: .default),
        ]
        let otherRecorders = others.map { other in
            let otherRecorder = PanoramaRecorder()
            other.delegate = otherRecorder
            return otherRecorder
        }

        let arrived = try await eventually {
            recorder.nearErrors.count == 1 && otherRecorders.allSatisfy { $0.nearErrors.count == 1 }
        }
        #expect(arrived)
        #expect(recorder.nearErrors.first?.coordinate == midAtlantic)
        #expect(view.panorama == nil && others.allSatisfy { $0.panorama == nil })
    }

    @Test func aViewGoneBeforeItsMoveReportsIsNotKeptAlive() async throws {
        let recorder = PanoramaRecorder()
        weak var gone: GMSPanoramaView?
        do {
            let view = GMSPanoramaView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
            view.delegate = recorder
            view.moveNearCoordinate(midAtlantic)
            gone = view
        }
        #expect(gone == nil)
        try await settle()
        #expect(recorder.nearErrors.isEmpty)
    }

    // MARK: Settings

    @Test func gestureFlagsDefaultOnAndSetAllGesturesEnabledSetsTheThree() {
        let view = GMSPanoramaView()
        #expect(view.orientationGestures && view.zoomGestures && view.navigationGestures)
        #expect(!view.navigationLinksHidden && !view.streetNamesHidden)
        view.setAllGesturesEnabled(false)
        #expect(!view.orientationGestures && !view.zoomGestures && !view.navigationGestures)
        #expect(!view.navigationLinksHidden && !view.streetNamesHidden)
        view.setAllGesturesEnabled(true)
        #expect(view.orientationGestures && view.zoomGestures && view.navigationGestures)
    }

    // MARK: Drawing

    @Test func viewDrawsBlackWithoutABackgroundColour() throws {
        let view = GMSPanoramaView(frame: CGRect(x: 0, y: 0, width: 4, height: 4))
        #expect(view.backgroundColor == nil)
        let image = view.renderedImage(scale: 1)
        #expect(image.bitmap.pixel(x: 1, y: 1) == 0xFF00_0000)
        #expect(image.bitmap.pixel(x: 3, y: 3) == 0xFF00_0000)
    }

    @Test func viewDrawsItsBackgroundColourOpaque() throws {
        let view = GMSPanoramaView(frame: CGRect(x: 0, y: 0, width: 4, height: 4))
        view.backgroundColor = UIColor(red: 1, green: 0, blue: 0, alpha: 0.25)
        let image = view.renderedImage(scale: 1)
        #expect(image.bitmap.pixel(x: 2, y: 2) == 0xFFFF_0000)
    }

    // MARK: Projection

    @Test func centreLooksAlongTheCamera() {
        let view = GMSPanoramaView(frame: CGRect(x: 0, y: 0, width: 300, height: 200))
        view.camera = GMSPanoramaCamera(heading: 350, pitch: 20, zoom: 1.5, fov: 120)
        let centre = view.orientation(for: CGPoint(x: 150, y: 100))
        #expect(headingGap(centre.heading, 350) < 1e-9)
        #expect(abs(centre.pitch - 20) < 1e-9)
        let point = view.point(for: GMSOrientation(heading: 350, pitch: 20))
        #expect(abs(point.x - 150) < 1e-9 && abs(point.y - 100) < 1e-9)
    }

    @Test func fieldOfViewSpansTheLargerSideDividedByZoom() {
        let view = GMSPanoramaView(frame: CGRect(x: 0, y: 0, width: 200, height: 100))
        view.camera = GMSPanoramaCamera(heading: 0, pitch: 0, zoom: 1, fov: 90)
        let edge = view.orientation(for: CGPoint(x: 200, y: 50))
        #expect(abs(edge.heading - 45) < 1e-9 && abs(edge.pitch) < 1e-9)
        let top = view.orientation(for: CGPoint(x: 100, y: 0))
        #expect(abs(top.pitch - atan(0.5) * 180 / .pi) < 1e-9)
        view.camera = GMSPanoramaCamera(heading: 0, pitch: 0, zoom: 2, fov: 90)
        let zoomed = view.orientation(for: CGPoint(x: 200, y: 50))
        #expect(abs(zoomed.heading - atan(0.5) * 180 / .pi) < 1e-9)
    }

    @Test func orientationAndPointRoundTrip() {
        let view = GMSPanoramaView(frame: CGRect(x: 0, y: 0, width: 300, height: 200))
        view.camera = GMSPanoramaCamera(heading: 350, pitch: 20, zoom: 1.5, fov: 120)
        let points = [
            CGPoint(x: 0, y: 0), CGPoint(x: 300, y: 200), CGPoint(x: 37.5, y: 180), CGPoint(x: 290, y: 12),
            CGPoint(x: -50, y: 260),
        ]
        for point in points {
            let back = view.point(for: view.orientation(for: point))
            #expect(abs(back.x - point.x) < 1e-6 && abs(back.y - point.y) < 1e-6, "\(point) came back as \(back)")
        }
        let orientations = [
            GMSOrientation(heading: 10, pitch: 0), GMSOrientation(heading: 340, pitch: 30),
            GMSOrientation(heading: 355, pitch: -10),
        ]
        for orientation in orientations {
            let back = view.orientation(for: view.point(for: orientation))
            #expect(headingGap(back.heading, orientation.heading) < 1e-9)
            #expect(abs(back.pitch - orientation.pitch) < 1e-9)
        }
    }

    @Test func directionBehindTheCameraOrNonFiniteHasNoPoint() {
        let view = GMSPanoramaView(frame: CGRect(x: 0, y: 0, width: 300, height: 200))
        view.camera = GMSPanoramaCamera(heading: 350, pitch: 20, zoom: 1)
        let behind = view.point(for: GMSOrientation(heading: 170, pitch: -20))
        #expect(behind.x.isNaN && behind.y.isNaN)
        let invalid = view.point(for: GMSOrientation(heading: .infinity, pitch: 0))
        #expect(invalid.x.isNaN && invalid.y.isNaN)
    }

    @Test func nonFinitePointsAndEmptyBoundsGiveTheCameraOrientation() {
        let view = GMSPanoramaView(frame: CGRect(x: 0, y: 0, width: 300, height: 200))
        view.camera = GMSPanoramaCamera(heading: 80, pitch: -15, zoom: 1)
        let invalid = view.orientation(for: CGPoint(x: CGFloat.nan, y: 0))
        #expect(invalid.heading == 80 && invalid.pitch == -15)
        let empty = GMSPanoramaView(frame: .zero)
        empty.camera = GMSPanoramaCamera(heading: 80, pitch: -15, zoom: 1)
        let anywhere = empty.orientation(for: CGPoint(x: 5, y: 5))
        #expect(anywhere.heading == 80 && anywhere.pitch == -15)
    }

    // MARK: Delegate defaults

    @Test func delegateMethodsAreOptionalAndTheMarkerTapDefaultsToFalse() {
        final class Silent: GMSPanoramaViewDelegate {}
        let silent = Silent()
        let view = GMSPanoramaView(frame: .zero)
        #expect(silent.panoramaView(view, didTap: GMSMarker()) == false)
        view.delegate = silent
        view.camera = GMSPanoramaCamera(heading: 1, pitch: 1, zoom: 1)
        #expect(view.delegate === silent)
    }
}
