import Foundation
import NIOCore
import Synchronization

/// The server's open connections, bounded: past ``maximum`` a new connection sheds the one that
/// has waited longest for a request head (a half-open or idle keep-alive connection), or is
/// refused if every connection is busy.
///
/// A connection is never shed in its first second, nor in the second after a request head
/// arrived (its answer is being written), nor once it is a WebSocket session (sessions have
/// their own cap and timeouts).
/// Shared by every event loop's connections.
final class ConnectionTable: Sendable {
    /// What a connection is doing.
    enum State: Sendable {
        /// Waiting for (or reading) a request head since `since`.
        case waiting(since: NIODeadline)
        /// A WebSocket session, or a request with a body: never shed.
        case passthrough
    }

    /// What a new connection gets.
    enum Admission: Sendable, Equatable {
        /// Admitted; the connections listed were shed to make room and should be closed.
        case admitted(shed: [ObjectIdentifier])
        /// Refused: the table is full of busy connections.
        case refused
    }

    private struct Entry {
        let close: @Sendable () -> Void
        var state: State
    }

    /// Most connections at once.
    let maximum: Int
    /// How long after its head arrived a connection counts as busy (its answer is being
    /// written), and is not shed.
    let answerGrace: TimeAmount

    private let entries = Mutex<[ObjectIdentifier: Entry]>([:])
    private let shedCount = Atomic<Int>(0)
    private let refusedCount = Atomic<Int>(0)

    init(maximum: Int, answerGrace: TimeAmount = .seconds(1)) {
        self.maximum = max(1, maximum)
        self.answerGrace = answerGrace
    }

    /// Connections open now.
    var count: Int { entries.withLock { $0.count } }
    /// Connections shed so far to make room for new ones.
    var shed: Int { shedCount.load(ordering: .relaxed) }
    /// Connections refused so far.
    var refused: Int { refusedCount.load(ordering: .relaxed) }

    /// Takes a new connection, known by `id` and closed by `close`: admitted (shedding the
    /// longest-waiting connection if full), or refused. Shed connections are closed here.
    func admit(_ id: ObjectIdentifier, now: NIODeadline = .now(), close: @escaping @Sendable () -> Void) -> Admission {
        let (admission, closing) = entries.withLock { entries -> (Admission, [(ObjectIdentifier, @Sendable () -> Void)]) in
            var shed: [(ObjectIdentifier, @Sendable () -> Void)] = []
            while entries.count >= maximum {
                guard let oldest = Self.longestWaiting(in: entries, now: now, grace: answerGrace) else { break }
                if let entry = entries.removeValue(forKey: oldest) { shed.append((oldest, entry.close)) }
            }
            guard entries.count < maximum else { return (.refused, []) }
            entries[id] = Entry(close: close, state: .waiting(since: now))
            return (.admitted(shed: shed.map(\.0)), shed)
        }
        for (_, close) in closing { close() }
        if !closing.isEmpty { shedCount.add(closing.count, ordering: .relaxed) }
        if admission == .refused { refusedCount.add(1, ordering: .relaxed) }
        return admission
    }

    /// Records what a connection does now (ignored once it is gone).
    func update(_ id: ObjectIdentifier, to state: State) {
        entries.withLock { entries in
            entries[id]?.state = state
        }
    }

    /// Forgets a closed connection.
    func remove(_ id: ObjectIdentifier) {
        _ = entries.withLock { $0.removeValue(forKey: id) }
    }

    private static func longestWaiting(
        in entries: [ObjectIdentifier: Entry], now: NIODeadline, grace: TimeAmount
    ) -> ObjectIdentifier? {
        var best: (id: ObjectIdentifier, since: NIODeadline)?
        for (id, entry) in entries {
            guard case .waiting(let since) = entry.state, since + grace <= now else { continue }
            if let current = best, current.since <= since { continue }
            best = (id, since)
        }
        return best?.id
    }
}
