import Foundation

/// A view that takes a mouse wheel's turns, a trackpad's scrolls and pinches: a scroll view
/// scrolls (or zooms), a map zooms. An OpenMaps addition (a phone has no wheel): the window
/// sends a turn to the nearest such view under the pointer that takes it.
@MainActor
package protocol WheelHandling: UIView {
    /// Takes a turn at a point of the view: `delta` in pixels, positive away from the user,
    /// as a browser's `deltaY`; `pinch` for a trackpad pinch. Returns whether it took it.
    func handleWheel(at point: CGPoint, delta: Double, pinch: Bool) -> Bool
}

extension UIScrollView: WheelHandling {
    package func handleWheel(at point: CGPoint, delta: Double, pinch: Bool) -> Bool {
        pinch ? zoomByWheel(at: point, delta: CGFloat(delta)) : scrollByWheel(dx: 0, dy: CGFloat(delta))
    }
}

extension UIWindow {
    /// Sends a wheel turn at a point of the window to the nearest view under it, from the
    /// one hit testing finds up, that takes it; returns whether one did.
    @discardableResult
    package func scrollWheel(at point: CGPoint, delta: Double, pinch: Bool) -> Bool {
        guard point.isFinite, delta.isFinite else { return false }
        return onScreen {
            layoutIfNeeded()
            var view = hitTest(point, with: nil)
            while let current = view {
                if let wheeled = current as? WheelHandling, wheeled.handleWheel(at: convert(point, to: current), delta: delta, pinch: pinch) {
                    return true
                }
                view = current.superview
            }
            return false
        }
    }
}
