import Foundation
import Synchronization

/// The sessions a server holds, at most ``maximumSessions`` at once.
@MainActor
public final class SessionRegistry {
    /// Most sessions open at once; more connections are refused.
    public let maximumSessions: Int
    /// How long a session may go without input before it closes.
    public let idleTimeout: TimeInterval
    /// How long a session's connection may make no progress writing before it closes.
    public let stallTimeout: TimeInterval
    /// Open sessions by id.
    public private(set) var sessions: [Int: PlaygroundSession] = [:] {
        didSet { openSessions.store(sessions.count, ordering: .relaxed) }
    }
    /// How many sessions are open, readable from any thread: `/healthz` answers without
    /// waiting for the main actor, however busy it is.
    public nonisolated let openSessions = Atomic<Int>(0)
    private var nextID = 1
    /// Connections refused because the server was full.
    public private(set) var refusedConnections = 0
    /// WebSocket connections open now (a session's outlives it only while being closed).
    public private(set) var connections = 0

    /// Counts a connection opening or ending.
    func connectionOpened() { connections += 1 }
    func connectionEnded() { connections = max(0, connections - 1) }

    /// What each session shows.
    public let content: PlaygroundContent

    /// A registry; times that are not finite and positive fall back to the defaults.
    public init(
        maximumSessions: Int = 16, idleTimeout: TimeInterval = 900, stallTimeout: TimeInterval = 30, content: PlaygroundContent = .samples
    ) {
        self.content = content
        self.maximumSessions = max(1, maximumSessions)
        self.idleTimeout = idleTimeout.isFinite && idleTimeout > 0 ? idleTimeout : 900
        self.stallTimeout = stallTimeout.isFinite && stallTimeout > 0 ? stallTimeout : 30
    }

    /// Whether another session fits.
    public var hasRoom: Bool { sessions.count < maximumSessions }

    /// Opens a session and starts its frame loop; nil when full.
    public func open() -> PlaygroundSession? {
        guard hasRoom else {
            refusedConnections += 1
            return nil
        }
        let session = PlaygroundSession(id: nextID, idleTimeout: idleTimeout, stallTimeout: stallTimeout, content: content)
        nextID += 1
        sessions[session.id] = session
        // However a session ends (its page, idle time, a page that stopped reading), its slot frees.
        session.onClose = { [weak self] closed in self?.sessions[closed.id] = nil }
        session.start()
        return session
    }

    /// Closes a session and forgets it.
    public func close(_ session: PlaygroundSession) {
        session.close()
        sessions[session.id] = nil
    }
}
