import Foundation

/// A view that moves on its own as time passes (a spinning activity indicator, a scroll view
/// decelerating, a picker settling on a row, a map with its camera and gestures). Its window
/// finds such views in its tree and runs them on its frame clock: the per-frame protocol that
/// stands in for UIKit's display link. Everything but ``advanceFrame(to:)`` has a default.
@MainActor
package protocol FrameAnimating: UIView {
    /// Whether the view wants frames now (a map always does: its timers run on them).
    var wantsFrames: Bool { get }
    /// Whether the view is in a motion that ends (a window is not idle until it has).
    var isSettling: Bool { get }
    /// Runs the view's frame at a moment of the window's clock, in seconds.
    func advanceFrame(to time: TimeInterval)
    /// The window's clock moved between frames (to a touch's time). By default a view takes
    /// it as a frame.
    func advanceClock(to time: TimeInterval)
    /// Gets ready to be drawn now, without moving time (a map renders the tiles its camera
    /// needs). Called on every such view, frames or not, before the window draws.
    func prepareForDisplay()
    /// A number that changes whenever the view shows something new that its views' own
    /// revisions miss (a map's camera).
    var contentRevision: Int { get }
    /// Whether the view changes on every frame just now (markers fading in).
    var isAnimatingContent: Bool { get }
    /// Whether the last frame asked for work that arrives on its own time (a map's tile
    /// layers fetching tiles), which a host may await before the next frame.
    var isAwaitingFrameWork: Bool { get }
    /// Waits, suspending and never blocking a thread, up to a time for that work.
    func awaitFrameWork(for duration: Duration) async
    /// Gives up the work still awaited (it fails, at this frame); returns how much it was.
    func abandonFrameWork() -> Int
}

extension FrameAnimating {
    package func advanceClock(to time: TimeInterval) { advanceFrame(to: time) }
    package func prepareForDisplay() {}
    package var contentRevision: Int { 0 }
    package var isAnimatingContent: Bool { false }
    package var isAwaitingFrameWork: Bool { false }
    package func awaitFrameWork(for duration: Duration) async {}
    package func abandonFrameWork() -> Int { 0 }
}
