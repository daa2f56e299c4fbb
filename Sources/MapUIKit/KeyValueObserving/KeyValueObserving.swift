import Foundation
import MapGeometry

// Key-value observation as apps write it (`object.observe(\.property, options: [.new]) { ... }`).
// Foundation on Linux has no KVO, so these types are OpenMaps' own, with Foundation's names and
// shapes. Only the properties a type documents as observable send changes.

/// What an observation reports, as Foundation's `NSKeyValueObservingOptions`.
public struct NSKeyValueObservingOptions: OptionSet, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    /// Report the new value.
    public static let new = NSKeyValueObservingOptions(rawValue: 0x01)
    /// Report the old value.
    public static let old = NSKeyValueObservingOptions(rawValue: 0x02)
    /// Report once at once, when the observation is made.
    public static let initial = NSKeyValueObservingOptions(rawValue: 0x04)
    /// Report before each change as well as after.
    public static let prior = NSKeyValueObservingOptions(rawValue: 0x08)
}

/// The kind of a change, as Foundation's `NSKeyValueChange`: here always a setting.
public enum NSKeyValueChange: UInt, Sendable {
    case setting = 1
    case insertion = 2
    case removal = 3
    case replacement = 4
}

/// One change of an observed property, as Foundation's `NSKeyValueObservedChange`.
public struct NSKeyValueObservedChange<Value> {
    public typealias Kind = NSKeyValueChange
    /// Always `.setting`: observable properties here are values, not collections.
    public let kind: Kind
    /// The value after the change, when `.new` was asked for (nil in a prior report).
    public let newValue: Value?
    /// The value before the change, when `.old` was asked for.
    public let oldValue: Value?
    /// Always nil: no collection changes are reported.
    public let indexes: IndexSet?
    /// Whether this is the report before the change (`.prior`).
    public let isPrior: Bool
}

/// A registered observation, as Foundation's `NSKeyValueObservation`: it ends when invalidated
/// or released.
public final class NSKeyValueObservation: NSObject {
    private var end: (() -> Void)?

    init(end: @escaping () -> Void) {
        self.end = end
        super.init()
    }

    /// Stops the observation; later changes are not reported.
    public func invalidate() {
        end?()
        end = nil
    }

    deinit {
        end?()
    }
}

/// A type whose documented properties can be observed with `observe(_:options:changeHandler:)`.
/// OpenMaps' own: Foundation's KVO works on every `NSObject` through the Objective-C runtime,
/// which Linux lacks.
@preconcurrency @MainActor
public protocol KeyValueObservable: AnyObject {
    /// The observers of the object's properties.
    var keyValueObservers: KeyValueObservers { get }
}

extension KeyValueObservable {
    /// Observes a property: `changeHandler` runs on the main actor after each change (and before,
    /// with `.prior`; at once, with `.initial`), until the returned observation is invalidated
    /// or released.
    public func observe<Value>(
        _ keyPath: KeyPath<Self, Value>, options: NSKeyValueObservingOptions = [],
        changeHandler: @escaping (Self, NSKeyValueObservedChange<Value>) -> Void
    ) -> NSKeyValueObservation {
        keyValueObservers.add(on: self, keyPath, options: options, changeHandler: changeHandler)
    }
}

/// The observers of one object's properties, which the object tells of each change.
@MainActor
public final class KeyValueObservers {
    private struct Entry {
        let id: Int
        let keyPath: AnyKeyPath
        let willChange: () -> Void
        let didChange: () -> Void
    }

    private var entries: [Entry] = []
    private var nextID = 0

    public init() {}

    /// Whether anything observes `keyPath`.
    public func isObserved(_ keyPath: AnyKeyPath) -> Bool {
        entries.contains { $0.keyPath == keyPath }
    }

    /// Call before `keyPath` changes (for `.prior` observers).
    public func willChange(_ keyPath: AnyKeyPath) {
        for entry in entries where entry.keyPath == keyPath { entry.willChange() }
    }

    /// Call after `keyPath` changed.
    public func didChange(_ keyPath: AnyKeyPath) {
        for entry in entries where entry.keyPath == keyPath { entry.didChange() }
    }

    /// Registers an observation of `keyPath` on `object` (what `observe` does).
    public func add<Object: AnyObject, Value>(
        on object: Object, _ keyPath: KeyPath<Object, Value>, options: NSKeyValueObservingOptions,
        changeHandler: @escaping (Object, NSKeyValueObservedChange<Value>) -> Void
    ) -> NSKeyValueObservation {
        nextID += 1
        let id = nextID
        weak let target = object
        var last = object[keyPath: keyPath]
        func report(new: Value?, old: Value?, prior: Bool) {
            guard let target else { return }
            changeHandler(target, NSKeyValueObservedChange(
                kind: .setting, newValue: options.contains(.new) ? new : nil, oldValue: options.contains(.old) ? old : nil,
                indexes: nil, isPrior: prior))
        }
        let entry = Entry(
            id: id, keyPath: keyPath,
            willChange: {
                guard options.contains(.prior) else { return }
                report(new: nil, old: last, prior: true)
            },
            didChange: {
                guard let target else { return }
                let now = target[keyPath: keyPath]
                let old = last
                last = now
                report(new: now, old: old, prior: false)
            })
        entries.append(entry)
        if options.contains(.initial) { report(new: last, old: nil, prior: false) }
        return NSKeyValueObservation { [weak self] in
            if MainQueue.isCurrent {
                MainActor.assumeIsolated { self?.entries.removeAll { $0.id == id } }
            } else {
                Task { @MainActor in self?.entries.removeAll { $0.id == id } }
            }
        }
    }
}
