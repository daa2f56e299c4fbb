import Foundation
import Testing

@testable import OpenMapsPlayground

/// The session's loop sleeps until its next turn unless the page says something: then it is
/// woken at once (a hello is answered without waiting out a frame interval).
@Suite("Doorbell")
struct DoorbellTests {
    private static func seconds(_ body: () async -> Void) async -> Double {
        let start = ContinuousClock.now
        await body()
        let elapsed = ContinuousClock.now - start
        return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
    }

    @Test func aRingWakesAWaitLongBeforeItsTime() async {
        let bell = Doorbell()
        let ringer = Task {
            try? await Task.sleep(for: .milliseconds(50))
            bell.ring()
        }
        let waited = await Self.seconds { await bell.wait(seconds: 30) }
        await ringer.value
        #expect(waited < 10)
    }

    @Test func aRingWhileNobodyWaitsEndsTheNextWaitAtOnceAndOnlyThatOne() async {
        let bell = Doorbell()
        bell.ring()
        bell.ring()
        let first = await Self.seconds { await bell.wait(seconds: 30) }
        #expect(first < 10)
        let second = await Self.seconds { await bell.wait(seconds: 0.2) }
        #expect(second >= 0.15)
    }

    @Test func aWaitNobodyRingsEndsOnTime() async {
        let bell = Doorbell()
        let waited = await Self.seconds { await bell.wait(seconds: 0.1) }
        #expect(waited >= 0.08 && waited < 10)
    }

    @Test func aMessageFromThePageRingsTheSessionsBell() async {
        let session = await PlaygroundSession(id: 1, idleTimeout: 60)
        session.post(#"{"type":"hello","sample":"markers","width":320,"height":240,"scale":1}"#)
        let waited = await Self.seconds { await session.doorbell.wait(seconds: 30) }
        #expect(waited < 10)
        await session.close()
    }

    @Test func anAcknowledgementRingsOnlyWhenItFreesAFullPipeline() async {
        let session = await PlaygroundSession(id: 1, idleTimeout: 60)
        for frame in 1...PlaygroundSession.maximumFramesInFlight {
            session.flow.drew(frame: frame)
            session.flow.queued(frame: frame)
            session.flow.wrote(frame: frame)
        }
        session.post(#"{"type":"ack","frame":1}"#)  // frees a place: the loop can draw again
        let freed = await Self.seconds { await session.doorbell.wait(seconds: 30) }
        #expect(freed < 10)
        session.post(#"{"type":"ack","frame":2}"#)  // the pipeline was not full
        let notFull = await Self.seconds { await session.doorbell.wait(seconds: 0.2) }
        #expect(notFull >= 0.15)
        await session.close()
    }
}
