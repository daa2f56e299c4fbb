import Foundation

/// A level (floor) of an indoor building.
///
/// A plain `NSObject` with no actor isolation, as in the SDK; apps do not make levels, they
/// come from ``GMSIndoorBuilding/levels``. Levels compare equal when they are the same
/// physical level, even when their names differ (buildings may share a level). OpenMaps
/// has no indoor data, so no building, and so no level, is ever given to apps.
public final class GMSIndoorLevel: NSObject, Sendable {
    /// What identifies the physical level: equal levels have equal IDs.
    let levelID: String

    /// The localized display name, such as "Ground floor", if any.
    public let name: String?
    /// The localized short name, such as "1", if any.
    public let shortName: String?

    init(levelID: String, name: String?, shortName: String?) {
        self.levelID = levelID
        self.name = name
        self.shortName = shortName
        super.init()
    }

    /// Whether `object` is a level for the same physical level.
    public override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? GMSIndoorLevel else { return false }
        return other.levelID == levelID
    }

    /// A hash of the physical level, consistent with `isEqual(_:)`.
    public override var hash: Int {
        levelID.hashValue
    }

    public override var description: String {
        "GMSIndoorLevel(\(name ?? shortName ?? levelID))"
    }
}
