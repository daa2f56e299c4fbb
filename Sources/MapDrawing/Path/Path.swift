import CCairo
import Foundation

/// A vector outline in points: lines, curves, arcs and closed subpaths, to fill or stroke.
///
/// Non-finite coordinates are dropped as they are added, so a path never carries NaN
/// into the rasteriser.
public struct Path: Sendable {
    enum Element: Sendable {
        case move(CGPoint)
        case line(CGPoint)
        case curve(CGPoint, CGPoint, CGPoint)
        case arc(center: CGPoint, radius: Double, start: Double, end: Double, clockwise: Bool)
        case close
    }

    private(set) var elements: [Element] = []

    /// An empty path.
    public init() {}

    /// Whether nothing has been added.
    public var isEmpty: Bool { elements.isEmpty }

    /// Starts a new subpath at a point.
    public mutating func move(to point: CGPoint) {
        guard point.isFinite else { return }
        elements.append(.move(point))
    }

    /// Adds a straight line from the current point.
    public mutating func line(to point: CGPoint) {
        guard point.isFinite else { return }
        elements.append(.line(point))
    }

    /// Adds a cubic Bézier curve from the current point.
    public mutating func curve(to point: CGPoint, control1: CGPoint, control2: CGPoint) {
        guard point.isFinite, control1.isFinite, control2.isFinite else { return }
        elements.append(.curve(control1, control2, point))
    }

    /// Adds a quadratic Bézier curve from the current point (converted to a cubic).
    public mutating func quadCurve(to point: CGPoint, control: CGPoint, from current: CGPoint) {
        let c1 = CGPoint(x: current.x + 2 / 3 * (control.x - current.x), y: current.y + 2 / 3 * (control.y - current.y))
        let c2 = CGPoint(x: point.x + 2 / 3 * (control.x - point.x), y: point.y + 2 / 3 * (control.y - point.y))
        curve(to: point, control1: c1, control2: c2)
    }

    /// Adds a circular arc; angles in radians, measured clockwise from +x on screen (y down).
    /// A line joins the current point to the arc's start, as in cairo and Core Graphics.
    public mutating func arc(center: CGPoint, radius: Double, startAngle: Double, endAngle: Double, clockwise: Bool = true) {
        guard center.isFinite, radius.isFinite, radius >= 0, startAngle.isFinite, endAngle.isFinite else { return }
        elements.append(.arc(center: center, radius: radius, start: startAngle, end: endAngle, clockwise: clockwise))
    }

    /// Closes the current subpath with a line to its start.
    public mutating func close() {
        elements.append(.close)
    }

    /// Adds a rectangle as a closed subpath.
    public mutating func addRect(_ rect: CGRect) {
        guard rect.isFinite else { return }
        move(to: CGPoint(x: rect.minX, y: rect.minY))
        line(to: CGPoint(x: rect.maxX, y: rect.minY))
        line(to: CGPoint(x: rect.maxX, y: rect.maxY))
        line(to: CGPoint(x: rect.minX, y: rect.maxY))
        close()
    }

    /// Adds a rectangle with circular corners; the radius is limited to half the shorter side.
    public mutating func addRoundedRect(_ rect: CGRect, cornerRadius: Double) {
        guard rect.isFinite, cornerRadius.isFinite else { return }
        let r = max(0, min(cornerRadius, rect.width / 2, rect.height / 2))
        guard r > 0 else { return addRect(rect) }
        move(to: CGPoint(x: rect.minX + r, y: rect.minY))
        arc(center: CGPoint(x: rect.maxX - r, y: rect.minY + r), radius: r, startAngle: -.pi / 2, endAngle: 0)
        arc(center: CGPoint(x: rect.maxX - r, y: rect.maxY - r), radius: r, startAngle: 0, endAngle: .pi / 2)
        arc(center: CGPoint(x: rect.minX + r, y: rect.maxY - r), radius: r, startAngle: .pi / 2, endAngle: .pi)
        arc(center: CGPoint(x: rect.minX + r, y: rect.minY + r), radius: r, startAngle: .pi, endAngle: 1.5 * .pi)
        close()
    }

    /// Adds an ellipse inscribed in a rectangle.
    public mutating func addEllipse(in rect: CGRect) {
        guard rect.isFinite, rect.width > 0, rect.height > 0 else { return }
        // Four cubic arcs (kappa approximation), so no transform is needed.
        let k = 0.5522847498307936
        let cx = rect.midX, cy = rect.midY, rx = rect.width / 2, ry = rect.height / 2
        move(to: CGPoint(x: cx + rx, y: cy))
        curve(to: CGPoint(x: cx, y: cy + ry), control1: CGPoint(x: cx + rx, y: cy + k * ry), control2: CGPoint(x: cx + k * rx, y: cy + ry))
        curve(to: CGPoint(x: cx - rx, y: cy), control1: CGPoint(x: cx - k * rx, y: cy + ry), control2: CGPoint(x: cx - rx, y: cy + k * ry))
        curve(to: CGPoint(x: cx, y: cy - ry), control1: CGPoint(x: cx - rx, y: cy - k * ry), control2: CGPoint(x: cx - k * rx, y: cy - ry))
        curve(to: CGPoint(x: cx + rx, y: cy), control1: CGPoint(x: cx + k * rx, y: cy - ry), control2: CGPoint(x: cx + rx, y: cy - k * ry))
        close()
    }

    /// Appends another path's subpaths.
    public mutating func addPath(_ other: Path) {
        elements.append(contentsOf: other.elements)
    }

    /// A closed polygon through the points (empty for none).
    public static func polygon(_ points: [CGPoint]) -> Path {
        var path = Path()
        guard let first = points.first else { return path }
        path.move(to: first)
        for point in points.dropFirst() { path.line(to: point) }
        path.close()
        return path
    }

    /// A rectangle path.
    public static func rect(_ rect: CGRect) -> Path {
        var path = Path()
        path.addRect(rect)
        return path
    }

    /// A rounded-rectangle path.
    public static func roundedRect(_ rect: CGRect, cornerRadius: Double) -> Path {
        var path = Path()
        path.addRoundedRect(rect, cornerRadius: cornerRadius)
        return path
    }

    /// An ellipse path.
    public static func ellipse(in rect: CGRect) -> Path {
        var path = Path()
        path.addEllipse(in: rect)
        return path
    }

    /// Replays the path into a cairo context as its current path.
    func apply(to cairo: OpaquePointer) {
        cairo_new_path(cairo)
        for element in elements {
            switch element {
            case .move(let p): cairo_move_to(cairo, p.x, p.y)
            case .line(let p): cairo_line_to(cairo, p.x, p.y)
            case .curve(let c1, let c2, let p): cairo_curve_to(cairo, c1.x, c1.y, c2.x, c2.y, p.x, p.y)
            case .arc(let c, let r, let start, let end, let clockwise):
                if clockwise {
                    cairo_arc(cairo, c.x, c.y, r, start, end)
                } else {
                    cairo_arc_negative(cairo, c.x, c.y, r, start, end)
                }
            case .close: cairo_close_path(cairo)
            }
        }
    }
}
