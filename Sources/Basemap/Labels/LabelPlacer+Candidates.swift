import Foundation
import MapDrawing
import MapGeometry

extension LabelPlacer {
    /// The zooms at which a place shows, as on Google's map: countries from zoom 2 to 6 (a
    /// country's rank is the zoom Natural Earth labels it from: shown from half a zoom before),
    /// capitals from 4, other cities of rank r (Natural Earth's scale rank, 0 the biggest)
    /// from zoom r + 2, every city from 8 (cities until 15, the street zooms), towns from 10
    /// to 15, villages from 12 to 16, suburbs from 13 to 16, neighbourhoods from 15.
    public static func placeZooms(class klass: String, rank: Double, capital: Bool) -> Range<Double> {
        func zooms(_ low: Double, _ high: Double) -> Range<Double> { low < high ? low..<high : high..<high }
        switch klass {
        case "continent": return zooms(0, 2)
        case "country": return zooms(max(2, rank - 0.5), 7)
        case "state", "province": return zooms(5, 9)
        case "city": return zooms(min(capital ? 4 : 8, rank + 2, 8), 15)
        case "town": return zooms(min(10, rank + 2), 16)
        case "village": return zooms(12, 17)
        case "suburb", "quarter": return zooms(13, 17)
        case "island": return zooms(11, .infinity)
        default: return zooms(15, .infinity)
        }
    }

    /// Whether a place shows at a zoom (``placeZooms(class:rank:capital:)``).
    public static func showsPlace(class klass: String, rank: Double, capital: Bool, zoom: Double) -> Bool {
        placeZooms(class: klass, rank: rank, capital: capital).contains(zoom)
    }

    /// The zoom from which a road class's names show: motorways to primary roads from 13,
    /// secondary and tertiary from 14, streets from 15, service roads and paths from 16.
    public static func roadNameMinimumZoom(_ klass: String) -> Double {
        switch klass {
        case "motorway", "trunk", "primary": return 13
        case "secondary", "tertiary": return 14
        case "minor": return 15
        default: return 16
        }
    }

    /// The zoom from which a POI of an importance shows (``poiMinimumImportance(atZoom:)``).
    static func poiMinimumZoom(importance: Double) -> Double {
        importance >= poiMinimumImportance(atZoom: 14) ? 14 : importance >= poiMinimumImportance(atZoom: 15) ? 15 : 16
    }

    static let roadPriority: [String: Double] = [
        "motorway": 34, "trunk": 33, "primary": 32, "secondary": 30, "tertiary": 28, "minor": 22, "service": 14, "track": 12, "path": 12,
    ]

    /// The labels the tiles offer at a zoom, in projected space, most important first (then
    /// by text; equal labels in the tiles' order). Each data tile's labels are read and ordered
    /// once (however many display tiles it covers) and kept for the zooms and pans that come
    /// back to it; the zoom picks among them, and the tiles' orders are merged, not sorted again.
    func gatherCandidates(_ basemap: BasemapTiles, tiles: [CoveringTile], zoom: Double) -> [LabelCandidate] {
        var count = 0
        var seen: Set<String> = []
        var read: Set<SIMD4<Int>> = []
        // Each tile's labels shown at the zoom, most important first.
        var picked: [[LabelCandidate]] = []
        for (key, shift) in tiles where count < LabelPlacer.maximumCandidates {
            let (data, levels) = basemap.readyData(for: key)
            guard let tile = data else { continue }
            let dataKey = SIMD4(key.z - levels, key.x >> levels, key.y >> levels, shift)
            guard read.insert(dataKey).inserted else { continue }
            let offered: TileLabels
            if let cached = tileCandidates[dataKey], cachedRevision == basemap.revision {
                offered = cached
            } else {
                if cachedRevision != basemap.revision || tileCandidates.count >= LabelPlacer.cachedTiles {
                    tileCandidates.removeAll(keepingCapacity: true)
                    cachedRevision = basemap.revision
                }
                offered = TileLabels(labels(of: tile, at: dataKey, style: basemap.style))
                tileCandidates[dataKey] = offered
            }
            // Which labels are taken is decided in the tile's own order, as they were read.
            var taken = [Bool](repeating: false, count: offered.candidates.count)
            for (index, candidate) in offered.candidates.enumerated() where candidate.zooms.contains(zoom) && count < LabelPlacer.maximumCandidates {
                // The same place or POI may come from two tiles (of two zooms, under tilt).
                if let id = candidate.placeID, !seen.insert(id).inserted { continue }
                taken[index] = true
                count += 1
            }
            picked.append(offered.order.compactMap { taken[$0] ? offered.candidates[$0] : nil })
        }
        return LabelPlacer.merge(picked)
    }

