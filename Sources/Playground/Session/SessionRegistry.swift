import Foundation

/// The sessions a server holds, at most ``maximumSessions`` at once.
@MainActor
public final class SessionRegistry {
    /// Most sessions open at once; more connections are refused.
    public let maximumSessions: Int
    /// How long a session may go without input before it closes.
    public let idleTimeout: TimeInterval
    /// Open sessions by id.
    public private(set) var sessions: [Int: PlaygroundSession] = [:]
    private var nextID = 1
    /// Connections refused because the server was full.
    public private(set) var refusedConnections = 0

    public init(maximumSessions: Int = 16, idleTimeout: TimeInterval = 900) {
        self.maximumSessions = max(1, maximumSessions)
        self.idleTimeout = idleTimeout
    }

    /// Whether another session fits.
    public var hasRoom: Bool { sessions.count < maximumSessions }

    /// Opens a session and starts its frame loop; nil when full.
    public func open() -> PlaygroundSession? {
        guard hasRoom else {
            refusedConnections += 1
            return nil
        }
        let session = PlaygroundSession(id: nextID, idleTimeout: idleTimeout)
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
