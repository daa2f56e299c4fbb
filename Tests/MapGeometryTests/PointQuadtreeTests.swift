import MapGeometry
import Testing

@Suite("Point quadtree")
struct PointQuadtreeTests {
    private struct Random {
        var state: UInt64
        mutating func next() -> Double {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Double(state >> 11) / Double(1 << 53)
        }
    }

    @Test func queriesAgreeWithABruteForceSearch() {
        var random = Random(state: 3)
        var tree = PointQuadtree()
        var points: [Int: MercatorPoint] = [:]
        for key in 0..<5_000 {
            // Clustered and spread points, so leaves split deeply.
            let p = key % 3 == 0
                ? MercatorPoint(x: 0.5 + random.next() * 1e-4, y: 0.3 + random.next() * 1e-4)
                : MercatorPoint(x: random.next(), y: random.next())
            tree.insert(key, at: p)
            points[key] = p
        }
        for key in stride(from: 0, to: 5_000, by: 7) {
            tree.remove(key)
            points[key] = nil
        }
        for key in stride(from: 1, to: 5_000, by: 11) where points[key] != nil {
            let p = MercatorPoint(x: random.next(), y: random.next())
            tree.insert(key, at: p)
            points[key] = p
        }
        #expect(tree.count == points.count)
        for _ in 0..<200 {
            let x = random.next() * 1.2 - 0.1, y = random.next(), w = random.next() * 0.2, h = random.next() * 0.2
            let found = Set(tree.keys(inMinX: x, minY: y, maxX: x + w, maxY: y + h))
            let expected = Set(points.filter { _, p in
                let xs = [p.x, p.x + 1, p.x - 1]
                return xs.contains { $0 >= x && $0 <= x + w } && p.y >= y && p.y <= y + h
            }.keys)
            #expect(found == expected)
        }
    }

    @Test func badPointsAreRefusedAndKeysMove() {
        var tree = PointQuadtree()
        let refused = !tree.insert(1, at: MercatorPoint(x: .nan, y: 0.5))
        #expect(refused)
        let inserted = tree.insert(2, at: MercatorPoint(x: 1.25, y: 2))
        #expect(inserted)
        #expect(tree.point(of: 2) == MercatorPoint(x: 0.25, y: 1))
        tree.insert(2, at: MercatorPoint(x: 0.75, y: 0.5))
        #expect(tree.count == 1 && tree.keys(inMinX: 0.7, minY: 0.4, maxX: 0.8, maxY: 0.6) == [2])
        #expect(tree.keys(inMinX: .nan, minY: 0, maxX: 1, maxY: 1).isEmpty)
        tree.remove(99)
        tree.removeAll()
        #expect(tree.count == 0)
    }
}
