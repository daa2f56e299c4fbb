import Foundation

/// Recognizes a quick straight stroke, as UIKit's `UISwipeGestureRecognizer`: discrete,
/// recognized once the fingers moved 50 points in an allowed direction within half a second
/// of touching down, straying sideways by at most half that; it fails on a stroke that is too
/// slow, strays, or goes another way.
@preconcurrency @MainActor
open class UISwipeGestureRecognizer: UIGestureRecognizer {
    /// The directions a swipe may go.
    public struct Direction: OptionSet, Hashable, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static let right = Direction(rawValue: 1 << 0)
        public static let left = Direction(rawValue: 1 << 1)
        public static let up = Direction(rawValue: 1 << 2)
        public static let down = Direction(rawValue: 1 << 3)
    }

    /// The directions allowed (`.right`).
    open var direction: Direction = .right
    /// How many fingers swipe (1).
    open var numberOfTouchesRequired = 1

    /// How far a swipe goes, in points.
    nonisolated static let minimumDistance: CGFloat = 50
    /// How long a swipe may take, in seconds.
    nonisolated static let maximumDuration: TimeInterval = 0.5

    private var start: (point: CGPoint, time: TimeInterval)?

    open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        if numberOfTouches > numberOfTouchesRequired, state == .possible { state = .failed }
        if start == nil { start = (location(in: nil), event.timestamp) }
    }

    open override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {
        guard state == .possible, let start else { return }
        guard event.timestamp - start.time <= Self.maximumDuration else {
            state = .failed
            return
        }
        guard numberOfTouches == numberOfTouchesRequired else { return }
        let now = location(in: nil)
        let dx = now.x - start.point.x, dy = now.y - start.point.y
        let horizontal = abs(dx) >= abs(dy)
        let along = horizontal ? abs(dx) : abs(dy), across = horizontal ? abs(dy) : abs(dx)
        let way: Direction = horizontal ? (dx > 0 ? .right : .left) : (dy > 0 ? .down : .up)
        if along >= Self.minimumDistance / 2, !direction.contains(way) {
            state = .failed
        } else if across > Self.minimumDistance / 2, across > along / 2 {
            state = .failed
        } else if along >= Self.minimumDistance, direction.contains(way) {
            state = .ended
        }
    }

    open override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {
        if state == .possible { state = .failed }
    }

    open override func reset() {
        start = nil
    }
}
