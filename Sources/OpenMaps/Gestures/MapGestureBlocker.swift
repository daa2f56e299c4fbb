import Foundation

/// The map view's own gesture recognizer, as the SDK's blocking recognizer is: with
/// ``GMSUISettings/consumesGesturesInView`` (the default), a touch on the map that one of the
/// map's enabled gestures may take is kept from the recognizers of the map's ancestors, so a
/// map inside a scroll view pans and the scroll view stays (rule 82). A touch the settings
/// leave to nobody (one finger with `scrollGestures` off) is not taken: the scroll view
/// scrolls. Recognizers on the map and its subviews still see every touch, and the map itself
/// gets its touches (it cancels none). Apps that remove the map's `gestureRecognizers` give
/// its touches to the ancestors again, as on iOS.
@MainActor
final class MapGestureBlocker: UIGestureRecognizer, UIGestureRecognizerDelegate {
    private weak var map: GMSMapView?

    init(map: GMSMapView) {
        self.map = map
        super.init()
        cancelsTouchesInView = false
        delaysTouchesEnded = false
        name = "GMSBlockingGestureRecognizer"
        delegate = self
    }

    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        guard state == .possible, let settings = map?.settings, settings.consumesGesturesInView else { return }
        let fingers = numberOfTouches
        let taken = fingers == 1 ? settings.scrollGestures : settings.zoomGestures || settings.rotateGestures || settings.tiltGestures
        if taken { state = .began }
    }

    override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {
        if state == .began || state == .changed { state = .changed }
    }

    override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {
        finish(touches, as: .ended)
    }

    override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent) {
        finish(touches, as: .cancelled)
    }

    /// Ends once the last finger lifts; a touch never taken fails.
    private func finish(_ touches: Set<UITouch>, as end: State) {
        guard numberOfTouches <= touches.count else { return }
        state = state == .began || state == .changed ? end : .failed
    }

    /// The map's own recognizers and those of its subviews share every touch with it.
    func gestureRecognizer(
        _ gestureRecognizer: UIGestureRecognizer, shouldRecognizeSimultaneouslyWith otherGestureRecognizer: UIGestureRecognizer
    ) -> Bool {
        guard let map, let view = otherGestureRecognizer.view else { return false }
        return view === map || view.isDescendant(of: map)
    }
}
