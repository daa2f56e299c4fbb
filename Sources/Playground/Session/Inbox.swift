import Synchronization

/// Messages from a page, posted by its connection as they arrive and taken by the session at
/// the start of each turn of its loop, so input is always handled before the map's clock moves
/// on (a busy main actor cannot turn a tap into a long press). Holds at most
/// ``capacity`` messages; more are dropped and counted.
final class Inbox: Sendable {
    /// A message, or why one could not be used.
    enum Item: Sendable, Equatable {
        case text(String)
        case refused(String)
    }

    /// Most messages waiting.
    static let capacity = 2_048

    private let items = Mutex<(waiting: [Item], dropped: Int)>(([], 0))

    /// Adds a message; dropped (and counted) when the inbox is full.
    func post(_ item: Item) {
        items.withLock {
            if $0.waiting.count < Inbox.capacity { $0.waiting.append(item) } else { $0.dropped += 1 }
        }
    }

    /// Takes every message waiting, oldest first, and how many were dropped since last time.
    func take() -> (items: [Item], dropped: Int) {
        items.withLock {
            let taken = ($0.waiting, $0.dropped)
            $0 = ([], 0)
            return taken
        }
    }
}

/// Maps the page's event times (milliseconds on its own clock) onto the map's clock, so
/// gestures keep the timing the person gave them whenever the server gets to them.
struct PageClock {
    private var offset: Double?
    private var last = -Double.infinity

    /// How late an event may be stamped before the clock is set again (a page clock that
    /// jumped, or a message held up that long, no longer tells the timing).
    static let maximumLag = 1.0

    /// The map time of an event the page stamped `milliseconds`, handled at map time `now`:
    /// never later than `now`, never earlier than the previous event.
    mutating func time(ofPage milliseconds: Double?, now: Double) -> Double {
        var stamped = now
        if let milliseconds, milliseconds.isFinite {
            let seconds = milliseconds / 1000
            if let offset, seconds + offset <= now, seconds + offset >= now - PageClock.maximumLag {
                stamped = seconds + offset
            } else {
                offset = now - seconds
            }
        }
        stamped = max(stamped, last)
        last = stamped
        return stamped
    }
}
