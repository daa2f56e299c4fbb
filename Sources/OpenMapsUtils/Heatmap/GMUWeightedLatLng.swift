import Foundation
import OpenMaps

/// A heatmap point: a coordinate with an intensity, as the library's `GMUWeightedLatLng`
/// (intensity adds linearly: 3 is three points of 1). Its point is the coordinate projected
/// with `GMSProject`, made once.
public final class GMUWeightedLatLng: NSObject, GQTPointQuadTreeItem {
    /// The intensity.
    public let intensity: Float
    private let projected: GQTPoint

    /// A point at a coordinate with an intensity.
    public init(coordinate: CLLocationCoordinate2D, intensity: Float) {
        self.intensity = intensity
        let point = GMSProject(coordinate)
        projected = GQTPoint(x: point.x, y: point.y)
        super.init()
    }

    public func point() -> GQTPoint { projected }
}