    /// Merges lists each most important first into one, most important first; of equal
    /// labels, the earlier list's first.
    static func merge(_ lists: [[LabelCandidate]]) -> [LabelCandidate] {
        guard lists.count > 1 else { return lists.first ?? [] }
        var merged: [LabelCandidate] = []
        merged.reserveCapacity(lists.reduce(0) { $0 + $1.count })
        // A binary heap of the lists' next labels (list, position), the most important on top.
        var heap: [(list: Int, at: Int)] = lists.indices.filter { !lists[$0].isEmpty }.map { ($0, 0) }
        func before(_ a: (list: Int, at: Int), _ b: (list: Int, at: Int)) -> Bool {
            LabelCandidate.comesFirst(lists[a.list][a.at], lists[b.list][b.at]) ?? (a.list < b.list)
        }
        func siftDown(_ start: Int) {
            var parent = start
            while true {
                let left = 2 * parent + 1, right = left + 1
                var first = parent
                if left < heap.count, before(heap[left], heap[first]) { first = left }
                if right < heap.count, before(heap[right], heap[first]) { first = right }
                if first == parent { return }
                heap.swapAt(parent, first)
                parent = first
            }
        }
        for index in stride(from: heap.count / 2 - 1, through: 0, by: -1) { siftDown(index) }
        while let top = heap.first {
            merged.append(lists[top.list][top.at])
            if top.at + 1 < lists[top.list].count {
                heap[0].at += 1
            } else {
                heap[0] = heap[heap.count - 1]
                heap.removeLast()
            }
            if !heap.isEmpty { siftDown(0) }
        }
        return merged
    }

