import Foundation
import MapDrawing
import OpenMaps

/// Runs a panorama scenario (``PanoramaScenario``) on a virtual clock: registers its
/// panoramas, hosts a ``GMSPanoramaView`` in a ``GMSPanoramaViewHost``, plays the steps as
/// touches and calls, and logs every delegate callback as a JSON line (`docs/replay.md`,
/// "Panorama scenarios"). A frame is drawn after each step, as a screen would, so rendering
/// callbacks come where they would.
@MainActor
public final class PanoramaScenarioRunner {
    private let scenario: PanoramaScenario
    private let view: GMSPanoramaView
    private let host: GMSPanoramaViewHost
    private let log: PanoramaLog
    /// Virtual seconds since the start.
    private var time: TimeInterval = 0
    /// The run's own panoramas (not the shared catalog's), so runs never see each other's.
    private let catalog = PanoramaCatalog()

    public init(scenario: PanoramaScenario) {
        self.scenario = scenario
        view = GMSPanoramaView(frame: CGRect(origin: .zero, size: scenario.size))
        host = GMSPanoramaViewHost(panoramaView: view)
        log = PanoramaLog()
        view.catalog = catalog
    }

    /// Runs the scenario; the lines, the last one the final state.
    public func run() async -> [String] {
        log.clock = { [unowned self] in self.time }
        for image in scenario.images { register(image) }
        apply(scenario.camera)
        log.observe(view)
        if let start = scenario.start {
            move(start)
            await settle()
        }
        for step in scenario.steps {
            await perform(step)
            await settle()
        }
        return log.lines + [endLine()]
    }

    /// The view as it looks now.
    public func renderFrame(scale: CGFloat) -> Bitmap {
        host.renderFrame(scale: scale)
    }

    private func register(_ image: PanoramaScenario.Image) {
        let picture: UIImage
        if let file = image.file {
            guard let loaded = UIImage(contentsOfFile: file), !loaded.bitmap.isEmpty else {
                log.note("panorama \(image.id): cannot read \(file)")
                return
            }
            picture = loaded
        } else {
            picture = PanoramaTestPattern.image(size: image.size ?? CGSize(width: 1024, height: 512))
        }
        let links = image.links.map { link -> GMSPanoramaLink in
            let made = GMSPanoramaLink()
            made.heading = CGFloat(link.heading)
            made.panoramaID = link.id
            return made
        }
        do {
            try catalog.register(panoramaID: image.id, image: picture, coordinate: image.position, heading: image.heading, links: links)
        } catch {
            log.note("panorama \(image.id): \(error)")
        }
    }

    private func apply(_ camera: PanoramaScenario.CameraSpec) {
        let now = view.camera
        view.camera = GMSPanoramaCamera(
            heading: camera.heading ?? now.orientation.heading, pitch: camera.pitch ?? now.orientation.pitch,
            zoom: Float(camera.zoom ?? Double(now.zoom)), fov: camera.fov ?? now.fov)
    }

    private func move(_ move: PanoramaScenario.Move) {
        switch move {
        case .toID(let id): view.move(toPanoramaID: id)
        case .near(let coordinate, let radius): view.moveNearCoordinate(coordinate, radius: radius)
        }
    }

