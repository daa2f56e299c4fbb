import Foundation
import MapDrawing
import MapGeometry
import MapUIKit

/// The markers of a map: kept in a ``MarkerStore`` (quadtree), drawn in order with their
/// icons rendered once (``MarkerIconCache``), popping or fading in when added, gliding to new
/// positions and rotations, and hit by taps (rule 8: the one drawn on top).
@MainActor
final class MarkerLayer: MapLayer {
    /// How long a marker's appear animation lasts.
    static let appearDuration: TimeInterval = 0.25
    /// The default length of a marker's move (Core Animation's implicit duration).
    static let moveDuration: TimeInterval = 0.25

    let store = MarkerStore()
    private let icons = MarkerIconCache()
    private let clock: MapClock
    /// Markers gliding to a new position or rotation.
    private var motions: [ObjectIdentifier: MarkerMotion] = [:]
    /// Whether a marker is being dragged by a finger (it moves at once).
    var isDragging: (GMSMarker) -> Bool = { _ in false }
    /// Makes the map the animation clock of an icon view.
    var adopt: (UIView?) -> Void = { _ in }
    /// Asks for a new frame.
    var invalidate: () -> Void = {}
    /// Whether advanced markers collide (`collisionBehavior`): on a map with a map ID, as in
    /// the SDK, where advanced markers are drawn as such.
    var resolvesCollisions = false
    /// The collisions last resolved, with the camera, moment and markers (their identities
    /// and revisions, folded) they were resolved for.
    private var resolved: (viewport: Viewport, time: TimeInterval, markers: Int, collisions: MarkerCollisions)?

    init(clock: MapClock) {
        self.clock = clock
    }

    /// What changed on a marker.
    enum Change: Sendable {
        case position(from: CLLocationCoordinate2D)
        case rotation(from: Double)
        /// Its icon, anchor or flatness (the hit-test reach may grow).
        case icon
        /// Its icon view, replacing `old`.
        case iconView(old: UIView?)
    }

    func add(_ marker: GMSMarker) {
        store.add(marker, appearing: marker.appearAnimation != .none)
        marker.addedAt = clock.now
        adopt(marker.iconView)
        invalidate()
    }

    func remove(_ marker: GMSMarker) {
        store.remove(marker)
        icons.forget(marker.iconView)
        motions.removeValue(forKey: ObjectIdentifier(marker))?.token?.end()
        invalidate()
    }

    /// Takes a change of a marker on this map.
    func changed(_ marker: GMSMarker, _ change: Change) {
        switch change {
        case .position(let from): startMotion(of: marker, fromPosition: from, fromRotation: marker.rotation)
        case .rotation(let from):
            startMotion(of: marker, fromPosition: marker.position, fromRotation: from)
            store.noteIcon(of: marker)
        case .icon: store.noteIcon(of: marker)
        case .iconView(let old):
            icons.forget(old)
            adopt(marker.iconView)
            store.noteIcon(of: marker)
        }
    }

    // MARK: MapLayer

    var isIdle: Bool { motions.isEmpty && !isAppearing }

    /// Whether an appear animation is still running.
    var isAppearing: Bool { store.hasAppearing(at: clock.now) }

    /// While a marker appears.
    var wantsFrames: Bool { isAppearing }

    func advance(to frame: MapFrame) {
        guard !motions.isEmpty else { return }
        for (key, motion) in motions where frame.now - motion.start >= motion.duration {
            motions[key] = nil
            motion.token?.end()
        }
        if !motions.isEmpty { invalidate() }
    }

    func draw(in canvas: Canvas, frame: MapFrame) {
        let scale = canvas.scale
        let hidden = collisions(in: frame.viewport).hidden
        for marker in markers(visibleIn: frame.viewport) where marker.opacity > 0 && !hidden.contains(ObjectIdentifier(marker)) {
            let image = icons.image(for: marker, scale: scale)
            if marker.iconView != nil { store.noteIcon(of: marker) }  // its view may have grown
            let appear = appearance(of: marker)
            forEachPlacement(of: marker, in: frame.viewport) { placement in
                // The list is generous (a margin around the view); skip what surely misses it.
                guard placement.mayShow(inWidth: frame.viewport.width, height: frame.viewport.height, grownBy: appear.scale) else { return }
                let opacity = Double(marker.opacity) * appear.opacity
                // Upright at its own size (most pins): one pixel-aligned copy, the fast path.
                if placement.rotation == 0, placement.scaleX == 1, placement.scaleY == 1, appear.scale == 1,
                    image.bitmap.width == Int(saturating: (placement.size.width * scale).rounded()),
                    image.bitmap.height == Int(saturating: (placement.size.height * scale).rounded())
                {
                    canvas.blit(
                        image.bitmap, at: CGPoint(x: placement.anchor.x - placement.groundOffset.x, y: placement.anchor.y - placement.groundOffset.y),
                        opacity: opacity)
                    return
                }
                canvas.withSavedState {
                    canvas.translate(x: placement.anchor.x, y: placement.anchor.y)
                    canvas.scale(x: placement.scaleX, y: placement.scaleY)
                    canvas.rotate(by: placement.rotation)
                    canvas.scale(x: appear.scale, y: appear.scale)
                    let rect = CGRect(
                        x: -placement.groundOffset.x, y: -placement.groundOffset.y, width: placement.size.width,
                        height: placement.size.height)
                    canvas.draw(image.bitmap, in: rect, opacity: opacity)
                }
            }
        }
    }

