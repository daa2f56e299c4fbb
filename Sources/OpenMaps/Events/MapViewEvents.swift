import Foundation

/// A map's events, for observers (an OpenMaps addition): every delegate callback, as a
/// ``MapViewEvent``, given to each observer before the delegate hears it, on the main actor,
/// in the order the map sends them. Observing changes nothing the map does: the delegate
/// still answers its questions. Replays, the playground's event log, `DelegateRecorder` and
/// tests watch a map this way, whatever its delegate is.
@MainActor
public final class MapViewEvents {
    private var observers: [(id: Int, handler: (MapViewEvent) -> Void)] = []
    private var nextID = 0

    init() {}

    /// Calls `handler` with each event until the returned observation is invalidated or
    /// released. Observers are called in the order they began observing.
    public func observe(_ handler: @escaping (MapViewEvent) -> Void) -> MapViewEventObservation {
        nextID += 1
        let id = nextID
        observers.append((id, handler))
        return MapViewEventObservation { [weak self] in self?.observers.removeAll { $0.id == id } }
    }

    /// Whether anything observes.
    public var isObserved: Bool { !observers.isEmpty }

    /// Gives an event to every observer (one that stops observing while it is given is not
    /// called).
    func send(_ event: MapViewEvent) {
        for observer in observers where observers.contains(where: { $0.id == observer.id }) {
            observer.handler(event)
        }
    }
}

/// An observation of a map's events: it ends when invalidated or released (as a key-value
/// observation does).
@MainActor
public final class MapViewEventObservation {
    private var stop: (() -> Void)?

    init(stop: @escaping () -> Void) {
        self.stop = stop
    }

    /// Stops observing.
    public func invalidate() {
        stop?()
        stop = nil
    }

    isolated deinit {
        invalidate()
    }
}
