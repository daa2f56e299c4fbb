import Foundation
import OpenMaps
import OpenMapsUtils
import Testing

/// Run inside `HostileInputTests`, one at a time: their children are large.
extension HostileInputTests {
    /// Hostile heatmaps (docs/limits.md), each in a child process.
    @Suite("Hostile input: heatmaps")
    struct HeatmapHostileTests {
        /// The tile holding a coordinate at a zoom.
        static func tile(holding coordinate: CLLocationCoordinate2D, zoom: UInt) -> (x: UInt, y: UInt) {
            let point = GMSProject(coordinate), world = Double(1 << zoom)
            return (UInt((point.x + 1) / 2 * world), UInt((1 - point.y) / 2 * world))
        }

        @Test func limitHeatmapPointsThatAreNotFiniteOrHugeAreLeftOut() async {
            await #expect(processExitsWith: .success) {
                await ExitGuard.run {
                    let helsinki = CLLocationCoordinate2D(latitude: 60.17, longitude: 24.94)
                    let layer = GMUHeatmapTileLayer()
                    layer.weightedData = [
                        GMUWeightedLatLng(coordinate: helsinki, intensity: 1),
                        GMUWeightedLatLng(coordinate: CLLocationCoordinate2D(latitude: 60.17, longitude: .nan), intensity: 1),
                        GMUWeightedLatLng(coordinate: CLLocationCoordinate2D(latitude: 60.17, longitude: .infinity), intensity: 1),
                        GMUWeightedLatLng(coordinate: CLLocationCoordinate2D(latitude: 60.17, longitude: 1e308), intensity: 1),
                        GMUWeightedLatLng(coordinate: CLLocationCoordinate2D(latitude: .nan, longitude: 24.94), intensity: 1),
                        GMUWeightedLatLng(coordinate: helsinki, intensity: .nan),
                        GMUWeightedLatLng(coordinate: CLLocationCoordinate2D(latitude: 60.171, longitude: 24.941), intensity: -1e30),
                        GMUWeightedLatLng(coordinate: CLLocationCoordinate2D(latitude: 60.1705, longitude: 24.9405), intensity: 3e38),
                    ]
                    layer.map = nil
                    for zoom: UInt in [0, 5, 10, 15, 21] {
                        let (x, y) = HostileInputTests.HeatmapHostileTests.tile(holding: helsinki, zoom: zoom)
                        let tile = layer.tileFor(x: x, y: y, zoom: zoom)
                        guard let tile, tile !== kGMSTileLayerNoTile else { exit(4) }
                    }
                    for (x, y, zoom): (UInt, UInt, UInt) in [(.max, 0, 10), (0, .max, 10), (.max, .max, .max), (1 << 10, 0, 10), (0, 0, 22), (0, 0, 63), (0, 0, 64)] {
                        guard layer.tileFor(x: x, y: y, zoom: zoom) === kGMSTileLayerNoTile else { exit(5) }
                    }
                }
            }
        }

        @Test func limitHeatmapPointsPastAMillionAreLeftOut() async {
            await #expect(processExitsWith: .success) {
                await ExitGuard.run {
                    let helsinki = CLLocationCoordinate2D(latitude: 60.17, longitude: 24.94), london = CLLocationCoordinate2D(latitude: 51.5, longitude: -0.12)
                    let layer = GMUHeatmapTileLayer()
                    // Ten million points: the first million in Helsinki, the rest in London.
                    layer.weightedData = Array(repeating: GMUWeightedLatLng(coordinate: helsinki, intensity: 1), count: GMUHeatmapTileLayer.maximumPoints)
                        + Array(repeating: GMUWeightedLatLng(coordinate: london, intensity: 1), count: 9_000_000)
                    layer.map = nil
                    let inHelsinki = HostileInputTests.HeatmapHostileTests.tile(holding: helsinki, zoom: 10), inLondon = HostileInputTests.HeatmapHostileTests.tile(holding: london, zoom: 10)
                    guard let drawn = layer.tileFor(x: inHelsinki.x, y: inHelsinki.y, zoom: 10), drawn !== kGMSTileLayerNoTile else { exit(4) }
                    guard layer.tileFor(x: inLondon.x, y: inLondon.y, zoom: 10) === kGMSTileLayerNoTile else { exit(5) }
                }
            }
        }
    }
}
