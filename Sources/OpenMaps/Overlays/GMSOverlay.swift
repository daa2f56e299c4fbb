import Foundation

/// The base of everything drawn on a map: markers, circles, polylines, polygons and ground
/// overlays. Not instantiated directly.
@MainActor
open class GMSOverlay {
    /// A short description; markers show it in their info window.
    open var title: String?
    /// Whether taps on the overlay are reported to the delegate (`true` for markers).
    open var isTappable = false
    /// Drawing order among overlays of the same kind: higher is drawn on top.
    open var zIndex: Int32 = 0
    /// Any value the app wants to keep with the overlay.
    open var userData: Any?

    public init() {}
}
