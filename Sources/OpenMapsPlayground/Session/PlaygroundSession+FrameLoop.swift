import Foundation
import Logging
import MapDrawing
import MapReplay
import NIOCore
import OpenMaps

/// The frame loop and its pacing: each turn runs the window's frames up to now and sends a frame when something changed and the page keeps up.
extension PlaygroundSession {
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

    func turn() {
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
    func changeBase(for anchor: ContentAnchor?, on surface: PlaygroundSurface)
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
    func sendFrame(_ bitmap: Bitmap, over base: (number: Int, bitmap: Bitmap, dx: Int, dy: Int)?) -> Int {
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
    func pageFellBehind() {
        guard !isClosed else { return }
        PlaygroundSession.logger.warning("session \(id): the page stopped reading (\(PlaygroundSession.maximumQueuedMessages) messages waiting), closing")
        close()
    }

    /// Frames sent and not yet acknowledged.
    public var framesInFlight: Int { flow.framesInFlight }
}
