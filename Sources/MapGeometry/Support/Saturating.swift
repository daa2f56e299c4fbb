import Foundation

extension Int {
    /// The integer nearest a floating-point value within `Int`'s range, cutting toward zero
    /// as `Int(_:)` does: values past the range give `Int.min` or `Int.max`, NaN gives 0.
    /// Unlike `Int(_:)` it never traps, so a number from input can always be converted.
    @inlinable
    public init(saturating value: Double) {
        if value.isNaN {
            self = 0
        } else if value >= Double(Int.max) {
            self = .max
        } else if value <= Double(Int.min) {
            self = .min
        } else {
            self = Int(value)
        }
    }
}

extension Int32 {
    /// As ``Swift/Int/init(saturating:)``, within `Int32`'s range.
    @inlinable
    public init(saturating value: Double) {
        self = Int32(clamping: Int(saturating: value))
    }
}
