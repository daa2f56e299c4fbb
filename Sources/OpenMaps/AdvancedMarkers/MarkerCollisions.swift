import Foundation
import MapGeometry

/// Which markers give way where advanced markers overlap (`collisionBehavior`), and where the
/// basemap's labels give way to markers, for one camera (docs/behaviour.md, rule 33).
///
/// - Every marker that is not optional is shown: plain markers, `.required` and
///   `.requiredAndHidesOptional` advanced markers.
/// - An `.optionalAndHidesLowerPriority` marker is shown only where it overlaps no shown
///   marker: shown markers are taken in priority order, highest `zIndex` first, then the one
///   lower on the screen, then the one added later.
/// - Labels (place, road and POI labels) are hidden where they overlap a shown optional
///   marker or a `.requiredAndHidesOptional` one.
struct MarkerCollisions {
    /// The markers hidden by others.
    var hidden: Set<ObjectIdentifier> = []
    /// Where labels give way, in view points.
    var labelBlockers: [CGRect] = []

    /// No collisions: every marker shown, no label hidden.
    static let none = MarkerCollisions()

    /// Resolves the collisions of the markers in view, given in drawing order with the box
    /// each covers on screen.
    static func resolve(_ markers: [(marker: GMSMarker, box: CGRect)]) -> MarkerCollisions {
        var result = MarkerCollisions()
        var shown: [CGRect] = []
        var optional: [(order: Int, marker: GMSMarker, box: CGRect)] = []
        for (order, entry) in markers.enumerated() {
            switch (entry.marker as? GMSAdvancedMarker)?.collisionBehavior {
            case .optionalAndHidesLowerPriority?:
                optional.append((order, entry.marker, entry.box))
            case .requiredAndHidesOptional?:
                shown.append(entry.box)
                result.labelBlockers.append(entry.box)
            default:
                shown.append(entry.box)
            }
        }
        optional.sort { a, b in
            if a.marker.zIndex != b.marker.zIndex { return a.marker.zIndex > b.marker.zIndex }
            if a.box.maxY != b.box.maxY { return a.box.maxY > b.box.maxY }
            return a.order > b.order
        }
        for entry in optional {
            if shown.contains(where: { $0.intersects(entry.box) }) {
                result.hidden.insert(ObjectIdentifier(entry.marker))
            } else {
                shown.append(entry.box)
                result.labelBlockers.append(entry.box)
            }
        }
        return result
    }
}
