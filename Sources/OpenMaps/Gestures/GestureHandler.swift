import Foundation

/// A gesture of the map: a small handler with its own rules that can be switched off, as
/// Leaflet's `Handler` is. ``TouchRecognizer`` follows the fingers and hands each touch
/// sequence to the handler whose gesture it becomes; a handler moves the camera only
/// through ``CameraController`` and reports only to ``MapEvents``.
@MainActor
protocol GestureHandler: AnyObject {
    /// Whether the gesture is on (`GMSUISettings` switches it).
    var isEnabled: Bool { get }
}

/// A gesture that moves the camera, switched by the map's settings.
@MainActor
class CameraGestureHandler {
    let camera: CameraController
    let settings: GMSUISettings

    init(camera: CameraController, settings: GMSUISettings) {
        self.camera = camera
        self.settings = settings
    }
}

/// A finger on the map.
struct Finger {
    let start: CGPoint
    let startTime: TimeInterval
    var location: CGPoint
    var time: TimeInterval
    var moved = false
}
