import Foundation

/// Where a host's time comes from.
public protocol MapClock: AnyObject {
    /// Seconds since the clock started.
    var now: TimeInterval { get }
}

/// A clock that moves only when told: replays and tests run on it, so the same input gives
/// the same output on every run.
public final class VirtualClock: MapClock {
    public private(set) var now: TimeInterval = 0

    public init() {}

    /// Moves the clock forward to a time (never backward).
    public func advance(to time: TimeInterval) {
        if time.isFinite, time > now { now = time }
    }
}

/// The machine's monotonic clock, for maps shown to people.
public final class SystemClock: MapClock, Sendable {
    private let start = DispatchTime.now().uptimeNanoseconds

    public init() {}

    public var now: TimeInterval {
        Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    }
}
