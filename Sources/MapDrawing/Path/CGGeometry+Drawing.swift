import Foundation

extension CGPoint {
    /// Whether both coordinates are finite.
    public var isFinite: Bool { x.isFinite && y.isFinite }
}

extension CGSize {
    /// Whether both values are finite.
    public var isFinite: Bool { width.isFinite && height.isFinite }
}

extension CGRect {
    /// Whether origin and size are finite.
    public var isFinite: Bool { origin.isFinite && size.isFinite }
}
