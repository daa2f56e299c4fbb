import Foundation

extension UITraitCollection {
    private static let currentKey = "OpenMaps.UITraitCollection.current"

    /// The traits dynamic colours resolve with on this thread: the view being drawn's while
    /// views draw, light otherwise. Setting it lasts until set again (UIKit's contract).
    public static var current: UITraitCollection {
        get { Thread.current.threadDictionary[currentKey] as? UITraitCollection ?? lightTraits }
        set { Thread.current.threadDictionary[currentKey] = newValue }
    }

    private static let lightTraits = UITraitCollection(userInterfaceStyle: .light)

    /// Runs work with these traits as `current`, then puts the former ones back.
    public func performAsCurrent(_ actions: () throws -> Void) rethrows {
        try Self.withCurrent(self, actions)
    }

    /// Runs work with traits as `current`.
    static func withCurrent<Result>(_ traits: UITraitCollection, _ body: () throws -> Result) rethrows -> Result {
        let dictionary = Thread.current.threadDictionary
        let previous = dictionary[currentKey]
        dictionary[currentKey] = traits
        defer { dictionary[currentKey] = previous }
        return try body()
    }
}
