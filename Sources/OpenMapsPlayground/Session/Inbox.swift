import Synchronization

/// Messages from a page, posted by its connection as they arrive and taken by the session at
/// the start of each turn of its loop, so input is always handled before the map's clock moves
/// on (a busy main actor cannot turn a tap into a long press). Messages beyond
/// ``maximumPerSecond`` (counted as they arrive) or beyond ``capacity`` waiting are dropped
/// and counted.
final class Inbox: Sendable {
    /// A message, or why one could not be used.
    enum Item: Sendable, Equatable {
        case text(String)
        case refused(String)
    }

    /// Most messages waiting.
    static let capacity = 2_048
    /// Most messages a page may send in a second (pointer events come at 60 to 240).
    static let maximumPerSecond = 1_000

    private struct State {
        var waiting: [Item] = []
        var dropped = 0
        var windowStart = ContinuousClock.now
        var windowCount = 0
    }

    private let state = Mutex(State())

    /// Adds a message; dropped (and counted) past the rate or when the inbox is full.
    func post(_ item: Item) {
        state.withLock {
            let now = ContinuousClock.now
            if now - $0.windowStart >= .seconds(1) {
                $0.windowStart = now
                $0.windowCount = 0
            }
            $0.windowCount += 1
            if $0.windowCount <= Inbox.maximumPerSecond, $0.waiting.count < Inbox.capacity {
                $0.waiting.append(item)
            } else {
                $0.dropped += 1
            }
        }
    }

    /// Takes every message waiting, oldest first, and how many were dropped since last time.
    func take() -> (items: [Item], dropped: Int) {
        state.withLock {
            let taken = ($0.waiting, $0.dropped)
            $0.waiting = []
            $0.dropped = 0
            return taken
        }
    }
}
