import Dispatch
import Foundation
import Logging
import MapUIKit
import Synchronization

/// Where a model object's change reaches its map.
///
/// Markers, overlays, tile layers and settings are plain `NSObject`s, not isolated to an actor,
/// as Swift imports them from the SDK: app code makes and edits them anywhere. The SDK requires
/// the main thread for every object on a map; here the map hears of a change made on it at once,
/// and of a change made on another thread (logged as an error) on the main thread soon after.
/// The value itself is written where the app writes it (docs/limits.md, "Threads").
enum MainThread {
    private static let logger = Logger(label: "OpenMaps.Map")
    /// How many off-main changes were seen (the first few are logged).
    private static let offMainChanges = Atomic<Int>(0)

    /// Runs `work` on the main actor: now when on the main thread, else soon after.
    static func run(_ what: @autoclosure () -> String, _ work: @escaping @MainActor () -> Void) {
        if MainQueue.isCurrent {
            MainActor.assumeIsolated(work)
            return
        }
        let seen = offMainChanges.add(1, ordering: .relaxed).newValue
        if seen <= 10 {
            logger.error("\(what()) changed off the main thread; the SDK requires the main thread. Applied on the main thread.")
        }
        let box = UncheckedWork(work: work)
        DispatchQueue.main.async { MainActor.assumeIsolated { box.work() } }
    }

    /// Takes an object off one map and puts it on another, on the main actor (a model
    /// object's `map` changed). Done later (a change off the main thread), it acts only on what
    /// still holds: it leaves the old map unless the object is back on it, and joins the new one
    /// only if the object is still meant to be there.
    static func move<Object: AnyObject>(
        _ object: Object, _ what: @autoclosure () -> String, from old: GMSMapView?, to new: GMSMapView?,
        current: @escaping @Sendable (Object) -> GMSMapView?,
        leave: @escaping @MainActor (GMSMapView, Object) -> Void, join: @escaping @MainActor (GMSMapView, Object) -> Void
    ) {
        guard old !== new else { return }
        let carried = Carried(object)
        run(what()) {
            let now = current(carried.value)
            if let old, now !== old { leave(old, carried.value) }
            if let new, now === new { join(new, carried.value) }
        }
    }

    /// A model object carried into main-actor work: the app keeps it to the main thread, as
    /// the SDK requires, so it never races there.
    struct Carried<Value: AnyObject>: @unchecked Sendable {
        let value: Value
        init(_ value: Value) { self.value = value }
    }

    /// How many changes have arrived off the main thread since the process started.
    package static var offMainChangeCount: Int { offMainChanges.load(ordering: .relaxed) }
}

/// Main-actor work carried to the main queue from the thread that made it; the object it
/// touches is the app's to keep from racing (the SDK's rule: main thread only).
private struct UncheckedWork: @unchecked Sendable {
    let work: @MainActor () -> Void
}
