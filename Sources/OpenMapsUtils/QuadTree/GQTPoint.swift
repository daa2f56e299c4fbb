import Foundation

/// A point in the quadtree's space, as the library's C struct `GQTPoint` (clustering uses
/// `GMSProject` space: x and y in [-1, 1], north up).
public struct GQTPoint: Hashable, Sendable {
    public var x: Double
    public var y: Double

    /// The origin, as the imported C struct's `init()`.
    public init() {
        self.init(x: 0, y: 0)
    }

    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }
}

/// A rectangle in the quadtree's space, edges included, as the library's C struct
/// `GQTBounds`.
public struct GQTBounds: Hashable, Sendable {
    public var minX: Double
    public var minY: Double
    public var maxX: Double
    public var maxY: Double

    /// All zero, as the imported C struct's `init()`.
    public init() {
        self.init(minX: 0, minY: 0, maxX: 0, maxY: 0)
    }

    public init(minX: Double, minY: Double, maxX: Double, maxY: Double) {
        self.minX = minX
        self.minY = minY
        self.maxX = maxX
        self.maxY = maxY
    }

    /// Whether a point is inside, edges included.
    func contains(_ point: GQTPoint) -> Bool {
        point.x >= minX && point.x <= maxX && point.y >= minY && point.y <= maxY
    }

    /// Whether two rectangles share a point, edges included.
    func intersects(_ other: GQTBounds) -> Bool {
        !(maxY < other.minY || other.maxY < minY) && !(maxX < other.minX || other.maxX < minX)
    }
}

/// Something a `GQTPointQuadTree` holds: an object at a point.
public protocol GQTPointQuadTreeItem: NSObjectProtocol {
    /// Where the item is in the tree's space.
    func point() -> GQTPoint
}
