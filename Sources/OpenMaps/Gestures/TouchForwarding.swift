import Foundation

/// Turns the UIKit touches a view receives into ``MapTouch`` values for its own gesture
/// handlers (a map's, a panorama's): one identity per finger from `began` to its end, and
/// the location in the view's coordinates.
@MainActor
struct TouchForwarding {
    /// The identities given, by UIKit touch.
    private var identities: [ObjectIdentifier: Int] = [:]
    private var next = 1

    /// The touches' changes in a view, oldest first. A finger not seen beginning is skipped.
    mutating func touches(_ touches: Set<UITouch>, _ phase: MapTouch.Phase, in view: UIView) -> [MapTouch] {
        var changes: [MapTouch] = []
        for touch in touches.sorted(by: { $0.timestamp < $1.timestamp }) {
            let key = ObjectIdentifier(touch)
            let id: Int
            if let known = identities[key] {
                id = known
            } else {
                guard phase == .began else { continue }
                id = next
                next &+= 1
                identities[key] = id
            }
            if phase == .ended || phase == .cancelled { identities[key] = nil }
            changes.append(MapTouch(id: id, phase: phase, location: touch.location(in: view), timestamp: touch.timestamp))
        }
        return changes
    }
}
