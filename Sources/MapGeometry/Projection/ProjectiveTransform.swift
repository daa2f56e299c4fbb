/// A projective mapping of the plane: a 3x3 matrix acting on `(x, y, 1)`, the result divided
/// by its third coordinate. Straight lines stay straight; parallel ones may meet (perspective).
public struct ProjectiveTransform: Sendable, Equatable {
    /// The matrix, row by row.
    public var m: (Double, Double, Double, Double, Double, Double, Double, Double, Double)

    /// A transform from its matrix, row by row.
    public init(_ m0: Double, _ m1: Double, _ m2: Double, _ m3: Double, _ m4: Double, _ m5: Double, _ m6: Double, _ m7: Double, _ m8: Double) {
        m = (m0, m1, m2, m3, m4, m5, m6, m7, m8)
    }

    /// The identity.
    public static let identity = ProjectiveTransform(1, 0, 0, 0, 1, 0, 0, 0, 1)

    /// The affine mapping `(x, y) -> (a x + c y + tx, b x + d y + ty)` (cairo's and Core
    /// Graphics' order).
    public static func affine(a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double) -> ProjectiveTransform {
        ProjectiveTransform(a, c, tx, b, d, ty, 0, 0, 1)
    }

    /// The matrix's entries as an array, row by row.
    public var entries: [Double] { [m.0, m.1, m.2, m.3, m.4, m.5, m.6, m.7, m.8] }

    /// Whether every entry is finite.
    public var isFinite: Bool { entries.allSatisfy(\.isFinite) }

    /// Where a point goes, and its third coordinate (negative or zero: behind the eye, at
    /// infinity).
    public func apply(_ x: Double, _ y: Double) -> (x: Double, y: Double, w: Double) {
        let w = m.6 * x + m.7 * y + m.8
        return ((m.0 * x + m.1 * y + m.2) / w, (m.3 * x + m.4 * y + m.5) / w, w)
    }

    /// `self` after `first`: maps a point through `first`, then through `self`.
    public func after(_ first: ProjectiveTransform) -> ProjectiveTransform {
        let a = entries, b = first.entries
        func at(_ row: Int, _ column: Int) -> Double {
            a[row * 3] * b[column] + a[row * 3 + 1] * b[3 + column] + a[row * 3 + 2] * b[6 + column]
        }
        return ProjectiveTransform(at(0, 0), at(0, 1), at(0, 2), at(1, 0), at(1, 1), at(1, 2), at(2, 0), at(2, 1), at(2, 2))
    }

    /// The inverse mapping; nil when the transform collapses the plane (or is not finite).
    public var inverted: ProjectiveTransform? {
        let (a, b, c, d, e, f, g, h, i) = m
        let cofactors = (e * i - f * h, -(d * i - f * g), d * h - e * g)
        let determinant = a * cofactors.0 + b * cofactors.1 + c * cofactors.2
        guard determinant.isFinite, abs(determinant) > 1e-300 else { return nil }
        let s = 1 / determinant
        let inverse = ProjectiveTransform(
            cofactors.0 * s, -(b * i - c * h) * s, (b * f - c * e) * s,
            cofactors.1 * s, (a * i - c * g) * s, -(a * f - c * d) * s,
            cofactors.2 * s, -(a * h - b * g) * s, (a * e - b * d) * s)
        return inverse.isFinite ? inverse : nil
    }

    public static func == (l: ProjectiveTransform, r: ProjectiveTransform) -> Bool { l.entries == r.entries }
}
