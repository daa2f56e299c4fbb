import Foundation
import MapDrawing

/// The default marker: Google's red pin, drawn as vectors so it is crisp at every scale.
public enum DefaultMarkerIcon {
    /// The pin's size in points.
    public static let size = CGSize(width: 27, height: 43)
    /// The pin's fill when no colour is given (Google's marker red).
    public static let defaultColor = Color(rgb: 0xEA4335)

    /// The pin's outline: a round head narrowing to a point at the bottom centre.
    public static let outline: Path = {
        let w = size.width, h = size.height
        let inset = 0.75
        let radius = w / 2 - inset
        let head = CGPoint(x: w / 2, y: w / 2)
        let tip = CGPoint(x: w / 2, y: h - inset)
        var path = Path()
        path.move(to: tip)
        path.curve(
            to: CGPoint(x: head.x - radius, y: head.y),
            control1: CGPoint(x: w / 2 - 2.5, y: h - 10), control2: CGPoint(x: head.x - radius, y: head.y + 11))
        path.arc(center: head, radius: radius, startAngle: .pi, endAngle: 2 * .pi)
        path.curve(
            to: tip,
            control1: CGPoint(x: head.x + radius, y: head.y + 11), control2: CGPoint(x: w / 2 + 2.5, y: h - 10))
        path.close()
        return path
    }()

    /// Draws the pin with its top left at the canvas origin, in a colour (default red).
    public static func draw(in canvas: Canvas, color: Color? = nil) {
        let fill = color ?? defaultColor
        let outlineColor = fill.darkened(by: 0.32).withAlpha(fill.alpha)
        let dotColor = fill.darkened(by: 0.6).withAlpha(fill.alpha)
        canvas.fill(outline, with: fill)
        canvas.stroke(outline, with: outlineColor, style: StrokeStyle(width: 1, join: .round))
        let dot = 4.5
        canvas.fill(
            .ellipse(in: CGRect(x: size.width / 2 - dot, y: size.width / 2 - dot, width: dot * 2, height: dot * 2)),
            with: dotColor)
    }

    /// The pin as an image at a scale.
    public static func image(color: Color? = nil, scale: CGFloat) -> UIImage {
        let canvas = Canvas(size: size, scale: scale)
        draw(in: canvas, color: color)
        return UIImage(bitmap: canvas.bitmap, scale: canvas.scale)
    }
}
