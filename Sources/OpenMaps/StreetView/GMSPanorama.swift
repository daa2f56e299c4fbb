import Foundation
import MapGeometry

/// Metadata of a Street View panorama: where it was taken, its ID and its neighbours.
///
/// A plain `NSObject` with no actor isolation, as in the SDK. Apps do not make panoramas:
/// they come from ``GMSPanoramaService`` or ``GMSPanoramaView``. OpenMaps has no Street
/// View imagery, so neither ever gives one.
public final class GMSPanorama: NSObject {
    /// Where the panorama was taken.
    public let coordinate: CLLocationCoordinate2D
    /// The panorama's ID. IDs change over time: do not store them.
    public let panoramaID: String
    /// Links to the neighbouring panoramas.
    public let links: [GMSPanoramaLink]

    init(coordinate: CLLocationCoordinate2D, panoramaID: String, links: [GMSPanoramaLink] = []) {
        self.coordinate = coordinate
        self.panoramaID = panoramaID
        self.links = links
        super.init()
    }

    public override var description: String {
        "GMSPanorama(\(panoramaID) at \(coordinate), \(links.count) links)"
    }
}
