import Foundation

/// A view that turns touches into actions, as UIKit's `UIControl`: states (enabled,
/// highlighted, selected), events (touch down, touch up inside, value changed...) and the
/// actions run on them. Actions are `UIAction`s: UIKit's selector form
/// (`addTarget(_:action:for:)`) needs the Objective-C runtime, which Linux lacks.
@preconcurrency @MainActor
open class UIControl: UIView {
    /// A control's state, as UIKit's `UIControl.State`.
    public struct State: OptionSet, Hashable, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static let normal = State([])
        public static let highlighted = State(rawValue: 1 << 0)
        public static let disabled = State(rawValue: 1 << 1)
        public static let selected = State(rawValue: 1 << 2)
        public static let focused = State(rawValue: 1 << 3)
        public static let application = State(rawValue: 0x00FF_0000)
        public static let reserved = State(rawValue: 0xFF00_0000)
    }

    /// What happened to a control, as UIKit's `UIControl.Event`.
    public struct Event: OptionSet, Hashable, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static let touchDown = Event(rawValue: 1 << 0)
        public static let touchDownRepeat = Event(rawValue: 1 << 1)
        public static let touchDragInside = Event(rawValue: 1 << 2)
        public static let touchDragOutside = Event(rawValue: 1 << 3)
        public static let touchDragEnter = Event(rawValue: 1 << 4)
        public static let touchDragExit = Event(rawValue: 1 << 5)
        public static let touchUpInside = Event(rawValue: 1 << 6)
        public static let touchUpOutside = Event(rawValue: 1 << 7)
        public static let touchCancel = Event(rawValue: 1 << 8)
        public static let valueChanged = Event(rawValue: 1 << 12)
        public static let primaryActionTriggered = Event(rawValue: 1 << 13)
        public static let menuActionTriggered = Event(rawValue: 1 << 14)
        public static let editingDidBegin = Event(rawValue: 1 << 16)
        public static let editingChanged = Event(rawValue: 1 << 17)
        public static let editingDidEnd = Event(rawValue: 1 << 18)
        public static let editingDidEndOnExit = Event(rawValue: 1 << 19)
        public static let allTouchEvents = Event(rawValue: 0x0FFF)
        public static let allEditingEvents = Event(rawValue: 0x000F_0000)
        public static let applicationReserved = Event(rawValue: 0x0F00_0000)
        public static let systemReserved = Event(rawValue: 0xF000_0000)
        public static let allEvents = Event(rawValue: 0xFFFF_FFFF)
    }

    /// How content sits horizontally.
    public enum ContentHorizontalAlignment: Int, Sendable {
        case center, left, right, fill, leading, trailing
    }

    /// How content sits vertically.
    public enum ContentVerticalAlignment: Int, Sendable {
        case center, top, bottom, fill
    }

    /// How far outside its bounds a finger may go and still be inside, as UIKit allows.
    nonisolated static let touchSlop: CGFloat = 70

    /// Whether the control takes touches and draws as enabled (true).
    open var isEnabled = true {
        didSet {
            guard isEnabled != oldValue else { return }
            if !isEnabled { isHighlighted = false }
            stateDidChange()
        }
    }
    /// Whether the control is selected (false).
    open var isSelected = false {
        didSet { if isSelected != oldValue { stateDidChange() } }
    }
    /// Whether a finger is down on the control.
    open var isHighlighted = false {
        didSet { if isHighlighted != oldValue { stateDidChange() } }
    }
    /// The state, from the flags.
    open var state: State {
        var state: State = []
        if isHighlighted { state.insert(.highlighted) }
        if !isEnabled { state.insert(.disabled) }
        if isSelected { state.insert(.selected) }
        return state
    }
    /// Horizontal alignment of content (centre).
    open var contentHorizontalAlignment: ContentHorizontalAlignment = .center { didSet { setNeedsDisplay() } }
    /// Vertical alignment of content (centre).
    open var contentVerticalAlignment: ContentVerticalAlignment = .center { didSet { setNeedsDisplay() } }
    /// Whether a finger is tracking in the control.
    public private(set) var isTracking = false
    /// Whether the tracking finger is inside the control (with UIKit's slop).
    public private(set) var isTouchInside = false

    private var actions: [(action: UIAction, events: Event)] = []

    override var takesItsOwnTaps: Bool { isEnabled }

    /// Called when the enabled, selected or highlighted flag changed; the control redraws.
    open func stateDidChange() {
        setNeedsDisplay()
    }

    // MARK: Actions

    /// Runs an action on events.
    public func addAction(_ action: UIAction, for controlEvents: Event) {
        if let index = actions.firstIndex(where: { $0.action === action }) {
            actions[index].events.formUnion(controlEvents)
        } else {
            actions.append((action, controlEvents))
        }
    }

    /// Stops running an action on events.
    public func removeAction(_ action: UIAction, for controlEvents: Event) {
        for index in actions.indices.reversed() where actions[index].action === action {
            actions[index].events.subtract(controlEvents)
            if actions[index].events.isEmpty { actions.remove(at: index) }
        }
    }

    /// Stops running the action of an identifier on events.
    public func removeAction(identifiedBy actionIdentifier: UIAction.Identifier, for controlEvents: Event) {
        for entry in actions where entry.action.identifier == actionIdentifier { removeAction(entry.action, for: controlEvents) }
    }

    /// Calls a closure with each action and the events it runs on.
    public func enumerateEventHandlers(_ iterator: (UIAction?, (Any?, String)?, Event, inout Bool) -> Void) {
        var stop = false
        for entry in actions {
            iterator(entry.action, nil, entry.events, &stop)
            if stop { return }
        }
    }

    /// The events any action runs on.
    public var allControlEvents: Event {
        actions.reduce(into: Event()) { $0.formUnion($1.events) }
    }

    /// Runs the actions of events now.
    open func sendActions(for controlEvents: Event) {
        // Event by event, in UIKit's order (touch up inside before primary action triggered).
        for bit in 0..<32 {
            let event = Event(rawValue: 1 << UInt(bit))
            guard controlEvents.contains(event) else { continue }
            for entry in actions where entry.events.contains(event) { sendAction(entry.action) }
        }
    }

    /// Runs one action with this control as its sender.
    open func sendAction(_ action: UIAction) {
        action.perform(sender: self)
    }

    // MARK: Tracking

    /// A finger went down; return whether to keep tracking it (true).
    open func beginTracking(_ touch: UITouch, with event: UIEvent?) -> Bool { true }
    /// The finger moved; return whether to keep tracking it (true).
    open func continueTracking(_ touch: UITouch, with event: UIEvent?) -> Bool { true }
    /// The finger lifted.
    open func endTracking(_ touch: UITouch?, with event: UIEvent?) {}
    /// Tracking was cancelled.
    open func cancelTracking(with event: UIEvent?) {}

    /// Whether a point of the control counts as inside for tracking (bounds, 70 points of slop).
    private func isInsideForTracking(_ point: CGPoint) -> Bool {
        bounds.insetBy(dx: -Self.touchSlop, dy: -Self.touchSlop).contains(point)
    }

    open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
        guard isEnabled, let touch = touches.first else { return }
        isTracking = true
        isTouchInside = true
        isHighlighted = true
        sendActions(for: touch.tapCount > 1 ? [.touchDown, .touchDownRepeat] : .touchDown)
        if !beginTracking(touch, with: event) { isTracking = false }
    }

    open override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) {
        guard isEnabled, let touch = touches.first else { return }
        let inside = isInsideForTracking(touch.location(in: self))
        var events: Event = inside ? .touchDragInside : .touchDragOutside
        if inside != isTouchInside { events.insert(inside ? .touchDragEnter : .touchDragExit) }
        isTouchInside = inside
        isHighlighted = inside
        sendActions(for: events)
        if isTracking, !continueTracking(touch, with: event) { isTracking = false }
    }

    open override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {
        guard isEnabled, let touch = touches.first else { return }
        let inside = isInsideForTracking(touch.location(in: self))
        isHighlighted = false
        if isTracking { endTracking(touch, with: event) }
        isTracking = false
        isTouchInside = false
        if inside {
            touchUpInside()
        } else {
            sendActions(for: .touchUpOutside)
        }
    }

    open override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) {
        isHighlighted = false
        if isTracking { cancelTracking(with: event) }
        isTracking = false
        isTouchInside = false
        sendActions(for: .touchCancel)
    }

    /// A finger lifted inside: touch up inside; controls with a primary action add it.
    func touchUpInside() {
        sendActions(for: .touchUpInside)
    }
}
