/// A region quadtree of points in the unit square (normalised Web Mercator), for finding the
/// items near a place quickly: hit tests and culling among very many markers.
///
/// Items are identified by an integer key; a key's point can be moved or removed. Queries
/// take a box; boxes that cross x = 0 or x = 1 wrap around the world.
public struct PointQuadtree: Sendable {
    private struct Node: Sendable {
        var minX: Double, minY: Double, size: Double
        var items: [(key: Int, point: MercatorPoint)] = []
        var children: Int?  // index of the first of four children
    }

    /// Points a leaf holds before it splits.
    public static let bucketSize = 32
    /// The deepest a leaf may be (cells of about 1/2^24 of the world).
    public static let maximumDepth = 24

    private var nodes: [Node] = [Node(minX: 0, minY: 0, size: 1)]
    private var points: [Int: MercatorPoint] = [:]
    private var depths: [Int] = [0]

    public init() {}

    /// The number of items.
    public var count: Int { points.count }

    /// The point of an item.
    public func point(of key: Int) -> MercatorPoint? { points[key] }

    /// Adds an item, or moves it if the key is known. Points outside the unit square are
    /// wrapped in x and clamped in y; non-finite points are refused (returns false).
    @discardableResult
    public mutating func insert(_ key: Int, at point: MercatorPoint) -> Bool {
        guard point.x.isFinite, point.y.isFinite else { return false }
        if points[key] != nil { remove(key) }
        var p = point
        p.x -= p.x.rounded(.down)
        p.y = min(max(p.y, 0), 1)
        points[key] = p
        var index = 0
        while let first = nodes[index].children {
            index = first + quadrant(of: p, in: nodes[index])
        }
        nodes[index].items.append((key, p))
        if nodes[index].items.count > PointQuadtree.bucketSize && depths[index] < PointQuadtree.maximumDepth { split(index) }
        return true
    }

    /// Removes an item (unknown keys are ignored).
    public mutating func remove(_ key: Int) {
        guard let p = points.removeValue(forKey: key) else { return }
        var index = 0
        while let first = nodes[index].children {
            index = first + quadrant(of: p, in: nodes[index])
        }
        if let position = nodes[index].items.firstIndex(where: { $0.key == key }) { nodes[index].items.remove(at: position) }
    }

    /// Removes every item.
    public mutating func removeAll() {
        self = PointQuadtree()
    }

    /// Calls `body` with every item (key and point) whose point lies in the box (edges included).
    public func forEach(inMinX minX: Double, minY: Double, maxX: Double, maxY: Double, _ body: (Int, MercatorPoint) -> Void) {
        guard minX.isFinite, maxX.isFinite, minY.isFinite, maxY.isFinite, maxX >= minX, maxY >= minY else { return }
        if maxX - minX >= 1 {
            search(0, 0, 1, minY, maxY, 0, body)
            return
        }
        // Wrap the box into the world: it may become two boxes.
        let shift = minX.rounded(.down)
        let a = minX - shift, b = maxX - shift
        if b <= 1 {
            search(0, a, b, minY, maxY, 0, body)
        } else {
            search(0, a, 1, minY, maxY, 0, body)
            search(0, 0, b - 1, minY, maxY, 0, body)
        }
    }

    /// The items in a box, as an array.
    public func keys(inMinX minX: Double, minY: Double, maxX: Double, maxY: Double) -> [Int] {
        var result: [Int] = []
        forEach(inMinX: minX, minY: minY, maxX: maxX, maxY: maxY) { key, _ in result.append(key) }
        return result
    }

    private func search(
        _ index: Int, _ minX: Double, _ maxX: Double, _ minY: Double, _ maxY: Double, _ depth: Int, _ body: (Int, MercatorPoint) -> Void
    ) {
        let node = nodes[index]
        guard node.minX <= maxX, node.minX + node.size >= minX, node.minY <= maxY, node.minY + node.size >= minY else { return }
        if let first = node.children {
            for child in first..<(first + 4) { search(child, minX, maxX, minY, maxY, depth + 1, body) }
            return
        }
        let whole = minX <= node.minX && maxX >= node.minX + node.size && minY <= node.minY && maxY >= node.minY + node.size
        for item in node.items {
            let p = item.point
            if whole || (p.x >= minX && p.x <= maxX && p.y >= minY && p.y <= maxY) { body(item.key, p) }
        }
    }

    private func quadrant(of p: MercatorPoint, in node: Node) -> Int {
        let half = node.size / 2
        return (p.x >= node.minX + half ? 1 : 0) + (p.y >= node.minY + half ? 2 : 0)
    }

    private mutating func split(_ index: Int) {
        let node = nodes[index]
        let half = node.size / 2
        let first = nodes.count
        for quadrant in 0..<4 {
            nodes.append(
                Node(minX: node.minX + (quadrant & 1 == 1 ? half : 0), minY: node.minY + (quadrant & 2 == 2 ? half : 0), size: half))
            depths.append(depths[index] + 1)
        }
        nodes[index].children = first
        let items = nodes[index].items
        nodes[index].items = []
        for item in items {
            let child = first + quadrant(of: item.point, in: nodes[index])
            nodes[child].items.append(item)
        }
        for child in first..<(first + 4) where nodes[child].items.count > PointQuadtree.bucketSize && depths[child] < PointQuadtree.maximumDepth {
            split(child)
        }
    }
}
