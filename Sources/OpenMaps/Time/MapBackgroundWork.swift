import Dispatch
import Foundation

/// Work a map's companions run off the main actor (OpenMaps' own; the utilities' cluster
/// manager clusters here), whose results apply on the map's frames, on the main actor, in the
/// order the work was asked for.
///
/// In real time (a host that renders tiles in the background, as the playground does) a
/// result applies at the first frame after it is ready, and frames go on meanwhile. In virtual
/// time (tests, replays) the frame that finds work under way waits for it, so the same input
/// gives the same frames on any machine.
@MainActor
final class MapBackgroundWork {
    /// One piece of work: done once its result is kept.
    private final class Job: @unchecked Sendable {
        private let lock = NSLock()
        private let finished = DispatchSemaphore(value: 0)
        private var isDoneValue = false
        /// Applies the result (set on the main actor before the work starts).
        var apply: (@MainActor () -> Void)?

        var isDone: Bool {
            lock.lock()
            defer { lock.unlock() }
            return isDoneValue
        }

        func markDone() {
            lock.lock()
            isDoneValue = true
            lock.unlock()
            finished.signal()
        }

        func wait() {
            finished.wait()
            finished.signal()
        }
    }

    /// A result handed from the worker to the main actor.
    private final class Box<Value>: @unchecked Sendable {
        var value: Value?
    }

    private var jobs: [Job] = []
    /// Whether frames wait for work under way (virtual time).
    var waitsForWork = true
    /// Asks for a frame when a result is ready (real time).
    var onReady: (@MainActor () -> Void)?

    /// Whether no work is under way or waiting to apply.
    var isIdle: Bool { jobs.isEmpty }

    /// Runs `work` on another thread, then `apply` with its result on a frame.
    func start<Value>(_ work: @escaping @Sendable () -> Value, apply: @escaping @MainActor (Value) -> Void) {
        let job = Job()
        let box = Box<Value>()
        job.apply = {
            if let value = box.value { apply(value) }
        }
        jobs.append(job)
        let wakes = !waitsForWork
        DispatchQueue.global(qos: .userInitiated).async { [weak self] in
            box.value = work()
            job.markDone()
            if wakes { Task { @MainActor in self?.onReady?() } }
        }
    }

    /// Applies the results that are ready, in the order the work was asked for; in virtual
    /// time, waits for work under way first.
    func run() {
        while let first = jobs.first {
            if !first.isDone {
                guard waitsForWork else { return }
                first.wait()
            }
            jobs.removeFirst()
            first.apply?()
        }
    }
}

extension GMSMapView {
    /// Runs `work` off the main actor, then `apply` with its result on one of the map's
    /// frames (OpenMaps' own, for the utilities). In virtual time the next frame waits for it;
    /// in real time the result applies at the first frame after it is ready.
    package func runInBackground<Value>(_ work: @escaping @Sendable () -> Value, apply: @escaping @MainActor (Value) -> Void) {
        scene.background.start(work, apply: apply)
        setNeedsDisplay()
    }
}
