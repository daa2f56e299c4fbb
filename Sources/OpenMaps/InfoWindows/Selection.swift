import Foundation
import MapDrawing

/// The selected marker and its shown info window.
@MainActor
final class SelectionState {
    /// The selected marker.
    var marker: GMSMarker?
    /// The content the delegate chose when the window opened.
    var content: InfoWindowContent?
    /// The picture of the shown window; nil when the marker has nothing to show (rule 4).
    var window: InfoWindowImage?
    /// The marker's and view's revisions the picture was made from (rule 12).
    var renderedRevision = 0
    /// True while the delegate is asked for the window's views (rule 10).
    var isAskingDelegate = false
    /// Changes asked for during that time, applied right after.
    var deferred: [() -> Void] = []
}

extension GMSMapView {
    /// The selected marker. Setting a marker opens its window (asking `markerInfoWindow`,
    /// then `markerInfoContents`) with no tap callback and no camera move; nil closes it.
    /// A marker not on this map is ignored with a logged warning (rule 10).
    public var selectedMarker: GMSMarker? {
        get { selection.marker }
        set {
            if selection.isAskingDelegate {
                selection.deferred.append { [weak self] in self?.selectedMarker = newValue }
                return
            }
            guard let marker = newValue else { return deselect() }
            guard marker.map === self, markerStore.contains(marker) else {
                GMSMapView.logger.warning("Marker set as selectedMarker while not belonging to this map. Ignoring.")
                return
            }
            guard marker !== selection.marker else { return }
            closeWindow()
            open(marker)
        }
    }

    /// Closes the shown window (with `didCloseInfoWindowOf`) and clears the selection.
    func deselect() {
        closeWindow()
        selection.marker = nil
        noteDisplayChange()
    }

    /// Closes the shown window, reporting it only if one was shown (rule 4).
    func closeWindow() {
        guard let marker = selection.marker else { return }
        let wasShown = selection.window != nil
        selection.window = nil
        selection.content = nil
        noteDisplayChange()
        if wasShown { delegate?.mapView(self, didCloseInfoWindowOf: marker) }
    }

    /// Selects a marker and opens its window, asking the delegate for views.
    func open(_ marker: GMSMarker) {
        selection.marker = marker
        selection.isAskingDelegate = true
        var content = InfoWindowContent.text(of: marker)
        if let window = delegate?.mapView(self, markerInfoWindow: marker) {
            content = .window(window)
        } else if let contents = delegate?.mapView(self, markerInfoContents: marker) {
            content = .contents(contents)
        }
        selection.isAskingDelegate = false
        if case .window(let view) = content { adopt(view) }
        if case .contents(let view) = content { adopt(view) }
        selection.content = content
        renderWindow()
        noteDisplayChange()
        runDeferredSelectionChanges()
    }

    private func runDeferredSelectionChanges() {
        let pending = selection.deferred
        selection.deferred = []
        pending.forEach { $0() }
        // A marker removed during the delegate calls leaves the selection now.
        if let marker = selection.marker, !markerStore.contains(marker) { deselect() }
    }

    /// Draws the window picture from the stored content, at the screen's scale unless told.
    func renderWindow(scale: CGFloat = UIScreen.defaultScale) {
        guard let marker = selection.marker, let content = selection.content else { return }
        let renderContent: InfoWindowContent
        if case .text = content { renderContent = .text(of: marker) } else { renderContent = content }
        selection.window = InfoWindowRenderer.render(renderContent, scale: scale)
        selection.renderedRevision = windowRevision(of: marker, content: content)
    }

    private func windowRevision(of marker: GMSMarker, content: InfoWindowContent) -> Int {
        switch content {
        case .text: return marker.revision
        case .contents(let view), .window(let view): return marker.revision &* 31 &+ view.hierarchyRevision
        }
    }

    /// Re-renders a tracked window whose marker or view changed (rule 12), at most once a frame.
    func refreshTrackedWindow() {
        guard let marker = selection.marker, marker.tracksInfoWindowChanges, let content = selection.content else { return }
        if windowRevision(of: marker, content: content) != selection.renderedRevision {
            renderWindow()
            noteDisplayChange()
        }
    }

    /// Where the shown window's picture goes on screen, and its hit rectangle.
    func windowFrame() -> (image: CGRect, hit: CGRect)? {
        guard let marker = selection.marker, let window = selection.window,
            let placement = placements(of: marker, in: viewport).first
        else { return nil }
        let size = placement.size
        let tip = placement.screenPoint(
            ofIconPoint: CGPoint(x: marker.infoWindowAnchor.x * size.width, y: marker.infoWindowAnchor.y * size.height))
        let origin = CGPoint(x: tip.x - window.anchor.x, y: tip.y - window.anchor.y)
        let image = CGRect(origin: origin, size: window.image.size)
        let hit = window.hitRect.offsetBy(dx: origin.x, dy: origin.y)
        return (image, hit)
    }

    /// A tap on a marker, with the default handling of rules 1-3.
    func tapMarker(_ marker: GMSMarker) {
        if delegate?.mapView(self, didTap: marker) == true { return }
        guard marker.map === self else { return }
        if marker === selection.marker {
            closeWindow()
            open(marker)
            return
        }
        closeWindow()
        open(marker)
        guard selection.marker === marker else { return }
        centre(on: marker)
    }

    /// Animates the marker's position to the centre of the padded view (0.3 s, not a gesture).
    func centre(on marker: GMSMarker) {
        let target = GMSCameraPosition(
            target: marker.position, zoom: currentCamera.zoom, bearing: currentCamera.bearing,
            viewingAngle: currentCamera.viewingAngle)
        startAnimation(to: target, duration: 0.3, gesture: false)
    }
}
