import Foundation

/// A point quadtree, as the library's `GQTPointQuadTree`: items at points inside fixed
/// bounds, found by rectangle. A leaf splits into four once it holds 64 items, down to 30
/// levels (deeper leaves grow without limit); nodes are not merged after removals. Searches
/// visit the quarters top right, top left, bottom right, bottom left, and a leaf's items in
/// the order they came, as the library does (the distance-based clustering depends on it).
/// Not thread-safe.
public final class GQTPointQuadTree: NSObject {
    /// The most items a leaf holds before it splits.
    public static let maximumLeafItems = 64
    /// The deepest level a leaf splits at.
    public static let maximumDepth = 30

    private let bounds: GQTBounds
    private var root: Node
    private var itemCount: UInt = 0

    /// A tree over bounds; nil when they are not finite or are inverted. As in the library
    /// the result is implicitly unwrapped: `guard let` and direct use both compile.
    public init!(bounds: GQTBounds) {
        guard [bounds.minX, bounds.minY, bounds.maxX, bounds.maxY].allSatisfy(\.isFinite),
            bounds.minX <= bounds.maxX, bounds.minY <= bounds.maxY
        else { return nil }
        self.bounds = bounds
        root = Node(bounds: bounds, depth: 0)
        super.init()
    }

    /// A tree over `GMSProject` space, (-1, -1) to (1, 1).
    public override convenience init() {
        self.init(unchecked: GQTBounds(minX: -1, minY: -1, maxX: 1, maxY: 1))
    }

    private init(unchecked bounds: GQTBounds) {
        self.bounds = bounds
        root = Node(bounds: bounds, depth: 0)
        super.init()
    }

    /// Adds an item; false when it is nil or its point is outside the bounds (or not finite).
    @discardableResult
    public func add(_ item: GQTPointQuadTreeItem?) -> Bool {
        guard let item else { return false }
        let point = item.point()
        guard bounds.contains(point) else { return false }
        root.insert(item, at: point)
        itemCount += 1
        return true
    }

    /// Removes the first item equal to this one (`isEqual`) at its point; whether one was.
    @discardableResult
    public func remove(_ item: GQTPointQuadTreeItem?) -> Bool {
        guard let item else { return false }
        let point = item.point()
        guard bounds.contains(point), root.remove(item, at: point) else { return false }
        itemCount -= 1
        return true
    }

    /// Removes every item.
    public func clear() {
        root = Node(bounds: bounds, depth: 0)
        itemCount = 0
    }

    /// The items inside a rectangle, edges included.
    public func search(with searchBounds: GQTBounds) -> [Any] {
        var found: [Any] = []
        root.search(searchBounds) { found.append($0) }
        return found
    }

    /// The items inside a rectangle, typed (an OpenMaps addition; `search(with:)` returns
    /// `[Any]` as the library's untyped array does).
    public func items(in searchBounds: GQTBounds) -> [GQTPointQuadTreeItem] {
        var found: [GQTPointQuadTreeItem] = []
        root.search(searchBounds) { found.append($0) }
        return found
    }

    /// How many items the tree holds.
    public func count() -> UInt { itemCount }

    /// A node: a leaf with items, or four quarters.
    private final class Node {
        let bounds: GQTBounds
        let depth: Int
        var items: [(item: GQTPointQuadTreeItem, point: GQTPoint)] = []
        /// Top right, top left, bottom right, bottom left.
        var children: [Node]?

        init(bounds: GQTBounds, depth: Int) {
            self.bounds = bounds
            self.depth = depth
        }

        private var middle: GQTPoint { GQTPoint(x: (bounds.minX + bounds.maxX) / 2, y: (bounds.minY + bounds.maxY) / 2) }

        /// The quarter a point goes to: above the middle is top, right of it is right (points
        /// on the middle lines go bottom and left).
        private func quarter(of point: GQTPoint) -> Int {
            let middle = self.middle
            return (point.y > middle.y ? 0 : 2) + (point.x > middle.x ? 0 : 1)
        }

        func insert(_ item: GQTPointQuadTreeItem, at point: GQTPoint) {
            var node = self
            while let children = node.children { node = children[node.quarter(of: point)] }
            if node.items.count >= GQTPointQuadTree.maximumLeafItems, node.depth < GQTPointQuadTree.maximumDepth {
                node.split()
                node.insert(item, at: point)
                return
            }
            node.items.append((item, point))
        }

        private func split() {
            let middle = self.middle
            children = [
                Node(bounds: GQTBounds(minX: middle.x, minY: middle.y, maxX: bounds.maxX, maxY: bounds.maxY), depth: depth + 1),
                Node(bounds: GQTBounds(minX: bounds.minX, minY: middle.y, maxX: middle.x, maxY: bounds.maxY), depth: depth + 1),
                Node(bounds: GQTBounds(minX: middle.x, minY: bounds.minY, maxX: bounds.maxX, maxY: middle.y), depth: depth + 1),
                Node(bounds: GQTBounds(minX: bounds.minX, minY: bounds.minY, maxX: middle.x, maxY: middle.y), depth: depth + 1),
            ]
            let moving = items
            items = []
            for entry in moving { insert(entry.item, at: entry.point) }
        }

        func remove(_ item: GQTPointQuadTreeItem, at point: GQTPoint) -> Bool {
            var node = self
            while let children = node.children { node = children[node.quarter(of: point)] }
            guard let index = node.items.firstIndex(where: { $0.item.isEqual(item) }) else { return false }
            node.items.remove(at: index)
            return true
        }

        func search(_ searchBounds: GQTBounds, _ visit: (GQTPointQuadTreeItem) -> Void) {
            // An explicit stack: trees may be 30 levels deep; children pushed in reverse so
            // they are visited in the library's order.
            var stack: [Node] = [self]
            while let node = stack.popLast() {
                if let children = node.children {
                    for child in children.reversed() where child.bounds.intersects(searchBounds) { stack.append(child) }
                } else {
                    for entry in node.items where searchBounds.contains(entry.point) { visit(entry.item) }
                }
            }
        }
    }
}