    private func perform(_ step: PanoramaScenario.Step) async {
        let start = time
        switch step {
        case .tap(let point):
            send(1, .began, point, at: start)
            send(1, .ended, point, at: start + Scenario.Step.Timing.tap)
        case .pan(let from, let to, let duration):
            let frames = max(1, Int((duration * 60).rounded()))
            send(1, .began, from, at: start)
            for frame in 1...frames {
                let f = Double(frame) / Double(frames)
                send(1, .moved, CGPoint(x: from.x + (to.x - from.x) * f, y: from.y + (to.y - from.y) * f), at: start + duration * f)
            }
            send(1, .ended, to, at: start + duration + Scenario.Step.Timing.rest)
        case .pinch(let center, let scale, let duration):
            let frames = max(1, Int((duration * 60).rounded()))
            func fingers(_ spread: Double) -> (CGPoint, CGPoint) {
                (CGPoint(x: center.x - spread / 2, y: center.y), CGPoint(x: center.x + spread / 2, y: center.y))
            }
            let first = fingers(100)
            send(1, .began, first.0, at: start)
            send(2, .began, first.1, at: start)
            for frame in 1...frames {
                let f = Double(frame) / Double(frames)
                let now = fingers(100 * (1 + (scale - 1) * f))
                send(1, .moved, now.0, at: start + duration * f)
                send(2, .moved, now.1, at: start + duration * f)
            }
            let last = fingers(100 * scale)
            send(1, .ended, last.0, at: start + duration + Scenario.Step.Timing.rest)
            send(2, .ended, last.1, at: start + duration + Scenario.Step.Timing.rest)
        case .touches(let touches):
            for touch in touches.sorted(by: { $0.t < $1.t }) { send(touch.id, touch.phase, touch.location, at: start + touch.t) }
        case .wait, .move, .camera, .linksHidden:
            break
        }
        switch step {
        case .move(let target): move(target)
        case .camera(let camera): apply(camera)
        case .linksHidden(let hidden): view.navigationLinksHidden = hidden
        default: break
        }
        time = start + step.virtualSeconds
    }

    /// One touch, at its time on the clock (the log stamps what it causes with that time).
    private func send(_ id: Int, _ phase: MapTouch.Phase, _ point: CGPoint, at t: TimeInterval) {
        time = t
        host.send(MapTouch(id: id, phase: phase, location: point, timestamp: t))
    }

    /// Lets the moves under way report (they answer on the main actor after the call that
    /// started them), then draws a frame, as a screen would, and lets its report come.
    private func settle() async {
        for _ in 0..<20 { await Task.yield() }
        _ = host.renderFrame(scale: 1)
        for _ in 0..<20 { await Task.yield() }
    }

    private func endLine() -> String {
        var line = JSONLine()
        line.add("event", string: "end")
        line.add("t", number: time, decimals: 3)
        line.add("panorama", string: view.panorama?.panoramaID)
        line.add("camera", PanoramaLog.camera(view.camera))
        return line.text
    }
}

/// Logs a panorama view's events as JSON lines (`event` is the Objective-C selector of the
/// `GMSPanoramaViewDelegate` method), whatever the view's delegate is: `openmaps replay` logs
/// panorama scenarios with it, and the playground logs a panorama sample's events.
@MainActor
public final class PanoramaLog {
    /// The lines logged since the last ``drain()``.
    public private(set) var lines: [String] = []
    /// The time stamped on each line.
    public var clock: () -> TimeInterval = { 0 }
    /// Called with each callback's selector and line as it is logged.
    public var onLine: ((_ selector: String, _ line: String) -> Void)?
    private var observation: EventObservation?

    /// A log that observes nothing yet (see ``observe(_:)``).
    public init() {}

    /// A log of a view's events from now on.
    public convenience init(observing view: GMSPanoramaView) {
        self.init()
        observe(view)
    }

    /// Logs a view's events from now on (instead of any view observed before).
    public func observe(_ view: GMSPanoramaView) {
        observation = view.events.observe { [weak self] event in self?.log(event) }
    }

    /// Stops logging.
    public func stop() {
        observation?.invalidate()
        observation = nil
    }

    /// Takes the lines logged so far.
    public func drain() -> [String] {
        defer { lines = [] }
        return lines
    }

    private func add(_ selector: String, _ fill: (inout JSONLine) -> Void = { _ in }) {
        var line = JSONLine()
        line.add("t", number: clock(), decimals: 3)
        line.add("event", string: selector)
        fill(&line)
        lines.append(line.text)
        onLine?(selector, line.text)
    }

    /// A line about the scenario itself (a panorama it could not register).
    func note(_ message: String) {
        add("warning") { $0.add("message", string: message) }
    }