    /// Every label one data tile offers at any zoom, each with the zooms it shows at.
    private func labels(of tile: VectorTile, at key: SIMD4<Int>, style: BasemapStyle) -> [LabelCandidate] {
        var candidates: [LabelCandidate] = []
        // The key is (zoom, x, y, world copy).
        let n = Double(1 << key.x), dataX = Double(key.y), dataY = Double(key.z), shift = Double(key.w)
        func isFull() -> Bool { candidates.count >= LabelPlacer.maximumCandidatesPerTile }
        let roadSlot = measuringSlot(for: LabelPlacer.roadFont), poiSlot = measuringSlot(for: LabelPlacer.poiFont)
        func mercator(_ p: SIMD2<Double>, _ extent: Double) -> MercatorPoint {
            MercatorPoint(x: (dataX + p.x / extent) / n + shift, y: (dataY + p.y / extent) / n)
        }
        /// Whether a tile point lies in the tile proper (not its buffer): each point label
        /// comes from one tile.
        func inside(_ p: SIMD2<Double>, _ extent: Double) -> Bool { p.x >= 0 && p.y >= 0 && p.x < extent && p.y < extent }
        /// A value worked out once for each key (a class and subclass pair).
        func once<Value>(_ known: inout [Int: Value], _ key: Int, _ make: () -> Value) -> Value {
            if let value = known[key] { return value }
            let value = make()
            known[key] = value
            return value
        }
        /// Each feature of a layer of a type, read where it lies (not copied), while the tile
        /// may offer more.
        func forEach(_ layer: VectorTile.Layer, _ type: VectorTile.GeometryType, _ body: (borrowing VectorTile.Feature) -> Void) {
            layer.features.withUnsafeBufferPointer { features in
                for index in features.indices where features[index].type == type && !isFull() { body(features[index]) }
            }
        }
        if style.showPlaceLabels, let places = tile.layer("place") {
            let keys = LabelKeys(places)
            for feature in places.features where feature.type == .point && !isFull() {
                guard let name = keys.name(feature), let point = feature.parts.first?.first else { continue }
                let rank = keys.rank(feature)?.finiteNumber ?? 10
                let klass = keys.klass(feature)?.string ?? "town"
                let capitalValue = keys.capital(feature)
                let capital = (capitalValue?.number ?? 0) == 2 || capitalValue?.string == "yes"
                let zooms = LabelPlacer.placeZooms(class: klass, rank: rank, capital: capital)
                guard !zooms.isEmpty else { continue }
                let m = mercator(point, places.extent)
                let base: Double =
                    switch klass {
                    // Big countries before capitals, capitals before small countries.
                    case "country": 320 - 40 * min(max(rank, 0), 6)
                    case "city": capital ? 200 : 120
                    case "town": 90
                    case "village", "island": 60
                    case "state", "province": 100
                    default: 40
                    }
                let font = LabelPlacer.font(forPlaceClass: klass)
                candidates.append(
                    LabelCandidate(
                        kind: .place, text: name, point: m, coordinate: coordinate(m), fontSlot: measuringSlot(for: font),
                        placeID: "place:\(name):\(Int(saturating: m.x * 1e5)):\(Int(saturating: m.y * 1e5))", category: klass,
                        priority: base - min(max(rank, 0), 30), zooms: zooms))
            }
        }
        if style.showRoadLabels, let roads = tile.layer("transportation_name") {
            let keys = LabelKeys(roads)
            // A road's class read once for each class and subclass the layer has.
            var classes: [Int: (klass: String, priority: Double, zooms: Range<Double>)?] = [:]
            forEach(roads, .lineString) { feature in
                let look = once(&classes, keys.classPair(feature)) {
                    OpenMapTilesSchema.roadClass(keys.klass(feature)?.string ?? "minor", subclass: keys.subclass(feature)?.string).flatMap { klass in
                        klass == "rail" || klass == "transit"
                            ? nil : (klass, LabelPlacer.roadPriority[klass] ?? 10, LabelPlacer.roadNameMinimumZoom(klass)..<Double.infinity)
                    }
                }
                guard let look, let name = keys.name(feature) else { return }
                let parts = feature.parts.map { $0.map { mercator($0, roads.extent) } }
                candidates.append(
                    LabelCandidate(
                        kind: .road, text: name, parts: parts, bounds: LabelCandidate.bounds(of: parts),
                        fontSlot: roadSlot, category: look.klass, priority: look.priority, zooms: look.zooms))
            }
        }
        if style.showPOIIcons || style.showPOIText, let pois = tile.layer("poi") {
            let keys = LabelKeys(pois)
            // A POI's category read once for each class and subclass the layer has (nil: not
            // labelled, or its group hidden).
            var categories: [Int: (category: String, importance: Double)?] = [:]
            forEach(pois, .point) { feature in
                guard let point = feature.parts.first?.first, inside(point, pois.extent) else { return }
                let look = once(&categories, keys.classPair(feature)) {
                    OpenMapTilesSchema.poiCategory(keys.klass(feature)?.string ?? "", subclass: keys.subclass(feature)?.string).flatMap { category in
                        category.isEmpty || style.hiddenPOIGroups.contains(BasemapStyle.poiGroup(of: category))
                            ? nil : (category, OpenMapTilesSchema.importance(ofCategory: category))
                    }
                }
                guard let (category, importance) = look, let name = keys.name(feature) else { return }
                let m = mercator(point, pois.extent)
                let c = coordinate(m)
                let placeID = keys.placeID(feature) ?? String(format: "omt:%.6f,%.6f", c.latitude, c.longitude)
                let rank = min(max(keys.rank(feature)?.finiteNumber ?? 25, 0), 60)
                candidates.append(
                    LabelCandidate(
                        kind: .poi, text: name, point: m, coordinate: c, fontSlot: poiSlot, placeID: placeID,
                        category: category, priority: 8 + 24 * importance - 0.1 * rank,
                        zooms: LabelPlacer.poiMinimumZoom(importance: importance)..<Double.infinity))
            }
        }
        return candidates
    }
}
