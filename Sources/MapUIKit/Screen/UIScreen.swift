import Foundation

/// The display a map is shown on. Its scale is the default scale of rendered images and
/// icons; a host sets it to its output's pixel ratio.
@MainActor
public final class UIScreen {
    /// The main screen.
    public static let main = UIScreen()

    private init() {}

    /// Pixels per point (2 unless a host sets another value). Inside
    /// ``withScale(_:operation:)`` it is that scale; setting it changes the process-wide value.
    public var scale: CGFloat {
        get { UIScreen.defaultScale }
        set { if newValue.isFinite, newValue > 0, newValue <= 8 { UIScreen.storedScale.set(newValue) } }
    }

    /// Runs `operation` with ``scale`` reading `scale`, for it and every task it starts (a
    /// geocoder's completion, say), without touching the process-wide value: a host that shows
    /// maps at several pixel ratios at once runs each map's work at its own.
    nonisolated public static func withScale<Result>(_ scale: CGFloat, operation: () throws -> Result) rethrows -> Result {
        let usable = scale.isFinite && scale > 0 && scale <= 8 ? scale : nil
        return try TaskScale.$value.withValue(usable ?? TaskScale.value, operation: operation)
    }

    /// The screen's size in points.
    public var bounds: CGRect = CGRect(x: 0, y: 0, width: 390, height: 844)

    /// The scale, readable from any thread (images made off the main actor use it).
    nonisolated package static var defaultScale: CGFloat { TaskScale.value ?? storedScale.get() }

    nonisolated private static let storedScale = LockedValue<CGFloat>(2)
}

/// The scale ``UIScreen/withScale(_:operation:)`` sets for a task and the tasks it starts.
private enum TaskScale {
    @TaskLocal static var value: CGFloat?
}

/// A value behind a lock, for the few process-wide settings that any thread may read.
final class LockedValue<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    init(_ value: Value) { self.value = value }

    func get() -> Value {
        lock.lock()
        defer { lock.unlock() }
        return value
    }

    func set(_ newValue: Value) {
        lock.lock()
        value = newValue
        lock.unlock()
    }
}
