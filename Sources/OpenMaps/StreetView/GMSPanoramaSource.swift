/// Which panoramas a search near a coordinate may return.
///
/// OpenMaps has no Street View imagery, so no search finds a panorama whichever source is
/// asked for.
public enum GMSPanoramaSource: UInt, Sendable {
    /// Indoor and outdoor panoramas.
    case `default` = 0
    /// Outdoor panoramas only (experimental in the SDK).
    case outside = 1
}
