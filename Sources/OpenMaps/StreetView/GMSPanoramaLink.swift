import Foundation

/// A link from a panorama to a neighbouring one.
///
/// A plain `NSObject` with no actor isolation, as in the SDK. OpenMaps finds no panoramas,
/// so it never makes links; apps may still make and edit them.
open class GMSPanoramaLink: NSObject {
    /// The direction of the neighbouring panorama in degrees, clockwise from north.
    open var heading: CGFloat = 0
    /// The neighbouring panorama's ID. IDs change over time: do not store them.
    open var panoramaID = ""

    /// A link with heading 0 and an empty panorama ID.
    public override init() {
        super.init()
    }
}