    /// A camera as the log writes it.
    static func camera(_ camera: GMSPanoramaCamera) -> String {
        var line = JSONLine()
        line.add("heading", number: camera.orientation.heading, decimals: 3)
        line.add("pitch", number: camera.orientation.pitch, decimals: 3)
        line.add("zoom", number: Double(camera.zoom), decimals: 3)
        line.add("fov", number: camera.fov, decimals: 3)
        return line.text
    }

    private static func error(_ error: Error) -> String {
        let ns = error as NSError
        var line = JSONLine()
        line.add("domain", string: ns.domain)
        line.add("code", number: Double(ns.code), decimals: 0)
        return line.text
    }

    private func log(_ event: PanoramaViewEvent) {
        add(event.kind.selector) { line in
            switch event {
            case .willMoveToPanoramaID(let id):
                line.add("panoramaID", string: id)
            case .didMoveTo(let panorama):
                line.add("panorama", string: panorama?.panoramaID)
            case .didMoveToNear(let panorama, let coordinate):
                line.add("panorama", string: panorama.panoramaID)
                line.add("coordinate", ReplayLog.coordinate(coordinate))
            case .errorOnMoveNear(let error, let coordinate):
                line.add("coordinate", ReplayLog.coordinate(coordinate))
                line.add("error", PanoramaLog.error(error))
            case .errorOnMoveTo(let error, let id):
                line.add("panoramaID", string: id)
                line.add("error", PanoramaLog.error(error))
            case .didMoveCamera(let camera):
                line.add("camera", PanoramaLog.camera(camera))
            case .didTap(let point):
                line.add("point", "[" + JSONLine.number(point.x, decimals: 3) + "," + JSONLine.number(point.y, decimals: 3) + "]")
            case .didStartRendering, .didFinishRendering:
                break
            }
        }
    }
}

/// The test pattern a scenario's panorama shows when it names no image file: twelve 30°
/// bands of colour round the horizon (red at the image's centre), a light sky, a grey ground,
/// and N, E, S, W at the compass points (for a heading of 0).
enum PanoramaTestPattern {
    @MainActor
    static func image(size: CGSize) -> UIImage {
        let width = max(16, size.width), height = max(8, size.height)
        let canvas = Canvas(size: CGSize(width: width, height: height), scale: 1)
        canvas.fill(CGRect(x: 0, y: 0, width: width, height: height * 0.39), with: Color(rgb: 0xCFE8FF))
        canvas.fill(CGRect(x: 0, y: height * 0.61, width: width, height: height * 0.39), with: Color(rgb: 0x8A8A80))
        let colours: [UInt32] = [0xE53935, 0xFB8C00, 0xFDD835, 0x7CB342, 0x43A047, 0x00897B, 0x039BE5, 0x3949AB, 0x5E35B1, 0x8E24AA, 0xD81B60, 0x6D4C41]
        let band = width / 12
        for (i, colour) in colours.enumerated() {
            var x = ((Double(i) * 30 - 15) / 360 + 0.5) * width
            if x < 0 { x += width }
            for shift in [0, -width] where x + shift < width {
                canvas.fill(CGRect(x: x + shift, y: height * 0.39, width: band, height: height * 0.22), with: Color(rgb: colour))
            }
        }
        for (letter, heading) in [("N", 0.0), ("E", 90), ("S", 180), ("W", 270)] {
            let layout = TextLayout(
                text: letter, style: TextStyle(font: Font(size: height * 0.08, weight: .bold), color: .white, maximumLines: 1), width: width)
            let x = (heading / 360 + 0.5) * width
            for shift in [-width, 0, width] {
                layout.draw(in: canvas, at: CGPoint(x: x + shift - layout.size.width / 2, y: height / 2 - layout.size.height / 2))
            }
        }
        return UIImage(bitmap: canvas.bitmap, scale: 1)
    }
}
