import Dispatch
import Foundation
import Synchronization

/// Work shared out among the processor's cores (ours): numbered pieces, taken one at a time in
/// order by the calling thread and by a helper on each other core.
public enum EveryCore {
    /// The processor's cores, asked once (the count reads files under /proc and /sys).
    public static let count = max(ProcessInfo.processInfo.activeProcessorCount, 1)

    /// Runs `piece` once for each of `0..<pieces`, on this thread and on up to one helper a
    /// further core; `alongside` first runs once on this thread while the helpers start (it must
    /// not touch what the pieces do). Returns once every piece is done: a helper that starts
    /// late (a busy queue) finds none left, and is not waited for.
    public static func run(
        _ pieces: Int, priority: DispatchQoS.QoSClass = .userInitiated, alongside: (() -> Void)? = nil,
        _ piece: @escaping @Sendable (Int) -> Void
    ) {
        let share = SharedPieces(count: pieces, piece: piece)
        let helpers = min(count - 1, share.count)
        guard helpers > 0, share.count > 1 || alongside != nil else {
            alongside?()
            share.takeUntilNoneLeft()
            return
        }
        for _ in 0..<helpers {
            DispatchQueue.global(qos: priority).async { share.takeUntilNoneLeft() }
        }
        alongside?()
        share.takeUntilNoneLeft()
        share.waitUntilDone()
    }
}

/// The pieces of one ``EveryCore/run(_:priority:alongside:_:)``: the next one not taken, and
/// how many are not done.
private final class SharedPieces: Sendable {
    let count: Int
    private let piece: @Sendable (Int) -> Void
    private let next = Atomic<Int>(0)
    private let remaining: Atomic<Int>
    /// Signalled once, by whichever thread finishes the last piece.
    private let done = DispatchSemaphore(value: 0)

    init(count: Int, piece: @escaping @Sendable (Int) -> Void) {
        self.count = max(count, 0)
        self.piece = piece
        remaining = Atomic(max(count, 0))
    }

    /// Takes pieces no thread has taken, and does them, until none is left.
    func takeUntilNoneLeft() {
        while true {
            let index = next.add(1, ordering: .relaxed).oldValue
            guard index < count else { return }
            piece(index)
            if remaining.subtract(1, ordering: .acquiringAndReleasing).newValue == 0 { done.signal() }
        }
    }

    /// Waits until every piece is done (at once when there were none).
    func waitUntilDone() {
        if count > 0 { done.wait() }
    }
}
