import Dispatch
import Foundation

/// Whether code runs on the main queue, and so on the main actor.
package enum MainQueue {
    /// Marks the main queue: on Linux a process that parks its main thread (`dispatchMain()`)
    /// serves the main queue from another thread, so the thread alone is no guide.
    private static let key: DispatchSpecificKey<Bool> = {
        let key = DispatchSpecificKey<Bool>()
        DispatchQueue.main.setSpecific(key: key, value: true)
        return key
    }()

    /// Whether the caller runs on the main queue (or the main thread).
    package static var isCurrent: Bool { DispatchQueue.getSpecific(key: key) == true || Thread.isMainThread }
}
