import Foundation
import MapDrawing
import MapGeometry
import MapUIKit

/// The selected marker and its shown info window: opened with the content the delegate
/// chooses (rules 1, 3 and 10), drawn as a picture above the markers (rule 12), hit before
/// the markers below it (rule 9), closed with `didCloseInfoWindowOf` only if it was shown
/// (rule 4).
@MainActor
final class InfoWindowLayer: MapLayer {
    /// The selected marker.
    private(set) var marker: GMSMarker? {
        willSet { if newValue !== marker { events.propertyWillChange(\.selectedMarker) } }
        didSet { if oldValue !== marker { events.propertyChanged(\.selectedMarker) } }
    }
    /// The content the delegate chose when the window opened.
    private var content: InfoWindowContent?
    /// The picture of the shown window; nil when the marker has nothing to show (rule 4).
    private(set) var window: InfoWindowImage?
    /// The marker's and view's revisions the picture was made from (rule 12).
    private var renderedRevision = 0
    /// True while the delegate is asked for the window's views (rule 10).
    private var isAskingDelegate = false
    /// Selection changes asked for during that time, applied right after.
    private var deferred: [() -> Void] = []

    private let markers: MarkerLayer
    private let events: MapEvents
    private let camera: CameraController
    /// Makes the map the animation clock of a window's view.
    var adopt: (UIView?) -> Void = { _ in }
    /// Asks for a new frame.
    var invalidate: () -> Void = {}

    init(markers: MarkerLayer, camera: CameraController, events: MapEvents) {
        self.markers = markers
        self.camera = camera
        self.events = events
    }

    /// Counts settings of the selection (the same marker again too), so a tap knows whether a
    /// callback selected (rule 7).
    private(set) var selections = 0

    /// Selects a marker and opens its window (nil closes it), with no tap callback and no
    /// camera move; a marker not on this map is ignored with a logged warning (rule 10).
    func select(_ newValue: GMSMarker?) {
        selections &+= 1
        if isAskingDelegate {
            deferred.append { [weak self] in self?.select(newValue) }
            return
        }
        guard let marker = newValue else { return deselect() }
        guard markers.store.contains(marker) else {
            GMSMapView.logger.warning("Marker set as selectedMarker while not belonging to this map. Ignoring.")
            return
        }
        guard marker !== self.marker else { return }
        closeWindow()
        open(marker)
    }

    /// A marker left the map: its window closes (rule 11), after the delegate's answer when
    /// it is being asked (rule 10).
    func markerLeft(_ marker: GMSMarker) {
        guard self.marker === marker, !isAskingDelegate else { return }
        deselect()
    }

    /// Closes the shown window (with `didCloseInfoWindowOf`) and clears the selection.
    func deselect() {
        closeWindow()
        marker = nil
        invalidate()
    }

    /// Closes the shown window, reporting it only if one was shown (rule 4).
    func closeWindow() {
        guard let marker else { return }
        let wasShown = window != nil
        window = nil
        content = nil
        invalidate()
        if wasShown { events.infoWindowClosed(marker) }
    }

    /// Selects a marker and opens its window, asking the delegate for views.
    func open(_ marker: GMSMarker) {
        self.marker = marker
        isAskingDelegate = true
        let content = events.infoWindowContent(for: marker)
        isAskingDelegate = false
        if case .window(let view) = content { adopt(view) }
        if case .contents(let view) = content { adopt(view) }
        self.content = content
        render()
        invalidate()
        let pending = deferred
        deferred = []
        pending.forEach { $0() }
        // A marker removed during the delegate calls leaves the selection now.
        if let selected = self.marker, !markers.store.contains(selected) { deselect() }
    }

    /// Animates the marker's position to the centre of the padded view (0.3 s, not a gesture).
    func centre(on marker: GMSMarker) {
        camera.animate(duration: 0.3) { $0.target = marker.position }
    }

    /// The default window's look (light or dark, with the map's appearance). A change redraws
    /// an open default window; a window or contents view from the delegate is a snapshot
    /// (rule 12) and stays as drawn.
    var style = InfoWindowStyle.standard {
        didSet {
            guard case .text? = content else { return }
            render()
            invalidate()
        }
    }

    /// Draws the window picture from the stored content, at the screen's scale unless told.
    func render(scale: CGFloat = UIScreen.defaultScale) {
        guard let marker, let content else { return }
        let renderContent: InfoWindowContent
        if case .text = content { renderContent = .text(of: marker) } else { renderContent = content }
        window = InfoWindowRenderer.render(renderContent, scale: scale, style: style)
        renderedRevision = revision(of: marker, content: content)
    }

    private func revision(of marker: GMSMarker, content: InfoWindowContent) -> Int {
        switch content {
        case .text: return marker.revision
        case .contents(let view), .window(let view): return marker.revision &* 31 &+ view.hierarchyRevision
        }
    }

    /// Where the shown window's picture goes on screen, and its hit rectangle.
    func frame(in viewport: Viewport) -> (image: CGRect, hit: CGRect)? {
        guard let marker, let window, let placement = markers.placements(of: marker, in: viewport).first else { return nil }
        let size = placement.size
        let tip = placement.screenPoint(
            ofIconPoint: CGPoint(x: marker.infoWindowAnchor.x * size.width, y: marker.infoWindowAnchor.y * size.height))
        let origin = CGPoint(x: tip.x - window.anchor.x, y: tip.y - window.anchor.y)
        let image = CGRect(origin: origin, size: window.image.size)
        let hit = window.hitRect.offsetBy(dx: origin.x, dy: origin.y)
        return (image, hit)
    }

    // MARK: MapLayer

    /// Re-renders a tracked window whose marker or view changed (rule 12), at most once a frame.
    func advance(to frame: MapFrame) {
        guard let marker, marker.tracksInfoWindowChanges, let content else { return }
        if revision(of: marker, content: content) != renderedRevision {
            render()
            invalidate()
        }
    }

    func draw(in canvas: Canvas, frame: MapFrame) {
        // A window opened at another scale (by work outside the host's) is drawn again at this one.
        if let window, window.image.scale != canvas.scale { render(scale: canvas.scale) }
        if let placed = self.frame(in: frame.viewport), let window {
            canvas.draw(window.image.bitmap, in: placed.image)
        }
    }

    func hitTest(_ point: CGPoint, frame: MapFrame) -> MapHit? {
        guard let placed = self.frame(in: frame.viewport), placed.hit.contains(point), let marker else { return nil }
        return .infoWindow(marker)
    }
}
