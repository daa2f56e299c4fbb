/// The properties labels read from one layer's features, each key looked up in the layer's
/// key table once (not hashed again for every feature): the answers are the features'
/// `properties`' own.
struct LabelKeys {
    let layer: VectorTile.Layer
    /// ``OpenMapTilesSchema/nameKeys``, in order.
    private let names: [VectorTile.Layer.Key]
    private let klass, subclass, rank, capital, osmID: VectorTile.Layer.Key

    init(_ layer: VectorTile.Layer) {
        self.layer = layer
        names = OpenMapTilesSchema.nameKeys.map(layer.key)
        klass = layer.key("class")
        subclass = layer.key("subclass")
        rank = layer.key("rank")
        capital = layer.key("capital")
        osmID = layer.key("osm_id")
    }

    /// ``OpenMapTilesSchema/name(_:)`` of a feature.
    func name(_ feature: VectorTile.Feature) -> String? {
        for key in names {
            if let name = layer.value(key, of: feature)?.string, !name.isEmpty { return name }
        }
        return nil
    }

    /// A feature's class and subclass as places in the layer's table of values (-1 where it
    /// has none): features with the same pair have the same class and subclass.
    func classPair(_ feature: VectorTile.Feature) -> Int {
        let c = layer.valueIndex(klass, of: feature) ?? -1, s = layer.valueIndex(subclass, of: feature) ?? -1
        // Table indices are below 2^18 (``VectorTile/maximumTableEntries``).
        return (c + 1) << 20 | (s + 1)
    }

    func klass(_ feature: VectorTile.Feature) -> VectorTile.Value? { layer.value(klass, of: feature) }
    func subclass(_ feature: VectorTile.Feature) -> VectorTile.Value? { layer.value(subclass, of: feature) }
    func rank(_ feature: VectorTile.Feature) -> VectorTile.Value? { layer.value(rank, of: feature) }
    func capital(_ feature: VectorTile.Feature) -> VectorTile.Value? { layer.value(capital, of: feature) }

    /// ``OpenMapTilesSchema/placeID(id:properties:)`` of a feature.
    func placeID(_ feature: VectorTile.Feature) -> String? {
        OpenMapTilesSchema.placeID(id: feature.id, osmID: layer.value(osmID, of: feature)?.string)
    }
}

extension VectorTile.Value {
    /// The number, when it is one and finite: a label's rank from a hostile tile (NaN, ±∞)
    /// counts as none, so labels keep one order.
    var finiteNumber: Double? { number.flatMap { $0.isFinite ? $0 : nil } }
}
