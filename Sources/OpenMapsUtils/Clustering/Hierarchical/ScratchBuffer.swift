/// A buffer of plain values that an index build owns and reuses from zoom to zoom: read and
/// written through its pointer, with no copy-on-write and no bounds checks (the build keeps
/// every index below `count`), grown when asked for more room, freed with it.
final class ScratchBuffer<Element: BitwiseCopyable> {
    /// The first element. Moves when the buffer grows.
    private(set) var base: UnsafeMutablePointer<Element>
    private(set) var capacity: Int
    /// The elements in use.
    private(set) var count = 0

    init() {
        capacity = 16
        base = .allocate(capacity: capacity)
    }

    deinit { base.deallocate() }

    /// Makes `count` elements in use, keeping the values of those that were; new ones are
    /// unspecified until written.
    func resize(to count: Int) {
        let wanted = max(count, 0)
        if wanted > capacity { grow(to: wanted) }
        self.count = wanted
    }

    /// Adds an element at the end.
    func append(_ value: Element) {
        if count == capacity { grow(to: capacity * 2) }
        base[count] = value
        count += 1
    }

    /// Forgets every element, keeping the memory.
    func removeAll() { count = 0 }

    subscript(index: Int) -> Element {
        get { base[index] }
        set { base[index] = newValue }
    }

    /// The elements in use, as an array.
    var array: [Element] { Array(UnsafeBufferPointer(start: base, count: count)) }

    /// Exchanges the contents of two buffers.
    static func swapContents(_ a: ScratchBuffer, _ b: ScratchBuffer) {
        swap(&a.base, &b.base)
        swap(&a.capacity, &b.capacity)
        swap(&a.count, &b.count)
    }

    private func grow(to wanted: Int) {
        let made = UnsafeMutablePointer<Element>.allocate(capacity: wanted)
        made.initialize(from: base, count: count)
        base.deallocate()
        base = made
        capacity = wanted
    }
}
