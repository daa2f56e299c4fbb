import Foundation
import MapDrawing
import MapGeometry

/// Where a marker's icon is on screen: its size, the screen point of its ground anchor, and
/// its rotation on screen.
struct MarkerPlacement {
    /// The screen point of the marker's position (the ground anchor).
    let anchor: CGPoint
    /// The icon's size in points.
    let size: CGSize
    /// The icon point placed on `anchor`, in icon points.
    let groundOffset: CGPoint
    /// Clockwise rotation, in radians (on the ground for flat markers, else on screen).
    let rotation: Double
    /// How the ground is squashed and scaled under tilt, for flat markers (1, 1 otherwise).
    var scaleX: Double = 1
    var scaleY: Double = 1

    /// Maps a point in icon coordinates (origin top left) to the screen.
    func screenPoint(ofIconPoint p: CGPoint) -> CGPoint {
        let dx = p.x - groundOffset.x, dy = p.y - groundOffset.y
        let c = cos(rotation), s = sin(rotation)
        return CGPoint(x: anchor.x + (dx * c - dy * s) * scaleX, y: anchor.y + (dx * s + dy * c) * scaleY)
    }

    /// Whether a screen point falls on the icon's drawn rectangle.
    func contains(_ point: CGPoint, slop: CGFloat = 0) -> Bool {
        guard scaleX > 0, scaleY > 0 else { return false }
        let dx = (point.x - anchor.x) / scaleX, dy = (point.y - anchor.y) / scaleY
        let c = cos(-rotation), s = sin(-rotation)
        let x = dx * c - dy * s + groundOffset.x, y = dx * s + dy * c + groundOffset.y
        return x >= -slop && y >= -slop && x <= size.width + slop && y <= size.height + slop
    }

    /// Whether the icon, grown by a factor about its anchor, may show in a view of a size:
    /// false only when its drawn rectangle is surely outside (a circle about the anchor that
    /// holds the rectangle in any rotation misses the view).
    func mayShow(inWidth width: CGFloat, height: CGFloat, grownBy growth: Double = 1) -> Bool {
        let farX = max(abs(groundOffset.x), abs(size.width - groundOffset.x))
        let farY = max(abs(groundOffset.y), abs(size.height - groundOffset.y))
        let reach = hypot(farX, farY) * max(abs(scaleX), abs(scaleY), 1) * max(abs(growth), 1)
        guard reach.isFinite else { return true }
        return anchor.x + reach >= 0 && anchor.x - reach <= width && anchor.y + reach >= 0 && anchor.y - reach <= height
    }

    /// The screen centre of the icon.
    var center: CGPoint { screenPoint(ofIconPoint: CGPoint(x: size.width / 2, y: size.height / 2)) }
}

/// Rendered icons of markers, made once and reused while the marker's icon is unchanged.
@MainActor
final class MarkerIconCache {
    private var defaultPins: [CGFloat: UIImage] = [:]
    private var views: [ObjectIdentifier: (revision: Int, scale: CGFloat, image: UIImage)] = [:]

    /// The image to draw for a marker at a scale.
    func image(for marker: GMSMarker, scale: CGFloat) -> UIImage {
        if let view = marker.iconView {
            let key = ObjectIdentifier(view)
            if let cached = views[key], cached.scale == scale,
                !(marker.tracksViewChanges || marker is GMSAdvancedMarker) || cached.revision == view.hierarchyRevision
            {
                return cached.image
            }
            let image = view.renderedImage(scale: scale)
            views[key] = (view.hierarchyRevision, scale, image)
            return image
        }
        if let icon = marker.icon, !icon.bitmap.isEmpty { return icon }
        if let pin = defaultPins[scale] { return pin }
        let pin = DefaultMarkerIcon.image(scale: scale)
        defaultPins[scale] = pin
        return pin
    }

    /// Drops the cached picture of a view no longer shown.
    func forget(_ view: UIView?) {
        guard let view else { return }
        views[ObjectIdentifier(view)] = nil
    }
}
