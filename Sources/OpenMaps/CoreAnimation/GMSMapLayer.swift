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

    /// Runs an explicit animation of a camera key (`kGMSLayerCameraZoomLevelKey` and the
    /// others) on the map's clock: `CABasicAnimation` from its `fromValue` (the current value
    /// when nil) to its `toValue`, or `CAKeyframeAnimation` through its values, eased by its
    /// timing function, beside animations of other keys. Other keys are kept, as on any layer.
    public override func add(_ anim: CAAnimation, forKey key: String?) {
        super.add(anim, forKey: key)
        guard let property = anim as? CAPropertyAnimation, let path = property.keyPath ?? key,
            let value = KeyAnimations.Value(rawValue: path), let mapView
        else { return }
        mapView.scene.camera.addAnimation(property, of: value)
    }

    public override func removeAnimation(forKey key: String) {
        super.removeAnimation(forKey: key)
        if let value = KeyAnimations.Value(rawValue: key) { mapView?.scene.camera.removeAnimation(of: value) }
    }

    public override func removeAllAnimations() {
        super.removeAllAnimations()
        for value in KeyAnimations.Value.allCases { mapView?.scene.camera.removeAnimation(of: value) }
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
