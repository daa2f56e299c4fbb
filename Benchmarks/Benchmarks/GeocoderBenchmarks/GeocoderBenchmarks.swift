import Benchmark
import Foundation
import Geocoding
import MapGeometry

/// The geocoder the query benchmarks share (loaded once).
let sharedGeocoder: ReverseGeocoder? = SharedGeocoder.bundledPackURL.flatMap { try? ReverseGeocoder(contentsOf: $0) }

/// Figures of the geocoder issue: loading the pack, and one query.
let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(metrics: [.wallClock, .throughput], timeUnits: .microseconds, maxDuration: .seconds(3))

    Benchmark("Geocoder pack load and index", configuration: .init(timeUnits: .milliseconds, maxIterations: 20)) { benchmark in
        guard let url = SharedGeocoder.bundledPackURL else { return }
        for _ in benchmark.scaledIterations {
            blackHole(try ReverseGeocoder(contentsOf: url))
        }
    }

    Benchmark("Reverse geocode one random land or sea coordinate", configuration: .init(maxIterations: 100_000)) { benchmark in
        guard let geocoder = sharedGeocoder else { return }
        var state: UInt64 = 42
        func next() -> Double {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Double(state >> 11) / Double(1 << 53)
        }
        let points = (0..<10_000).map { _ in CLLocationCoordinate2D(latitude: next() * 140 - 60, longitude: next() * 360 - 180) }
        var index = 0
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            index = (index + 1) % points.count
            blackHole(try geocoder.reverseGeocode(points[index]))
        }
        benchmark.stopMeasurement()
    }

    Benchmark("Nearest place of one random coordinate", configuration: .init(timeUnits: .nanoseconds, maxIterations: 100_000)) { benchmark in
        guard let geocoder = sharedGeocoder else { return }
        var state: UInt64 = 7
        func next() -> Double {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Double(state >> 11) / Double(1 << 53)
        }
        let points = (0..<10_000).map { _ in CLLocationCoordinate2D(latitude: next() * 180 - 90, longitude: next() * 360 - 180) }
        var index = 0
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            index = (index + 1) % points.count
            blackHole(geocoder.nearestPlace(to: points[index]))
        }
        benchmark.stopMeasurement()
    }
}
