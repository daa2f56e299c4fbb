/// How a path's outline is stroked.
public struct StrokeStyle: Sendable {
    public enum Cap: Sendable { case butt, round, square }
    public enum Join: Sendable { case miter, round, bevel }

    /// Line width in points; non-finite or negative widths draw nothing.
    public var width: Double
    public var cap: Cap
    public var join: Join
    /// Alternating dash and gap lengths in points; empty for a solid line.
    public var dashes: [Double]

    public init(width: Double, cap: Cap = .butt, join: Join = .miter, dashes: [Double] = []) {
        self.width = width
        self.cap = cap
        self.join = join
        self.dashes = dashes
    }
}

/// How overlapping subpaths decide what is inside.
public enum FillRule: Sendable {
    case nonZero
    case evenOdd
}
