import Foundation
import MapDrawing

/// The basemap's look: Google's normal map (light land, blue water, green parks, white and
/// yellow roads with casings by class, grey buildings).
public struct BasemapStyle: Sendable {
    public var land = Color(rgb: 0xF5F3EE)
    public var water = Color(rgb: 0xAADAFF)
    public var waterway = Color(rgb: 0xAADAFF)
    public var park = Color(rgb: 0xC3ECB2)
    public var building = Color(rgb: 0xE8E6E3)
    public var buildingOutline = Color(rgb: 0xDAD7D3)
    public var countryBorder = Color(rgb: 0x9AA0A6)
    public var stateBorder = Color(rgb: 0xBDC1C6)
    public var rail = Color(rgb: 0xB0B0B0)
    public var tram = Color(rgb: 0x9E9E9E)

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

    public init() {}

    /// A road class's width at a zoom (interpolated exponentially, base 1.5 per zoom).
    func width(of road: RoadStyle, zoom: Double) -> Double {
        let t = (zoom - 12) / 4
        let w = road.width12 * pow(road.width16 / road.width12, t)
        return min(max(w, 0.25), 40)
    }
}

