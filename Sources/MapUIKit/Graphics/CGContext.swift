import Foundation
import MapDrawing

/// How the ends of stroked lines look (Core Graphics' `CGLineCap`).
public enum CGLineCap: Int32, Sendable { case butt, round, square }
/// How stroked lines meet (Core Graphics' `CGLineJoin`).
public enum CGLineJoin: Int32, Sendable { case miter, round, bevel }
/// Core Graphics' fill rules.
public enum CGPathFillRule: Int, Sendable { case winding, evenOdd }

/// A drawing context with Core Graphics' stateful API: fill and stroke colours, line
/// style, a current path and a graphics-state stack, over a ``Canvas``.
///
/// Coordinates are UIKit's: points, origin top left, y down.
public final class CGContext {
    private struct GraphicsState {
        var fillColor = Color.black
        var strokeColor = Color.black
        var lineWidth: CGFloat = 1
        var lineCap = CGLineCap.butt
        var lineJoin = CGLineJoin.miter
        var alpha: CGFloat = 1
        var shadow: (offset: CGSize, blur: CGFloat, color: Color)?
    }

    /// The canvas drawn into.
    public let canvas: Canvas
    private var state = GraphicsState()
    private var savedStates: [GraphicsState] = []
    private var path = Path()
    private var currentPoint: CGPoint?

    /// A context over a canvas.
    public init(canvas: Canvas) {
        self.canvas = canvas
    }

    // MARK: State

    /// Pushes the graphics state (colours, line style, transform, clip).
    public func saveGState() {
        savedStates.append(state)
        canvas.pushState()
    }

    /// Pops the graphics state pushed by the matching `saveGState()`.
    public func restoreGState() {
        guard let saved = savedStates.popLast() else { return }
        state = saved
        canvas.popState()
    }

    public func setFillColor(_ color: CGColor) { state.fillColor = color.color }
    public func setStrokeColor(_ color: CGColor) { state.strokeColor = color.color }
    public func setLineWidth(_ width: CGFloat) { if width.isFinite, width >= 0 { state.lineWidth = width } }
    public func setLineCap(_ cap: CGLineCap) { state.lineCap = cap }
    public func setLineJoin(_ join: CGLineJoin) { state.lineJoin = join }
    /// Sets a global alpha applied to everything drawn afterwards.
    public func setAlpha(_ alpha: CGFloat) { if alpha.isFinite { state.alpha = min(max(alpha, 0), 1) } }
    /// Gives later fills and strokes a soft shadow.
    public func setShadow(offset: CGSize, blur: CGFloat, color: CGColor?) {
        state.shadow = color.map { (offset, blur, $0.color) }
    }
    /// Gives later fills and strokes a soft shadow in one-third-opaque black.
    public func setShadow(offset: CGSize, blur: CGFloat) {
        setShadow(offset: offset, blur: blur, color: CGColor(Color(white: 0, alpha: 1.0 / 3)))
    }

    public func translateBy(x: CGFloat, y: CGFloat) { canvas.translate(x: x, y: y) }
    public func scaleBy(x: CGFloat, y: CGFloat) { canvas.scale(x: x, y: y) }
    /// Rotates by `angle` radians (clockwise on screen for positive angles, as in UIKit).
    public func rotate(by angle: CGFloat) { canvas.rotate(by: angle) }

    // MARK: Path construction

    public func beginPath() {
        path = Path()
        currentPoint = nil
    }

    public func move(to point: CGPoint) {
        path.move(to: point)
        currentPoint = point
    }

    public func addLine(to point: CGPoint) {
        if currentPoint == nil { path.move(to: point) } else { path.line(to: point) }
        currentPoint = point
    }

    public func addLines(between points: [CGPoint]) {
        guard let first = points.first else { return }
        move(to: first)
        for point in points.dropFirst() { addLine(to: point) }
    }

    public func addCurve(to end: CGPoint, control1: CGPoint, control2: CGPoint) {
        path.curve(to: end, control1: control1, control2: control2)
        currentPoint = end
    }

    public func addQuadCurve(to end: CGPoint, control: CGPoint) {
        path.quadCurve(to: end, control: control, from: currentPoint ?? end)
        currentPoint = end
    }

