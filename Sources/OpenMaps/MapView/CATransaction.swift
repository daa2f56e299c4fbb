import Foundation

/// Core Animation's transaction API as the Maps SDK samples use it: a duration set between
/// `begin()` and `commit()` applies to camera animations and marker changes made inside, and
/// the completion block runs once they have all finished (on the next frame when none was
/// started), as Core Animation runs it.
@preconcurrency @MainActor
public final class CATransaction {
    @MainActor
    private struct Frame {
        var duration: TimeInterval?
        let group: TransactionGroup
    }

    private static var stack: [Frame] = []
    /// Completion blocks due, run at the start of the next frame of any hosted map.
    private static var due: [() -> Void] = []
    /// The most transactions open at once (docs/limits.md): a `begin()` past it is ignored
    /// with its `commit()`.
    nonisolated public static let maximumDepth = 64
    private static var ignoredBegins = 0

    private init() {}

    /// Opens a transaction.
    public static func begin() {
        guard stack.count < maximumDepth else {
            ignoredBegins += 1
            return
        }
        stack.append(Frame(duration: nil, group: TransactionGroup()))
    }

    /// Closes the innermost transaction: its completion runs once its animations end.
    public static func commit() {
        if ignoredBegins > 0 {
            ignoredBegins -= 1
            return
        }
        guard let frame = stack.popLast() else { return }
        frame.group.commit()
    }

    /// Sets the duration of animations started in the current transaction.
    public static func setAnimationDuration(_ duration: TimeInterval) {
        guard !stack.isEmpty, duration.isFinite, duration >= 0 else { return }
        stack[stack.count - 1].duration = duration
    }

    /// The duration set in the innermost transaction that set one, or 0.25 (Core Animation's default).
    public static func animationDuration() -> TimeInterval { currentDuration ?? 0.25 }

    /// Runs once the current transaction's animations have finished.
    public static func setCompletionBlock(_ block: (() -> Void)?) {
        guard let frame = stack.last else { return }
        frame.group.completion = block
    }

    /// The duration of the innermost open transaction that set one, or nil.
    static var currentDuration: TimeInterval? {
        stack.last(where: { $0.duration != nil })?.duration
    }

    /// An animation starting now joins every open transaction: each one's completion waits
    /// for it. Call the token's `end()` when it finishes or is replaced.
    static func animationStarted() -> TransactionToken? {
        guard !stack.isEmpty else { return nil }
        return TransactionToken(groups: stack.map(\.group))
    }

    static func schedule(_ completion: @escaping () -> Void) { due.append(completion) }

    /// Runs the completion blocks that are due (a hosted map's frame calls this first).
    static func runDueCompletions() {
        guard !due.isEmpty else { return }
        let running = due
        due = []
        for completion in running { completion() }
    }

    /// Whether completion blocks wait to run.
    static var hasDueCompletions: Bool { !due.isEmpty }
}

/// The animations of one transaction, and its completion.
@MainActor
final class TransactionGroup {
    var completion: (() -> Void)?
    private var pending = 0
    private var committed = false

    func began() { pending += 1 }

    func ended() {
        pending = max(0, pending - 1)
        fireIfDone()
    }

    func commit() {
        committed = true
        fireIfDone()
    }

    private func fireIfDone() {
        guard committed, pending == 0, let completion else { return }
        self.completion = nil
        CATransaction.schedule(completion)
    }
}

/// An animation's place in the transactions open when it started.
@MainActor
final class TransactionToken {
    private var groups: [TransactionGroup]

    init(groups: [TransactionGroup]) {
        self.groups = groups
        for group in groups { group.began() }
    }

    /// The animation finished (or was replaced): transactions waiting only on it complete.
    func end() {
        let ended = groups
        groups = []
        for group in ended { group.ended() }
    }
}
