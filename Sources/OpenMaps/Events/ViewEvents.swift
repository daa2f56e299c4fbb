import Foundation

/// A view's events, for observers (an OpenMaps addition): every delegate callback of a map
/// (``MapViewEvent``) or a panorama (``PanoramaViewEvent``), given to each observer before
/// the delegate hears it, on the main actor, in the order the view sends them. Observing
/// changes nothing the view does: the delegate still answers its questions. Replays, the
/// playground's event log, `DelegateRecorder` and tests watch views this way, whatever
/// their delegates are.
@MainActor
public final class ViewEvents<Event> {
    private var observers: [(id: Int, handler: (Event) -> Void)] = []
    private var nextID = 0

    init() {}

    /// Calls `handler` with each event until the returned observation is invalidated or
    /// released. Observers are called in the order they began observing.
    public func observe(_ handler: @escaping (Event) -> Void) -> EventObservation {
        nextID += 1
        let id = nextID
        observers.append((id, handler))
        return EventObservation { [weak self] in self?.observers.removeAll { $0.id == id } }
    }

    /// Whether anything observes.
    public var isObserved: Bool { !observers.isEmpty }

    /// Gives an event to every observer (one that stops observing while it is given is not
    /// called).
    func send(_ event: Event) {
        for observer in observers where observers.contains(where: { $0.id == observer.id }) {
            observer.handler(event)
        }
    }
}

/// A map's events (``GMSMapView/events``).
public typealias MapViewEvents = ViewEvents<MapViewEvent>

/// An observation of a view's events: it ends when invalidated or released (as a key-value
/// observation does).
@MainActor
public final class EventObservation {
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

/// An observation of a map's events.
public typealias MapViewEventObservation = EventObservation
