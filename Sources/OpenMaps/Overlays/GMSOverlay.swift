import Foundation

/// The base of everything drawn on a map: markers, circles, polylines, polygons and ground
/// overlays. Not instantiated directly.
///
/// As in the SDK, an overlay is a plain `NSObject` with no actor isolation: make and edit it
/// anywhere, but use it on the main thread once it is on a map. The map hears of a change made
/// on another thread on the main thread, with a logged error (docs/limits.md, "Threads").
/// Equality and hashing are identity, as `NSObject`'s.
open class GMSOverlay: NSObject, NSCopying {
    /// A short description; markers show it in their info window.
    open var title: String? { didSet { changed() } }
    /// Whether taps on the overlay are reported to the delegate (true for markers; false,
    /// as in the SDK, for shapes).
    open var isTappable = false
    /// Drawing order among overlays of the same kind: higher is drawn on top. Markers are
    /// always above the other overlays.
    open var zIndex: Int32 = 0 { didSet { changed() } }
    /// Any value the app wants to keep with the overlay.
    open var userData: Any?
    /// Told of a tap on the overlay before the map's delegate is (OpenMaps' own, for the
    /// utilities: the geometry renderer reports taps on the features it drew).
    package var tapObserver: (@MainActor (GMSOverlay) -> Void)?

    /// The map the overlay is shown on; setting it adds the overlay to that map (on top of
    /// the others of its kind) and removes it from its former one. Held weakly.
    open weak var map: GMSMapView? {
        didSet {
            MainThread.move(
                self, "\(type(of: self)).map", from: oldValue, to: map, current: { $0.map },
                leave: { $0.overlayLeft($1) }, join: { $0.overlayJoined($1) })
        }
    }

    /// Counts changes, so the map redraws what depends on the overlay.
    package private(set) var revision = 0

    public override init() {
        super.init()
    }

    /// Records a change and asks the map to draw again.
    func changed() {
        noteChange()
        guard let map else { return }
        MainThread.run("\(type(of: self))") { map.setNeedsDisplay() }
    }

    /// Records a change (the map is told by the caller).
    func noteChange() {
        revision &+= 1
    }

    /// A copy of the overlay with `map` nil (the SDK's `NSCopying`; `copy()` calls it).
    open func copy(with zone: NSZone? = nil) -> Any {
        let copy = GMSOverlay()
        copyProperties(to: copy)
        return copy
    }

    func copyProperties(to copy: GMSOverlay) {
        copy.title = title
        copy.isTappable = isTappable
        copy.zIndex = zIndex
        copy.userData = userData
    }
}
