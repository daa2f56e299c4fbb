import Foundation
import Logging
import MapDrawing
import MapReplay
import NIOCore
import OpenMaps

/// What a session sends the page: a JSON text message or a numbered frame.
public enum OutgoingMessage: Sendable, Equatable {
    case text(String)
    /// A frame: its number (from 1, rising) and its JPEG.
    case frame(number: Int, jpeg: Data)
    /// A frame sent as what changed since an earlier one (ours, to a page that said it takes
    /// them): its number and the changes, as the page reads them after the number.
    case patches(number: Int, data: Data)

    /// The frame's number, for either kind of frame.
    var frameNumber: Int? {
        switch self {
        case .text: return nil
        case .frame(let number, _), .patches(let number, _): return number
        }
    }

    /// A frame as the binary message the page reads: the number in 8 bytes, big-endian, then
    /// the JPEG (or the changes). The page acknowledges frames by number and draws them in
    /// order.
    public static func frameMessage(number: Int, payload: Data) -> ByteBuffer {
        var buffer = ByteBuffer()
        buffer.reserveCapacity(8 + payload.count)
        buffer.writeInteger(UInt64(clamping: number), endianness: .big)
        buffer.writeBytes(payload)
        return buffer
    }
}

/// One browser tab: its own sample view controller, map view and delegate, sized to the tab's
/// canvas and pixel ratio, driven in real time. Input comes in as ``ClientMessage``s; frames
/// and the delegate's callbacks go out through ``outgoing``.
@MainActor
public final class PlaygroundSession {
    nonisolated static let logger = Logger(label: "OpenMaps.Playground")

    /// The session's number (for logs).
    public let id: Int
    /// Messages for the page, in order; at most ``maximumQueuedMessages`` wait to be sent.
    public let outgoing: AsyncStream<OutgoingMessage>
    private let continuation: AsyncStream<OutgoingMessage>.Continuation
    /// Finishes when the session closes (the connection then ends too).
    public let closed: AsyncStream<Void>
    private let closedContinuation: AsyncStream<Void>.Continuation
    /// Told once when the session closes (its registry forgets it).
    var onClose: ((PlaygroundSession) -> Void)?
    /// What the session shows: a sample, or an app's screen.
    let content: PlaygroundContent
    /// The sample shown.
    public private(set) var sample: PlaygroundSample?
    /// The hosted screen, for an app's screen.
    public private(set) var screenHost: ScreenHost?
    /// The hosted map (nil until the page has said hello, and for a sample with a panorama
    /// view instead).
    public private(set) var host: GMSMapViewHost?
    /// The hosted panorama view, for a sample that shows one instead of a map.
    public private(set) var panoramaHost: GMSPanoramaViewHost?
    /// What the sample shows: its map or its panorama view.
    private var surface: PlaygroundSurface?
    private var controller: UIViewController?
    private var input = PointerInput()
    private var pageClock = PageClock()
    /// Messages the connection has received and the loop has not yet handled.
    nonisolated let inbox = Inbox()
    /// Wakes the loop when a message arrives or a frame's place frees.
    nonisolated let doorbell: Doorbell
    private var scale: Double = 1 { didSet { surface?.use(scale: scale) } }
    private let clock = SystemClock()
    /// Frames in flight and writes under way, shared with the encoders and the connection.
    nonisolated let flow: OutgoingFlow
    private var nextFrame = 1
    /// Whether the page draws frames sent as changes (it said so in its hello).
    private var pageTakesPatches = false
    /// The last frame drawn for the page, and where its content was: what the next frame may
    /// be sent as changes to.
    private var lastFrame: (number: Int, bitmap: Bitmap, anchor: ContentAnchor?, offset: CGPoint)?
    /// The page asked for a whole frame: the next goes whole, even if nothing changed.
    private var wholeFrameWanted = false
    /// The encoding of the last frame: each frame is handed to the connection after the one
    /// before it, since a frame sent as changes needs that one drawn first.
    private var lastEncode: Task<Void, Never>?
    private var pendingEvents: [(selector: String, line: String)] = []
    /// Events dropped because the page fell far behind.
    private var droppedEvents = 0
    private var loop: Task<Void, Never>?
    /// When the page last sent something (on the session's clock).
    private var lastInput: TimeInterval = 0
    private let idleTimeout: TimeInterval
    private let stallTimeout: TimeInterval
    private let helloTimeout: TimeInterval
    /// Messages refused as malformed or hostile.
    public private(set) var refusedMessages = 0
    /// Frames sent.
    public private(set) var framesSent = 0
    /// Whole frames the page asked for, having been sent changes it could not draw (ours).
    public private(set) var wholeFramesRequested = 0
    /// Whether the session has ended.
    public private(set) var isClosed = false

