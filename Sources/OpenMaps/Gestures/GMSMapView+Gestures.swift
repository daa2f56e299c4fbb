import Foundation

extension GMSMapView {
    /// A tap, routed to what it hit first: the info window, a marker, or the map
    /// (decisions.md rules 1-5 and 9).
    func handleTap(at point: CGPoint) {
        if handleControlTap(at: point) { return }
        if let frame = windowFrame(), frame.hit.contains(point), let marker = selection.marker {
            delegate?.mapView(self, didTapInfoWindowOf: marker)
            return
        }
        if hitsMyLocationDot(point), let location = myLocation {
            delegate?.mapView(self, didTapMyLocation: location.coordinate)
            return
        }
        if let marker = marker(at: point) {
            tapMarker(marker)
            return
        }
        if let overlay = shape(at: point) {
            // Rule 6: the overlay's callback, no didTapAt, then the shown window closes.
            delegate?.mapView(self, didTap: overlay)
            deselect()
            return
        }
        if let poi = poi(at: point), let placeID = poi.placeID {
            // Rule 7: the POI's own location; no didTapAt; then the shown window closes.
            delegate?.mapView(self, didTapPOIWithPlaceID: placeID, name: poi.text, location: poi.coordinate)
            deselect()
            return
        }
        delegate?.mapView(self, didTapAt: projection.coordinate(for: point))
        deselect()
    }

    /// A long press: on the window, a draggable marker (starting a drag), or the map
    /// (rule 13). Returns the drag that starts, if any.
    func handleLongPress(at point: CGPoint) -> (marker: GMSMarker, offset: CGSize)? {
        if let frame = windowFrame(), frame.hit.contains(point), let marker = selection.marker {
            delegate?.mapView(self, didLongPressInfoWindowOf: marker)
            return nil
        }
        if let marker = marker(at: point), marker.isDraggable {
            let anchor = projection.point(for: marker.position)
            delegate?.mapView(self, didBeginDragging: marker)
            return (marker, CGSize(width: anchor.x - point.x, height: anchor.y - point.y))
        }
        delegate?.mapView(self, didLongPressAt: projection.coordinate(for: point))
        return nil
    }

    /// Zooms in by 1 about the point, animated over 0.3 s as a gesture (rule 18).
    func handleDoubleTap(at point: CGPoint) {
        guard settings.zoomGestures else { return }
        startAnimation(to: CameraMath.zoom(currentCamera, by: 1, about: point, viewport: viewport), duration: 0.3, gesture: true)
    }

    /// Zooms out by 1 about the fingers' centre, animated over 0.3 s as a gesture (rule 18).
    func handleTwoFingerTap(at point: CGPoint) {
        guard settings.zoomGestures else { return }
        startAnimation(to: CameraMath.zoom(currentCamera, by: -1, about: point, viewport: viewport), duration: 0.3, gesture: true)
    }
}