    func hitTest(_ point: CGPoint, frame: MapFrame) -> MapHit? {
        marker(at: point, in: frame.viewport).map { .marker($0) }
    }

    // MARK: Collisions

    /// Which markers give way and where labels do, for a camera (rule 33): resolved again
    /// only when the camera, the moment or a marker in view changed.
    func collisions(in viewport: Viewport) -> MarkerCollisions {
        guard resolvesCollisions else { return .none }
        let visible = markers(visibleIn: viewport).filter { $0.opacity > 0 }
        let signature = visible.reduce(visible.count) { $0 &* 31 &+ ObjectIdentifier($1).hashValue &* 17 &+ $1.revision }
        if let resolved, resolved.viewport == viewport, resolved.time == clock.now, resolved.markers == signature {
            return resolved.collisions
        }
        let collide = visible.contains { marker in
            guard let advanced = marker as? GMSAdvancedMarker else { return false }
            return advanced.collisionBehavior != .required
        }
        let collisions = collide
            ? MarkerCollisions.resolve(visible.compactMap { marker in box(of: marker, in: viewport).map { (marker, $0) } })
            : .none
        resolved = (viewport, clock.now, signature, collisions)
        return collisions
    }

    /// Whether a marker on the map is drawn for a camera (not hidden by a collision).
    func isShown(_ marker: GMSMarker, in viewport: Viewport) -> Bool {
        !collisions(in: viewport).hidden.contains(ObjectIdentifier(marker))
    }

    /// The box a marker's icon covers on screen (its copy nearest the camera), if in view.
    private func box(of marker: GMSMarker, in viewport: Viewport) -> CGRect? {
        guard let placement = placements(of: marker, in: viewport, margin: 0).first else { return nil }
        let corners = [
            CGPoint(x: 0, y: 0), CGPoint(x: placement.size.width, y: 0), CGPoint(x: 0, y: placement.size.height),
            CGPoint(x: placement.size.width, y: placement.size.height),
        ].map(placement.screenPoint(ofIconPoint:))
        let xs = corners.map(\.x), ys = corners.map(\.y)
        guard let minX = xs.min(), let maxX = xs.max(), let minY = ys.min(), let maxY = ys.max() else { return nil }
        return CGRect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }

    // MARK: Motion

    /// Starts a brief animation of a marker's position or rotation change, from where it is
    /// drawn now; drags and zero durations move at once.
    private func startMotion(of marker: GMSMarker, fromPosition: CLLocationCoordinate2D, fromRotation: Double) {
        store.moved(marker)
        let duration = CATransaction.currentDuration ?? MarkerLayer.moveDuration
        let key = ObjectIdentifier(marker)
        guard duration > 0, !isDragging(marker) else {
            motions.removeValue(forKey: key)?.token?.end()
            return
        }
        let drawn = presented(marker, fromPosition: fromPosition, fromRotation: fromRotation)
        let replaced = motions[key]
        motions[key] = MarkerMotion(
            fromPosition: drawn.position, fromRotation: drawn.rotation, start: clock.now, duration: duration,
            token: CATransaction.animationStarted())
        replaced?.token?.end()
    }

    /// Where a marker is drawn now: its position and rotation, or on the way to them.
    func presented(_ marker: GMSMarker) -> (position: CLLocationCoordinate2D, rotation: Double) {
        presented(marker, fromPosition: marker.position, fromRotation: marker.rotation)
    }

