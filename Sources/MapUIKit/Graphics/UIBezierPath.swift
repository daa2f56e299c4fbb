import Foundation
import MapDrawing

/// A vector path with its own line style, drawn into the current graphics context,
/// as UIKit's `UIBezierPath`.
public final class UIBezierPath {
    /// The geometry.
    public private(set) var path = Path()
    public var lineWidth: CGFloat = 1
    public var lineCapStyle: CGLineCap = .butt
    public var lineJoinStyle: CGLineJoin = .miter
    public var usesEvenOddFillRule = false
    /// The point the next segment starts from.
    public private(set) var currentPoint: CGPoint = .zero

    public init() {}

    public convenience init(rect: CGRect) {
        self.init()
        path.addRect(rect)
    }

    public convenience init(ovalIn rect: CGRect) {
        self.init()
        path.addEllipse(in: rect)
    }

    public convenience init(roundedRect rect: CGRect, cornerRadius: CGFloat) {
        self.init()
        path.addRoundedRect(rect, cornerRadius: cornerRadius)
    }

    /// An arc; `clockwise` is clockwise on screen (UIKit's coordinates).
    public convenience init(arcCenter center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat, clockwise: Bool) {
        self.init()
        addArc(withCenter: center, radius: radius, startAngle: startAngle, endAngle: endAngle, clockwise: clockwise)
    }

    public func move(to point: CGPoint) {
        path.move(to: point)
        currentPoint = point
    }

    public func addLine(to point: CGPoint) {
        path.line(to: point)
        currentPoint = point
    }

    public func addCurve(to endPoint: CGPoint, controlPoint1: CGPoint, controlPoint2: CGPoint) {
        path.curve(to: endPoint, control1: controlPoint1, control2: controlPoint2)
        currentPoint = endPoint
    }

    public func addQuadCurve(to endPoint: CGPoint, controlPoint: CGPoint) {
        path.quadCurve(to: endPoint, control: controlPoint, from: currentPoint)
        currentPoint = endPoint
    }

    public func addArc(withCenter center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat, clockwise: Bool) {
        path.arc(center: center, radius: radius, startAngle: startAngle, endAngle: endAngle, clockwise: clockwise)
        currentPoint = CGPoint(x: center.x + radius * cos(endAngle), y: center.y + radius * sin(endAngle))
    }

    public func close() { path.close() }

    public func append(_ other: UIBezierPath) { path.addPath(other.path) }

    public func removeAllPoints() { path = Path() }

    public var isEmpty: Bool { path.isEmpty }

    /// Fills the path with the current context's fill colour.
    public func fill() {
        guard let context = UIGraphicsGetCurrentContext() else { return }
        context.beginPath()
        context.addPath(self)
        context.fillPath(using: usesEvenOddFillRule ? .evenOdd : .winding)
    }

    /// Strokes the path with the current context's stroke colour and this path's line style.
    public func stroke() {
        guard let context = UIGraphicsGetCurrentContext() else { return }
        context.saveGState()
        context.setLineWidth(lineWidth)
        context.setLineCap(lineCapStyle)
        context.setLineJoin(lineJoinStyle)
        context.beginPath()
        context.addPath(self)
        context.strokePath()
        context.restoreGState()
    }

    /// Limits the current context's later drawing to the path.
    public func addClip() {
        guard let context = UIGraphicsGetCurrentContext() else { return }
        context.beginPath()
        context.addPath(self)
        context.clip(using: usesEvenOddFillRule ? .evenOdd : .winding)
    }
}
