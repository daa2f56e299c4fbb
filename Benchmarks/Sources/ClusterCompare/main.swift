import Foundation
import OpenMapsUtils

// Indexes the points of a file (little-endian float64 pairs: longitude, latitude) with
// OpenMaps' hierarchical clustering, and prints as JSON: the time to index (items made
// beforehand, untimed), the index's memory, the clusters and lone points at every zoom, and
// the median time of viewport queries (a 1280 x 800 screen at each zoom, over the points).
// Options: RADIUS EXTENT MIN_ZOOM MAX_ZOOM after the path. Used by cluster_compare.py.

final class Point: NSObject, GMUClusterItem {
    let position: CLLocationCoordinate2D
    init(_ position: CLLocationCoordinate2D) { self.position = position }
}

let arguments = CommandLine.arguments
guard arguments.count >= 2, let data = FileManager.default.contents(atPath: arguments[1]) else {
    FileHandle.standardError.write(Data("usage: ClusterCompare POINTS.bin [radius extent minZoom maxZoom]\n".utf8))
    exit(2)
}
let radius = arguments.count > 2 ? Double(arguments[2]) ?? 40 : 40
let extent = arguments.count > 3 ? Double(arguments[3]) ?? 512 : 512
let minZoom = arguments.count > 4 ? Int(arguments[4]) ?? 0 : 0
let maxZoom = arguments.count > 5 ? Int(arguments[5]) ?? 16 : 16

let values = data.withUnsafeBytes { Array($0.bindMemory(to: Double.self)) }
let points = stride(from: 0, to: values.count - 1, by: 2).map { Point(CLLocationCoordinate2D(latitude: values[$0 + 1], longitude: values[$0])) }

func residentBytes() -> Int {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return 0 }
    for line in status.split(separator: "\n") where line.hasPrefix("VmRSS:") {
        return (Int(line.split(separator: " ").dropFirst().first ?? "0") ?? 0) * 1024
    }
    return 0
}

let before = residentBytes()
let algorithm = HierarchicalClusterAlgorithm(radius: radius, extent: extent, minZoom: minZoom, maxZoom: maxZoom)
let start = DispatchTime.now().uptimeNanoseconds
algorithm.add(points)
algorithm.buildIndex()
let indexSeconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
let after = residentBytes()

// Viewport queries: a 1280 x 800 screen centred on points, at every zoom.
var queryTimes: [Double] = []
var centres = stride(from: 0, to: points.count, by: max(1, points.count / 50)).map { points[$0].position }
if centres.isEmpty { centres = [CLLocationCoordinate2D(latitude: 0, longitude: 0)] }
var returned = 0
for zoom in minZoom...(maxZoom + 1) {
    let span = 360 / pow(2, Double(zoom)) * 1280 / 256
    for centre in centres {
        let height = span * 800 / 1280 * max(cos(centre.latitude * .pi / 180), 0.05)
        let bounds = GMSCoordinateBounds(
            coordinate: CLLocationCoordinate2D(latitude: min(85, centre.latitude + height / 2), longitude: centre.longitude + span / 2),
            coordinate: CLLocationCoordinate2D(latitude: max(-85, centre.latitude - height / 2), longitude: centre.longitude - span / 2))
        let t0 = DispatchTime.now().uptimeNanoseconds
        let found = algorithm.clusters(in: bounds, atZoom: Float(zoom))
        queryTimes.append(Double(DispatchTime.now().uptimeNanoseconds - t0) / 1e6)
        returned += found.count
    }
}
queryTimes.sort()
// The library's distance-based algorithm on the same items at zoom 8 (one zoom; it has no
// index), up to 100,000 items.
var distanceSeconds: Double?
if points.count <= 100_000 {
    let distance = GMUNonHierarchicalDistanceBasedAlgorithm()
    let t0 = DispatchTime.now().uptimeNanoseconds
    distance.add(points)
    _ = distance.clusters(atZoom: 8)
    distanceSeconds = Double(DispatchTime.now().uptimeNanoseconds - t0) / 1e9
}
let counts = algorithm.countsByZoom().map { ["zoom": $0.zoom, "clusters": $0.clusters, "points": $0.points] }
let result: [String: Any] = [
    "points": points.count,
    "index_seconds": indexSeconds,
    "index_memory_bytes": algorithm.indexMemoryBytes,
    "resident_growth_bytes": max(0, after - before),
    "query_ms_median": queryTimes[queryTimes.count / 2],
    "query_ms_p99": queryTimes[min(queryTimes.count - 1, queryTimes.count * 99 / 100)],
    "query_ms_max": queryTimes.last ?? 0,
    "queries": queryTimes.count,
    "counts": counts,
    "distance_based_zoom8_seconds": distanceSeconds ?? -1,
]
let json = try JSONSerialization.data(withJSONObject: result, options: [.sortedKeys])
print(String(decoding: json, as: UTF8.self))
