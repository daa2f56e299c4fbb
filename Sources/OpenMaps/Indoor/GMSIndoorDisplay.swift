import Foundation
import Logging

/// A map's indoor state: the building in focus and its level shown. Each map view has one
/// (`GMSMapView.indoorDisplay`); apps do not make it.
///
/// A plain `NSObject` with no actor isolation, as in the SDK, which allows it on the main
/// thread only. OpenMaps has no indoor data, so no building is ever focused:
/// ``activeBuilding`` and ``activeLevel`` are always nil, setting a level is ignored (as the
/// SDK ignores a level not in the active building) and the delegate is never called.
public final class GMSIndoorDisplay: NSObject {
    private static let logger = Logger(label: "OpenMaps.Map")

    /// Receives indoor changes. Held weakly.
    public weak var delegate: (any GMSIndoorDisplayDelegate)?

    /// The building in focus, or nil when no building with indoor data is. Always nil here.
    public var activeBuilding: GMSIndoorBuilding? { nil }

    /// The level shown in ``activeBuilding``: nil while no building is focused, which here is
    /// always. The SDK accepts a level of the active building (or nil for an underground
    /// one) and ignores any other value; with no building focused every level is invalid, so
    /// setting one is ignored with a logged warning.
    public var activeLevel: GMSIndoorLevel? {
        get { nil }
        set {
            guard let level = newValue else { return }
            GMSIndoorDisplay.logger.warning(
                "activeLevel \(level) ignored: no building is focused (OpenMaps has no indoor data)")
        }
    }

    override init() {
        super.init()
    }
}
