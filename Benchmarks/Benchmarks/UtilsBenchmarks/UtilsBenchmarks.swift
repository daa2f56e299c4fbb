import Benchmark
import Foundation
import OpenMapsUtils

/// The utility library's figures: clustering 10k and 100k items at a zoom with the library's
/// algorithms, and a heatmap tile.
let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .throughput, .mallocCountTotal, .peakMemoryResident],
        timeUnits: .milliseconds,
        maxDuration: .seconds(5),
        maxIterations: 50
    )

    for count in [10_000, 100_000] {
        Benchmark("Distance-based clustering of \(count) items at zoom 8 (adding them untimed)") { benchmark in
            let algorithm = GMUNonHierarchicalDistanceBasedAlgorithm()
            algorithm.add(Places.make(count))
            benchmark.startMeasurement()
            for _ in benchmark.scaledIterations { blackHole(algorithm.clusters(atZoom: 8)) }
        }
        Benchmark("Distance-based clustering of \(count) items: add them, then cluster at zoom 8") { benchmark in
            let items = Places.make(count)
            benchmark.startMeasurement()
            for _ in benchmark.scaledIterations {
                let algorithm = GMUNonHierarchicalDistanceBasedAlgorithm()
                algorithm.add(items)
                blackHole(algorithm.clusters(atZoom: 8))
            }
        }
        Benchmark("Grid clustering of \(count) items at zoom 8") { benchmark in
            let algorithm = GMUGridBasedClusterAlgorithm()
            algorithm.add(Places.make(count))
            benchmark.startMeasurement()
            for _ in benchmark.scaledIterations { blackHole(algorithm.clusters(atZoom: 8)) }
        }
    }

    // The parsers on the fixtures the tests read, and on 10 MB of points.
    let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Tests/OpenMapsUtilsTests/Fixtures")
    /// Parses GeoJSON data on each iteration.
    func geoJSON(_ name: String, _ data: @escaping @Sendable () throws -> Data) {
        Benchmark("GeoJSON: parse \(name)") { benchmark in
            let bytes = try data()
            benchmark.startMeasurement()
            for _ in benchmark.scaledIterations {
                let parser = GMUGeoJSONParser(data: bytes)
                parser.parse()
                blackHole(parser.features)
            }
        }
    }
    for name in ["helsinki-districts.geojson", "liechtenstein-municipalities.geojson"] {
        geoJSON(name) { try Data(contentsOf: fixtures.appendingPathComponent(name)) }
    }
    geoJSON("10 MB of point features (90,000)") {
        let one = #"{"type":"Feature","properties":{"name":"p","rank":3},"geometry":{"type":"Point","coordinates":[24.94123,60.17123]}},"#
        var text = #"{"type":"FeatureCollection","features":["# + String(repeating: one, count: 90_000)
        text.removeLast()
        return Data((text + "]}").utf8)
    }
    Benchmark("KML: parse finland-regions.kml") { benchmark in
        let data = try Data(contentsOf: fixtures.appendingPathComponent("finland-regions.kml"))
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            let parser = GMUKMLParser(data: data)
            parser.parse()
            blackHole(parser.placemarks)
        }
    }

    Benchmark("Heatmap tile: 10,000 points, radius 20, the 512-pixel tile over Helsinki at zoom 10") { benchmark in
        let layer = GMUHeatmapTileLayer()
        layer.weightedData = Places.make(10_000).map { GMUWeightedLatLng(coordinate: $0.position, intensity: 1) }
        layer.map = nil  // takes the data, as putting it on a map does
        let point = GMSProject(CLLocationCoordinate2D(latitude: 60.17, longitude: 24.94))
        let x = UInt((point.x + 1) / 2 * 1_024), y = UInt((1 - point.y) / 2 * 1_024)
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations { blackHole(layer.tileFor(x: x, y: y, zoom: 10)) }
    }
}

final class Place: NSObject, GMUClusterItem {
    let position: CLLocationCoordinate2D
    init(_ position: CLLocationCoordinate2D) { self.position = position }
}

/// Places around southern Finland's towns, the same on every run.
enum Places {
    static func make(_ count: Int) -> [Place] {
        let towns = [(60.17, 24.94), (61.50, 23.76), (60.45, 22.27), (62.24, 25.75), (62.89, 27.68), (60.98, 25.66)]
        var seed: UInt64 = 7
        func next() -> Double {
            seed = seed &* 6364136223846793005 &+ 1442695040888963407
            return Double(seed >> 11) / Double(1 << 53)
        }
        return (0..<count).map { index in
            let town = towns[index % towns.count]
            let distance = next() * next() * 0.6, angle = next() * 2 * Double.pi
            return Place(CLLocationCoordinate2D(latitude: town.0 + distance * sin(angle), longitude: town.1 + 2 * distance * cos(angle)))
        }
    }
}