    /// Frames the page may be behind by before rendering waits for it.
    public nonisolated static let maximumFramesInFlight = 2
    /// Messages that may wait for a page that does not read before the session closes.
    public nonisolated static let maximumQueuedMessages = 256
    /// Delegate events kept for a page that is behind; older ones are dropped (and counted).
    public nonisolated static let maximumPendingEvents = 1_000
    /// Text messages written ahead of the page: while this many wait, events gather into
    /// the next one instead.
    public nonisolated static let maximumTextsInFlight = 4
    /// How long a connection has to say hello, by default.
    public nonisolated static let defaultHelloTimeout: TimeInterval = 10
    /// The most pixels a frame may have (a 4K screen's): a larger canvas or pixel ratio
    /// lowers the scale frames are drawn at, and the page stretches them.
    public nonisolated static let maximumFramePixels = 3840.0 * 2160.0
    /// JPEG quality of frames.
    public nonisolated static let frameQuality = 80

    /// A session; `stallTimeout`: how long its connection may make no progress writing
    /// before the page is taken to have stopped reading; `helloTimeout`: how long the page has
    /// to say hello.
    init(
        id: Int, idleTimeout: TimeInterval, stallTimeout: TimeInterval = 30,
        helloTimeout: TimeInterval = PlaygroundSession.defaultHelloTimeout, content: PlaygroundContent = .samples
    ) {
        self.id = id
        self.content = content
        self.idleTimeout = idleTimeout
        self.stallTimeout = stallTimeout
        self.helloTimeout = helloTimeout
        let doorbell = Doorbell()
        self.doorbell = doorbell
        flow = OutgoingFlow(maximumInFlight: PlaygroundSession.maximumFramesInFlight, placeFreed: { doorbell.ring() })
        (outgoing, continuation) = AsyncStream.makeStream(
            of: OutgoingMessage.self, bufferingPolicy: .bufferingOldest(PlaygroundSession.maximumQueuedMessages))
        (closed, closedContinuation) = AsyncStream.makeStream(of: Void.self)
    }

    /// The session's clock: seconds since it began.
    var now: TimeInterval { clock.now }

    /// The shortest time between two sample loads (a load can build 10,000 markers).
    public nonisolated static let minimumLoadInterval: TimeInterval = 0.5
    private var lastLoad: TimeInterval = -.infinity
    /// The second of the last simulated location fix.
    private var lastFix: TimeInterval = -1
    /// When the last frame was sent (for the map's preferred frame rate).
    private var lastFrameSentAt: TimeInterval = -.infinity

    /// Handles a text message from the page; malformed or excessive ones are counted, logged
    /// and dropped.
    public func receive(_ text: String) {
        guard !isClosed else { return }
        let time = now
        let message: ClientMessage
        do {
            message = try ClientMessage.parse(text)
        } catch {
            refuseTellingAWaitingPage("\(error)")
            return
        }
        switch message {
        case .sample where !showsSamples:
            refuse("no samples here: the server shows an app's screen")
            return
        case .hello, .sample:
            guard time - lastLoad >= PlaygroundSession.minimumLoadInterval else {
                refuseTellingAWaitingPage("sample loads too close together")
                return
            }
            lastLoad = time
        default: break
        }
        // What a person does counts as activity; acknowledgements of frames and requests for a
        // whole one do not (a sample that animates by itself would otherwise keep an abandoned
        // tab's session forever).
        switch message {
        case .ack, .refresh: break
        default: lastInput = time
        }
        atScreenScale { handle(message) }
    }

