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
    let continuation: AsyncStream<OutgoingMessage>.Continuation
    /// Finishes when the session closes (the connection then ends too).
    public let closed: AsyncStream<Void>
    let closedContinuation: AsyncStream<Void>.Continuation
    /// Told once when the session closes (its registry forgets it).
    var onClose: ((PlaygroundSession) -> Void)?
    /// What the session shows: a sample, or an app's screen.
    let content: PlaygroundContent
    /// The sample shown.
    public internal(set) var sample: PlaygroundSample?
    /// The hosted screen, for an app's screen.
    public internal(set) var screenHost: ScreenHost?
    /// The hosted map (nil until the page has said hello, and for a sample with a panorama
    /// view instead).
    public internal(set) var host: GMSMapViewHost?
    /// The hosted panorama view, for a sample that shows one instead of a map.
    public internal(set) var panoramaHost: GMSPanoramaViewHost?
    /// What the sample shows: its map or its panorama view.
    var surface: PlaygroundSurface?
    var controller: UIViewController?
    var input = PointerInput()
    var pageClock = PageClock()
    /// Messages the connection has received and the loop has not yet handled.
    nonisolated let inbox = Inbox()
    /// Wakes the loop when a message arrives or a frame's place frees.
    nonisolated let doorbell: Doorbell
    var scale: Double = 1 { didSet { surface?.use(scale: scale) } }
    let clock = SystemClock()
    /// Frames in flight and writes under way, shared with the encoders and the connection.
    nonisolated let flow: OutgoingFlow
    var nextFrame = 1
    /// Whether the page draws frames sent as changes (it said so in its hello).
    var pageTakesPatches = false
    /// The last frame drawn for the page, and where its content was: what the next frame may
    /// be sent as changes to.
    var lastFrame: (number: Int, bitmap: Bitmap, anchor: ContentAnchor?, offset: CGPoint)?
    /// The page asked for a whole frame: the next goes whole, even if nothing changed.
    var wholeFrameWanted = false
    /// The encoding of the last frame: each frame is handed to the connection after the one
    /// before it, since a frame sent as changes needs that one drawn first.
    var lastEncode: Task<Void, Never>?
    var pendingEvents: [(selector: String, line: String)] = []
    /// Events dropped because the page fell far behind.
    var droppedEvents = 0
    var loop: Task<Void, Never>?
    /// When the page last sent something (on the session's clock).
    var lastInput: TimeInterval = 0
    let idleTimeout: TimeInterval
    let stallTimeout: TimeInterval
    let helloTimeout: TimeInterval
    /// Messages refused as malformed or hostile.
    public internal(set) var refusedMessages = 0
    /// Frames sent.
    public internal(set) var framesSent = 0
    /// Whole frames the page asked for, having been sent changes it could not draw (ours).
    public internal(set) var wholeFramesRequested = 0
    /// Whether the session has ended.
    public internal(set) var isClosed = false

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
    var lastLoad: TimeInterval = -.infinity
    /// The second of the last simulated location fix.
    var lastFix: TimeInterval = -1
    /// When the last frame was sent (for the map's preferred frame rate).
    var lastFrameSentAt: TimeInterval = -.infinity

    /// When the last touch was stamped: touches stamped by the page's clock and by the
    /// server's (a wheel's lift) reach the map in one rising order.
    var lastTouchTime = -TimeInterval.infinity

    /// The session clock's time when the content was loaded, negated: the window's clock starts there.
    var timeOffset: TimeInterval = 0

    /// The coverage note last sent, and the camera it was worked out for.
    var coverageNote: String?
    var coverageCamera: SIMD3<Double>?
    var coverageUnsent = false

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
