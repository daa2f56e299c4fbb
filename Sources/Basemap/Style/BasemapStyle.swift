import Foundation
import MapDrawing

/// The basemap's look: Google's normal map (light land, blue water, green parks, white and
/// yellow roads with casings by class, grey buildings).
public struct BasemapStyle: Sendable {
    public var land = Color(rgb: 0xF5F3EE)
    public var water = Color(rgb: 0xAADAFF)
    public var waterway = Color(rgb: 0xAADAFF)
    public var park = Color(rgb: 0xC3ECB2)
    /// Built-up areas while the map is zoomed out (Google's urban tint).
    public var urban = Color(rgb: 0xEAE7E1)
    public var building = Color(rgb: 0xE8E6E3)
    public var buildingOutline = Color(rgb: 0xDAD7D3)
    public var countryBorder = Color(rgb: 0x9AA0A6)
    public var stateBorder = Color(rgb: 0xBDC1C6)
    public var rail = Color(rgb: 0xB0B0B0)
    public var tram = Color(rgb: 0x9E9E9E)

    // Labels.
    public var placeText = Color(rgb: 0x3C4043)
    public var roadText = Color(rgb: 0x5F6368)
    public var labelHalo = Color(white: 1, alpha: 0.85)
    /// A colour for every POI label instead of the category colours.
    public var poiText: Color?
    /// Whether POI text is a lighter shade of its category colour (on a dark map) instead of a
    /// darker one.
    public var poiTextIsLighter = false
    public var poiIcon: Color?

    // What is drawn.
    public var showWater = true, showParks = true, showBuildings = true, showRoads = true, showTransit = true
    public var showCountryBorders = true, showStateBorders = true
    public var showPlaceLabels = true, showRoadLabels = true, showPOIIcons = true, showPOIText = true
    /// POI groups not drawn (and not tappable): "business", "attraction", "government", "medical",
    /// "park", "place_of_worship", "school", "sports_complex", "transit".
    public var hiddenPOIGroups: Set<String> = []

    /// The Google styling group of a POI class.
    public static func poiGroup(of category: String) -> String {
        switch category {
        case "museum", "art_gallery", "attraction", "monument", "theatre", "cinema": return "attraction"
        case "town_hall", "police", "post": return "government"
        case "hospital", "pharmacy": return "medical"
        case "park": return "park"
        case "place_of_worship": return "place_of_worship"
        case "school", "college", "library": return "school"
        case "railway": return "transit"
        default: return "business"
        }
    }

    /// The feature type of a POI group.
    static func poiFeature(_ group: String) -> String {
        group == "transit" ? "transit.station.rail" : "poi.\(group)"
    }

    /// The colour slots styling rules change: slot, feature type, element type.
    private static let styledColors: [(any WritableKeyPath<BasemapStyle, Color> & Sendable, String, String)] = [
        (\.land, "landscape.natural", "geometry.fill"),
        (\.building, "landscape.man_made", "geometry.fill"),
        (\.urban, "landscape.man_made", "geometry.fill"),
        (\.buildingOutline, "landscape.man_made", "geometry.stroke"),
        (\.water, "water", "geometry.fill"),
        (\.waterway, "water", "geometry.stroke"),
        (\.park, "poi.park", "geometry.fill"),
        (\.countryBorder, "administrative.country", "geometry.stroke"),
        (\.stateBorder, "administrative.province", "geometry.stroke"),
        (\.rail, "transit.line", "geometry.fill"),
        (\.tram, "transit.line", "geometry.fill"),
        (\.placeText, "administrative.locality", "labels.text.fill"),
        (\.roadText, "road", "labels.text.fill"),
        (\.labelHalo, "all", "labels.text.stroke"),
    ]

    /// The switches styling rules turn off: slot, feature type, element type.
    private static let visibilities: [(any WritableKeyPath<BasemapStyle, Bool> & Sendable, String, String)] = [
        (\.showWater, "water", "geometry"),
        (\.showParks, "poi.park", "geometry"),
        (\.showBuildings, "landscape.man_made", "geometry"),
        (\.showRoads, "road", "geometry"),
        (\.showTransit, "transit.line", "geometry"),
        (\.showCountryBorders, "administrative.country", "geometry"),
        (\.showStateBorders, "administrative.province", "geometry"),
        (\.showPlaceLabels, "administrative.locality", "labels"),
        (\.showRoadLabels, "road", "labels"),
        (\.showPOIIcons, "poi", "labels.icon"),
        (\.showPOIText, "poi", "labels.text"),
    ]