    /// Runs `body` with the screen scale at the tab's (the engine reads it while drawing info
    /// windows and icons), for it and the tasks it starts (a geocoder's completion, say):
    /// sessions at different ratios, and whatever else the process hosts, never see each other's.
    private func atScreenScale(_ body: () -> Void) {
        let time = mapTime
        PageLog.with({ [weak self] text in self?.pendingEvents.append(("print", PageLog.line(text, at: time))) }) {
            UIScreen.withScale(scale, operation: body)
        }
    }

    /// Refuses a message; a page still waiting for its map is told why, rather than left waiting.
    private func refuseTellingAWaitingPage(_ reason: String) {
        refuse(reason)
        if surface == nil { send(.text(ServerMessage.error(reason).text)) }
    }

    /// Counts a message that could not be used (binary, oversized, malformed).
    public func refuse(_ reason: String) {
        refusedMessages += 1
        if refusedMessages <= 10 || refusedMessages % 100 == 0 {
            PlaygroundSession.logger.warning("session \(id): message dropped (\(reason)); \(refusedMessages) so far")
        }
    }

    func handle(_ message: ClientMessage) {
        switch message {
        case .hello(let name, let width, let height, let scale, let patches):
            pageTakesPatches = patches
            if let make = content.makeScreen {
                loadScreen(make, scale: scale)
            } else if name == PlaygroundSample.phone.name {
                loadScreen({ PlaygroundContent.onPhone(SampleListViewController()) }, scale: scale, sample: .phone)
            } else {
                load(PlaygroundSample.named(name), size: CGSize(width: width, height: height), scale: scale)
            }
        case .sample(let name) where name == PlaygroundSample.phone.name:
            loadScreen({ PlaygroundContent.onPhone(SampleListViewController()) }, scale: scale, sample: .phone)
        case .sample(let name):
            let size = screenHost == nil ? surface?.size ?? CGSize(width: 640, height: 480) : CGSize(width: 640, height: 480)
            load(PlaygroundSample.named(name), size: size, scale: scale)
        case .resize where screenHost != nil:
            // A phone's screen keeps its size and scale; the page fits it in.
            break
        case .resize(let width, let height, let scale):
            let size = CGSize(width: width, height: height)
            self.scale = PlaygroundSession.frameScale(requested: scale, size: size)
            surface?.resize(to: size)
        case .pointer(let pointer):
            guard let surface else { return }
            let time = pageClock.time(ofPage: pointer.time, now: mapTime)
            deliver(input.touches(for: pointer, size: surface.size, at: time))
        case .wheel(let x, let y, let delta, let pinch, let pageTime):
            guard let surface else { return }
            let time = pageClock.time(ofPage: pageTime, now: mapTime)
            if surface.wheel(at: CGPoint(x: x, y: y), delta: delta, pinch: pinch) { return }
            deliver(input.touches(forWheelAt: CGPoint(x: x, y: y), delta: delta, at: time))
        case .key(let key):
            guard let surface, let uiKey = UIKey.browser(key.key, shift: key.shift, alt: key.alt, ctrl: key.ctrl, meta: key.meta) else { return }
            surface.press(uiKey)
        case .ack(let frame):
            acknowledge(frame: frame)
        case .refresh:
            wholeFramesRequested += 1
            lastFrame = nil
            wholeFrameWanted = true
        }
    }

    /// Takes a page's acknowledgement of a frame: only a frame in flight can be acknowledged,
    /// and it frees its place once written.
    func acknowledge(frame: Int) {
        if !flow.acknowledge(frame: frame) { refuse(PlaygroundSession.unexpectedAcknowledgement(frame)) }
    }

    /// Posts a message from the connection for the next turn. Acknowledgements are taken at once
    /// (off the main actor): a busy turn never holds back the frames they free.
    public nonisolated func post(_ text: String) {
        if text.utf8.count < 64, case .ack(let frame)? = try? ClientMessage.parse(text) {
            // (One that frees a full flow's place rings the doorbell from the flow.)
            if !flow.acknowledge(frame: frame) {
                inbox.post(.refused(PlaygroundSession.unexpectedAcknowledgement(frame)))
                doorbell.ring()
            }
            return
        }
        inbox.post(.text(text))
        doorbell.ring()
    }

