import Foundation
import MapGeometry

/// What a panorama view tells its delegate. Every method is optional: the defaults do
/// nothing and, for the one that returns `Bool`, return `false` ("do the default").
/// Callbacks come on the main actor.
///
/// OpenMaps has no Street View imagery: moves find the panoramas an app registered in
/// ``PanoramaCatalog`` and fail elsewhere, as the SDK's do without coverage. The order of the
/// callbacks is docs/behaviour.md, rule 34. Markers are never drawn on a panorama, so
/// `panoramaView(_:didTap:)` with a marker is never sent.
@preconcurrency @MainActor
public protocol GMSPanoramaViewDelegate: AnyObject {
    /// A move to the panorama with `panoramaID` started; `view.panorama` is still the old one.
    /// Sent for `move(toPanoramaID:)` and for a tapped link.
    func panoramaView(_ view: GMSPanoramaView, willMoveToPanoramaID panoramaID: String)
    /// `view.panorama` changed (to nil too).
    func panoramaView(_ view: GMSPanoramaView, didMoveTo panorama: GMSPanorama?)
    /// A `moveNearCoordinate` found a panorama and moved to it; `coordinate` is the one asked
    /// for. Sent right after `didMoveTo`.
    func panoramaView(_ view: GMSPanoramaView, didMoveTo panorama: GMSPanorama, nearCoordinate coordinate: CLLocationCoordinate2D)
    /// A `moveNearCoordinate` found no panorama near `coordinate`: sent after every one that
    /// is not superseded, with the no-coverage error.
    func panoramaView(_ view: GMSPanoramaView, error: Error, onMoveNearCoordinate coordinate: CLLocationCoordinate2D)
    /// A `move(toPanoramaID:)` failed: sent after every one that is not superseded, with the
    /// no-coverage error.
    func panoramaView(_ view: GMSPanoramaView, error: Error, onMoveToPanoramaID panoramaID: String)
    /// The camera changed; sent with the final camera.
    func panoramaView(_ panoramaView: GMSPanoramaView, didMove camera: GMSPanoramaCamera)
    /// A tap that was not on a navigation link or marker.
    func panoramaView(_ panoramaView: GMSPanoramaView, didTap point: CGPoint)
    /// A marker on the panorama was tapped; return true to stop the default handling. Never
    /// sent here (no marker is drawn on a panorama).
    func panoramaView(_ panoramaView: GMSPanoramaView, didTap marker: GMSMarker) -> Bool
    /// A panorama with imagery is shown and starts drawing.
    func panoramaViewDidStartRendering(_ panoramaView: GMSPanoramaView)
    /// The shown panorama's imagery was drawn (after its first frame).
    func panoramaViewDidFinishRendering(_ panoramaView: GMSPanoramaView)
}

extension GMSPanoramaViewDelegate {
    public func panoramaView(_ view: GMSPanoramaView, willMoveToPanoramaID panoramaID: String) {}
    public func panoramaView(_ view: GMSPanoramaView, didMoveTo panorama: GMSPanorama?) {}
    public func panoramaView(
        _ view: GMSPanoramaView, didMoveTo panorama: GMSPanorama, nearCoordinate coordinate: CLLocationCoordinate2D
    ) {}
    public func panoramaView(_ view: GMSPanoramaView, error: Error, onMoveNearCoordinate coordinate: CLLocationCoordinate2D) {}
    public func panoramaView(_ view: GMSPanoramaView, error: Error, onMoveToPanoramaID panoramaID: String) {}
    public func panoramaView(_ panoramaView: GMSPanoramaView, didMove camera: GMSPanoramaCamera) {}
    public func panoramaView(_ panoramaView: GMSPanoramaView, didTap point: CGPoint) {}
    public func panoramaView(_ panoramaView: GMSPanoramaView, didTap marker: GMSMarker) -> Bool { false }
    public func panoramaViewDidStartRendering(_ panoramaView: GMSPanoramaView) {}
    public func panoramaViewDidFinishRendering(_ panoramaView: GMSPanoramaView) {}
}
