/// Repeatable pseudo-random numbers for tests (ours): SplitMix64, the same sequence for a seed
/// on every machine and run, so a failing case can be run again.
public struct SeededGenerator: RandomNumberGenerator, Sendable {
    /// The generator's state: the seed, advanced once a number.
    public var state: UInt64

    /// A generator starting from `seed`.
    public init(seed: UInt64) { state = seed }

    /// The next 64 random bits.
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A number in 0..<1 (53 random bits).
    public mutating func unit() -> Double { Double(next() >> 11) / Double(UInt64(1) << 53) }
}
