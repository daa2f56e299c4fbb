import Foundation

/// What a map's indoor display tells its delegate. Both methods are optional: the defaults
/// do nothing. Callbacks come on the main actor.
///
/// OpenMaps has no indoor data, so no building is ever focused and neither method is ever
/// called.
@preconcurrency @MainActor
public protocol GMSIndoorDisplayDelegate: AnyObject {
    /// The focused building changed (nil: none); ``GMSIndoorDisplay/activeLevel`` is already
    /// updated, and `didChangeActiveLevel` follows. Never called here.
    func didChangeActiveBuilding(_ building: GMSIndoorBuilding?)
    /// The active level changed, for any reason, including the app setting
    /// ``GMSIndoorDisplay/activeLevel``. Never called here.
    func didChangeActiveLevel(_ level: GMSIndoorLevel?)
}

extension GMSIndoorDisplayDelegate {
    public func didChangeActiveBuilding(_ building: GMSIndoorBuilding?) {}
    public func didChangeActiveLevel(_ level: GMSIndoorLevel?) {}
}
