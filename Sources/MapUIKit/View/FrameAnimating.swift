import Foundation

/// A view that moves on its own as time passes (a spinning activity indicator, a scroll view
/// decelerating, a picker settling on a row). A host finds them in its tree each frame and
/// advances them on its clock.
@MainActor
package protocol FrameAnimating: UIView {
    /// Whether the view wants frames now.
    var wantsFrames: Bool { get }
    /// Whether the view is in a motion that ends (a screen is not idle until it has).
    var isSettling: Bool { get }
    /// Moves the view to a moment of the host's clock, in seconds.
    func advanceFrame(to time: TimeInterval)
}