    private func presented(
        _ marker: GMSMarker, fromPosition position: CLLocationCoordinate2D, fromRotation rotation: Double
    ) -> (position: CLLocationCoordinate2D, rotation: Double) {
        guard let motion = motions[ObjectIdentifier(marker)] else { return (position, rotation) }
        let t = ((clock.now - motion.start) / motion.duration).clamped(to: 0...1)
        guard t < 1 else { return (position, rotation) }
        let e = Easing.cubicInOut(t)
        let p = WebMercator.interpolate(from: motion.fromPosition, to: position, fraction: e)
        return (p, motion.fromRotation + CameraLimits.shortestTurn(from: motion.fromRotation, to: rotation) * e)
    }

    /// Scale and opacity of a marker's appear animation now.
    private func appearance(of marker: GMSMarker) -> (scale: Double, opacity: Double) {
        guard let added = marker.addedAt else { return (1, 1) }
        let t = (clock.now - added) / MarkerLayer.appearDuration
        guard t < 1 else { return (1, 1) }
        switch marker.appearAnimation {
        case .none: return (1, 1)
        case .fadeIn: return (1, max(0, t))
        case .pop:
            // Grows past full size, then settles (ease-out-back).
            let s = 1.70158, u = max(0, t) - 1
            return (max(0.01, 1 + (s + 1) * u * u * u + s * u * u), 1)
        }
    }

    // MARK: Placement and hits

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
        var result: [MarkerPlacement] = []
        forEachPlacement(of: marker, in: viewport, margin: margin) { result.append($0) }
        return result
    }

    /// Calls `body` with each placement ``placements(of:in:margin:)`` lists, in its order,
    /// without making a list (drawing calls it for every marker in view, every frame).
    func forEachPlacement(of marker: GMSMarker, in viewport: Viewport, margin: CGFloat = 64, _ body: (MarkerPlacement) -> Void) {
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
        let squash = marker.isFlat ? cos(viewport.tilt.clamped(to: 0...89) * .pi / 180) : 1
        for k in [0, -1, 1, -2, 2, -3, 3] {
            let p = CGPoint(x: base.x + CGFloat(k) * step.x, y: base.y + CGFloat(k) * step.y)
            let visible = p.x > -reach && p.y > -reach && p.x < viewport.width + reach && p.y < viewport.height + reach
            guard k == 0 || visible else { continue }
            body(MarkerPlacement(anchor: p, size: size, groundOffset: offset, rotation: rotation, scaleX: flatScale, scaleY: flatScale * squash))
        }
    }

    /// The markers that may show in a viewport, in drawing order: lowest `zIndex` first,
    /// then in the order they were added.
    func markers(visibleIn viewport: Viewport) -> [GMSMarker] {
        let box = viewport.visibleMercatorBox
        let reach = store.largestIcon * 3 / viewport.worldSize
        return store.markers(inMinX: box.minX - reach, minY: box.minY - reach, maxX: box.maxX + reach, maxY: box.maxY + reach)
    }

    /// The tappable marker drawn on top at a screen point (rule 8).
    func marker(at point: CGPoint, in viewport: Viewport) -> GMSMarker? {
        // Any icon that covers the point has its anchor within the icons' reach of it (wider
        // under tilt, where flat icons grow, and under bearing, where the box turns).
        let grow = max(1, viewport.groundScale(atViewY: point.y))
        let r = store.reach
        let slack: CGFloat = viewport.bearing == 0 && viewport.tilt == 0 ? 0 : max(r.left, r.right, r.up, r.down)
        let left = point.x - (r.right * grow + slack), right = point.x + (r.left * grow + slack)
        let top = point.y - (r.down * grow + slack), bottom = point.y + (r.up * grow + slack)
        let corners = [(left, top), (right, top), (left, bottom), (right, bottom)].map { viewport.mercator(for: $0.0, $0.1) }
        let xs = corners.map(\.x), ys = corners.map(\.y)
        guard let minX = xs.min(), let maxX = xs.max(), let minY = ys.min(), let maxY = ys.max() else { return nil }
        // Test each candidate (cheaply first), then take the one drawn on top.
        let target = WebMercator.project(viewport.target)
        let moving = !motions.isEmpty
        var best: (zIndex: Int32, key: Int, marker: GMSMarker)?
        let hidden = collisions(in: viewport).hidden
        store.forEach(inMinX: minX, minY: minY, maxX: maxX, maxY: maxY) { key, marker, indexed in
            guard marker.isTappable, marker.opacity > 0, !hidden.contains(ObjectIdentifier(marker)) else { return }
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

/// A marker gliding from where it was drawn to its new position and rotation.
struct MarkerMotion {
    let fromPosition: CLLocationCoordinate2D
    let fromRotation: Double
    let start: TimeInterval
    let duration: TimeInterval
    /// Its place in the transactions open when it began (their completions wait for it).
    var token: TransactionToken?
}
