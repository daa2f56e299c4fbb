import Foundation

/// A path an overlay keeps as its own copy: the SDK copies a path when it is set, so later
/// changes to the one given do nothing to the overlay.
struct OwnPath {
    private(set) var path: GMSPath?

    /// Keeps a copy of a path (nil: none).
    mutating func take(_ given: GMSPath?) {
        path = given.flatMap { $0.copy() as? GMSPath }
    }
}
