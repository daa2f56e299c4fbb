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

    /// The screen centre of the icon.
    var center: CGPoint { screenPoint(ofIconPoint: CGPoint(x: size.width / 2, y: size.height / 2)) }
}

extension GMSMapView {
    /// The icon size of a marker in points.
    func iconSize(of marker: GMSMarker) -> CGSize {
        if let view = marker.iconView, view.bounds.width > 0, view.bounds.height > 0, view.bounds.size.isFinite {
            return view.bounds.size
        }
        if let icon = marker.icon, !icon.bitmap.isEmpty { return icon.size }
        return DefaultMarkerIcon.size
    }

    /// Every on-screen (or near-screen) placement of a marker, one per visible world copy;
    /// the copy nearest the camera target first.
    func placements(of marker: GMSMarker, in viewport: Viewport, margin: CGFloat = 64) -> [MarkerPlacement] {
        let size = iconSize(of: marker)
        let shown = presented(marker)
        let base = viewport.point(for: shown.position)
        let rotation = (marker.isFlat ? shown.rotation - viewport.bearing : shown.rotation) * .pi / 180
        let offset = CGPoint(x: marker.groundAnchor.x * size.width, y: marker.groundAnchor.y * size.height)
        let world = viewport.worldSize
        let angle = -viewport.bearing * .pi / 180
        let step = CGPoint(x: world * cos(angle), y: world * sin(angle))
        let reach = max(size.width, size.height) + margin
        // A flat marker lies on the ground: under tilt it is foreshortened and shrinks with distance.
        let flatScale = marker.isFlat ? viewport.groundScale(atViewY: base.y) : 1
        let squash = marker.isFlat ? cos(min(max(viewport.tilt, 0), 89) * .pi / 180) : 1
        var result: [MarkerPlacement] = []
        for k in [0, -1, 1, -2, 2, -3, 3] {
            let p = CGPoint(x: base.x + CGFloat(k) * step.x, y: base.y + CGFloat(k) * step.y)
            let visible = p.x > -reach && p.y > -reach && p.x < viewport.width + reach && p.y < viewport.height + reach
            if k == 0 || visible {
                if k != 0 && !visible { continue }
                result.append(
                    MarkerPlacement(
                        anchor: p, size: size, groundOffset: offset, rotation: rotation, scaleX: flatScale,
                        scaleY: flatScale * squash))
            }
        }
        return result
    }

    /// The markers that may show in a viewport, in drawing order: lowest `zIndex` first,
    /// then in the order they were added.
    func markers(visibleIn viewport: Viewport) -> [GMSMarker] {
        let box = ShapeGeometry.visibleBox(viewport)
        let reach = markerStore.largestIcon * 3 / viewport.worldSize
        return markerStore.markers(inMinX: box.minX - reach, minY: box.minY - reach, maxX: box.maxX + reach, maxY: box.maxY + reach)
    }

    /// The tappable marker drawn on top at a screen point (rule 8).
    func marker(at point: CGPoint) -> GMSMarker? {
        let viewport = viewport
        // Any icon that covers the point has its anchor within the icons' reach of it (wider
        // under tilt, where flat icons grow, and under bearing, where the box turns).
        let grow = max(1, viewport.groundScale(atViewY: point.y))
        let r = markerStore.reach
        let slack: CGFloat = viewport.bearing == 0 && viewport.tilt == 0 ? 0 : max(r.left, r.right, r.up, r.down)
        let left = point.x - (r.right * grow + slack), right = point.x + (r.left * grow + slack)
        let top = point.y - (r.down * grow + slack), bottom = point.y + (r.up * grow + slack)
        let corners = [(left, top), (right, top), (left, bottom), (right, bottom)].map { viewport.mercator(for: $0.0, $0.1) }
        let xs = corners.map(\.x), ys = corners.map(\.y)
        guard let minX = xs.min(), let maxX = xs.max(), let minY = ys.min(), let maxY = ys.max() else { return nil }
        // Test each candidate (cheaply first), then take the one drawn on top.
        let target = WebMercator.project(viewport.target)
        let moving = !markerMotions.isEmpty
        var best: (zIndex: Int32, key: Int, marker: GMSMarker)?
        markerStore.forEach(inMinX: minX, minY: minY, maxX: maxX, maxY: maxY) { key, marker, indexed in
            guard marker.isTappable, marker.opacity > 0 else { return }
            if let best, marker.zIndex < best.zIndex || (marker.zIndex == best.zIndex && key < best.key) { return }
            if !moving, viewport.worldSize > viewport.width * 2 {
                var m = indexed
                m.x -= (m.x - target.x).rounded()
                let anchor = viewport.point(forMercator: m)
                let size = iconSize(of: marker)
                if !marker.isFlat && marker.rotation == 0 {
                    // An upright icon: its rectangle decides.
                    let left = anchor.x - marker.groundAnchor.x * size.width, top = anchor.y - marker.groundAnchor.y * size.height
                    if point.x >= left, point.x <= left + size.width, point.y >= top, point.y <= top + size.height {
                        best = (marker.zIndex, key, marker)
                    }
                    return
                }
                let extent = max(size.width, size.height) * (marker.isFlat ? max(1, viewport.groundScale(atViewY: anchor.y)) : 1)
                if abs(anchor.x - point.x) > extent || abs(anchor.y - point.y) > extent { return }
            }
            if placements(of: marker, in: viewport).contains(where: { $0.contains(point) }) {
                best = (marker.zIndex, key, marker)
            }
        }
        return best?.marker
    }
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
                !marker.tracksViewChanges || cached.revision == view.hierarchyRevision
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
