import Foundation

/// Core Animation's transaction API as the Maps SDK samples use it: a duration set between
/// `begin()` and `commit()` applies to camera animations and marker changes made inside.
@preconcurrency @MainActor
public final class CATransaction {
    private struct Frame {
        var duration: TimeInterval?
        var completion: (() -> Void)?
    }

    private static var stack: [Frame] = []
    private static var pendingCompletions: [() -> Void] = []

    private init() {}

    public static func begin() { stack.append(Frame()) }

    public static func commit() {
        guard let frame = stack.popLast() else { return }
        if let completion = frame.completion { completion() }
    }

    /// Sets the duration of animations started in the current transaction.
    public static func setAnimationDuration(_ duration: TimeInterval) {
        guard !stack.isEmpty, duration.isFinite, duration >= 0 else { return }
        stack[stack.count - 1].duration = duration
    }

    /// The duration set in the innermost transaction that set one, or 0.25 (Core Animation's default).
    public static func animationDuration() -> TimeInterval { currentDuration ?? 0.25 }

    /// Runs when the transaction commits.
    public static func setCompletionBlock(_ block: (() -> Void)?) {
        guard !stack.isEmpty else { return }
        stack[stack.count - 1].completion = block
    }

    /// The duration of the innermost open transaction that set one, or nil.
    static var currentDuration: TimeInterval? {
        stack.last(where: { $0.duration != nil })?.duration
    }
}
