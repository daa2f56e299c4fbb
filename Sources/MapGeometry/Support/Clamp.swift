extension Comparable {
    /// The value brought into a range: below it, the lower bound; above it, the upper. (A NaN
    /// stays NaN, as with `min(max(value, lower), upper)`.)
    @inlinable
    public func clamped(to range: ClosedRange<Self>) -> Self {
        min(max(self, range.lowerBound), range.upperBound)
    }
}
