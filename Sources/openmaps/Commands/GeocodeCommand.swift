import ArgumentParser
import Foundation
import MapReplay
import Geocoding
import MapGeometry

/// `openmaps geocode LAT,LON [LAT,LON ...]`: reverse-geocodes coordinates offline, one JSON
/// object per coordinate and line.
struct GeocodeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "geocode",
        abstract: "Reverse-geocode coordinates offline; prints one JSON object per coordinate.",
        discussion: "Negative numbers work as written: openmaps geocode -34.6037,-58.3816"
    )

    @Argument(parsing: .allUnrecognized, help: "Coordinates as LAT,LON.")
    var coordinates: [String] = []

    func run() async throws {
        let geocoder: ReverseGeocoder
        do {
            geocoder = try await SharedGeocoder.shared.geocoder()
        } catch {
            FileHandle.standardError.write(Data("openmaps: geocoder data unavailable: \(error)\n".utf8))
            throw ExitCode(2)
        }
        var failed = false
        for text in coordinates {
            let parts = text.split(separator: ",", omittingEmptySubsequences: false).map { Double($0.trimmingCharacters(in: .whitespaces)) }
            let query = parts.count == 2 ? parts.compactMap { $0 } : []
            var line = "{\"query\":" + (query.count == 2 ? "[\(JSON.number(query[0])),\(JSON.number(query[1]))]" : JSON.string(text))
            if query.count == 2, let results = try? geocoder.reverseGeocode(CLLocationCoordinate2D(latitude: query[0], longitude: query[1])) {
                line += ",\"results\":[" + results.map(JSON.result).joined(separator: ",") + "]}"
            } else {
                failed = true
                line += ",\"error\":{\"code\":1,\"message\":\"invalid coordinate: expected LAT,LON with latitude in -90...90 and longitude in -180...180\"}}"
            }
            print(line)
        }
        if failed { throw ExitCode(1) }
    }
}

/// The geocode command's JSON, fields in a fixed order; absent values are null.
enum JSON {
    static func number(_ value: Double) -> String { JSONLine.number(value, decimals: 7) }

    static func string(_ value: String?) -> String { value.map(JSONLine.quote) ?? "null" }

    static func result(_ r: ReverseGeocodeResult) -> String {
        "{\"coordinate\":[\(number(r.coordinate.latitude)),\(number(r.coordinate.longitude))]"
            + ",\"thoroughfare\":\(string(r.thoroughfare)),\"locality\":\(string(r.locality))"
            + ",\"subLocality\":\(string(r.subLocality)),\"administrativeArea\":\(string(r.administrativeArea))"
            + ",\"postalCode\":\(string(r.postalCode)),\"country\":\(string(r.country))"
            + ",\"lines\":[" + r.lines.map { string($0) }.joined(separator: ",") + "]}"
    }
}
