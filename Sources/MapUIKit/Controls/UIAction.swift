import Foundation

/// An element of a menu, as UIKit's `UIMenuElement`: actions (and, with part 2, menus).
@preconcurrency @MainActor
open class UIMenuElement: NSObject {
    /// Attributes of a menu element.
    public struct Attributes: OptionSet, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static let disabled = Attributes(rawValue: 1 << 0)
        public static let destructive = Attributes(rawValue: 1 << 1)
        public static let hidden = Attributes(rawValue: 1 << 2)
        public static let keepsMenuPresented = Attributes(rawValue: 1 << 3)
    }

    /// Whether a menu element shows a checkmark.
    public enum State: Int, Sendable {
        case off, on, mixed
    }

    /// The title shown.
    public let title: String
    /// The image shown, if any.
    public let image: UIImage?

    public init(title: String, image: UIImage?) {
        self.title = title
        self.image = image
        super.init()
    }
}

/// A closure with a title and image, as UIKit's `UIAction`: what controls run on their
/// events (`UIControl.addAction(_:for:)`, `UIButton(primaryAction:)`) with no Objective-C
/// runtime.
@preconcurrency @MainActor
open class UIAction: UIMenuElement {
    /// Names an action, so a control can remove it by name.
    public struct Identifier: RawRepresentable, Hashable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public init(_ rawValue: String) { self.rawValue = rawValue }
    }

    /// The identifier (a unique one unless given).
    public let identifier: Identifier
    /// A longer title for discoverability.
    public var discoverabilityTitle: String?
    /// The attributes (disabled, destructive...).
    public var attributes: UIMenuElement.Attributes
    /// The checkmark state.
    public var state: UIMenuElement.State
    /// The control that ran the action, while it runs.
    public private(set) var sender: Any?

    private let handler: @MainActor (UIAction) -> Void

    /// An action with a title, image and handler, as UIKit's initializer.
    public init(
        title: String = "", image: UIImage? = nil, identifier: Identifier? = nil, discoverabilityTitle: String? = nil,
        attributes: UIMenuElement.Attributes = [], state: UIMenuElement.State = .off,
        handler: @escaping @MainActor (UIAction) -> Void
    ) {
        self.identifier = identifier ?? Identifier(UUID().uuidString)
        self.discoverabilityTitle = discoverabilityTitle
        self.attributes = attributes
        self.state = state
        self.handler = handler
        super.init(title: title, image: image)
    }

    /// Runs the handler with a sender.
    func perform(sender: Any?) {
        self.sender = sender
        handler(self)
        self.sender = nil
    }
}
