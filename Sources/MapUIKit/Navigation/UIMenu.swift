import Foundation

/// A menu of actions and submenus, as UIKit's `UIMenu` (a button's or a bar button item's).
@preconcurrency @MainActor
open class UIMenu: UIMenuElement {
    /// A menu's identity.
    public struct Identifier: RawRepresentable, Hashable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public init(_ rawValue: String) { self.rawValue = rawValue }
    }

    /// How a menu shows its children.
    public struct Options: OptionSet, Hashable, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static let displayInline = Options(rawValue: 1 << 0)
        public static let destructive = Options(rawValue: 1 << 1)
        public static let singleSelection = Options(rawValue: 1 << 5)
        public static let displayAsPalette = Options(rawValue: 1 << 7)
    }

    /// The menu's identity.
    public let identifier: Identifier
    /// How it shows its children.
    public let options: Options
    /// Its actions and submenus.
    public let children: [UIMenuElement]
    /// A second line under the title.
    public var subtitle: String?

    /// A menu of elements.
    public init(
        title: String = "", subtitle: String? = nil, image: UIImage? = nil, identifier: Identifier? = nil, options: Options = [],
        children: [UIMenuElement] = []
    ) {
        self.identifier = identifier ?? Identifier("openmaps.menu.\(UUID().uuidString)")
        self.options = options
        self.children = children
        self.subtitle = subtitle
        super.init(title: title, image: image)
    }

    /// The same menu with other children.
    public func replacingChildren(_ newChildren: [UIMenuElement]) -> UIMenu {
        UIMenu(title: title, subtitle: subtitle, image: image, identifier: identifier, options: options, children: newChildren)
    }
}
