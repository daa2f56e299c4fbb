import Foundation
import OpenMaps

/// Something a cluster manager clusters: an object at a position, as the library's
/// `GMUClusterItem`. `title` and `snippet` are optional requirements there; here they have
/// defaults (nil), so a class declaring only `position` conforms. When an item is shown as
/// its own marker, a non-nil title and snippet are copied onto it.
public protocol GMUClusterItem: NSObjectProtocol {
    /// Where the item is.
    var position: CLLocationCoordinate2D { get }
    /// The title its marker shows (optional).
    var title: String? { get }
    /// The snippet its marker shows (optional).
    var snippet: String? { get }
}

extension GMUClusterItem {
    public var title: String? { nil }
    public var snippet: String? { nil }
}

/// Markers are cluster items, as in the library: apps add markers to a cluster manager
/// directly, and a marker shown on its own is put on the map as it is.
extension GMSMarker: GMUClusterItem {}

/// A group of items shown as one marker, as the library's `GMUCluster`.
public protocol GMUCluster: NSObjectProtocol {
    /// Where the cluster is shown.
    var position: CLLocationCoordinate2D { get }
    /// How many items it holds.
    var count: UInt { get }
    /// Its items (a copy).
    var items: [GMUClusterItem] { get }
}

/// A cluster at a fixed position, as the library's `GMUStaticCluster`.
public final class GMUStaticCluster: NSObject, GMUCluster {
    public let position: CLLocationCoordinate2D
    private var storedItems: [GMUClusterItem] = []

    /// An empty cluster at a position.
    public init(position: CLLocationCoordinate2D) {
        self.position = position
        super.init()
    }

    public var count: UInt { UInt(storedItems.count) }
    public var items: [GMUClusterItem] { storedItems }

    /// Adds an item.
    public func add(_ item: GMUClusterItem) {
        storedItems.append(item)
    }

    /// Removes every item equal to this one (`isEqual`).
    public func remove(_ item: GMUClusterItem) {
        storedItems.removeAll { $0.isEqual(item) }
    }
}

/// How items become clusters at a zoom, as the library's `GMUClusterAlgorithm`.
public protocol GMUClusterAlgorithm: NSObjectProtocol {
    /// Adds items.
    func add(_ items: [GMUClusterItem])
    /// Removes an item.
    func remove(_ item: GMUClusterItem)
    /// Removes every item.
    func clearItems()
    /// The clusters at a zoom.
    func clusters(atZoom zoom: Float) -> [GMUCluster]
}
