import Foundation
import Geocoding
import Logging
import MapDrawing
import MapGeometry
import MapUIKit

/// Data-driven styling on real boundaries: the styled features of the map's available feature
/// layers (countries, admin-1 areas, localities), drawn above the basemap's land and below its
/// labels, and the features a tap lands in.
///
/// Styles are asked for once per feature per `style` setting, as a feature first shows; the
/// styled features are drawn into transparent tiles at the basemap's tile zoom, kept until a
/// style changes, so a pan only places tiles. Where the basemap shows a tile of its own at the
/// same key, the styled tile is blended into a copy of it once (``decorate(_:_:)``), so a frame
/// places one opaque image per tile instead of two; the layer draws only the other tiles.
@MainActor
final class BoundaryLayer: MapLayer {
    private static let logger = Logger(label: "OpenMaps.Map")

    /// The map's feature layers.
    let store = FeatureLayerStore()
    private let renderer = BoundaryTileRenderer()
    private var geometries: [Boundary.Kind: BoundaryGeometry] = [:]
    /// Each layer's answers to its style closure, by boundary index, for its current revision.
    private var styles: [ObjectIdentifier: (revision: Int, answers: [Int: FeatureStyle?])] = [:]
    /// The styled layers, with the store's revision they were worked out for.
    private var styledCache: (revision: Int, layers: [StyledBoundaries]?)?
    /// Basemap tiles with the styled tile blended in, by key, with the basemap bitmap they
    /// were made from.
    private var decorated: [TileKey: (base: ObjectIdentifier, bitmap: Bitmap)] = [:]
    /// The tiles blended into the basemap's during this frame (not drawn again).
    private var decoratedThisFrame: Set<TileKey> = []
    /// The most blended tiles kept.
    static let decoratedLimit = 32
    private var loadFailed = false

    /// The feature types with boundaries to style, in drawing order (bottom up).
    nonisolated static let supportedTypes: [FeatureType] = [.country, .administrativeAreaLevel1, .locality]

    /// The boundary kind of a supported feature type.
    nonisolated static func kind(of type: FeatureType) -> Boundary.Kind? {
        switch type {
        case .country: .country
        case .administrativeAreaLevel1: .administrativeAreaLevel1
        case .locality: .locality
        default: nil
        }
    }

    /// The available layers with a style, bottom up.
    private var styledStates: [(state: FeatureLayerState, kind: Boundary.Kind)] {
        BoundaryLayer.supportedTypes.compactMap { type in
            guard let kind = BoundaryLayer.kind(of: type), let state = store.state(of: type), state.isAvailable,
                state.styleForFeature != nil
            else { return nil }
            return (state, kind)
        }
    }

    /// The boundaries, read on first need; nil (logged once) when the data cannot be read.
    private var index: BoundaryIndex? {
        if let loaded = SharedBoundaries.loaded { return loaded }
        guard !loadFailed else { return nil }
        let index = SharedBoundaries.load()
        if index == nil {
            loadFailed = true
            BoundaryLayer.logger.error("the boundary data (the geocoder pack) cannot be read; feature layers draw nothing")
        }
        return index
    }

    private func geometry(of kind: Boundary.Kind, in index: BoundaryIndex) -> BoundaryGeometry {
        if let geometry = geometries[kind] { return geometry }
        let geometry = BoundaryGeometry(index.boundaries(of: kind))
        geometries[kind] = geometry
        return geometry
    }

    /// A layer's style for a boundary: asked of its closure once per revision.
    private func style(of state: FeatureLayerState, boundary: Boundary, at position: Int) -> FeatureStyle? {
        let key = ObjectIdentifier(state)
        if styles[key]?.revision != state.revision { styles[key] = (state.revision, [:]) }
        if let answer = styles[key]?.answers[position] { return answer }
        let answer = state.styleForFeature?(PlaceFeature(featureType: state.featureType, placeID: boundary.id)) ?? nil
        styles[key]?.answers[position] = .some(answer)
        return answer
    }

    /// The styled layers as tiles draw them; nil when nothing is styled. Worked out again (and
    /// the drawn tiles forgotten) only when a style changed: the basemap asks for every tile of
    /// every frame.
    private func styledLayers() -> [StyledBoundaries]? {
        let revision = store.revision
        if let cached = styledCache, cached.revision == revision { return cached.layers }
        renderer.reset()
        decorated.removeAll()
        let states = styledStates
        let layers: [StyledBoundaries]? = states.isEmpty ? nil : index.map { index in
            states.map { entry in
                let geometry = geometry(of: entry.kind, in: index)
                return StyledBoundaries(geometry: geometry) { [unowned self] position in
                    self.style(of: entry.state, boundary: geometry.boundaries[position], at: position)
                }
            }
        }
        styledCache = (revision, layers)
        return layers
    }

    /// A basemap tile with the styled tile of the same key blended in (made once, then kept),
    /// the tile itself when no styled feature reaches it, or nil when nothing is styled.
    func decorate(_ key: TileKey, _ base: Bitmap) -> Bitmap? {
        guard let layers = styledLayers() else { return nil }
        decoratedThisFrame.insert(key)
        let scale = Double(base.width) / 256
        guard let overlay = renderer.bitmap(for: key, scale: scale, layers: layers) else { return base }
        if let kept = decorated[key], kept.base == ObjectIdentifier(base) { return kept.bitmap }
        if decorated.count >= BoundaryLayer.decoratedLimit { decorated.removeAll(keepingCapacity: true) }
        let blended = base.copy()
        let canvas = Canvas(bitmap: blended, scale: scale)
        canvas.blit(overlay, at: .zero)
        decorated[key] = (ObjectIdentifier(base), blended)
        return blended
    }

    func draw(in canvas: Canvas, frame: MapFrame) {
        defer { decoratedThisFrame.removeAll(keepingCapacity: true) }
        guard let layers = styledLayers() else { return }
        var batch = TileImageBatch(viewport: frame.viewport)
        for (key, shift) in TileCover.tiles(frame.viewport, zoom: TileCover.displayZoom(frame.viewport.zoom))
        where !decoratedThisFrame.contains(key) {
            guard let bitmap = renderer.bitmap(for: key, scale: canvas.scale, layers: layers) else { continue }
            batch.add(bitmap, part: nil, at: key, shift: shift, overlapsNeighbours: false, in: canvas)
        }
        batch.draw(in: canvas)
    }

    /// The styled features under a point, per layer from the top (localities, then admin-1
    /// areas, then countries), with the coordinate.
    func hitTest(_ point: CGPoint, frame: MapFrame) -> MapHit? {
        let states = styledStates
        guard !states.isEmpty, let index else { return nil }
        let coordinate = frame.viewport.coordinate(for: point.x, point.y)
        var hits: [(state: FeatureLayerState, features: [PlaceFeature])] = []
        for (state, kind) in states.reversed() {
            let boundaries = index.boundaries(of: kind)
            let features = index.indices(of: kind, containing: coordinate).compactMap { position -> PlaceFeature? in
                guard style(of: state, boundary: boundaries[position], at: position) != nil else { return nil }
                return PlaceFeature(featureType: state.featureType, placeID: boundaries[position].id)
            }
            if !features.isEmpty { hits.append((state, features)) }
        }
        return hits.isEmpty ? nil : .features(hits, coordinate: coordinate)
    }
}
