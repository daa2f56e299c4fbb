import Foundation

/// How an advanced marker behaves where it overlaps others.
public enum GMSCollisionBehavior: Int, Sendable {
    /// Always shown, whatever it overlaps (the default).
    case required = 0
    /// Always shown; optional markers and labels it overlaps are hidden.
    case requiredAndHidesOptional = 1
    /// Shown unless it overlaps a required marker or an optional one of higher priority
    /// (`zIndex`), whose place it then leaves to.
    case optionalAndHidesLowerPriority = 2
}

/// A marker that can give way to others where they overlap (``collisionBehavior``), drawn by
/// default as a ``GMSPinImage`` pin. As in the SDK it needs a map with a map ID (see
/// ``GMSMapView/mapCapabilities``); on a map without one it is drawn as a plain marker.
/// OpenMaps does not hide colliding markers yet: every advanced marker is drawn, as with
/// `.required`.
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
