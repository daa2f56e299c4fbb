import Foundation
import Synchronization

/// What a session has given its connection and what the connection has written, shared by
/// the session (main actor), its frame encoders and its connection's writer, so none waits
/// for another to record progress.
///
/// Frames: each drawn frame is in flight until it has been written to the page *and*
/// acknowledged by number. An acknowledgement of a frame in flight that is not yet written
/// (the page can only guess its number) waits for the write; of any other number, it is refused.
/// So a page frees no place before its frames have really gone out.
final class OutgoingFlow: Sendable {
    private struct State {
        var inFlight: Set<Int> = []
        /// Frames written and not yet acknowledged, with when they were written.
        var written: [Int: ContinuousClock.Instant] = [:]
        var acknowledgedEarly: Set<Int> = []
        var unwritten = 0
        var textsUnwritten = 0
        var lastProgress = ContinuousClock.now

        /// A frame leaves the flow altogether.
        mutating func forget(frame number: Int) {
            inFlight.remove(number)
            written[number] = nil
            acknowledgedEarly.remove(number)
        }
    }

    private let state = Mutex(State())
    /// Frames the session lets be in flight at once.
    private let maximumInFlight: Int
    /// Called (off the lock) when a frame leaves a full flow: the session may draw again.
    private let placeFreed: @Sendable () -> Void

    /// A flow of at most `maximumInFlight` frames; `placeFreed` hears when one leaves a full
    /// flow, however it leaves (acknowledged, written after an early acknowledgement, lost).
    init(maximumInFlight: Int = .max, placeFreed: @escaping @Sendable () -> Void = {}) {
        self.maximumInFlight = maximumInFlight
        self.placeFreed = placeFreed
    }

    /// Changes the state, then calls `placeFreed` if a full flow lost a frame.
    private func update<T>(_ body: (inout State) -> T) -> T {
        let (result, freed) = state.withLock { state -> (T, Bool) in
            let wasFull = state.inFlight.count >= maximumInFlight
            let result = body(&state)
            return (result, wasFull && state.inFlight.count < maximumInFlight)
        }
        if freed { placeFreed() }
        return result
    }

    /// Frames drawn and not yet both written and acknowledged.
    var framesInFlight: Int { state.withLock { $0.inFlight.count } }
    /// Text messages given to the connection and not yet written.
    var textsUnwritten: Int { state.withLock { $0.textsUnwritten } }

    /// A frame was drawn.
    func drew(frame number: Int) { state.withLock { _ = $0.inFlight.insert(number) } }

    /// A frame will never go out (its encoding failed).
    func lost(frame number: Int) {
        update { $0.forget(frame: number) }
    }

    /// A message was handed to the connection (a frame: its number).
    func queued(frame number: Int?) {
        state.withLock {
            if $0.unwritten == 0 { $0.lastProgress = .now }
            $0.unwritten += 1
            if number == nil { $0.textsUnwritten += 1 }
        }
    }

    /// A message handed to the connection was not taken (the session is closing): it is not
    /// waited for, and a frame's place frees.
    func unqueued(frame number: Int?) {
        update {
            $0.unwritten = max(0, $0.unwritten - 1)
            if let number {
                $0.forget(frame: number)
            } else {
                $0.textsUnwritten = max(0, $0.textsUnwritten - 1)
            }
        }
    }

    /// The connection wrote a message (a frame: its number).
    func wrote(frame number: Int?) {
        update {
            $0.unwritten = max(0, $0.unwritten - 1)
            $0.lastProgress = .now
            guard let number else {
                $0.textsUnwritten = max(0, $0.textsUnwritten - 1)
                return
            }
            if $0.acknowledgedEarly.remove(number) != nil {
                $0.inFlight.remove(number)
            } else if $0.inFlight.contains(number) {
                $0.written[number] = .now
            }
        }
    }

    /// The page acknowledged a frame; whether the number was one it could acknowledge.
    func acknowledge(frame number: Int) -> Bool {
        update {
            if $0.written.removeValue(forKey: number) != nil {
                $0.inFlight.remove(number)
                return true
            }
            guard $0.inFlight.contains(number), !$0.acknowledgedEarly.contains(number) else { return false }
            $0.acknowledgedEarly.insert(number)
            return true
        }
    }

    /// Whether the page has stopped taking what is sent: something has waited to be written,
    /// or a written frame to be acknowledged, for longer than `seconds`.
    func hasStalled(longerThan limit: TimeInterval) -> Bool {
        func waited(since instant: ContinuousClock.Instant) -> Double {
            let waited = (ContinuousClock.now - instant).components
            return Double(waited.seconds) + Double(waited.attoseconds) * 1e-18
        }
        return state.withLock {
            if $0.unwritten > 0, waited(since: $0.lastProgress) > limit { return true }
            return $0.written.values.contains { waited(since: $0) > limit }
        }
    }
}
