/// A bounded cache that drops the least recently used entry when full: the one cache of
/// rendered tiles, decoded tiles and tile-layer images.
public struct LRUCache<Key: Hashable, Value> {
    private var entries: [Key: (value: Value, use: Int)] = [:]
    private var clock = 0
    /// The most entries kept.
    public let capacity: Int

    public init(capacity: Int) {
        self.capacity = max(1, capacity)
    }

    public var count: Int { entries.count }
    public var isEmpty: Bool { entries.isEmpty }
    /// Every value, in no order.
    public var values: some Collection<Value> { entries.values.lazy.map(\.value) }

    /// The value for a key, marking it used.
    public mutating func value(for key: Key) -> Value? {
        guard let entry = entries[key] else { return nil }
        clock += 1
        entries[key] = (entry.value, clock)
        return entry.value
    }

    /// The value for a key without marking it used.
    public func peek(_ key: Key) -> Value? { entries[key]?.value }

    /// Whether a key is kept.
    public func contains(_ key: Key) -> Bool { entries[key] != nil }

    /// Keeps a value as the most recently used; past the capacity, the least recently used
    /// entry is dropped.
    public mutating func insert(_ value: Value, for key: Key) {
        clock += 1
        entries[key] = (value, clock)
        if entries.count > capacity, let oldest = entries.min(by: { $0.value.use < $1.value.use })?.key {
            entries[oldest] = nil
        }
    }

    /// Changes a kept value in place without marking it used.
    public mutating func update(_ key: Key, _ change: (inout Value) -> Void) {
        guard var entry = entries[key] else { return }
        change(&entry.value)
        entries[key] = entry
    }

    public mutating func removeValue(for key: Key) {
        entries[key] = nil
    }

    public mutating func removeAll() {
        entries.removeAll()
    }
}