    /// This style with Google styling rules applied, slot by slot.
    public func styled(by rules: MapStyleRules) -> BasemapStyle {
        var s = self
        func apply(_ color: inout Color, _ feature: String, _ element: String) {
            color = rules.resolve(color, feature: feature, element: element).color
        }
        for (slot, feature, element) in BasemapStyle.styledColors {
            apply(&s[keyPath: slot], feature, element)
        }
        for (klass, road) in roads {
            let feature = ["motorway", "trunk"].contains(klass) ? "road.highway" : ["primary", "secondary", "tertiary"].contains(klass) ? "road.arterial" : "road.local"
            var styled = road
            apply(&styled.fill, feature, "geometry.fill")
            apply(&styled.casing, feature, "geometry.stroke")
            s.roads[klass] = styled
        }
        let poiTextResolved = rules.resolve(Color(rgb: 0x5F6368), feature: "poi", element: "labels.text.fill")
        if rules.rules.contains(where: { ["all", "poi"].contains($0.feature) && $0.stylers.contains { if case .color = $0 { return true } else { return false } } }) {
            s.poiText = poiTextResolved.color
        }
        for (slot, feature, element) in BasemapStyle.visibilities {
            s[keyPath: slot] = rules.isVisible(feature: feature, element: element)
        }
        s.hiddenPOIGroups = Set(
            ["business", "attraction", "government", "medical", "park", "place_of_worship", "school", "sports_complex", "transit"].filter {
                !rules.isVisible(feature: BasemapStyle.poiFeature($0), element: "labels")
            })
        return s
    }

    /// Fill and casing of each road class, and widths (points) at zoom 12 and zoom 16.
    public struct RoadStyle: Sendable {
        public var fill: Color
        public var casing: Color
        public var width12: Double
        public var width16: Double
    }

    public var roads: [String: RoadStyle] = [
        "motorway": RoadStyle(fill: Color(rgb: 0xFDE293), casing: Color(rgb: 0xF2C45A), width12: 3, width16: 11),
        "trunk": RoadStyle(fill: Color(rgb: 0xFDE293), casing: Color(rgb: 0xF2C45A), width12: 2.6, width16: 10),
        "primary": RoadStyle(fill: Color(rgb: 0xFFFFFF), casing: Color(rgb: 0xD6D3CE), width12: 2, width16: 9),
        "secondary": RoadStyle(fill: Color(rgb: 0xFFFFFF), casing: Color(rgb: 0xD6D3CE), width12: 1.6, width16: 8),
        "tertiary": RoadStyle(fill: Color(rgb: 0xFFFFFF), casing: Color(rgb: 0xD6D3CE), width12: 1.2, width16: 7),
        "minor": RoadStyle(fill: Color(rgb: 0xFFFFFF), casing: Color(rgb: 0xDEDBD6), width12: 0.6, width16: 5),
        "service": RoadStyle(fill: Color(rgb: 0xFFFFFF), casing: Color(rgb: 0xE2DFDA), width12: 0.3, width16: 3),
        "track": RoadStyle(fill: Color(rgb: 0xFFFFFF), casing: Color(rgb: 0xE2DFDA), width12: 0.3, width16: 2),
        "path": RoadStyle(fill: Color(rgb: 0xFFFFFF), casing: Color(rgb: 0xE2DFDA), width12: 0.3, width16: 1.5),
    ]

    public static let normal = BasemapStyle()

    /// Google's dark scheme, as a map shows it in a dark appearance: dark blue-grey land, dark
    /// water, muted roads, brown highways, light labels (the colours of Google's documented
    /// "night" map style).
    public static let dark: BasemapStyle = {
        var style = BasemapStyle()
        let colours: [(WritableKeyPath<BasemapStyle, Color>, UInt32)] = [
            (\.land, 0x242F3E), (\.water, 0x17263C), (\.waterway, 0x17263C), (\.park, 0x263C3F), (\.urban, 0x2A3646), (\.building, 0x2D3948),
            (\.buildingOutline, 0x212A37), (\.countryBorder, 0x4B6878), (\.stateBorder, 0x3B4E60), (\.rail, 0x4F5B6B),
            (\.tram, 0x4F5B6B), (\.placeText, 0xD59563), (\.roadText, 0x9CA5B3),
        ]
        for (slot, rgb) in colours { style[keyPath: slot] = Color(rgb: rgb) }
        style.labelHalo = Color(rgb: 0x242F3E).withAlpha(0.85)
        style.poiTextIsLighter = true
        let road = Color(rgb: 0x38414E), arterial = Color(rgb: 0x465161), casing = Color(rgb: 0x212A37)
        for (klass, value) in style.roads {
            var shade = value
            switch klass {
            case "motorway", "trunk":
                shade.fill = Color(rgb: 0x746855)
                shade.casing = Color(rgb: 0x1F2835)
            case "primary", "secondary", "tertiary":
                shade.fill = arterial
                shade.casing = casing
            default:
                shade.fill = road
                shade.casing = casing
            }
            style.roads[klass] = shade
        }
        return style
    }()

    public init() {}

    /// A road class's width at a zoom (interpolated exponentially, base 1.5 per zoom).
    func width(of road: RoadStyle, zoom: Double) -> Double {
        let t = (zoom - 12) / 4
        let w = road.width12 * pow(road.width16 / road.width12, t)
        return min(max(w, 0.25), 40)
    }
}

