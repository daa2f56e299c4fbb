import Foundation

/// What a map view starts with.
///
/// A plain `NSObject` with no actor isolation, as in the SDK.
public final class GMSMapViewOptions: NSObject {
    /// The view's frame.
    public var frame: CGRect = .zero
    /// The first camera; nil for the default (0, 0) at zoom 2... the SDK's whole-world view.
    public var camera: GMSCameraPosition?
    /// The colour behind the map while nothing is drawn.
    public var backgroundColor: UIColor?

    public override init() {
        super.init()
    }
}
