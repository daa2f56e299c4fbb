import Foundation

/// Actions due at times of a map's clock (OpenMaps' own; the utilities' cluster manager waits
/// on it as the library waits on the main queue), run in due order by the frame that reaches
/// them.
@MainActor
final class MapTimers {
    private var pending: [(due: TimeInterval, order: Int, action: @MainActor () -> Void)] = []
    private var counter = 0

    var isIdle: Bool { pending.isEmpty }

    func add(due: TimeInterval, _ action: @escaping @MainActor () -> Void) {
        counter += 1
        pending.append((due, counter, action))
    }

    /// Runs the actions due by `now`; actions they add wait for a later frame.
    func run(now: TimeInterval) {
        guard !pending.isEmpty else { return }
        let due = pending.filter { $0.due <= now }.sorted { ($0.due, $0.order) < ($1.due, $1.order) }
        guard !due.isEmpty else { return }
        pending.removeAll { $0.due <= now }
        for entry in due { entry.action() }
    }
}

extension GMSMapView {
    /// Runs an action once `delay` seconds of the map's clock have passed (on a hosted map's
    /// frame; a delay that is not finite or negative counts as 0).
    package func runAfter(_ delay: TimeInterval, _ action: @escaping @MainActor () -> Void) {
        let wait = delay.isFinite ? max(0, delay) : 0
        scene.timers.add(due: scene.clock.now + wait, action)
        setNeedsDisplay()
    }
}
