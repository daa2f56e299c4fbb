import Foundation
import MapDrawing

/// The on-map controls a host can point at.
public enum MapControl: String, Sendable, CaseIterable {
    /// The compass (top right), shown while the bearing is not 0 and `compassButton` is on.
    case compass
    /// The My Location button (bottom right), shown while `myLocationButton` and My Location are on.
    case myLocationButton
    /// The My Location dot, shown at the device location while My Location is on.
    case myLocationDot
}

/// Where the controls sit and how they look: inside the padding, 12 points from the edges.
enum ControlLayout {
    static let margin: CGFloat = 12
    static let compassSize: CGFloat = 40
    static let buttonSize: CGFloat = 48
}

/// The on-map controls: the compass (top right, while the bearing is not 0) and the My
/// Location button (bottom right), inside the padding and hit before the map (rule 5). Taps
/// on them answer at once, with no double-tap wait.
@MainActor
final class ControlsLayer: MapLayer {
    private let settings: GMSUISettings
    private let camera: CameraController
    private let myLocation: MyLocationLayer
    /// The view's size in points.
    private let size: ViewSize

    init(settings: GMSUISettings, camera: CameraController, myLocation: MyLocationLayer, size: ViewSize) {
        self.settings = settings
        self.camera = camera
        self.myLocation = myLocation
        self.size = size
    }

    /// The compass's frame (whether or not it is shown).
    var compassFrame: CGRect {
        let side = ControlLayout.compassSize, padding = camera.padding
        return CGRect(x: size.current.width - padding.right - ControlLayout.margin - side, y: padding.top + ControlLayout.margin, width: side, height: side)
    }

    /// The My Location button's frame (whether or not it is shown).
    var myLocationButtonFrame: CGRect {
        let side = ControlLayout.buttonSize, padding = camera.padding, size = size.current
        return CGRect(
            x: size.width - padding.right - ControlLayout.margin - side, y: size.height - padding.bottom - ControlLayout.margin - side,
            width: side, height: side)
    }

    var isCompassShown: Bool { settings.compassButton && camera.camera.bearing != 0 }
    var isMyLocationButtonShown: Bool { settings.myLocationButton && myLocation.isEnabled }

    /// Whether a view point is on a shown control.
    func isShownControl(at point: CGPoint) -> Bool {
        (isCompassShown && compassFrame.contains(point)) || (isMyLocationButtonShown && myLocationButtonFrame.contains(point))
    }

    func hitTest(_ point: CGPoint, frame: MapFrame) -> MapHit? {
        if isCompassShown, compassFrame.contains(point) { return .control(.compass) }
        if isMyLocationButtonShown, myLocationButtonFrame.contains(point) { return .control(.myLocationButton) }
        return nil
    }

    /// Whether the controls take the dark appearance (dark discs, light ink).
    var isDark = false

    func draw(in canvas: Canvas, frame: MapFrame) {
        if isCompassShown { Compass.draw(in: compassFrame, bearing: camera.camera.bearing, dark: isDark, canvas: canvas) }
        if isMyLocationButtonShown { MyLocationButton.draw(in: myLocationButtonFrame, dark: isDark, canvas: canvas) }
    }
}

/// The discs of the controls: white, or dark grey in a dark appearance.
enum ControlDisc {
    static func draw(_ disc: Path, dark: Bool, canvas: Canvas) {
        canvas.drawShadow(of: disc, color: Color(white: 0, alpha: dark ? 0.5 : 0.3), offset: CGSize(width: 0, height: 1), radius: 3)
        canvas.fill(disc, with: dark ? Color(rgb: 0x303134) : .white)
    }
}

/// A white (dark grey) disc with a needle pointing north (red) and south (grey).
enum Compass {
    static func draw(in frame: CGRect, bearing: Double, dark: Bool = false, canvas: Canvas) {
        let disc = Path.ellipse(in: frame)
        ControlDisc.draw(disc, dark: dark, canvas: canvas)
        canvas.withSavedState {
            canvas.translate(x: frame.midX, y: frame.midY)
            canvas.rotate(by: -bearing * .pi / 180)
            let length = frame.height * 0.36, half = frame.width * 0.1
            var north = Path()
            north.move(to: CGPoint(x: 0, y: -length))
            north.line(to: CGPoint(x: half, y: 0))
            north.line(to: CGPoint(x: -half, y: 0))
            north.close()
            var south = Path()
            south.move(to: CGPoint(x: 0, y: length))
            south.line(to: CGPoint(x: -half, y: 0))
            south.line(to: CGPoint(x: half, y: 0))
            south.close()
            canvas.fill(north, with: Color(rgb: 0xEA4335))
            canvas.fill(south, with: dark ? Color(rgb: 0xBDC1C6) : Color(rgb: 0x9AA0A6))
        }
    }
}

/// A white (dark grey) disc with a crosshair target, Google's My Location button.
enum MyLocationButton {
    static func draw(in frame: CGRect, dark: Bool = false, canvas: Canvas) {
        let disc = Path.ellipse(in: frame)
        ControlDisc.draw(disc, dark: dark, canvas: canvas)
        let c = CGPoint(x: frame.midX, y: frame.midY)
        let ink = dark ? Color(rgb: 0xE8EAED) : Color(rgb: 0x5F6368)
        let ring = frame.width * 0.2
        canvas.stroke(.ellipse(in: CGRect(x: c.x - ring, y: c.y - ring, width: 2 * ring, height: 2 * ring)), with: ink, style: StrokeStyle(width: 2))
        let dot = frame.width * 0.09
        canvas.fill(.ellipse(in: CGRect(x: c.x - dot, y: c.y - dot, width: 2 * dot, height: 2 * dot)), with: ink)
        var ticks = Path()
        let inner = ring, outer = frame.width * 0.3
        for (dx, dy) in [(0.0, -1.0), (0, 1), (-1, 0), (1, 0)] {
            ticks.move(to: CGPoint(x: c.x + dx * inner, y: c.y + dy * inner))
            ticks.line(to: CGPoint(x: c.x + dx * outer, y: c.y + dy * outer))
        }
        canvas.stroke(ticks, with: ink, style: StrokeStyle(width: 2, cap: .round))
    }
}
