import Foundation
import MapDrawing

/// Draws a vector tile's geometry (no labels) into a square of `size` points: water, parks,
/// buildings, boundaries, railways, and roads with casings, in the basemap style.
///
/// For overzoom, `source` selects the part of a lower-zoom tile that covers the target tile:
/// its origin and size in the source tile's extent units.
public struct TileRenderer: Sendable {
    public let style: BasemapStyle

    public init(style: BasemapStyle = .normal) {
        self.style = style
    }

    /// Renders a tile (or part of one) at a display zoom into a new bitmap.
    public func render(
        _ tile: VectorTile, zoom: Double, size: Double = 256, scale: Double, source: (x: Double, y: Double, size: Double)? = nil
    ) -> Bitmap {
        let canvas = Canvas(size: CGSize(width: size, height: size), scale: scale)
        canvas.clear(style.land)
        draw(tile, zoom: zoom, size: size, source: source, in: canvas)
        // Over an opaque land the tile is opaque: drawn under tilt, it then covers the frame
        // without the frame being cleared first.
        if style.land.alpha >= 1 { canvas.bitmap.recordOpacity() }
        return canvas.bitmap
    }

    /// The most points drawn for one tile; the geometry past it is not drawn, so a hostile
    /// tile costs bounded drawing work.
    public static let maximumDrawnPoints = 262_144
    /// The most points drawn for one feature.
    public static let maximumPointsPerFeature = 65_536
    /// Parts longer than this are drawn simplified to half a pixel.
    public static let simplifiedPartLength = 1_024

    /// The zoom from which a road class is drawn, as on Google's map: footpaths and tracks
    /// from 16, service roads from 14, the rest whenever the tiles have them.
    public static func minimumZoom(ofRoadClass klass: String) -> Double {
        switch klass {
        case "path", "track": return 16
        case "service": return 14
        default: return 0
        }
    }