    private nonisolated static func unexpectedAcknowledgement(_ frame: Int) -> String {
        "acknowledgement of frame \(frame), which is not in flight or was acknowledged"
    }

    /// When the last touch was stamped: touches stamped by the page's clock and by the
    /// server's (a wheel's lift) reach the map in one rising order.
    private var lastTouchTime = -TimeInterval.infinity

    private func deliver(_ touches: [MapTouch]) {
        guard let surface else { return }
        for touch in touches {
            lastTouchTime = max(lastTouchTime, touch.timestamp)
            surface.send(MapTouch(id: touch.id, phase: touch.phase, location: touch.location, timestamp: lastTouchTime))
        }
    }

    /// The scale frames are drawn at: the tab's pixel ratio within 1...3, lowered as far as
    /// needed to keep a frame within ``maximumFramePixels``.
    static func frameScale(requested: Double, size: CGSize) -> Double {
        let wanted = requested.isFinite ? min(max(requested, 1), 3) : 1
        let area = max(1, size.width * size.height)
        return min(wanted, (maximumFramePixels / area).squareRoot())
    }

    /// The scale frames are drawn at now.
    public var frameScale: Double { scale }

    /// The map's clock follows the session's: real time.
    private var mapTime: TimeInterval { max(surface?.time ?? 0, timeOffset + now) }
    private var timeOffset: TimeInterval = 0

    private func load(_ sample: PlaygroundSample, size: CGSize, scale: Double) {
        if let surface {
            deliver(input.cancelAll(at: mapTime))
            surface.detach()  // the old view's late callbacks are not this sample's
        }
        self.scale = PlaygroundSession.frameScale(requested: scale, size: size)
        UIScreen.withScale(self.scale) { loadSample(sample, size: size) }
    }

    /// Hosts a sample's controller in a window of the canvas's size: the one surface, as an
    /// app's screen is, with its map or panorama logged for the page.
    private func loadSample(_ sample: PlaygroundSample, size: CGSize) {
        let controller = sample.make()
        controller.loadViewIfNeeded()
        guard PlaygroundSession.view(GMSMapView.self, in: controller.view) != nil || PlaygroundSession.view(GMSPanoramaView.self, in: controller.view) != nil
        else {
            PlaygroundSession.logger.error("sample \(sample.name) has no map or panorama view")
            return
        }
        let screen = ScreenHost(rootViewController: controller, size: size, safeAreaInsets: .zero, scale: CGFloat(scale))
        show(screen, controller: controller, sample: sample, isPhone: false)
        host?.prepareTiles()
        send(.text(ServerMessage.ready(sample: sample.name, samples: PlaygroundSample.all).text))
    }

    /// Makes a hosted window what the session shows, in real time, with fresh input.
    private func show(_ screen: ScreenHost, controller: UIViewController, sample: PlaygroundSample?, isPhone: Bool) {
        screen.rendersTilesInBackground = true
        let surface = PlaygroundSurface(host: screen, isPhone: isPhone) { [weak self] selector, line in
            self?.pendingEvents.append((selector, line))
        }
        self.sample = sample
        self.controller = controller
        self.surface = surface
        screenHost = isPhone ? screen : nil
        // A sample's map or panorama, for its own API (simulated location, the coverage note).
        host = isPhone ? nil : surface.maps.first.map { GMSMapViewHost(mapView: $0) }
        panoramaHost = isPhone || host != nil ? nil : surface.panoramas.first.map { GMSPanoramaViewHost(panoramaView: $0) }
        input = PointerInput()
        pageClock = PageClock()
        lastTouchTime = -.infinity
        timeOffset = -now
        pendingEvents = []
    }

    /// Whether the session shows our samples (`openmaps serve`) rather than an app's screen.
    private var showsSamples: Bool {
        if case .samples = content { return true }
        return false
    }

