import Dispatch
import Synchronization

/// Wakes the session's loop before its next turn is due: a page's message, or an
/// acknowledgement that frees a frame's place, is handled at once instead of up to a frame
/// interval later. A ring while nobody waits is kept for the next wait. The timer runs on a
/// dispatch queue, so a busy cooperative thread pool never delays a turn.
final class Doorbell: Sendable {
    private struct State {
        var rung = false
        var waiter: CheckedContinuation<Bool, Never>?
        /// Numbers each wait, so a late timer never ends a later one.
        var wait = 0
    }

    private let state = Mutex(State())

    /// Wakes the waiting loop, or the next wait if none is under way.
    func ring() {
        let waiter: CheckedContinuation<Bool, Never>? = state.withLock {
            guard let waiter = $0.waiter else {
                $0.rung = true
                return nil
            }
            $0.waiter = nil
            return waiter
        }
        waiter?.resume(returning: true)
    }

    /// Returns when rung (true), or after `seconds` (false); at once for a ring since the last
    /// wait. `seconds` is taken within 0...60.
    @discardableResult
    func wait(seconds: Double) async -> Bool {
        let seconds = seconds.isFinite ? min(max(seconds, 0), 60) : 60
        return await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
            let wait: Int? = state.withLock {
                if $0.rung {
                    $0.rung = false
                    return nil
                }
                $0.wait &+= 1
                $0.waiter = continuation
                return $0.wait
            }
            guard let wait else {
                continuation.resume(returning: true)
                return
            }
            DispatchQueue.global(qos: .userInitiated).asyncAfter(deadline: .now() + seconds) { [weak self] in
                self?.expire(wait)
            }
        }
    }

    private func expire(_ wait: Int) {
        let waiter: CheckedContinuation<Bool, Never>? = state.withLock {
            guard $0.wait == wait, let waiter = $0.waiter else { return nil }
            $0.waiter = nil
            return waiter
        }
        waiter?.resume(returning: false)
    }
}
