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

/// UIKit's gesture thresholds (rule 24).
enum GestureThresholds {
    /// Movement under this many points is still a tap or long press.
    static let tapSlop: CGFloat = 10
    /// How long a finger holds still for a long press.
    static let longPressDuration: TimeInterval = 0.5
    /// How soon a second tap must come for a double tap.
    static let doubleTapWindow: TimeInterval = 0.3
    /// How far apart the two taps of a double tap may be.
    static let doubleTapDistance: CGFloat = 40
    /// The most fingers tracked at once; more are ignored.
    static let maximumTouches = 10
    /// Finger positions this recent set the release velocity.
    static let velocityWindow: TimeInterval = 0.1
    /// A finger still this long before lifting has rested: no fling.
    static let restInterval: TimeInterval = 0.05
    /// A finger that has not reported for this long counts as still.
    static let stillInterval: TimeInterval = 0.05
    /// Slower releases do not fling.
    static let minimumFlingSpeed: CGFloat = 100
    /// Relative change of the fingers' distance that starts a pinch.
    static let pinchThreshold: CGFloat = 0.05
    /// Turn of the fingers (degrees) that starts a rotation.
    static let rotationThreshold: CGFloat = 10
    /// Degrees of viewing angle per point the two fingers move vertically.
    static let tiltDegreesPerPoint: Double = 0.25
}

/// A finger on the map.
struct Finger {
    let start: CGPoint
    let startTime: TimeInterval
    var location: CGPoint
    var time: TimeInterval
    var moved = false
}
