import Basemap
import Foundation
import MapDrawing
import MapGeometry
import MapUIKit

/// The embedded (or a chosen) basemap under everything else: its tiles, drawn from the
/// nearest rendered ancestor while a tile renders in the background. Its labels are drawn
/// above the shapes by ``BasemapLabelLayer``. `.none` draws the background alone.
@MainActor
final class BasemapLayer: MapLayer {
    /// The tiles, shared with the label layer.
    let tiles = BasemapTiles()
    /// Whether the basemap is drawn (not for `.none`).
    var isShown = true
    /// The colour under a map that shows no basemap.
    var background: () -> Color = { BasemapStyle.normal.land }
    /// Gives a whole tile's bitmap with what a layer above draws on that tile already blended
    /// in, or nil to leave the tile as it is (see ``BoundaryLayer``): one opaque image a tile
    /// is cheaper to place than two.
    var tileDecorator: ((TileKey, Bitmap) -> Bitmap?)?
    /// Work of the layers above that needs no pixels, done on the main thread while the other
    /// cores render or draw the tiles (the labels' placement and sprites for a camera at a
    /// scale; see ``BasemapLabelLayer/prepare(_:scale:)``).
    var alongsideTiles: ((Viewport, Double) -> Void)?

    /// Whether the map's appearance is dark: without a map style the basemap then draws
    /// Google's dark scheme (``BasemapStyle/dark``); a map style keeps its own look.
    var isDark = false {
        didSet { if oldValue != isDark { restyle() } }
    }
    private var mapStyle: GMSMapStyle?

    /// Restyles the basemap (nil: the default look, light or dark).
    func use(style: GMSMapStyle?) {
        mapStyle = style
        restyle()
    }

    private func restyle() {
        tiles.style = mapStyle.map { BasemapStyle.normal.styled(by: $0.rules) } ?? (isDark ? .dark : .normal)
    }

    /// The data's sources, as their licences ask to be shown.
    var attribution: String { tiles.attribution }

    func draw(in canvas: Canvas, frame: MapFrame) {
        guard isShown else {
            canvas.clear(background())
            return
        }
        // The land under the tiles: under tilt, painted only where no tile covers.
        var batch = TileImageBatch(viewport: frame.viewport, background: tiles.style.land)
        let scale = canvas.scale
        for (key, shift) in visibleTiles(frame.viewport) {
            for shown in tiles.shownTiles(for: key, scale: scale) {
                let own = shown.part == nil && shown.key == key
                let bitmap = own ? tileDecorator?(key, shown.bitmap) ?? shown.bitmap : shown.bitmap
                batch.add(bitmap, part: shown.part, at: shown.key, shift: shift, in: canvas)
            }
        }
        batch.draw(in: canvas, alongside: alongsideTiles.map { work in { work(frame.viewport, scale) } })
    }

    /// Makes ready the tiles the camera needs at the screen's scale: rendered now (virtual
    /// time, after `willRender`; on every core, the work alongside on this thread) or started
    /// in the background (busy while they render).
    func prepare(_ preparation: LayerPreparation) -> LayerWork {
        guard isShown else { return LayerWork() }
        let viewport = preparation.viewport
        let busy = tiles.prepare(
            visibleTiles(viewport).map(\.key), scale: UIScreen.defaultScale, willRender: preparation.willRender,
            whileRendering: alongsideTiles.map { work in { work(viewport, UIScreen.defaultScale) } })
        return LayerWork(isBusy: busy)
    }

    var isWorkingInBackground: Bool { tiles.isRendering }

    /// In real time tiles render on other cores; until one arrives its stand-ins are shown.
    func useRealTime(_ realTime: Bool, arrived: @escaping @MainActor () -> Void) {
        tiles.rendersInBackground = realTime
        if realTime {
            tiles.onTileArrived = { arrived() }
        } else {
            tiles.onTileArrived = nil
        }
    }

    /// The tiles covering the view at the camera's display zoom.
    func visibleTiles(_ viewport: Viewport) -> [CoveringTile] {
        TileCover.tiles(viewport, zoom: TileCover.displayZoom(viewport.zoom))
    }
}

/// The basemap's place, road and POI labels, placed where they do not overlap (above the
/// shapes, below the markers). A tap on a drawn POI icon is a POI tap (rule 7).
@MainActor
final class BasemapLabelLayer: MapLayer {
    private let basemap: BasemapLayer
    private let placer = LabelPlacer()
    /// Where labels give way to markers now (``MarkerLayer/collisions(in:)``, rule 33).
    var blockers: (Viewport) -> [CGRect] = { _ in [] }

    init(basemap: BasemapLayer) {
        self.basemap = basemap
    }

    /// Places the labels for a camera and draws their sprites at a scale, ahead of drawing
    /// them (the placer keeps both; a placement for a camera not drawn next leaves no trace):
    /// the basemap does it while the cores render or draw its tiles.
    func prepare(_ viewport: Viewport, scale: Double) {
        guard basemap.isShown else { return }
        placer.makeSprites(for: placer.placeAhead(for: viewport, tiles: basemap.tiles), style: basemap.tiles.style, scale: scale)
    }

    /// The labels placed for a camera.
    func labels(in viewport: Viewport) -> [PlacedLabel] {
        guard basemap.isShown else { return [] }
        let labels = placer.labels(for: viewport, tiles: basemap.tiles)
        let blockers = self.blockers(viewport)
        guard !blockers.isEmpty else { return labels }
        return labels.filter { label in
            let box = label.icon.map { label.box.union($0) } ?? label.box
            return !blockers.contains { $0.intersects(box) }
        }
    }

    /// The POIs drawn now: their view point, name and own location.
    func pointsOfInterest(in viewport: Viewport) -> [(point: CGPoint, name: String, coordinate: CLLocationCoordinate2D)] {
        let view = CGRect(x: 0, y: 0, width: viewport.width, height: viewport.height)
        return labels(in: viewport).filter { $0.kind == .poi && view.contains($0.anchor) }.map { ($0.anchor, $0.text, $0.coordinate) }
    }

    func draw(in canvas: Canvas, frame: MapFrame) {
        placer.draw(labels(in: frame.viewport), style: basemap.tiles.style, in: canvas)
    }

    func hitTest(_ point: CGPoint, frame: MapFrame) -> MapHit? {
        guard let poi = labels(in: frame.viewport).last(where: { $0.poiIconContains(point) }), let placeID = poi.placeID else { return nil }
        return .poi(placeID: placeID, name: poi.text, location: poi.coordinate)
    }
}
