import Foundation

/// How OpenMapTiles-schema tiles map to what the basemap draws, whichever tool made them: the
/// embedded basemap, tilemaker's and planetiler's stock OpenMapTiles profiles, or
/// OpenMapTiles itself. They agree on layers but differ in where names live and in some class
/// values; this is the one place that reads them.
public enum OpenMapTilesSchema {
    /// Where a feature's drawn name is read from, first found first: the local name, then the
    /// Latin-script and international names tilemaker writes, then the English ones.
    public static let nameKeys = ["name", "name:latin", "name_int", "name_en", "name:en"]

    /// A feature's drawn name: the first non-empty of ``nameKeys``.
    public static func name(_ properties: [String: VectorTile.Value]) -> String? {
        for key in nameKeys {
            if let name = properties[key]?.string, !name.isEmpty { return name }
        }
        return nil
    }

    /// The road class drawn for a `transportation` feature, or nil when it is not drawn as a
    /// road: `motorway` ... `path`, `rail` (trains) or `transit` (trams, metro, light rail).
    /// `_construction` classes draw as their class; busways as service roads; pedestrian
    /// streets as minor streets.
    public static func roadClass(_ klass: String, subclass: String?) -> String? {
        let base = klass.hasSuffix("_construction") ? String(klass.dropLast("_construction".count)) : klass
        switch base {
        case "motorway", "trunk", "primary", "secondary", "tertiary", "minor", "service", "track": return base
        case "path":
            return subclass == "pedestrian" || subclass == "living_street" ? "minor" : "path"
        case "busway", "bus_guideway", "raceway": return "service"
        case "rail":
            // OpenMapTiles: class rail, subclass rail / light_rail / subway / tram ...
            switch subclass {
            case "tram", "subway", "light_rail", "monorail": return "transit"
            default: return "rail"
            }
        case "transit", "tram", "subway", "light_rail", "monorail": return "transit"
        case "narrow_gauge", "funicular", "preserved": return "rail"
        default: return nil
        }
    }

    /// A POI's category (which sets its colour and glyph), from its class and subclass, or nil
    /// for the features a map does not label: street furniture, entrances, parking, bins.
    public static func poiCategory(_ klass: String, subclass: String?) -> String? {
        if let sub = subclass, let category = bySubclass[sub] { return category }
        if let category = byClass[klass] { return category }
        if klass == "shop" || klass.hasSuffix("_store") || klass.hasSuffix("_shop") { return "shop" }
        return nil
    }

    /// How much a category matters next to others, 0...1: landmarks, museums and stations
    /// before restaurants, restaurants before shops.
    public static func importance(ofCategory category: String) -> Double {
        switch category {
        case "attraction", "museum", "monument": return 1
        case "railway", "hospital", "town_hall", "college", "park", "theatre", "zoo": return 0.85
        case "place_of_worship", "art_gallery", "library", "cinema", "stadium", "lodging": return 0.7
        case "restaurant", "cafe", "bar", "beer", "school", "police", "post", "pharmacy", "ferry": return 0.55
        case "fast_food", "bank", "grocery", "doctor", "bus": return 0.45
        case "shop": return 0.35
        default: return 0.3
        }
    }

