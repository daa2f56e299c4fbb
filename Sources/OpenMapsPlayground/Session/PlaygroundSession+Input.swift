import Foundation
import Logging
import MapDrawing
import MapReplay
import NIOCore
import OpenMaps

/// The page's input: messages parsed, refused or handled, pointers and keys delivered to the surface.
extension PlaygroundSession {
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
    func atScreenScale(_ body: () -> Void) {
        let time = mapTime
        PageLog.with({ [weak self] text in self?.pendingEvents.append(("print", PageLog.line(text, at: time))) }) {
            UIScreen.withScale(scale, operation: body)
        }
    }

    /// Refuses a message; a page still waiting for its map is told why, rather than left waiting.
    func refuseTellingAWaitingPage(_ reason: String) {
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

    nonisolated static func unexpectedAcknowledgement(_ frame: Int) -> String {
        "acknowledgement of frame \(frame), which is not in flight or was acknowledged"
    }

    func deliver(_ touches: [MapTouch]) {
        guard let surface else { return }
        for touch in touches {
            lastTouchTime = max(lastTouchTime, touch.timestamp)
            surface.send(MapTouch(id: touch.id, phase: touch.phase, location: touch.location, timestamp: lastTouchTime))
        }
    }

    /// Pointers the page has down on the map now.
    public var pointersDown: Int { input.pointersDown }
}
