import Foundation
import MapDrawing
import Synchronization
import Testing

/// Work shared among the cores: each piece once, the work alongside once on the calling thread,
/// and every piece done when the call returns.
@Suite("Every core")
struct EveryCoreTests {
    private final class Counts: Sendable {
        let runs: Mutex<[Int]>
        init(_ count: Int) { runs = Mutex([Int](repeating: 0, count: count)) }
        func ran(_ index: Int) { runs.withLock { $0[index] += 1 } }
    }

    @Test(arguments: [0, 1, 2, 7, 300]) func everyPieceRunsOnceAndIsDoneWhenTheCallReturns(pieces: Int) {
        let counts = Counts(pieces)
        var alongside = 0
        let caller = Thread.current
        EveryCore.run(pieces, alongside: { alongside += 1; #expect(Thread.current == caller) }) { index in
            // Pieces long enough that helpers take some.
            usleep(index % 3 == 0 ? 200 : 0)
            counts.ran(index)
        }
        #expect(alongside == 1)
        #expect(counts.runs.withLock { $0.allSatisfy { $0 == 1 } })
    }

    @Test func withoutWorkAlongsideOnePieceRunsOnTheCallingThread() {
        let caller = UInt(pthread_self())
        let threads = Counts(1)
        EveryCore.run(1) { _ in if UInt(pthread_self()) == caller { threads.ran(0) } }
        #expect(threads.runs.withLock { $0 } == [1])
    }
}
