import Foundation
import MapDrawing
import MapGeometry

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
            let r = min(accuracyPoints, 20_000), ry = r * squash.clamped(to: 0...1)
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

/// The device's location as the map shows it: the dot and its accuracy circle, while My
/// Location is on and a location is known; a tap on the dot is `didTapMyLocation` (rule 14).
/// A new fix near the last one glides the dot there over ``glideDuration`` (as the SDK's dot
/// moves between a phone's fixes) instead of jumping; a far one (a new place) jumps.
@MainActor
final class MyLocationLayer: MapLayer {
    /// Whether My Location is on.
    var isEnabled = false
    /// The device's location, set by the host's location source.
    var location: CLLocation? {
        didSet { startGlide(from: oldValue) }
    }
    private let clock: MapClock
    /// Asks the map for a frame (the dot moved).
    var invalidate: () -> Void = {}
    /// The dot's way from where it was drawn to the newest fix.
    private var glide: (from: CLLocationCoordinate2D, start: TimeInterval)?

    /// How long the dot takes to reach a new fix (a phone's fixes come about once a second).
    static let glideDuration: TimeInterval = 1
    /// Fixes farther apart than this jump (metres).
    static let glideDistance: CLLocationDistance = 500

    init(clock: MapClock) {
        self.clock = clock
    }

    /// Where the dot is drawn now: the fix, or on its way there.
    var shownCoordinate: CLLocationCoordinate2D? {
        guard let location, location.coordinate.isValid else { return nil }
        return drawn(headingTo: location.coordinate)
    }

    /// Where the dot is drawn now on its way to a fix (the fix itself once there).
    private func drawn(headingTo target: CLLocationCoordinate2D) -> CLLocationCoordinate2D {
        guard let glide else { return target }
        let t = ((clock.now - glide.start) / Self.glideDuration).clamped(to: 0...1)
        return WebMercator.interpolate(from: glide.from, to: target, fraction: Easing.cubicInOut(t))
    }

    /// A new fix: the dot glides there from where it is drawn, unless it is far (or the first).
    private func startGlide(from previous: CLLocation?) {
        guard let previous, previous.coordinate.isValid, let location, location.coordinate.isValid else {
            glide = nil
            return
        }
        let from = drawn(headingTo: previous.coordinate)
        guard GMSGeometryDistance(from, location.coordinate) < Self.glideDistance, from != location.coordinate else {
            glide = nil
            return
        }
        glide = (from, clock.now)
    }

    func advance(to frame: MapFrame) {
        guard let glide else { return }
        if frame.now - glide.start >= Self.glideDuration { self.glide = nil }
        invalidate()
    }

    var isIdle: Bool { glide == nil }

    /// The dot's view point, when My Location is on and a location is known.
    func point(in viewport: Viewport) -> CGPoint? {
        guard isEnabled, let coordinate = shownCoordinate else { return nil }
        let p = viewport.point(for: coordinate)
        return CGPoint(x: p.x, y: p.y)
    }

    func hitTest(_ point: CGPoint, frame: MapFrame) -> MapHit? {
        guard let dot = self.point(in: frame.viewport), let location,
            hypot(point.x - dot.x, point.y - dot.y) <= MyLocationDot.hitRadius
        else { return nil }
        return .myLocation(location)
    }

    func draw(in canvas: Canvas, frame: MapFrame) {
        let viewport = frame.viewport
        guard let point = point(in: viewport), let location else { return }
        let metres = location.horizontalAccuracy > 0 ? location.horizontalAccuracy : 0
        let accuracy = metres * viewport.pointsPerMeter(atLatitude: location.coordinate.latitude) * viewport.groundScale(atViewY: point.y)
        let squash = cos(viewport.tilt.clamped(to: 0...89) * .pi / 180)
        MyLocationDot.draw(at: point, accuracyPoints: accuracy, squash: squash, in: canvas)
    }
}
