import Foundation
import MapDrawing

/// A window's frame clock: the time, which frame ran last, the screen's scale and timing,
/// and what the last drawn frame showed.
@MainActor
final class WindowFrameClock {
    var time: TimeInterval = 0
    var frameIndex = 0
    var scale = UIScreen.standardScale
    var runsInRealTime = false
    var drawnRevision: Int?
}

/// The window's frame clock: time runs in frames of 1/60 s, as a display link's. On each
/// frame the window lays out, runs every view that moves on its own (``FrameAnimating``: maps,
/// scroll views, spinners), steps `UIView.animate` animations and lets gesture recognizers
/// that wait on time act. Between frames (a touch's time) the clock moves without a frame.
extension UIWindow {
    /// The length of one frame.
    package static let frameInterval: TimeInterval = 1.0 / 60
    /// The most virtual time one ``advance(to:)`` runs frames for (docs/limits.md); the clock
    /// jumps past the rest.
    package static let maximumAdvance: TimeInterval = 3_600

    /// The clock, in seconds since the window was first driven.
    package var time: TimeInterval { frameClock.time }

    /// The screen's scale, in pixels per point: what `UIScreen.main.scale` reads while the
    /// window runs and draws (2 unless set; unusable values are ignored by hosts).
    package var screenScale: CGFloat {
        get { frameClock.scale }
        set {
            guard UIScreen.isUsable(scale: newValue), newValue != frameClock.scale else { return }
            frameClock.scale = newValue
            setNeedsDisplay()
        }
    }

    /// Whether the window runs in real time: views may finish work on other threads and show
    /// it when ready (a live screen). False is virtual time: a frame waits for its work, so the
    /// same input gives the same frames (tests, replays).
    package var runsInRealTime: Bool {
        get { frameClock.runsInRealTime }
        set { frameClock.runsInRealTime = newValue }
    }

    /// Runs work with `UIScreen.main.scale` reading the window's scale (directly when it is
    /// the scale in force already: the common case costs nothing).
    @inline(__always)
    package func onScreen<Result>(_ body: () throws -> Result) rethrows -> Result {
        let scale = frameClock.scale
        if scale == UIScreen.standardScale, !UIScreen.hasScaleScopes { return try body() }
        return try UIScreen.withScale(scale, operation: body)
    }

    /// Runs every frame up to a time, then moves the clock to it. At most
    /// ``maximumAdvance`` of frames run; the clock jumps past the rest, and frames skipped by
    /// a jump never run.
    package func advance(to target: TimeInterval) {
        guard target.isFinite, target > time else { return }
        let end = min(target, time + Self.maximumAdvance)
        while runNextFrame(before: end) {}
        moveClock(to: target)
        let reached = (min(time, 1e12) / Self.frameInterval).rounded(.down)
        frameClock.frameIndex = max(frameClock.frameIndex, Int(reached))
    }

    /// Runs the next frame when it falls at or before `target` (any next frame when nil);
    /// returns whether it ran.
    @discardableResult
    package func runNextFrame(before target: TimeInterval? = nil) -> Bool {
        let next = Double(frameClock.frameIndex + 1) * Self.frameInterval
        if let target, next > target + 1e-9 { return false }
        frameClock.frameIndex += 1
        step(to: next, isFrame: true)
        return true
    }

    /// Runs whole frames until nothing moves or `limit` seconds (0...3,600; NaN is 0) passed;
    /// returns whether the window is idle.
    @discardableResult
    package func runUntilIdle(limit: TimeInterval) -> Bool {
        let end = time + (limit.isNaN ? 0 : min(max(limit, 0), Self.maximumAdvance))
        while !isIdle, time < end { runNextFrame() }
        return isIdle
    }

    /// Whether nothing moves: no view settles or animates (a map's camera, a flicked scroll
    /// view, `UIView.animate`) and no recognizer waits on time (a finger held still changes
    /// nothing by itself).
    package var isIdle: Bool {
        guard !touchDispatcher.isWaiting, viewAnimations.isIdle else { return false }
        return !frameAnimatingViews().contains { $0.isSettling }
    }

    /// Whether what the window shows changed since the last frame drawn.
    package var needsFrame: Bool {
        let views = frameAnimatingViews()
        return views.contains(where: \.isAnimatingContent) || frameClock.drawnRevision != displayRevision(of: views)
    }

    /// Gets every view ready to be drawn now (a map's tiles), without moving time.
    package func prepareForDisplay() {
        onScreen {
            layoutIfNeeded()
            for view in frameAnimatingViews(all: true) { view.prepareForDisplay() }
        }
    }

    /// Draws a view of the window (the window itself unless given) as it is now, at a scale
    /// (the window's unless given), moved by `offset` points. It prepares nothing: a host
    /// calls ``prepareForDisplay()`` first when a frame must show what is due.
    package func drawFrame(of view: UIView? = nil, scale: CGFloat? = nil, offset: CGPoint = .zero) -> Bitmap {
        frameClock.drawnRevision = displayRevision(of: frameAnimatingViews())
        let drawn = view ?? self
        let canvas = Canvas(size: drawn.bounds.size, scale: scale ?? frameClock.scale)
        guard !canvas.bitmap.isEmpty else { return canvas.bitmap }
        if offset != .zero, offset.isFinite { canvas.translate(x: offset.x, y: offset.y) }
        onScreen { drawn.render(in: canvas) }
        return canvas.bitmap
    }

    /// Whether views that move on their own await work (``FrameAnimating/isAwaitingFrameWork``).
    package var isAwaitingFrameWork: Bool { frameAnimatingViews(all: true).contains(where: \.isAwaitingFrameWork) }

    /// Waits up to a time for the work the last frame's views asked for, then gives up what
    /// did not arrive; returns how many pieces were given up.
    package func awaitFrameWork(for duration: Duration) async -> Int {
        let views = frameAnimatingViews(all: true).filter(\.isAwaitingFrameWork)
        for view in views { await view.awaitFrameWork(for: duration) }
        return views.reduce(0) { $0 + $1.abandonFrameWork() }
    }

    // MARK: Steps

    private func step(to moment: TimeInterval, isFrame: Bool) {
        guard moment > time else { return }
        frameClock.time = moment
        onScreen {
            layoutIfNeeded()
            for view in frameAnimatingViews() {
                if isFrame { view.advanceFrame(to: moment) } else { view.advanceClock(to: moment) }
            }
            viewAnimations.step()
            touchDispatcher.advance(to: moment)
        }
    }

    /// Moves the clock to a moment between frames.
    private func moveClock(to moment: TimeInterval) {
        step(to: moment, isFrame: false)
    }

    /// The views of the window that move on their own (only those that want frames now,
    /// unless `all`), in the order of the tree.
    func frameAnimatingViews(all: Bool = false) -> [any FrameAnimating] {
        var found: [any FrameAnimating] = []
        func visit(_ view: UIView) {
            if let moving = view as? any FrameAnimating, all || moving.wantsFrames { found.append(moving) }
            for subview in view.subviews { visit(subview) }
        }
        visit(self)
        return found
    }

    private func displayRevision(of views: [any FrameAnimating]) -> Int {
        views.reduce(hierarchyRevision) { $0 &* 31 &+ $1.contentRevision }
    }
}
