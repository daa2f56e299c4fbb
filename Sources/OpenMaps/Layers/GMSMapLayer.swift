import Foundation

/// Layer key of the camera's latitude.
public let kGMSLayerCameraLatitudeKey = "cameraLatitude"
/// Layer key of the camera's longitude.
public let kGMSLayerCameraLongitudeKey = "cameraLongitude"
/// Layer key of the camera's bearing.
public let kGMSLayerCameraBearingKey = "cameraBearing"
/// Layer key of the camera's zoom.
public let kGMSLayerCameraZoomLevelKey = "cameraZoomLevel"
/// Layer key of the camera's viewing angle.
public let kGMSLayerCameraViewingAngleKey = "cameraViewingAngle"

/// A map view's layer: its camera as separate values. Setting one moves the camera at once
/// (`willMove(false)`, `didChange`, `idleAt`), or animates it inside a `CATransaction`
/// with a duration.
@preconcurrency @MainActor
public final class GMSMapLayer: GMSCALayer {
    weak var mapView: GMSMapView?

    nonisolated public required init() {
        super.init()
    }

    private func camera() -> GMSCameraPosition {
        mapView?.camera ?? GMSCameraPosition(latitude: 0, longitude: 0, zoom: 0)
    }

    private func apply(_ change: (GMSMutableCameraPosition) -> Void) {
        guard let mapView else { return }
        let next = mapView.camera.mutableSnapshot()
        change(next)
        if let duration = CATransaction.currentDuration, duration > 0 {
            mapView.animate(to: next)
        } else {
            mapView.camera = next
        }
    }

    public var cameraLatitude: CLLocationDegrees {
        get { camera().target.latitude }
        set { apply { $0.target.latitude = newValue } }
    }

    public var cameraLongitude: CLLocationDegrees {
        get { camera().target.longitude }
        set { apply { $0.target.longitude = newValue } }
    }

    public var cameraBearing: CLLocationDirection {
        get { camera().bearing }
        set { apply { $0.bearing = newValue } }
    }

    public var cameraZoomLevel: Float {
        get { camera().zoom }
        set { apply { $0.zoom = newValue } }
    }

    public var cameraViewingAngle: Double {
        get { camera().viewingAngle }
        set { apply { $0.viewingAngle = newValue } }
    }
}
