// Reads "lat,lon" lines from a file, reverse-geocodes them all on one core and prints the
// queries per second (nearest place only, as the Python reverse_geocoder does, and full
// reverse geocodes; then each again as a batch on every core), for Benchmarks/geocoder_compare.py.
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
let start = DispatchTime.now().uptimeNanoseconds
for point in points { checksum &+= geocoder.nearestPlace(to: point)?.name.count ?? 0 }
let nearest = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
let fullStart = DispatchTime.now().uptimeNanoseconds
for point in points { checksum &+= ((try? geocoder.reverseGeocode(point))?.count ?? 0) }
let full = Double(DispatchTime.now().uptimeNanoseconds - fullStart) / 1e9
let nearestBatchStart = DispatchTime.now().uptimeNanoseconds
checksum &+= geocoder.nearestPlaces(batch: points).reduce(0) { $0 &+ ($1?.name.count ?? 0) }
let nearestBatch = Double(DispatchTime.now().uptimeNanoseconds - nearestBatchStart) / 1e9
let batchStart = DispatchTime.now().uptimeNanoseconds
checksum &+= geocoder.reverseGeocode(batch: points).count
let batch = Double(DispatchTime.now().uptimeNanoseconds - batchStart) / 1e9
print("{\"queries\": \(points.count), \"nearest_qps\": \(Int(Double(points.count) / nearest)), \"full_qps\": \(Int(Double(points.count) / full)), \"full_batch_qps\": \(Int(Double(points.count) / batch)), \"nearest_batch_qps\": \(Int(Double(points.count) / nearestBatch)), \"checksum\": \(checksum)}")