    /// Adds an arc. As in Core Graphics under UIKit's flipped coordinates, `clockwise: true`
    /// runs counter-clockwise on screen.
    public func addArc(center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat, clockwise: Bool) {
        path.arc(center: center, radius: radius, startAngle: startAngle, endAngle: endAngle, clockwise: !clockwise)
        currentPoint = CGPoint(x: center.x + radius * cos(endAngle), y: center.y + radius * sin(endAngle))
    }

    public func addRect(_ rect: CGRect) { path.addRect(rect) }
    public func addRects(_ rects: [CGRect]) { rects.forEach(addRect) }
    public func addEllipse(in rect: CGRect) { path.addEllipse(in: rect) }
    /// Adds the subpaths of a bezier path.
    public func addPath(_ bezierPath: UIBezierPath) { path.addPath(bezierPath.path) }

    public func closePath() {
        path.close()
    }

    // MARK: Painting

    /// Fills the current path, then clears it.
    public func fillPath(using rule: CGPathFillRule = .winding) {
        fill(path, rule: rule == .evenOdd ? .evenOdd : .nonZero)
        beginPath()
    }

    /// Strokes the current path, then clears it.
    public func strokePath() {
        stroke(path)
        beginPath()
    }

    /// Fills then strokes the current path, then clears it.
    public func drawPath(using mode: CGPathDrawingMode) {
        switch mode {
        case .fill: fill(path, rule: .nonZero)
        case .eoFill: fill(path, rule: .evenOdd)
        case .stroke: stroke(path)
        case .fillStroke:
            fill(path, rule: .nonZero)
            stroke(path)
        case .eoFillStroke:
            fill(path, rule: .evenOdd)
            stroke(path)
        }
        beginPath()
    }

    /// Limits later drawing to the current path, then clears it.
    public func clip(using rule: CGPathFillRule = .winding) {
        canvas.clip(to: path, rule: rule == .evenOdd ? .evenOdd : .nonZero)
        beginPath()
    }

    public func clip(to rect: CGRect) { canvas.clip(to: rect) }
    public func fill(_ rect: CGRect) { fill(.rect(rect), rule: .nonZero) }
    public func fill(_ rects: [CGRect]) { rects.forEach { fill($0) } }
    public func stroke(_ rect: CGRect) { stroke(.rect(rect)) }
    public func stroke(_ rect: CGRect, width: CGFloat) {
        let saved = state.lineWidth
        setLineWidth(width)
        stroke(.rect(rect))
        state.lineWidth = saved
    }
    public func fillEllipse(in rect: CGRect) { fill(.ellipse(in: rect), rule: .nonZero) }
    public func strokeEllipse(in rect: CGRect) { stroke(.ellipse(in: rect)) }
    public func strokeLineSegments(between points: [CGPoint]) {
        var segments = Path()
        var index = 0
        while index + 1 < points.count {
            segments.move(to: points[index])
            segments.line(to: points[index + 1])
            index += 2
        }
        stroke(segments)
    }
    /// Makes a rectangle transparent.
    public func clear(_ rect: CGRect) {
        canvas.withSavedState {
            canvas.clip(to: rect)
            canvas.clear()
        }
    }

    /// Draws an image stretched into a rectangle.
    public func draw(_ image: UIImage, in rect: CGRect) {
        image.draw(in: rect, canvas: canvas, alpha: state.alpha)
    }

    // MARK: Helpers

    private func fill(_ shape: Path, rule: FillRule) {
        paintWithShadow(shape) { canvas.fill(shape, with: state.fillColor.withAlpha(state.fillColor.alpha * state.alpha), rule: rule) }
    }

    private func stroke(_ shape: Path) {
        let style = StrokeStyle(
            width: state.lineWidth,
            cap: [.butt, .round, .square][Int(state.lineCap.rawValue)],
            join: [.miter, .round, .bevel][Int(state.lineJoin.rawValue)])
        paintWithShadow(shape) {
            canvas.stroke(shape, with: state.strokeColor.withAlpha(state.strokeColor.alpha * state.alpha), style: style)
        }
    }

    private func paintWithShadow(_ shape: Path, _ paint: () -> Void) {
        if let shadow = state.shadow {
            canvas.drawShadow(of: shape, color: shadow.color.withAlpha(shadow.color.alpha * state.alpha), offset: shadow.offset, radius: shadow.blur)
        }
        paint()
    }
}

/// What `drawPath(using:)` paints (Core Graphics' `CGPathDrawingMode`).
public enum CGPathDrawingMode: Int32, Sendable { case fill, eoFill, stroke, fillStroke, eoFillStroke }
