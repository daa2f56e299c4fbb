import Foundation
import OpenMaps
import OpenMapsUtils

// Frame times of a map in real time while 100,000 items re-cluster (`make cluster-frames`):
// a 1280 x 800 map hosted as the playground hosts it (tiles and clustering in the background),
// the camera flying from zoom 6 to 12 over Finland in 3 s, each frame advanced and drawn;
// with a hierarchical cluster manager over 100,000 items, and beside it the same flight with
// no items. Prints the median, 95th percentile and longest frame of each, in milliseconds, and
// how long each clustering result took to show on the main actor.
//
//   ClusterFrames [--items N] [--runs R]

final class Place: NSObject, GMUClusterItem {
    let position: CLLocationCoordinate2D
    init(_ position: CLLocationCoordinate2D) { self.position = position }
}

func places(_ count: Int) -> [Place] {
    let towns = [(60.17, 24.94), (61.50, 23.76), (60.45, 22.27), (62.24, 25.75), (62.89, 27.68), (60.98, 25.66), (65.01, 25.47)]
    var seed: UInt64 = 11
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

/// The default renderer, timing each result it shows (the main actor's share of a re-cluster).
final class TimedRenderer: GMUDefaultClusterRenderer {
    nonisolated(unsafe) static var log: [String] = []
    override func renderClusters(_ clusters: [GMUCluster]) {
        let clock = ContinuousClock()
        let start = clock.now
        super.renderClusters(clusters)
        let took = start.duration(to: clock.now)
        let ms = Double(took.components.seconds) * 1e3 + Double(took.components.attoseconds) * 1e-15
        TimedRenderer.log.append(String(format: "%d clusters shown in %.1f ms", clusters.count, ms))
    }
}

var itemCount = 100_000
var runs = 3
var arguments = CommandLine.arguments.dropFirst().makeIterator()
while let argument = arguments.next() {
    switch argument {
    case "--items": itemCount = arguments.next().flatMap(Int.init) ?? itemCount
    case "--runs": runs = arguments.next().flatMap(Int.init) ?? runs
    default: break
    }
}

@MainActor
func flight(items: Int) async -> [Double] {
    let map = GMSMapView(frame: CGRect(x: 0, y: 0, width: 1280, height: 800), camera: GMSCameraPosition(latitude: 61, longitude: 25, zoom: 6))
    let host = GMSMapViewHost(mapView: map, scale: 1)
    host.rendersTilesInBackground = true
    var manager: GMUClusterManager?
    if items > 0 {
        let renderer = TimedRenderer(mapView: map, clusterIconGenerator: GMUDefaultClusterIconGenerator())
        renderer.reusesMarkers = true
        let made = GMUClusterManager(map: map, algorithm: HierarchicalClusterAlgorithm(), renderer: renderer)
        made.add(places(items))
        made.cluster()
        manager = made
    }
    // Settle: the index built, tiles drawn.
    let clock = ContinuousClock()
    let start = clock.now
    var time = 0.0
    while start.duration(to: clock.now) < .seconds(3) {
        time += 1.0 / 60
        host.advance(to: time)
        _ = host.renderFrame(scale: 1)
        try? await Task.sleep(for: .milliseconds(5))
    }
    CATransaction.begin()
    CATransaction.setAnimationDuration(3)
    map.animate(to: GMSCameraPosition(latitude: 60.2, longitude: 24.9, zoom: 12))
    CATransaction.commit()
    var frames: [Double] = []
    let flightStart = time
    while time < flightStart + 4 {
        let began = clock.now
        time += 1.0 / 60
        host.advance(to: time)
        _ = host.renderFrame(scale: 1)
        let took = began.duration(to: clock.now)
        frames.append(Double(took.components.seconds) * 1e3 + Double(took.components.attoseconds) * 1e-15)
        // The rest of a 60 Hz frame, so background work and tiles get their time.
        let left = 1000.0 / 60 - frames[frames.count - 1]
        if left > 0 { try? await Task.sleep(for: .milliseconds(Int(left))) }
    }
    withExtendedLifetime(manager) {}
    return frames
}

func summary(_ frames: [Double]) -> String {
    let sorted = frames.sorted()
    guard !sorted.isEmpty else { return "no frames" }
    let p50 = sorted[sorted.count / 2], p95 = sorted[min(sorted.count - 1, sorted.count * 95 / 100)]
    return String(format: "p50 %.2f ms, p95 %.2f ms, longest %.2f ms (%d frames)", p50, p95, sorted[sorted.count - 1], sorted.count)
}

Task { @MainActor in
    for run in 1...max(1, runs) {
        let with = await flight(items: itemCount)
        let without = await flight(items: 0)
        print("run \(run): \(itemCount) items clustering: \(summary(with)) | no items: \(summary(without))")
        print("  on the main actor: " + TimedRenderer.log.joined(separator: "; "))
        TimedRenderer.log = []
    }
    exit(0)
}
RunLoop.main.run()
