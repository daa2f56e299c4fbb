// Reads "lat,lon" lines from a file, reverse-geocodes them all on one core and prints the
// queries per second, each the median of five passes (nearest place only, as the Python
// reverse_geocoder does, and full reverse geocodes; then each again as a batch on every
// core), for Benchmarks/geocoder_compare.py.
import Foundation
import Geocoding
import MapGeometry

guard CommandLine.arguments.count == 2, let text = try? String(contentsOfFile: CommandLine.arguments[1], encoding: .utf8),
    let url = SharedGeocoder.bundledPackURL, let geocoder = try? ReverseGeocoder(contentsOf: url)
else {
    FileHandle.standardError.write(Data("usage: GeocoderThroughput COORDINATES.txt\n".utf8))
    exit(2)
}
let points = text.split(separator: "\n").compactMap { line -> CLLocationCoordinate2D? in
    let parts = line.split(separator: ",").compactMap { Double($0) }
    return parts.count == 2 ? CLLocationCoordinate2D(latitude: parts[0], longitude: parts[1]) : nil
}
var checksum = 0
/// The median of five passes' seconds: the machine's speed drifts, one pass is noise.
func medianSeconds(_ pass: () -> Void) -> Double {
    var times: [Double] = []
    for _ in 0..<5 {
        let start = DispatchTime.now().uptimeNanoseconds
        pass()
        times.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
    }
    return times.sorted()[2]
}
let nearest = medianSeconds { for point in points { checksum &+= geocoder.nearestPlace(to: point)?.name.count ?? 0 } }
let full = medianSeconds { for point in points { checksum &+= ((try? geocoder.reverseGeocode(point))?.count ?? 0) } }
let nearestBatch = medianSeconds { checksum &+= geocoder.nearestPlaces(batch: points).reduce(0) { $0 &+ ($1?.name.count ?? 0) } }
let batch = medianSeconds { checksum &+= geocoder.reverseGeocode(batch: points).count }
print("{\"queries\": \(points.count), \"nearest_qps\": \(Int(Double(points.count) / nearest)), \"full_qps\": \(Int(Double(points.count) / full)), \"full_batch_qps\": \(Int(Double(points.count) / batch)), \"nearest_batch_qps\": \(Int(Double(points.count) / nearestBatch)), \"checksum\": \(checksum)}")
