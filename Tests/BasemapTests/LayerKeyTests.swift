import Foundation
import HostileData
import Testing

@testable import Basemap

/// A layer's keys, looked up once in its key table, read each feature's properties as the
/// feature's `properties` dictionary does.
@Suite("Layer keys")
struct LayerKeyTests {
    /// Every layer of two real tiles: dense central Helsinki at the data's highest zoom, and
    /// the world.
    private func realLayers() throws -> [VectorTile.Layer] {
        let reader = try MBTilesReader(path: try #require(EmbeddedBasemap.url).path)
        return try [(14, 9327, 4742), (2, 2, 1)].flatMap { z, x, y in try #require(try reader.tile(z: z, x: x, y: y)).layers }
    }

    @Test func aKeyReadThroughTheLayerIsTheFeaturesPropertyEveryTime() throws {
        var compared = 0
        for layer in try realLayers() {
            let names = Set(layer.features.flatMap(\.properties.keys)).union(["absent", "name:latin"])
            for name in names {
                let key = layer.key(name)
                for feature in layer.features {
                    #expect(layer.value(key, of: feature) == feature.properties[name], "\(layer.name) \(name)")
                    compared += 1
                }
            }
        }
        #expect(compared > 10_000)
    }

    /// Labels read a class's look once for each class and subclass pair: features with one
    /// pair have the same class and subclass, on every layer of two real tiles.
    @Test func featuresWithOneClassPairHaveTheSameClassAndSubclass() throws {
        var pairs = 0
        for layer in try realLayers() {
            let keys = LabelKeys(layer)
            var seen: [Int: (VectorTile.Value?, VectorTile.Value?)] = [:]
            for feature in layer.features {
                let look = (feature.properties["class"], feature.properties["subclass"])
                if let first = seen[keys.classPair(feature)] {
                    #expect(first.0 == look.0 && first.1 == look.1, "\(layer.name)")
                } else {
                    seen[keys.classPair(feature)] = look
                }
            }
            pairs += seen.count
        }
        #expect(pairs > 50)
    }

    /// Tables as large as a layer may hold: the class pairs at their far ends stay apart.
    @Test func classPairsOfTheLargestTablesNeverMeet() {
        let last = UInt32(VectorTile.maximumTableEntries - 1)
        let values = (0..<VectorTile.maximumTableEntries).map { VectorTile.Value.number(Double($0)) }
        func feature(_ tags: [UInt32]) -> VectorTile.Feature {
            var feature = VectorTile.Feature(id: nil, type: .point, properties: [:], parts: [[SIMD2(1, 1)]])
            feature.tags = tags
            return feature
        }
        let layer = VectorTile.Layer(name: "poi", extent: 4096, features: [], keys: ["class", "subclass"], values: values)
        let keys = LabelKeys(layer)
        let pairs = [
            feature([]), feature([0, 0]), feature([1, 0]), feature([0, last]), feature([1, last]), feature([0, last, 1, last]),
            feature([0, last - 1, 1, last]), feature([0, 1, 1, 0]), feature([0, 0, 1, 1]),
            // A class alone whose pair a narrower packing would give a subclass alone.
            feature([0, 3]),
        ].map(keys.classPair)
        #expect(Set(pairs).count == pairs.count)
    }

    /// A hostile layer: a key twice in the table, a key given twice in one feature's tags,
    /// tags past the tables: the last valid tag of a key wins, as in `properties`.
    @Test func repeatedKeysAndTagsPastTheTablesReadAsThePropertiesDo() throws {
        let feature = HostileTiles.feature(type: 1, points: [(1, 1)], tags: [0, 0, 1, 1, 2, 2, 0, 99, 99, 0, 3, 3])
        let data = HostileTiles.tile(
            layer: "place", features: [feature], keys: ["name", "name", "class", "rank"], values: ["first", "second", "city", "x"])
        let tile = try VectorTile(data: data)
        let layer = try #require(tile.layer("place"))
        let decoded = try #require(layer.features.first)
        for name in ["name", "class", "rank", "none"] {
            #expect(layer.value(layer.key(name), of: decoded) == decoded.properties[name], "\(name)")
        }
        #expect(layer.value(layer.key("name"), of: decoded)?.string == "second")
        #expect(LabelKeys(layer).name(decoded) == "second")
        #expect(LabelKeys(layer).klass(decoded)?.string == "city")
    }
}
