import Foundation
import Synchronization

/// Where background tile renders run: threads of their own, one fewer than the cores (at least
/// one), at a lower scheduling priority than the frame path (nice 10), so a frame is never
/// queued behind a tile. The newest request runs first (the view a flight has reached, not the
/// zooms it has left); past ``maximumWaiting`` requests, the oldest are dropped and their
/// owners told, to ask again if they still need them. (Leaflet's `GridLayer` likewise loads the
/// current view first and abandons tiles it has passed.)
final class TileRenderQueue: Sendable {
    /// The queue all basemaps of the process share.
    static let shared = TileRenderQueue(workers: max(1, ProcessInfo.processInfo.activeProcessorCount - 1))
    /// The most requests waiting; older ones are dropped.
    static let maximumWaiting = 128
    /// How much the workers defer to other threads (a Linux nice value).
    static let niceness: Int32 = 10

    /// A render to run, and what to do if it is dropped unrun.
    struct Job: Sendable {
        let run: @Sendable () -> Void
        let dropped: @Sendable () -> Void
    }

    private struct State {
        var waiting: [Job] = []
        var started = false
    }

    private let state = Mutex(State())
    private let ready = DispatchSemaphore(value: 0)
    private let workers: Int

    init(workers: Int) {
        self.workers = max(1, workers)
    }

    /// Adds a render; it runs on a worker, newest first.
    func submit(_ job: Job) {
        let (dropped, start) = state.withLock { state -> ([Job], Bool) in
            state.waiting.append(job)
            var dropped: [Job] = []
            if state.waiting.count > TileRenderQueue.maximumWaiting {
                dropped = Array(state.waiting.prefix(state.waiting.count - TileRenderQueue.maximumWaiting))
                state.waiting.removeFirst(dropped.count)
            }
            let start = !state.started
            state.started = true
            return (dropped, start)
        }
        for job in dropped { job.dropped() }
        if start {
            for index in 0..<workers {
                let thread = Thread { [self] in work() }
                thread.name = "OpenMaps.TileRender.\(index)"
                thread.start()
            }
        }
        // One signal per job added; a dropped job's signal finds nothing and waits again.
        ready.signal()
    }

    /// Requests waiting (for tests).
    var waitingCount: Int { state.withLock { $0.waiting.count } }

    private func work() {
        #if os(Linux)
        // On Linux a nice value is the calling thread's own (0: this thread).
        _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, TileRenderQueue.niceness)
        #endif
        while true {
            ready.wait()
            guard let job = state.withLock({ $0.waiting.popLast() }) else { continue }
            job.run()
        }
    }
}
