import Foundation
import Logging
import MapDrawing
import MapReplay
import NIOCore
import OpenMaps

/// What goes to the page besides frames: events in batches, the coverage note, and every message's place in the flow.
extension PlaygroundSession {
    /// Sends the delegate's events since the last batch, unless earlier texts still wait to be
    /// written (a slow page gets bigger batches, not more of them).
    func flushEvents() {
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

    /// Where street-level data stops, the page says so, quietly (rule 40): worked out when the
    /// camera moves, sent when the page keeps up.
    func updateCoverageNote() {
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

    func send(_ message: OutgoingMessage) {
        guard !isClosed else { return }
        if PlaygroundSession.enqueue(message, flow: flow, continuation: continuation) { pageFellBehind() }
    }

    /// Hands a message to the connection, recording it in the flow; whether it was dropped
    /// because ``maximumQueuedMessages`` already wait (the page fell behind). One the stream
    /// no longer takes (the session closed) is forgotten.
    nonisolated static func enqueue(
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
}