    /// Starts an app's screen: a phone of 390 x 844 points, its controller in a navigation
    /// controller unless it is one, every map on it logged for the page.
    private func loadScreen(_ make: @MainActor () -> UIViewController, scale requested: Double, sample: PlaygroundSample? = nil) {
        if let surface {
            deliver(input.cancelAll(at: mapTime))
            surface.detach()
        }
        endAppScene()
        let size = ScreenHost.phoneSize
        scale = PlaygroundSession.frameScale(requested: requested, size: size)
        UIScreen.withScale(scale) {
            let root = make()
            show(ScreenHost(rootViewController: root, size: size, scale: CGFloat(scale)), controller: root, sample: sample, isPhone: true)
        }
        send(.text(ServerMessage.screen(width: size.width, height: size.height, sample: sample).text))
    }

    /// An app launched for this tab ends its scene with it (`sceneDidDisconnect`), so the
    /// shared application keeps nothing of a closed tab.
    private func endAppScene() {
        guard case .app = content, let root = controller, let scene = UIApplication.shared.sceneSession(showing: root) else { return }
        UIApplication.shared.requestSceneSessionDestruction(scene, options: nil)
    }

    /// The view of a kind a sample shows: its view, or the first such among its subviews.
    static func view<Kind: UIView>(_ kind: Kind.Type, in view: UIView?) -> Kind? {
        guard let view else { return nil }
        if let found = view as? Kind { return found }
        for child in view.subviews { if let found = self.view(kind, in: child) { return found } }
        return nil
    }

    /// Starts the session's frame loop: 60 times a second it runs the map's frames up to now,
    /// sends the delegate's callbacks, and a frame when something changed and the page keeps up.
    /// A message from the page, or an acknowledgement that frees a frame's place, wakes it at
    /// once; such a turn keeps the loop's schedule.
    func start() {
        loop = Task { [weak self] in
            var due = -Double.infinity
            while let self, !self.isClosed {
                let began = self.now
                self.step()
                if began >= due { due = max(began + GMSMapViewHost.frameInterval, self.now + 0.001) }
                await self.doorbell.wait(seconds: due - self.now)
            }
        }
    }

    /// One turn of the loop (also called directly by tests): the page's messages since the
    /// last turn, then the map's frames up to now.
    func step() {
        let (items, dropped) = inbox.take()
        for item in items where !isClosed {
            switch item {
            case .text(let text): receive(text)
            case .refused(let reason): refuse(reason)
            }
        }
        if dropped > 0 {
            refusedMessages += dropped - 1
            refuse("\(dropped) messages past \(Inbox.maximumPerSecond) a second or \(Inbox.capacity) waiting")
        }
        guard !isClosed else { return }
        atScreenScale(turn)
    }

    private func turn() {
        if now - lastInput > idleTimeout {
            PlaygroundSession.logger.info("session \(id): idle for \(Int(idleTimeout)) s, closing")
            close()
            return
        }
        if flow.hasStalled(longerThan: stallTimeout) {
            PlaygroundSession.logger.warning("session \(id): nothing written or acknowledged for \(Int(stallTimeout)) s (the page stopped reading), closing")
            close()
            return
        }
        guard let surface else {
            if now > helloTimeout {
                PlaygroundSession.logger.info("session \(id): no hello in \(Int(helloTimeout)) s, closing")
                close()
            }
            return
        }
        deliver(input.step(at: mapTime))
        surface.advance(to: mapTime)
        if let host, let location = sample?.location {
            // A new fix once a second, as a phone's location updates come.
            let second = host.time.rounded(.down)
            if second != lastFix {
                lastFix = second
                host.setMyLocation(location(second))
            }
        }
        flushEvents()
        updateCoverageNote()
        guard !isClosed else { return }
        // Frames are paced by the map's preferred frame rate.
        let paced = now - lastFrameSentAt >= surface.minimumFrameInterval
        if paced, flow.framesInFlight < PlaygroundSession.maximumFramesInFlight, surface.needsFrame || wholeFrameWanted,
            surface.size.width > 0
        {
            lastFrameSentAt = now
            wholeFrameWanted = false
            let anchor = surface.anchor
            let (base, offset) = changeBase(for: anchor, on: surface)
            let bitmap = surface.renderFrame(scale: scale, offset: CGPoint(x: offset.x / scale, y: offset.y / scale))
            let number = sendFrame(bitmap, over: base)
            lastFrame = pageTakesPatches ? (number, bitmap, anchor, offset) : nil
        }
    }

