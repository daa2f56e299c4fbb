import Foundation
import MapDrawing

/// The My Location dot: a blue dot in a white ring over a translucent accuracy circle.
enum MyLocationDot {
    static let radius: CGFloat = 7
    static let ringWidth: CGFloat = 2.5
    /// How far from the dot's centre a tap still hits it.
    static let hitRadius: CGFloat = 16
    static let blue = Color(rgb: 0x4285F4)

    /// Draws the dot; the accuracy circle lies on the ground, foreshortened by `squash` under tilt.
    static func draw(at point: CGPoint, accuracyPoints: CGFloat, squash: CGFloat = 1, in canvas: Canvas) {
        if accuracyPoints > radius + ringWidth, accuracyPoints.isFinite {
            let r = min(accuracyPoints, 20_000), ry = r * min(max(squash, 0), 1)
            let circle = Path.ellipse(in: CGRect(x: point.x - r, y: point.y - ry, width: 2 * r, height: 2 * ry))
            canvas.fill(circle, with: blue.withAlpha(0.15))
            canvas.stroke(circle, with: blue.withAlpha(0.3), style: StrokeStyle(width: 1))
        }
        let outer = radius + ringWidth
        let ring = Path.ellipse(in: CGRect(x: point.x - outer, y: point.y - outer, width: 2 * outer, height: 2 * outer))
        canvas.drawShadow(of: ring, color: Color(white: 0, alpha: 0.3), offset: CGSize(width: 0, height: 1), radius: 2)
        canvas.fill(ring, with: .white)
        canvas.fill(.ellipse(in: CGRect(x: point.x - radius, y: point.y - radius, width: 2 * radius, height: 2 * radius)), with: blue)
    }
}

extension GMSMapView {
    /// The dot's screen point, when My Location is on and a location is known.
    var myLocationPoint: CGPoint? {
        guard isMyLocationEnabled, let location = myLocation, location.coordinate.isValid else { return nil }
        return projection.point(for: location.coordinate)
    }

    /// Whether a screen point hits the My Location dot.
    func hitsMyLocationDot(_ point: CGPoint) -> Bool {
        guard let dot = myLocationPoint else { return false }
        return hypot(point.x - dot.x, point.y - dot.y) <= MyLocationDot.hitRadius
    }

    func drawMyLocation(in canvas: Canvas) {
        guard let point = myLocationPoint, let location = myLocation else { return }
        let viewport = viewport
        let metres = location.horizontalAccuracy > 0 ? location.horizontalAccuracy : 0
        let accuracy = metres * viewport.pointsPerMeter(atLatitude: location.coordinate.latitude) * viewport.groundScale(atViewY: point.y)
        let squash = cos(min(max(viewport.tilt, 0), 89) * .pi / 180)
        MyLocationDot.draw(at: point, accuracyPoints: accuracy, squash: squash, in: canvas)
    }
}
