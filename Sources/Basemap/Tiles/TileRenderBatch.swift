import MapDrawing
import Synchronization

/// Tiles rendered now, on every core (``EveryCore``), the calling thread's own work alongside
/// (a map places its labels there). Each tile is drawn alone, as one by one, so its pixels are
/// the same whichever thread draws it.
enum TileRenderBatch {
    /// The tiles `render(0..<count)` draws, in order; `alongside` runs once on this thread
    /// while other cores render.
    static func run(_ count: Int, alongside: (() -> Void)?, _ render: @escaping @Sendable (Int) -> Bitmap) -> [Bitmap?] {
        let slots = Slots(count: count)
        EveryCore.run(count, alongside: alongside) { index in slots.set(index, render(index)) }
        return slots.values
    }

    /// One slot a tile, each set by the thread that drew it.
    private final class Slots: Sendable {
        private let bitmaps: Mutex<[Bitmap?]>

        init(count: Int) { bitmaps = Mutex([Bitmap?](repeating: nil, count: max(count, 0))) }

        func set(_ index: Int, _ bitmap: Bitmap) { bitmaps.withLock { $0[index] = bitmap } }

        var values: [Bitmap?] { bitmaps.withLock { $0 } }
    }
}