    /// The frame a new one can be sent as changes to, with how far (whole pixels) its picture
    /// moves, and how far (pixels, within ±0.5) the new frame's picture is to be moved off its
    /// exact place for that: a panned map is drawn at whole pixels from the frame before, as
    /// web maps place their tiles. The base is nil when the page does not take changes, or
    /// the content changed other than by moving as a whole (zoomed, turned, tilted, resized).
    private func changeBase(for anchor: ContentAnchor?, on surface: PlaygroundSurface)
        -> (base: (number: Int, bitmap: Bitmap, dx: Int, dy: Int)?, offset: CGPoint)
    {
        guard pageTakesPatches, let lastFrame else { return (nil, .zero) }
        guard let then = lastFrame.anchor, anchor != nil else { return ((lastFrame.number, lastFrame.bitmap, 0, 0), .zero) }
        guard let moved = surface.movement(since: then) else { return (nil, .zero) }
        // Still: the picture stays where it was drawn.
        if moved == .zero { return ((lastFrame.number, lastFrame.bitmap, 0, 0), lastFrame.offset) }
        // Drawn moved by (exact move + new offset - old offset): whole pixels when the new
        // offset is the old one less the exact move's fraction.
        let exactX = moved.x * scale - lastFrame.offset.x, exactY = moved.y * scale - lastFrame.offset.y
        let x = exactX.rounded(), y = exactY.rounded()
        guard x.isFinite, y.isFinite, abs(x) < 100_000, abs(y) < 100_000 else { return (nil, .zero) }
        return ((lastFrame.number, lastFrame.bitmap, Int(x), Int(y)), CGPoint(x: x - exactX, y: y - exactY))
    }

    /// Encodes a frame on another core (the main actor goes on with the next one) and sends it,
    /// after the frame before it: as what changed since that one when the page takes changes
    /// and little changed, else whole. Returns the frame's number.
    private func sendFrame(_ bitmap: Bitmap, over base: (number: Int, bitmap: Bitmap, dx: Int, dy: Int)?) -> Int {
        let number = nextFrame
        nextFrame += 1
        flow.drew(frame: number)
        framesSent += 1
        let id = id, flow = flow, continuation = continuation, before = lastEncode
        lastEncode = Task.detached(priority: .userInitiated) { [weak self] in
            let message: OutgoingMessage?
            do {
                let quality = PlaygroundSession.frameQuality
                if let base, let data = try FramePatches.encode(bitmap, over: (base.number, base.bitmap), dx: base.dx, dy: base.dy, quality: quality) {
                    message = .patches(number: number, data: data)
                } else {
                    message = .frame(number: number, jpeg: try bitmap.jpegData(quality: quality, fastDCT: true))
                }
            } catch {
                PlaygroundSession.logger.error("session \(id): frame not encoded: \(error)")
                message = nil
            }
            // In order, even past a frame that was lost.
            await before?.value
            guard let message else {
                flow.lost(frame: number)
                return
            }
            if PlaygroundSession.enqueue(message, flow: flow, continuation: continuation) {
                await self?.pageFellBehind()
            }
        }
        return number
    }

    /// A page that lets ``maximumQueuedMessages`` pile up has stopped reading: the session ends
    /// rather than hold more for it.
    private func pageFellBehind() {
        guard !isClosed else { return }
        PlaygroundSession.logger.warning("session \(id): the page stopped reading (\(PlaygroundSession.maximumQueuedMessages) messages waiting), closing")
        close()
    }

    /// Pointers the page has down on the map now.
    public var pointersDown: Int { input.pointersDown }

