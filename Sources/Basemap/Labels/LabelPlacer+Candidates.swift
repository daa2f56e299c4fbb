import Foundation
import MapDrawing
import MapGeometry

extension LabelPlacer {
    /// Whether a place shows at a zoom, as on Google's map: countries from zoom 2 to 6 (a
    /// country's rank is the zoom Natural Earth labels it from: shown from half a zoom before),
    /// capitals from 4, other cities of rank r (Natural Earth's scale rank, 0 the biggest)
    /// from zoom r + 2, every city from 8 (cities until 15, the street zooms), towns from 10
    /// to 15, villages from 12 to 16, suburbs from 13 to 16, neighbourhoods from 15.
    public static func showsPlace(class klass: String, rank: Double, capital: Bool, zoom: Double) -> Bool {
        switch klass {
        case "continent": return zoom < 2
        case "country": return zoom >= 2 && zoom < 7 && rank <= zoom + 0.5
        case "state", "province": return zoom >= 5 && zoom < 9
        case "city": return zoom < 15 && ((capital && zoom >= 4) || rank + 2 <= zoom || zoom >= 8)
        case "town": return zoom < 16 && (zoom >= 10 || rank <= zoom - 2)
        case "village": return zoom >= 12 && zoom < 17
        case "suburb", "quarter": return zoom >= 13 && zoom < 17
        case "island": return zoom >= 11
        default: return zoom >= 15
        }
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

    static let roadPriority: [String: Double] = [
        "motorway": 34, "trunk": 33, "primary": 32, "secondary": 30, "tertiary": 28, "minor": 22, "service": 14, "track": 12, "path": 12,
    ]

    /// The labels the tiles offer at a zoom, in projected space, most important first. Each
    /// tile's data is read once, however many display tiles it covers (over-zoom).
    func gatherCandidates(_ basemap: BasemapTiles, tiles: [CoveringTile], zoom: Double) -> [LabelCandidate] {
        let style = basemap.style
        var candidates: [LabelCandidate] = []
        var seen: Set<String> = []
        var read: Set<SIMD4<Int>> = []
        for (key, shift) in tiles where candidates.count < LabelPlacer.maximumCandidates {
            let (data, levels) = basemap.data(for: key)
            guard let tile = data else { continue }
            let dataZ = key.z - levels, n = Double(1 << dataZ)
            let dataX = key.x >> levels, dataY = key.y >> levels
            guard read.insert(SIMD4(dataZ, dataX, dataY, shift)).inserted else { continue }
            let tileStart = candidates.count
            /// Whether this tile has offered as many labels as one tile may.
            func tileIsFull() -> Bool { candidates.count - tileStart >= LabelPlacer.maximumCandidatesPerTile }
            func mercator(_ p: SIMD2<Double>, _ extent: Double) -> MercatorPoint {
                MercatorPoint(x: (Double(dataX) + p.x / extent) / n + Double(shift), y: (Double(dataY) + p.y / extent) / n)
            }
            /// Whether a tile point lies in the tile proper (not its buffer): each point label
            /// comes from one tile.
            func inside(_ p: SIMD2<Double>, _ extent: Double) -> Bool { p.x >= 0 && p.y >= 0 && p.x < extent && p.y < extent }
            if style.showPlaceLabels, let places = tile.layer("place") {
                for feature in places.features where feature.type == .point && !tileIsFull() {
                    guard let name = OpenMapTilesSchema.name(feature.properties), let point = feature.parts.first?.first else { continue }
                    let rank = feature.properties["rank"]?.number ?? 10
                    let klass = feature.properties["class"]?.string ?? "town"
                    let capital = (feature.properties["capital"]?.number ?? 0) == 2 || feature.properties["capital"]?.string == "yes"
                    guard LabelPlacer.showsPlace(class: klass, rank: rank, capital: capital, zoom: zoom) else { continue }
                    let m = mercator(point, places.extent)
                    let id = "place:\(name):\(Int(saturating: m.x * 1e5)):\(Int(saturating: m.y * 1e5))"
                    guard seen.insert(id).inserted else { continue }
                    let (font, base): (Font, Double) =
                        switch klass {
                        // Big countries before capitals, capitals before small countries.
                        case "country": (LabelPlacer.countryFont, 320 - 40 * min(max(rank, 0), 6))
                        case "city": (LabelPlacer.cityFont, capital ? 200 : 120)
                        case "town": (LabelPlacer.placeFont, 90)
                        case "village", "island": (LabelPlacer.placeFont, 60)
                        case "state", "province": (LabelPlacer.neighbourhoodFont, 100)
                        default: (LabelPlacer.neighbourhoodFont, 40)
                        }
                    candidates.append(
                        LabelCandidate(
                            kind: .place, text: name, point: m, coordinate: coordinate(m), textSize: size(name, font), category: klass,
                            priority: base - min(max(rank, 0), 30)))
                }
            }
            if style.showRoadLabels, let roads = tile.layer("transportation_name") {
                for feature in roads.features where feature.type == .lineString && !tileIsFull() {
                    guard let name = OpenMapTilesSchema.name(feature.properties),
                        let klass = OpenMapTilesSchema.roadClass(feature.properties["class"]?.string ?? "minor", subclass: feature.properties["subclass"]?.string),
                        klass != "rail", klass != "transit", zoom >= LabelPlacer.roadNameMinimumZoom(klass)
                    else { continue }
                    let parts = feature.parts.map { $0.map { mercator($0, roads.extent) } }
                    candidates.append(
                        LabelCandidate(
                            kind: .road, text: name, parts: parts, bounds: LabelCandidate.bounds(of: parts),
                            textSize: size(name, LabelPlacer.roadFont), category: klass, priority: LabelPlacer.roadPriority[klass] ?? 10))
                }
            }
            let minimumImportance = LabelPlacer.poiMinimumImportance(atZoom: zoom)
            if zoom >= 14, style.showPOIIcons || style.showPOIText, let pois = tile.layer("poi") {
                for feature in pois.features where feature.type == .point && !tileIsFull() {
                    guard let name = OpenMapTilesSchema.name(feature.properties), let point = feature.parts.first?.first, inside(point, pois.extent),
                        let category = OpenMapTilesSchema.poiCategory(feature.properties["class"]?.string ?? "", subclass: feature.properties["subclass"]?.string),
                        !category.isEmpty, !style.hiddenPOIGroups.contains(BasemapStyle.poiGroup(of: category))
                    else { continue }
                    let importance = OpenMapTilesSchema.importance(ofCategory: category)
                    guard importance >= minimumImportance else { continue }
                    let m = mercator(point, pois.extent)
                    let c = coordinate(m)
                    let placeID =
                        OpenMapTilesSchema.placeID(id: feature.id, properties: feature.properties)
                        ?? String(format: "omt:%.6f,%.6f", c.latitude, c.longitude)
                    guard seen.insert(placeID).inserted else { continue }
                    let rank = min(max(feature.properties["rank"]?.number ?? 25, 0), 60)
                    candidates.append(
                        LabelCandidate(
                            kind: .poi, text: name, point: m, coordinate: c, textSize: size(name, LabelPlacer.poiFont), placeID: placeID,
                            category: category, priority: 8 + 24 * importance - 0.1 * rank))
                }
            }
        }
        // Stable: equal labels keep the tiles' order.
        let order = candidates.indices.sorted {
            let a = candidates[$0], b = candidates[$1]
            if a.priority != b.priority { return a.priority > b.priority }
            if a.text != b.text { return a.text < b.text }
            return $0 < $1
        }
        return order.map { candidates[$0] }
    }
}
