import Basemap
import Foundation
import Testing

/// Tiles from any OpenMapTiles-schema maker drawn in our look: names, classes, place IDs.
@Suite("OpenMapTiles schema")
struct OpenMapTilesSchemaTests {
    @Test func namesFallBackFromTheLocalNameToLatinInternationalAndEnglish() {
        func name(_ pairs: [String: String]) -> String? { OpenMapTilesSchema.name(pairs.mapValues { .string($0) }) }
        #expect(name(["name": "Helsinki", "name:latin": "H", "name_en": "E"]) == "Helsinki")
        #expect(name(["name:latin": "Monte-Carlo", "name_int": "I"]) == "Monte-Carlo")
        #expect(name(["name_int": "Monaco", "name_en": "E"]) == "Monaco")
        #expect(name(["name_en": "Singapore", "name:en": "S"]) == "Singapore")
        #expect(name(["name:en": "Vaduz"]) == "Vaduz")
        #expect(name(["name": "", "name:latin": "Vaduz"]) == "Vaduz")
        #expect(name(["class": "minor"]) == nil)
    }

    @Test func roadClassesOfTilemakerAndPlanetilerMapToOurs() {
        #expect(OpenMapTilesSchema.roadClass("primary", subclass: nil) == "primary")
        #expect(OpenMapTilesSchema.roadClass("motorway_construction", subclass: nil) == "motorway")
        #expect(OpenMapTilesSchema.roadClass("path", subclass: "pedestrian") == "minor")
        #expect(OpenMapTilesSchema.roadClass("path", subclass: "footway") == "path")
        #expect(OpenMapTilesSchema.roadClass("busway", subclass: nil) == "service")
        // OpenMapTiles and planetiler: class rail with the kind in subclass; tilemaker 2.2:
        // the kind as the class.
        #expect(OpenMapTilesSchema.roadClass("rail", subclass: "tram") == "transit")
        #expect(OpenMapTilesSchema.roadClass("rail", subclass: "rail") == "rail")
        #expect(OpenMapTilesSchema.roadClass("tram", subclass: nil) == "transit")
        #expect(OpenMapTilesSchema.roadClass("subway", subclass: nil) == "transit")
        #expect(OpenMapTilesSchema.roadClass("ferry", subclass: nil) == nil)
        #expect(OpenMapTilesSchema.roadClass("platform", subclass: nil) == nil)
    }

    @Test func poiCategoriesComeFromSubclassThenClassAndStreetFurnitureIsNotLabelled() {
        // tilemaker 2.2 writes class "amenity" for restaurants: the subclass decides.
        #expect(OpenMapTilesSchema.poiCategory("amenity", subclass: "restaurant") == "restaurant")
        #expect(OpenMapTilesSchema.poiCategory("lodging", subclass: "hotel") == "lodging")
        #expect(OpenMapTilesSchema.poiCategory("clothing_store", subclass: "clothes") == "shop")
        #expect(OpenMapTilesSchema.poiCategory("railway", subclass: "station") == "railway")
        #expect(OpenMapTilesSchema.poiCategory("barrier", subclass: "bollard") == "")
        #expect(OpenMapTilesSchema.poiCategory("amenity", subclass: "waste_basket") == "")
        #expect(OpenMapTilesSchema.poiCategory("unknown", subclass: "unknown") == nil)
        #expect(OpenMapTilesSchema.importance(ofCategory: "museum") > OpenMapTilesSchema.importance(ofCategory: "restaurant"))
        #expect(OpenMapTilesSchema.importance(ofCategory: "restaurant") > OpenMapTilesSchema.importance(ofCategory: "shop"))
    }

    @Test func placeIDsNameTheOSMObjectWhereTheTilesSay() {
        #expect(OpenMapTilesSchema.placeID(id: nil, properties: ["osm_id": .string("n123")]) == "osm:node/123")
        #expect(OpenMapTilesSchema.placeID(id: nil, properties: ["osm_id": .string("w45")]) == "osm:way/45")
        // tilemaker: the OSM type in bits 40-41.
        #expect(OpenMapTilesSchema.placeID(id: 1 << 40 | 987, properties: [:]) == "osm:node/987")
        #expect(OpenMapTilesSchema.placeID(id: 2 << 40 | 5, properties: [:]) == "osm:way/5")
        #expect(OpenMapTilesSchema.placeID(id: 3 << 40 | 6, properties: [:]) == "osm:relation/6")
        #expect(OpenMapTilesSchema.placeID(id: 42, properties: [:]) == "omt:42")
        #expect(OpenMapTilesSchema.placeID(id: nil, properties: [:]) == nil)
    }
}
