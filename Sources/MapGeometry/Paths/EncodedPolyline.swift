/// Google's encoded polyline format: coordinates rounded to 1e-5 degrees, delta-encoded,
/// zig-zag signed and written as base-64-like characters from `?` (63).
public enum EncodedPolyline {
    /// Encodes coordinates; non-finite values are skipped.
    public static func encode(_ coordinates: [CLLocationCoordinate2D]) -> String {
        var output = ""
        var previous = (latitude: 0, longitude: 0)
        for coordinate in coordinates where coordinate.latitude.isFinite && coordinate.longitude.isFinite {
            let latitude = Int(saturating: (coordinate.latitude * 1e5).rounded())
            let longitude = Int(saturating: (coordinate.longitude * 1e5).rounded())
            append(latitude - previous.latitude, to: &output)
            append(longitude - previous.longitude, to: &output)
            previous = (latitude, longitude)
        }
        return output
    }

    /// Decodes an encoded polyline; nil for malformed text (bad characters, a cut-off value,
    /// an odd number of values or out-of-range coordinates).
    public static func decode(_ text: String) -> [CLLocationCoordinate2D]? {
        var values: [Int] = []
        var value = 0, shift = 0, pending = false
        for byte in text.utf8 {
            guard byte >= 63, byte < 127 else { return nil }
            let chunk = Int(byte) - 63
            guard shift < 60 else { return nil }
            value |= (chunk & 0x1f) << shift
            shift += 5
            pending = true
            if chunk < 0x20 {
                values.append((value & 1) != 0 ? ~(value >> 1) : value >> 1)
                value = 0
                shift = 0
                pending = false
            }
        }
        guard !pending, values.count % 2 == 0 else { return nil }
        var coordinates: [CLLocationCoordinate2D] = []
        coordinates.reserveCapacity(values.count / 2)
        var latitude = 0, longitude = 0
        var index = 0
        while index < values.count {
            latitude += values[index]
            longitude += values[index + 1]
            let coordinate = CLLocationCoordinate2D(latitude: Double(latitude) / 1e5, longitude: Double(longitude) / 1e5)
            guard abs(coordinate.latitude) <= 90, abs(coordinate.longitude) <= 360 else { return nil }
            coordinates.append(coordinate)
            index += 2
        }
        return coordinates
    }

    private static func append(_ value: Int, to output: inout String) {
        var remaining = value < 0 ? ~(value << 1) : value << 1
        while remaining >= 0x20 {
            output.unicodeScalars.append(Unicode.Scalar(UInt8((0x20 | (remaining & 0x1f)) + 63)))
            remaining >>= 5
        }
        output.unicodeScalars.append(Unicode.Scalar(UInt8(remaining + 63)))
    }
}
