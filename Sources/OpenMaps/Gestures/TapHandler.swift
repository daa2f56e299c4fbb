import Foundation

/// Taps and double taps. A single tap is reported (``MapEvents/tap(at:)``) once the
/// double-tap window has passed while zoom gestures are on, at once otherwise or on a shown
/// control; a double tap zooms in by 1 about the tapped point (rules 18 and 24).
@MainActor
final class TapHandler: GestureHandler {
    private let camera: CameraController
    private let taps: TapPolicy
    private let settings: GMSUISettings
    private let controls: ControlsLayer
    /// A single tap waiting out the double-tap window: where, and when the window ends.
    private var pending: (location: CGPoint, deadline: TimeInterval)?

    init(camera: CameraController, taps: TapPolicy, settings: GMSUISettings, controls: ControlsLayer) {
        self.camera = camera
        self.taps = taps
        self.settings = settings
        self.controls = controls
    }

    /// Double-tap zoom (single taps are always reported).
    var isEnabled: Bool { settings.zoomGestures }

    /// Whether a single tap waits out the double-tap window.
    var isWaiting: Bool { pending != nil }

    /// A finger lifted without moving.
    func tapped(at point: CGPoint, began: TimeInterval, ended: TimeInterval) {
        // Controls are buttons: they answer at once, with no double-tap wait.
        guard isEnabled, !controls.isShownControl(at: point) else {
            flush()
            return taps.tap(at: point)
        }
        if let pending, began <= pending.deadline,
            hypot(point.x - pending.location.x, point.y - pending.location.y) < GestureThresholds.multiTapDistance
        {
            self.pending = nil
            camera.zoom(by: 1, about: point)
            return
        }
        flush()
        pending = (point, ended + GestureThresholds.multiTapInterval)
    }

    /// Reports the waiting single tap once its window has passed, unless a finger that began
    /// inside the window (a second tap in progress) is down.
    func step(now: TimeInterval, fingerDownSince: TimeInterval?) {
        guard let pending, now >= pending.deadline else { return }
        if let began = fingerDownSince, began <= pending.deadline { return }
        self.pending = nil
        taps.tap(at: pending.location)
    }

    /// Reports a waiting single tap now (the second tap did not come, or became something else).
    func flush() {
        guard let pending else { return }
        self.pending = nil
        taps.tap(at: pending.location)
    }
}
