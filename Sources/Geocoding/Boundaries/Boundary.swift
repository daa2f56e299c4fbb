import Foundation
import MapGeometry

/// One boundary polygon of the offline data: a country, a first-level administrative area or
/// a locality, with a stable place ID.
///
/// Place IDs (stable across builds of the same sources):
/// - countries: `"ne:country:"` and the ISO 3166-1 alpha-2 code (`"ne:country:FI"`); where
///   Natural Earth gives two areas the same code, the sovereign country or country keeps it and
///   the other gets Natural Earth's three-letter `ADM0_A3` (`"ne:country:ESB"` for Dhekelia),
///   as do areas without a code;
/// - first-level administrative areas: `"ne:admin1:"`, the country code, `":"` and Natural
///   Earth's name (`"ne:admin1:US:California"`), with `":2"`, `":3"`... for later areas of the
///   same country and name in Natural Earth's order (`"ne:admin1:IE:Cork:2"`);
/// - localities: `"loc:"`, the country code, `":"` and the OpenStreetMap name
///   (`"loc:LI:Vaduz"`), numbered as admin-1 areas are. (The extract they come from renumbers
///   OpenStreetMap's IDs, so its relation IDs are not used.)
public struct Boundary: Sendable, Identifiable {
    /// The kinds of boundary the data has.
    public enum Kind: String, Sendable, CaseIterable {
        case country
        case administrativeAreaLevel1
        case locality
    }

    /// The kind of boundary.
    public let kind: Kind
    /// The stable place ID (see the type).
    public let id: String
    /// The English (country) or local (admin-1, locality) name.
    public let name: String
    /// The country's ISO 3166-1 alpha-2 code as the geocoder uses it.
    public let countryCode: String
    /// Rings of coordinates, exterior and holes alike; a point is inside when it is inside an
    /// odd number of them (the even-odd rule). Rings never cross the antimeridian: an area
    /// across it is split there, as Natural Earth splits it.
    public let rings: [[CLLocationCoordinate2D]]
    /// The box around every ring.
    public let box: (minLatitude: Double, minLongitude: Double, maxLatitude: Double, maxLongitude: Double)
    /// Each ring's latitude range, to skip rings a point cannot cross.
    private let ringLatitudes: [(min: Double, max: Double)]

    /// A boundary from its rings.
    public init(kind: Kind, id: String, name: String, countryCode: String, rings: [[CLLocationCoordinate2D]]) {
        self.kind = kind
        self.id = id
        self.name = name
        self.countryCode = countryCode
        self.rings = rings
        var box = (minLatitude: Double.infinity, minLongitude: Double.infinity, maxLatitude: -Double.infinity, maxLongitude: -Double.infinity)
        var spans: [(min: Double, max: Double)] = []
        spans.reserveCapacity(rings.count)
        for ring in rings {
            var low = Double.infinity, high = -Double.infinity
            for point in ring {
                low = min(low, point.latitude)
                high = max(high, point.latitude)
                box.minLongitude = min(box.minLongitude, point.longitude)
                box.maxLongitude = max(box.maxLongitude, point.longitude)
            }
            spans.append((low, high))
            box.minLatitude = min(box.minLatitude, low)
            box.maxLatitude = max(box.maxLatitude, high)
        }
        self.box = box
        ringLatitudes = spans
    }

    /// Whether a coordinate is inside (even-odd rule over every ring). A longitude outside
    /// -180...180 is wrapped first; on the antimeridian itself (±180) both sides count.
    public func contains(_ coordinate: CLLocationCoordinate2D) -> Bool {
        guard coordinate.latitude.isFinite, coordinate.longitude.isFinite else { return false }
        let longitude = Boundary.wrap(coordinate.longitude)
        if contains(latitude: coordinate.latitude, longitude: longitude) { return true }
        if longitude == -180 { return contains(latitude: coordinate.latitude, longitude: 180) }
        return false
    }

    private func contains(latitude: Double, longitude: Double) -> Bool {
        guard latitude >= box.minLatitude, latitude <= box.maxLatitude, longitude >= box.minLongitude,
            longitude <= box.maxLongitude
        else { return false }
        var inside = false
        // A ray to the east crosses only rings spanning the point's latitude.
        for (ring, span) in zip(rings, ringLatitudes) where ring.count >= 3 && span.min <= latitude && span.max >= latitude {
            var j = ring.count - 1
            for i in 0..<ring.count {
                let a = ring[i], b = ring[j]
                if (a.latitude > latitude) != (b.latitude > latitude),
                    longitude < (b.longitude - a.longitude) * (latitude - a.latitude) / (b.latitude - a.latitude) + a.longitude
                {
                    inside.toggle()
                }
                j = i
            }
        }
        return inside
    }

    /// A longitude wrapped into -180..<180.
    static func wrap(_ longitude: Double) -> Double {
        guard longitude < -180 || longitude >= 180 else { return longitude }
        let wrapped = (longitude + 180).truncatingRemainder(dividingBy: 360)
        return (wrapped < 0 ? wrapped + 360 : wrapped) - 180
    }
}
