/// Which panoramas a search near a coordinate may return.
///
/// OpenMaps has no Street View imagery; a search finds the panoramas registered in
/// ``PanoramaCatalog`` whichever source is asked for.
public enum GMSPanoramaSource: UInt, Sendable {
    /// Indoor and outdoor panoramas.
    case `default` = 0
    /// Outdoor panoramas only (experimental in the SDK).
    case outside = 1
}