    /// Frames sent and not yet acknowledged.
    public var framesInFlight: Int { flow.framesInFlight }

    /// Sends the delegate's events since the last batch, unless earlier texts still wait to be
    /// written (a slow page gets bigger batches, not more of them).
    private func flushEvents() {
        if pendingEvents.count > PlaygroundSession.maximumPendingEvents {
            let excess = pendingEvents.count - PlaygroundSession.maximumPendingEvents
            pendingEvents.removeFirst(excess)
            droppedEvents += excess
            if droppedEvents == excess { PlaygroundSession.logger.warning("session \(id): the page is behind; older events dropped") }
        }
        guard !pendingEvents.isEmpty, flow.textsUnwritten < PlaygroundSession.maximumTextsInFlight else { return }
        let items = pendingEvents
        pendingEvents = []
        // The logs keep lines for replays; here they went out through `onLine`.
        surface?.drainLog()
        send(.text(ServerMessage.events(items).text))
    }

    /// The coverage note last sent, and the camera it was worked out for.
    private(set) var coverageNote: String?
    private var coverageCamera: SIMD3<Double>?
    private var coverageUnsent = false

    /// Where street-level data stops, the page says so, quietly (rule 40): worked out when the
    /// camera moves, sent when the page keeps up.
    private func updateCoverageNote() {
        guard let host else { return }
        let camera = host.mapView.camera
        let key = SIMD3(camera.target.latitude, camera.target.longitude, Double(camera.zoom))
        // (Asked again next turn while the data under the camera is decoded off the frame path.)
        if key != coverageCamera, let dataZoom = MapInspection(host).basemapDataZoomIfReady(at: camera.target) {
            coverageCamera = key
            let note = PlaygroundSession.coverageNote(zoom: camera.zoom, dataZoom: dataZoom)
            if note != coverageNote {
                coverageNote = note
                coverageUnsent = true
            }
        }
        guard coverageUnsent, flow.textsUnwritten < PlaygroundSession.maximumTextsInFlight else { return }
        coverageUnsent = false
        send(.text(ServerMessage.coverage(coverageNote).text))
    }

    /// The note for a camera zoom over data of a zoom (nil: no data), or nil for none: at
    /// street zooms (13 and closer) over no street-level data (below zoom 10).
    static func coverageNote(zoom: Float, dataZoom: Int?) -> String? {
        guard zoom >= 13, (dataZoom ?? 0) < 10 else { return nil }
        return "No street-level data here. The embedded basemap has streets in central Helsinki, Karhula (Kotka), "
            + "Singapore's Bayfront, Monaco and Liechtenstein; bring any OpenStreetMap extract with make tiles."
    }

    /// Text messages waiting to be written to the page.
    public var textsWaiting: Int { flow.textsUnwritten }

    private func send(_ message: OutgoingMessage) {
        guard !isClosed else { return }
        if PlaygroundSession.enqueue(message, flow: flow, continuation: continuation) { pageFellBehind() }
    }

    /// Hands a message to the connection, recording it in the flow; whether it was dropped
    /// because ``maximumQueuedMessages`` already wait (the page fell behind). One the stream
    /// no longer takes (the session closed) is forgotten.
    private nonisolated static func enqueue(
        _ message: OutgoingMessage, flow: OutgoingFlow, continuation: AsyncStream<OutgoingMessage>.Continuation
    ) -> Bool {
        let frame = message.frameNumber
        flow.queued(frame: frame)
        switch continuation.yield(message) {
        case .enqueued: return false
        case .dropped:
            flow.unqueued(frame: frame)
            return true
        default:
            flow.unqueued(frame: frame)
            return false
        }
    }

    /// Ends the session: the frame loop stops, ``outgoing`` and ``closed`` finish, and its
    /// registry forgets it.
    public func close() {
        guard !isClosed else { return }
        isClosed = true
        loop?.cancel()
        doorbell.ring()
        if let surface {
            deliver(input.cancelAll(at: mapTime))
            surface.detach()
        }
        endAppScene()
        continuation.finish()
        closedContinuation.finish()
        onClose?(self)
        onClose = nil
    }
}
