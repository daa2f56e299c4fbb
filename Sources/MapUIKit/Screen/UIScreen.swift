import Foundation
import Synchronization

/// The display a map is shown on. Its scale is the default scale of rendered images and
/// icons. `withScale`, `standardScale` and `maximumScale` are OpenMaps' own (UIKit has a
/// screen per display; a host here runs each window's work at its screen's scale).
@preconcurrency @MainActor
public final class UIScreen: NSObject {
    /// The main screen.
    public static let main = UIScreen()

    private override init() {
        super.init()
    }

    /// Pixels per point: 2, or inside ``withScale(_:operation:)`` that scale. Read-only, as in
    /// UIKit: a host shows its window at its screen's scale through `withScale` (the map host's
    /// `scale` does it), and nothing changes a process-wide value.
    public var scale: CGFloat { UIScreen.defaultScale }

    /// Runs `operation` with ``scale`` reading `scale`, for it and every task it starts (a
    /// geocoder's completion, say), without touching the process-wide value: a host that shows
    /// maps at several pixel ratios at once runs each map's work at its own.
    nonisolated public static func withScale<Result>(_ scale: CGFloat, operation: () throws -> Result) rethrows -> Result {
        guard isUsable(scale: scale) else { return try operation() }
        // The common case, cheaply: the standard scale with no other scale in force anywhere.
        if scale == standardScale, !hasScaleScopes { return try operation() }
        guard scale != defaultScale else { return try operation() }
        TaskScale.openScopes.add(1, ordering: .relaxed)
        defer { TaskScale.openScopes.subtract(1, ordering: .relaxed) }
        return try TaskScale.value.withValue(scale, operation: operation)
    }

    /// The largest scale ``withScale(_:operation:)`` takes; a larger one is ignored.
    nonisolated public static let maximumScale: CGFloat = 8

    /// Whether a scale can be a screen's: finite, above 0, at most ``maximumScale``.
    package nonisolated static func isUsable(scale: CGFloat) -> Bool {
        scale.isFinite && scale > 0 && scale <= maximumScale
    }

    /// The screen's size in points.
    public var bounds: CGRect = CGRect(x: 0, y: 0, width: 390, height: 844)

    /// The scale of a screen no host has set.
    nonisolated public static let standardScale: CGFloat = 2

    /// Whether a scope of another scale than the standard one is open anywhere now.
    package nonisolated static var hasScaleScopes: Bool { TaskScale.openScopes.load(ordering: .relaxed) > 0 }

    /// The scale, readable from any thread (images made off the main actor use it).
    package nonisolated static var defaultScale: CGFloat { TaskScale.value.get() ?? standardScale }
}

/// The scale ``UIScreen/withScale(_:operation:)`` sets for a task and the tasks it starts.
enum TaskScale {
    static let value = TaskLocal<CGFloat?>(wrappedValue: nil)
    /// How many scopes of another scale are open now. While none is, work at the standard
    /// scale needs no task-local value (tasks started in a scope keep its value after it ends,
    /// which the slower path reads).
    static let openScopes = Atomic<Int>(0)
}
