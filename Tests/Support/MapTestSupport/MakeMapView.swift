import OpenMaps

/// A map view of a frame and camera, made as the SDK recommends (`init(options:)`; the
/// `init(frame:camera:)` the tests once used is deprecated).
@MainActor
public func makeMapView(frame: CGRect, camera: GMSCameraPosition? = nil) -> GMSMapView {
    let options = GMSMapViewOptions()
    options.frame = frame
    options.camera = camera
    return GMSMapView(options: options)
}