    /// Draws into a canvas whose origin is the tile's top left.
    public func draw(_ tile: VectorTile, zoom: Double, size: Double, source: (x: Double, y: Double, size: Double)?, in canvas: Canvas) {
        canvas.withSavedState {
            canvas.clip(to: CGRect(x: 0, y: 0, width: size, height: size))
            var budget = TileRenderer.maximumDrawnPoints
            // The part of the tile drawn, with room for the widest stroke: features wholly
            // outside it are skipped (a zoom-15 tile drawn from a zoom-14 one skips three
            // quarters of them).
            let visible = source ?? (0, 0, tile.layers.first?.extent ?? 4096)
            let margin = visible.size / size * 24
            func shown(_ feature: VectorTile.Feature) -> Bool {
                feature.meets(
                    minX: visible.x - margin, minY: visible.y - margin, maxX: visible.x + visible.size + margin,
                    maxY: visible.y + visible.size + margin)
            }
            func path(_ layer: VectorTile.Layer, _ feature: VectorTile.Feature, close: Bool) -> Path {
                let region = source ?? (0, 0, layer.extent)
                let k = size / region.size
                var path = Path()
                var featureBudget = min(budget, TileRenderer.maximumPointsPerFeature)
                for part in feature.parts where part.count >= 2 && featureBudget >= 2 {
                    let drawn = part.prefix(featureBudget)
                    featureBudget -= drawn.count
                    budget -= drawn.count
                    var last = CGPoint(x: (drawn[0].x - region.x) * k, y: (drawn[0].y - region.y) * k)
                    path.move(to: last)
                    // Long parts drop points under half a pixel from the last one drawn: the
                    // same picture, a bounded stroke (short parts are drawn as they are).
                    let step = drawn.count > TileRenderer.simplifiedPartLength ? 0.5 / canvas.scale : 0
                    // A line's segments wholly beside the drawn square (past one side, with room
                    // for the widest stroke) are left out: the line breaks there, out of sight.
                    let low = -24.0, high = size + 24
                    var broken = false
                    for (index, point) in drawn.enumerated().dropFirst() {
                        let p = CGPoint(x: (point.x - region.x) * k, y: (point.y - region.y) * k)
                        guard index == drawn.count - 1 || abs(p.x - last.x) >= step || abs(p.y - last.y) >= step else { continue }
                        if !close,
                            (p.x < low && last.x < low) || (p.x > high && last.x > high) || (p.y < low && last.y < low) || (p.y > high && last.y > high)
                        {
                            broken = true
                        } else {
                            if broken { path.move(to: last) }
                            broken = false
                            path.line(to: p)
                        }
                        last = p
                    }
                    if close { path.close() }
                }
                return path
            }
            func fill(_ name: String, _ color: Color, where accept: (VectorTile.Feature) -> Bool = { _ in true }) {
                guard let layer = tile.layer(name) else { return }
                var all = Path()
                for feature in layer.features where feature.type == .polygon && shown(feature) && accept(feature) { all.addPath(path(layer, feature, close: true)) }
                canvas.fill(all, with: color, rule: .evenOdd)
            }
            func klass(_ feature: VectorTile.Feature) -> String { feature.properties["class"]?.string ?? "" }
            // Built-up areas are tinted while the map is zoomed out (Google's urban tint).
            if zoom < 13 { fill("landuse", style.urban) { ["residential", "suburb", "neighbourhood", "commercial", "retail", "industrial"].contains(klass($0)) } }
            if style.showParks {
                // Woods and fields paler than parks, as on Google's map.
                fill("landcover", style.park.withAlpha(style.park.alpha * 0.55)) { ["wood", "forest", "wetland", "farmland"].contains(klass($0)) }
                fill("landcover", style.park) { ["grass", "park"].contains(klass($0)) }
                fill("landuse", style.park) { ["cemetery", "stadium", "pitch", "park", "playground", "garden"].contains(klass($0)) }
                fill("park", style.park)
            }
            if style.showWater { fill("water", style.water) }
            if style.showWater, let waterways = tile.layer("waterway") {
                for feature in waterways.features where feature.type == .lineString && shown(feature) {
                    let small = ["stream", "ditch", "drain"].contains(klass(feature))
                    let width = zoom < 8 ? 0.8 : small ? (zoom >= 14 ? 1 : 0.5) : zoom >= 14 ? 3 : 1.6
                    canvas.stroke(path(waterways, feature, close: false), with: style.waterway, style: StrokeStyle(width: width, cap: .round, join: .round))
                }
            }
            if zoom >= 11 { fill("aeroway", style.building) }
            if zoom >= 14, style.showBuildings, let buildings = tile.layer("building") {
                var all = Path()
                for feature in buildings.features where feature.type == .polygon && shown(feature) { all.addPath(path(buildings, feature, close: true)) }
                canvas.fill(all, with: style.building, rule: .evenOdd)
                if zoom >= 16 { canvas.stroke(all, with: style.buildingOutline, style: StrokeStyle(width: 0.5)) }
            }
            if let boundaries = tile.layer("boundary") {
                for feature in boundaries.features where feature.type == .lineString && shown(feature) && feature.properties["maritime"]?.number != 1 {
                    let level = feature.properties["admin_level"]?.number ?? 2
                    // Countries, and states and provinces (levels 3-4); no lower levels.
                    guard level <= 4 else { continue }
                    let country = level <= 2
                    guard country ? style.showCountryBorders : style.showStateBorders else { continue }
                    canvas.stroke(
                        path(boundaries, feature, close: false), with: country ? style.countryBorder : style.stateBorder,
                        style: StrokeStyle(width: country ? 1 : 0.5, join: .round, dashes: country ? [] : [3, 2]))
                }
            }
            guard style.showRoads || style.showTransit, let roads = tile.layer("transportation") else { return }
            // Casings under fills, minor classes under major ones; tunnels faint, under everything.
            let order = ["path", "track", "service", "minor", "tertiary", "secondary", "primary", "trunk", "motorway"]
            var byClass: [String: Path] = [:], tunnels: [String: Path] = [:]
            var rails = Path(), trams = Path(), areas = Path()
            for feature in roads.features where shown(feature) {
                guard let drawn = OpenMapTilesSchema.roadClass(klass(feature), subclass: feature.properties["subclass"]?.string),
                    zoom >= TileRenderer.minimumZoom(ofRoadClass: drawn)
                else { continue }
                if feature.type == .polygon {
                    // Squares and pedestrian areas are drawn as streets.
                    if style.showRoads, zoom >= 14, drawn == "minor" || drawn == "path" || drawn == "service" { areas.addPath(path(roads, feature, close: true)) }
                    continue
                }
                guard feature.type == .lineString else { continue }
                let shape = path(roads, feature, close: false)
                switch drawn {
                case "rail": if style.showTransit { rails.addPath(shape) }
                case "transit": if style.showTransit { trams.addPath(shape) }
                default:
                    guard style.showRoads else { continue }
                    if feature.properties["brunnel"]?.string == "tunnel" { tunnels[drawn, default: Path()].addPath(shape) } else { byClass[drawn, default: Path()].addPath(shape) }
                }
            }
            if let minor = style.roads["minor"] { canvas.fill(areas, with: minor.fill, rule: .evenOdd) }
            for klass in order {
                guard let shape = tunnels[klass], let road = style.roads[klass] else { continue }
                canvas.stroke(shape, with: road.casing.withAlpha(0.5), style: StrokeStyle(width: style.width(of: road, zoom: zoom), cap: .butt, join: .bevel))
            }
            // Round joins only where roads are wide enough to show them (they cost the most).
            func stroke(_ width: Double) -> (StrokeStyle.Cap, StrokeStyle.Join) {
                width >= 3 ? (.round, .round) : (.butt, .bevel)
            }
            for klass in order {
                guard let shape = byClass[klass], let road = style.roads[klass] else { continue }
                let width = style.width(of: road, zoom: zoom) + (style.width(of: road, zoom: zoom) > 1.5 ? 1.5 : 0.6)
                let (cap, join) = stroke(width)
                canvas.stroke(shape, with: road.casing, style: StrokeStyle(width: width, cap: cap, join: join))
            }
            for klass in order {
                guard let shape = byClass[klass], let road = style.roads[klass] else { continue }
                let width = style.width(of: road, zoom: zoom)
                let (cap, join) = stroke(width)
                canvas.stroke(
                    shape, with: road.fill,
                    style: StrokeStyle(width: width, cap: cap, join: join, dashes: klass == "path" && zoom >= 16 ? [2, 1.5] : []))
            }
            canvas.stroke(rails, with: style.rail, style: StrokeStyle(width: 1.2, dashes: [4, 3]))
            canvas.stroke(trams, with: style.tram, style: StrokeStyle(width: 0.8))
        }
    }
}
