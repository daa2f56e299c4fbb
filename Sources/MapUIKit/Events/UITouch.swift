import Foundation

/// One finger on the screen, as UIKit's `UITouch`: where it is, in which phase, over which
/// view. A host makes touches from its input and keeps one object per finger from `began`
/// to `ended` or `cancelled`.
@preconcurrency @MainActor
open class UITouch: NSObject {
    /// Where a touch is in its life.
    public enum Phase: Int, Sendable {
        case began, moved, stationary, ended, cancelled
    }

    /// The phase.
    public internal(set) var phase: Phase
    /// When the touch last changed, in seconds.
    public internal(set) var timestamp: TimeInterval
    /// Taps in a row at about this place (1 for a single tap).
    public internal(set) var tapCount: Int
    /// The view the touch began in (hit testing chose it).
    public package(set) weak var view: UIView?
    /// The window the touch is in (nil under a root that is not a window).
    open var window: UIWindow? { root as? UIWindow }
    /// The root of the hierarchy the touch is in: its locations are in its coordinates.
    private weak var root: UIView?
    private var rootLocation: CGPoint
    private var previousRootLocation: CGPoint

    /// A touch at a point of a root view (a host's job).
    package init(phase: Phase, location: CGPoint, timestamp: TimeInterval, root: UIView, tapCount: Int = 1) {
        self.phase = phase
        self.timestamp = timestamp
        self.tapCount = tapCount
        self.root = root
        rootLocation = location
        previousRootLocation = location
        super.init()
    }

    /// Moves the touch (a host's job).
    func update(phase: Phase, location: CGPoint, timestamp: TimeInterval) {
        self.phase = phase
        self.timestamp = timestamp
        previousRootLocation = rootLocation
        rootLocation = location
    }

    /// Sets the view the touch is delivered to.
    func setView(_ view: UIView?) {
        self.view = view
    }

    /// The touch's location in a view's coordinates (the window's when nil).
    public func location(in view: UIView?) -> CGPoint {
        guard let view, let root else { return rootLocation }
        return view.convert(rootLocation, from: root)
    }

    /// The touch's location before its last change, in a view's coordinates.
    public func previousLocation(in view: UIView?) -> CGPoint {
        guard let view, let root else { return previousRootLocation }
        return view.convert(previousRootLocation, from: root)
    }
}

/// The touches of one moment, as UIKit's `UIEvent`.
@preconcurrency @MainActor
open class UIEvent: NSObject {
    /// What kind of event.
    public enum EventType: Int, Sendable {
        case touches, motion, remoteControl, presses, scroll = 10, hover, transform
    }

    /// The kind: touches.
    open var type: EventType { .touches }
    /// When the event happened, in seconds.
    public internal(set) var timestamp: TimeInterval
    /// Every touch down at that moment.
    public internal(set) var allTouches: Set<UITouch>?

    /// The one finger that changed, in a touch event a window dispatches.
    struct TouchChange {
        let id: Int
        let phase: UITouch.Phase
    }
    /// The finger this event is about (nil for other events).
    var touchChange: TouchChange?

    package init(timestamp: TimeInterval, touches: Set<UITouch>) {
        self.timestamp = timestamp
        allTouches = touches
        super.init()
    }

    /// The touches delivered to a view.
    public func touches(for view: UIView) -> Set<UITouch>? {
        allTouches?.filter { $0.view === view }
    }
}
