import Foundation

/// How an advanced marker behaves where it overlaps others.
public enum GMSCollisionBehavior: Int, Sendable {
    /// Always shown, whatever it overlaps (the default); hides nothing.
    case required = 0
    /// Always shown; optional markers and labels it overlaps are hidden.
    case requiredAndHidesOptional = 1
    /// Shown unless it overlaps a required marker or an optional one of higher priority
    /// (`zIndex`), whose place it then leaves to.
    case optionalAndHidesLowerPriority = 2
}

/// A marker that can give way to others where they overlap (``collisionBehavior``), drawn by
/// default as a ``GMSPinImage`` pin. As in the SDK it needs a map with a map ID (see
/// ``GMSMapView/mapCapabilities``); on a map without one it is drawn as a plain marker and
/// nothing collides.
///
/// On a map with a map ID, optional markers give way to every other marker they overlap,
/// highest `zIndex` first, and the basemap's labels give way to optional markers shown and to
/// `.requiredAndHidesOptional` ones; a hidden marker is neither drawn nor tapped
/// (docs/behaviour.md, rule 33). Its `iconView` is live: drawn again whenever it changes, with
/// `tracksViewChanges` or without, as the SDK draws an advanced marker's view.
open class GMSAdvancedMarker: GMSMarker {
    /// How the marker behaves where it overlaps others (`.required` by default).
    open var collisionBehavior = GMSCollisionBehavior.required { didSet { changed() } }

    public override init() {
        super.init()
    }

    open override func copy(with zone: NSZone? = nil) -> Any {
        let copy = GMSAdvancedMarker(position: position)
        copyMarkerProperties(to: copy)
        copy.collisionBehavior = collisionBehavior
        return copy
    }
}
