import MapGeometry
import Testing

/// docs/limits.md: numbers from input never trap a conversion; caches stay within their bounds.
@Suite("Limits of the geometry layer")
struct GeometryLimitTests {
    @Test func limitSaturatingConversionsNeverTrap() {
        #expect(Int(saturating: .nan) == 0)
        #expect(Int(saturating: .infinity) == .max)
        #expect(Int(saturating: -.infinity) == .min)
        #expect(Int(saturating: 1e300) == .max)
        #expect(Int(saturating: -1e300) == .min)
        #expect(Int(saturating: 3.9) == 3)
        #expect(Int(saturating: -3.9) == -3)
        #expect(Int32(saturating: 1e12) == .max)
        #expect(Int32(saturating: -1e12) == .min)
    }

    @Test func limitCacheCostDropsTheLeastRecentlyUsedPastItsBudget() {
        var cache = LRUCache<Int, String>(capacity: 100, maximumCost: 10)
        cache.insert("a", for: 1, cost: 4)
        cache.insert("b", for: 2, cost: 4)
        _ = cache.value(for: 1)
        cache.insert("c", for: 3, cost: 4)
        #expect(cache.peek(1) == "a" && cache.peek(2) == nil && cache.peek(3) == "c")
        #expect(cache.totalCost == 8)
        cache.insert("huge", for: 4, cost: 1_000)
        #expect(cache.count == 1 && cache.peek(4) == "huge", "the newest stays whatever its cost")
        cache.removeAll()
        #expect(cache.totalCost == 0)
    }

    @Test func limitTileCoverIsEmptyForAViewportPastAnyWorld() {
        var viewport = Viewport(target: CLLocationCoordinate2D(latitude: 0, longitude: 0), zoom: 3, bearing: 0, tilt: 0, width: 640, height: 400)
        viewport.padding = ViewportPadding(top: 1e300, left: -1e300, bottom: 0, right: 0)
        #expect(TileCover.tiles(viewport, zoom: 3).count <= TileCover.defaultLimit)
    }
}
