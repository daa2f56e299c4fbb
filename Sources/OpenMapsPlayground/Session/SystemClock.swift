import Foundation

/// The machine's monotonic clock: a session's time, in seconds since it began.
final class SystemClock: Sendable {
    private let start = DispatchTime.now().uptimeNanoseconds

    init() {}

    var now: TimeInterval {
        Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    }
}
