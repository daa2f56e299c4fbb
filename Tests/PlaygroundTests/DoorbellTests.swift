import Dispatch
import Foundation
import Testing

@testable import OpenMapsPlayground

/// The session's loop sleeps until its next turn unless the page says something: then it is
/// woken at once (a hello is answered without waiting out a frame interval). The tests look
/// at whether a wait was rung, not at the clock, so a busy machine cannot fail them.
@Suite("Doorbell")
struct DoorbellTests {
    @Test func aRingWakesAWaitBeforeItsTime() async {
        let bell = Doorbell()
        DispatchQueue.global().asyncAfter(deadline: .now() + 0.05) { bell.ring() }
        #expect(await bell.wait(seconds: 60))
    }

    @Test func aRingWhileNobodyWaitsEndsTheNextWaitAtOnceAndOnlyThatOne() async {
        let bell = Doorbell()
        bell.ring()
        bell.ring()
        #expect(await bell.wait(seconds: 60))
        #expect(await bell.wait(seconds: 0.05) == false)
    }

    @Test func aWaitNobodyRingsEnds() async {
        let bell = Doorbell()
        #expect(await bell.wait(seconds: 0.05) == false)
        #expect(await bell.wait(seconds: -1) == false)
    }

    @Test func aMessageFromThePageRingsTheSessionsBell() async {
        let session = await PlaygroundSession(id: 1, idleTimeout: 60)
        session.post(#"{"type":"hello","sample":"markers","width":320,"height":240,"scale":1}"#)
        #expect(await session.doorbell.wait(seconds: 60))
        await session.close()
    }

    /// Fills a session's frame pipeline: every place drawn and queued, and written or not.
    private func fillPipeline(_ session: PlaygroundSession, written: Bool) {
        for frame in 1...PlaygroundSession.maximumFramesInFlight {
            session.flow.drew(frame: frame)
            session.flow.queued(frame: frame)
            if written { session.flow.wrote(frame: frame) }
        }
    }

    @Test func anAcknowledgementRingsOnlyWhenItFreesAFullPipeline() async {
        let session = await PlaygroundSession(id: 1, idleTimeout: 60)
        fillPipeline(session, written: true)
        session.post(#"{"type":"ack","frame":1}"#)  // frees a place: the loop can draw again
        #expect(await session.doorbell.wait(seconds: 60))
        session.post(#"{"type":"ack","frame":2}"#)  // the pipeline was not full
        #expect(await session.doorbell.wait(seconds: 0.05) == false)
        await session.close()
    }

    @Test func aFrameWrittenAfterAnEarlyAcknowledgementRingsWhenItFreesAFullPipeline() async {
        let session = await PlaygroundSession(id: 1, idleTimeout: 60)
        fillPipeline(session, written: false)
        session.post(#"{"type":"ack","frame":1}"#)  // before its write: the place is not free yet
        #expect(await session.doorbell.wait(seconds: 0.05) == false)
        session.flow.wrote(frame: 1)  // now it is
        #expect(await session.doorbell.wait(seconds: 60))
        await session.close()
    }
}
