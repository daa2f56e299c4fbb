import Foundation

/// A building with indoor levels.
///
/// A plain `NSObject` with no actor isolation, as in the SDK; apps do not make buildings,
/// they come from ``GMSIndoorDisplay/activeBuilding``. OpenMaps has no indoor data, so none
/// is ever given to apps.
public final class GMSIndoorBuilding: NSObject, Sendable {
    /// The levels in display order, top to bottom.
    public let levels: [GMSIndoorLevel]
    /// The index in ``levels`` of the level shown by default.
    public let defaultLevelIndex: UInt
    /// Whether the building is entirely underground (and so may be hidden).
    public let isUnderground: Bool

    init(levels: [GMSIndoorLevel], defaultLevelIndex: UInt, isUnderground: Bool) {
        self.levels = levels
        self.defaultLevelIndex = defaultLevelIndex
        self.isUnderground = isUnderground
        super.init()
    }
}
