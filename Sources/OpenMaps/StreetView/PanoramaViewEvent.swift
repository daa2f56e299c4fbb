import Foundation
import MapGeometry

/// One thing a panorama view tells its delegate, as a value (an OpenMaps addition): every
/// ``GMSPanoramaViewDelegate`` method a panorama sends has a case, with the method's
/// arguments. A view sends each to the observers of its ``GMSPanoramaView/events`` first,
/// then to its delegate, in the order of rule 34 (docs/behaviour.md). The delegate's
/// `panoramaView(_:didTap:)` with a marker has no case: no marker is drawn on a panorama.
public enum PanoramaViewEvent {
    case willMoveToPanoramaID(String)
    case didMoveTo(GMSPanorama?)
    case didMoveToNear(GMSPanorama, coordinate: CLLocationCoordinate2D)
    case errorOnMoveNear(any Error, coordinate: CLLocationCoordinate2D)
    case errorOnMoveTo(any Error, panoramaID: String)
    case didMoveCamera(GMSPanoramaCamera)
    case didTap(CGPoint)
    case didStartRendering
    case didFinishRendering

    /// Which delegate method an event is, by its Objective-C selector: the one place the
    /// selectors are written.
    public enum Kind: String, CaseIterable, Sendable {
        case willMoveToPanoramaID = "panoramaView:willMoveToPanoramaID:"
        case didMoveTo = "panoramaView:didMoveToPanorama:"
        case didMoveToNear = "panoramaView:didMoveToPanorama:nearCoordinate:"
        case errorOnMoveNear = "panoramaView:error:onMoveNearCoordinate:"
        case errorOnMoveTo = "panoramaView:error:onMoveToPanoramaID:"
        case didMoveCamera = "panoramaView:didMoveCamera:"
        case didTap = "panoramaView:didTap:"
        case didStartRendering = "panoramaViewDidStartRendering:"
        case didFinishRendering = "panoramaViewDidFinishRendering:"

        /// The Objective-C selector of the delegate method.
        public var selector: String { rawValue }
    }

    /// Which delegate method the event is.
    public var kind: Kind {
        switch self {
        case .willMoveToPanoramaID: .willMoveToPanoramaID
        case .didMoveTo: .didMoveTo
        case .didMoveToNear: .didMoveToNear
        case .errorOnMoveNear: .errorOnMoveNear
        case .errorOnMoveTo: .errorOnMoveTo
        case .didMoveCamera: .didMoveCamera
        case .didTap: .didTap
        case .didStartRendering: .didStartRendering
        case .didFinishRendering: .didFinishRendering
        }
    }

    /// Calls the delegate method the event stands for.
    @MainActor
    func deliver(to delegate: (any GMSPanoramaViewDelegate)?, from view: GMSPanoramaView) {
        guard let delegate else { return }
        switch self {
        case .willMoveToPanoramaID(let id): delegate.panoramaView(view, willMoveToPanoramaID: id)
        case .didMoveTo(let panorama): delegate.panoramaView(view, didMoveTo: panorama)
        case .didMoveToNear(let panorama, let coordinate): delegate.panoramaView(view, didMoveTo: panorama, nearCoordinate: coordinate)
        case .errorOnMoveNear(let error, let coordinate): delegate.panoramaView(view, error: error, onMoveNearCoordinate: coordinate)
        case .errorOnMoveTo(let error, let id): delegate.panoramaView(view, error: error, onMoveToPanoramaID: id)
        case .didMoveCamera(let camera): delegate.panoramaView(view, didMove: camera)
        case .didTap(let point): delegate.panoramaView(view, didTap: point)
        case .didStartRendering: delegate.panoramaViewDidStartRendering(view)
        case .didFinishRendering: delegate.panoramaViewDidFinishRendering(view)
        }
    }
}