    private static let bySubclass: [String: String] = [
        "restaurant": "restaurant", "fast_food": "fast_food", "food_court": "fast_food", "cafe": "cafe", "ice_cream": "cafe",
        "bar": "bar", "pub": "beer", "biergarten": "beer", "nightclub": "bar", "bakery": "cafe",
        "hotel": "lodging", "hostel": "lodging", "motel": "lodging", "guest_house": "lodging", "bed_and_breakfast": "lodging",
        "museum": "museum", "gallery": "art_gallery", "arts_centre": "art_gallery", "attraction": "attraction", "theme_park": "attraction",
        "zoo": "zoo", "aquarium": "zoo", "monument": "monument", "memorial": "monument", "castle": "monument", "ruins": "monument",
        "theatre": "theatre", "cinema": "cinema",
        "park": "park", "garden": "park", "playground": "park", "dog_park": "park", "nature_reserve": "park",
        "stadium": "stadium", "sports_centre": "stadium", "golf_course": "stadium",
        "station": "railway", "halt": "railway", "tram_stop": "railway", "subway": "railway", "train_station": "railway",
        "bus_station": "bus", "ferry_terminal": "ferry", "aerodrome": "airport",
        "hospital": "hospital", "clinic": "doctor", "doctors": "doctor", "dentist": "doctor", "pharmacy": "pharmacy", "chemist": "pharmacy",
        "school": "school", "kindergarten": "school", "university": "college", "college": "college", "library": "library",
        "townhall": "town_hall", "courthouse": "town_hall", "embassy": "town_hall", "police": "police", "fire_station": "police",
        "post_office": "post", "place_of_worship": "place_of_worship", "bank": "bank",
        "supermarket": "grocery", "convenience": "grocery", "marketplace": "grocery", "department_store": "shop", "mall": "shop",
        // Not labelled (street furniture and the like), whatever their class says.
        "bollard": "", "gate": "", "lift_gate": "", "cycle_barrier": "", "stile": "", "waste_basket": "", "bicycle_parking": "",
        "motorcycle_parking": "", "parking": "", "toilets": "", "telephone": "", "post_box": "", "recycling": "", "shelter": "",
        "subway_entrance": "", "train_station_entrance": "", "bus_stop": "", "taxi": "", "information": "", "bench": "",
        "vending_machine": "", "atm": "", "bicycle_rental": "", "artwork": "", "viewpoint": "", "picnic_site": "", "pitch": "",
        "swimming_pool": "", "grave_yard": "", "charging_station": "",
    ]

    private static let byClass: [String: String] = [
        "restaurant": "restaurant", "fast_food": "fast_food", "cafe": "cafe", "bar": "bar", "beer": "beer", "ice_cream": "cafe",
        "lodging": "lodging", "museum": "museum", "art_gallery": "art_gallery", "attraction": "attraction", "monument": "monument",
        "castle": "monument", "theatre": "theatre", "cinema": "cinema", "zoo": "zoo", "park": "park", "stadium": "stadium",
        "golf": "stadium", "railway": "railway", "bus": "bus", "ferry_terminal": "ferry", "harbor": "ferry", "aerialway": "railway",
        "hospital": "hospital", "doctors": "doctor", "dentist": "doctor", "pharmacy": "pharmacy", "school": "school",
        "college": "college", "library": "library", "town_hall": "town_hall", "police": "police", "fire_station": "police",
        "post": "post", "place_of_worship": "place_of_worship", "bank": "bank", "grocery": "grocery", "clothing_store": "shop",
        "alcohol_shop": "shop", "music": "shop", "shop": "shop", "car": "shop", "office": "office", "airport": "airport",
    ]

    /// A POI's place ID from its feature ID or properties, stable across tiles and zooms:
    /// `osm:node/123`, `osm:way/123` or `osm:relation/123` where the tiles say which OSM object
    /// it is (an `osm_id` property like `n123`, or tilemaker's IDs with the type in bits 40-41),
    /// else `omt:<id>`, else nil.
    public static func placeID(id: UInt64?, properties: [String: VectorTile.Value]) -> String? {
        placeID(id: id, osmID: properties["osm_id"]?.string)
    }

    /// ``placeID(id:properties:)`` from the `osm_id` property's text, read by the caller.
    static func placeID(id: UInt64?, osmID: String?) -> String? {
        if let osm = osmID, let kind = osm.first {
            let number = osm.dropFirst()
            switch kind {
            case "n": return "osm:node/" + number
            case "w": return "osm:way/" + number
            case "r": return "osm:relation/" + number
            default: return "osm:" + osm
            }
        }
        guard let id else { return nil }
        let kind = id >> 40, number = id & ((1 << 40) - 1)
        switch kind {
        case 1: return "osm:node/\(number)"
        case 2: return "osm:way/\(number)"
        case 3: return "osm:relation/\(number)"
        default: return "omt:\(id)"
        }
    }
}
