import Foundation
import MapDrawing
import Synchronization

/// Tiles rendered now, on every core: the calling thread does its own work alongside (a map
/// places its labels there), then helps render what is left, and has every tile when
/// ``run(alongside:)`` returns. Each tile is drawn alone, as one by one, so the pixels are the
/// same whichever thread draws it.
final class TileRenderBatch: Sendable {
    private let count: Int
    private let render: @Sendable (Int) -> Bitmap
    /// The next tile no thread has taken.
    private let next = Atomic<Int>(0)
    private let results: Mutex<[Bitmap?]>

    /// The processor's cores, asked once.
    static let cores = max(ProcessInfo.processInfo.activeProcessorCount, 1)

    /// `render(index)` draws the tile at `index` (of `count`); it runs once for each, on any
    /// thread.
    init(count: Int, render: @escaping @Sendable (Int) -> Bitmap) {
        self.count = max(count, 0)
        self.render = render
        results = Mutex([Bitmap?](repeating: nil, count: max(count, 0)))
    }

    /// Renders every tile, running `alongside` (if any) once on this thread while other cores
    /// render; returns the tiles in order.
    func run(alongside: (() -> Void)? = nil) -> [Bitmap] {
        let helpers = min(TileRenderBatch.cores - 1, count)
        if helpers > 0, count > 1 || alongside != nil {
            let group = DispatchGroup()
            for _ in 0..<helpers {
                DispatchQueue.global(qos: .userInitiated).async(group: group) { self.renderUntilDone() }
            }
            alongside?()
            renderUntilDone()
            group.wait()
        } else {
            alongside?()
            renderUntilDone()
        }
        return results.withLock { $0.compactMap { $0 } }
    }

    /// Takes tiles no thread has taken until none is left.
    private func renderUntilDone() {
        while true {
            let index = next.add(1, ordering: .relaxed).oldValue
            guard index < count else { return }
            let bitmap = render(index)
            results.withLock { $0[index] = bitmap }
        }
    }
}
