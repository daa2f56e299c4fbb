/// A bounded cache that drops the least recently used entry when full: the one cache of
/// rendered tiles, decoded tiles and tile-layer images.
public struct LRUCache<Key: Hashable, Value> {
    private var entries: [Key: (value: Value, use: Int, cost: Int)] = [:]
    private var clock = 0
    /// The most entries kept.
    public let capacity: Int
    /// The most cost (bytes, say) kept in all; the entry just inserted stays whatever its cost.
    public let maximumCost: Int
    /// The cost of the entries kept.
    public private(set) var totalCost = 0

    public init(capacity: Int, maximumCost: Int = .max) {
        self.capacity = max(1, capacity)
        self.maximumCost = max(0, maximumCost)
    }

    public var count: Int { entries.count }
    public var isEmpty: Bool { entries.isEmpty }
    /// Every value, in no order.
    public var values: some Collection<Value> { entries.values.lazy.map(\.value) }

    /// The value for a key, marking it used.
    public mutating func value(for key: Key) -> Value? {
        guard let entry = entries[key] else { return nil }
        clock += 1
        entries[key] = (entry.value, clock, entry.cost)
        return entry.value
    }

    /// The value for a key without marking it used.
    public func peek(_ key: Key) -> Value? { entries[key]?.value }

    /// Whether a key is kept.
    public func contains(_ key: Key) -> Bool { entries[key] != nil }

    /// Keeps a value as the most recently used; past the capacity or the cost, the least
    /// recently used entries are dropped.
    public mutating func insert(_ value: Value, for key: Key, cost: Int = 0) {
        clock += 1
        let cost = max(0, cost)
        totalCost += cost - (entries[key]?.cost ?? 0)
        entries[key] = (value, clock, cost)
        while entries.count > capacity || (totalCost > maximumCost && entries.count > 1),
            let oldest = entries.min(by: { $0.value.use < $1.value.use })?.key, oldest != key
        {
            totalCost -= entries[oldest]?.cost ?? 0
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
        totalCost -= entries[key]?.cost ?? 0
        entries[key] = nil
    }

    public mutating func removeAll() {
        entries.removeAll()
        totalCost = 0
    }
}
