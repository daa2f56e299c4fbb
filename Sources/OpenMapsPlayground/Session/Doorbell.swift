import Synchronization

/// Wakes the session's loop before its next turn is due: a page's message, or an
/// acknowledgement that frees a frame's place, is handled at once instead of up to a frame
/// interval later. A ring while nobody waits is kept for the next wait.
final class Doorbell: Sendable {
    private struct State {
        var rung = false
        var waiter: CheckedContinuation<Void, Never>?
        var timer: Task<Void, Never>?
        /// Numbers each wait, so a late timer never ends a later one.
        var wait = 0
    }

    private let state = Mutex(State())

    /// Wakes the waiting loop, or the next wait if none is under way.
    func ring() {
        let woken: (CheckedContinuation<Void, Never>, Task<Void, Never>?)? = state.withLock {
            guard let waiter = $0.waiter else {
                $0.rung = true
                return nil
            }
            let timer = $0.timer
            $0.waiter = nil
            $0.timer = nil
            return (waiter, timer)
        }
        guard let (waiter, timer) = woken else { return }
        timer?.cancel()
        waiter.resume()
    }

    /// Returns when rung, or after `seconds` (at once for a ring since the last wait).
    func wait(seconds: Double) async {
        let nanoseconds = UInt64(min(max(seconds, 0), 60) * 1e9)
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let pending: Bool = state.withLock {
                if $0.rung {
                    $0.rung = false
                    return false
                }
                $0.wait &+= 1
                let wait = $0.wait
                $0.waiter = continuation
                $0.timer = Task { [weak self] in
                    try? await Task.sleep(nanoseconds: nanoseconds)
                    self?.expire(wait)
                }
                return true
            }
            if !pending { continuation.resume() }
        }
    }

    private func expire(_ wait: Int) {
        let waiter: CheckedContinuation<Void, Never>? = state.withLock {
            guard $0.wait == wait, let waiter = $0.waiter else { return nil }
            $0.waiter = nil
            $0.timer = nil
            return waiter
        }
        waiter?.resume()
    }
}
