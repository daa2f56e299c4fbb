import Foundation
import Synchronization
import Testing

@testable import Basemap

/// Background tile renders: off the frame path, newest first, the oldest dropped past a limit.
@Suite("Tile render queue")
struct TileRenderQueueTests {
    /// docs/limits.md: at most 128 background renders wait; past that the oldest are dropped
    /// (their owners told, to ask again), and the newest runs first.
    @Test func limitTileRendersWaitingTheOldestAreDroppedAndTheNewestRunsFirst() {
        let queue = TileRenderQueue(workers: 1)
        let ran = Mutex<[Int]>([]), dropped = Mutex<[Int]>([])
        let started = DispatchSemaphore(value: 0), release = DispatchSemaphore(value: 0), done = DispatchSemaphore(value: 0)
        // The worker is held on a first render while the others are asked for.
        queue.submit(.init(run: { started.signal(); release.wait() }, dropped: {}))
        started.wait()
        let count = TileRenderQueue.maximumWaiting + 5
        for number in 1...count {
            queue.submit(
                .init(
                    run: {
                        ran.withLock { $0.append(number) }
                        done.signal()
                    },
                    dropped: {
                        dropped.withLock { $0.append(number) }
                        done.signal()
                    }))
        }
        #expect(queue.waitingCount == TileRenderQueue.maximumWaiting)
        release.signal()
        for _ in 1...count { #expect(done.wait(timeout: .now() + 10) == .success) }
        #expect(dropped.withLock { $0 } == Array(1...5), "the oldest, told")
        #expect(ran.withLock { $0 } == Array((6...count).reversed()), "newest first")
    }
}
