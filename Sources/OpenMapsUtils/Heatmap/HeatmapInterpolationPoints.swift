import Foundation
import Logging
import OpenMaps

/// Fills the space between heatmap points with interpolated ones, as the library's
/// `HeatmapInterpolationPoints`: the points are grouped by k-means (k grows from 1 until every
/// point is within 50° of its group's centre; `givenClusterIterations` passes each), then on a
/// grid of `granularity` degrees (every third line) around each group, 15° of latitude and
/// 20° of longitude beyond it, each grid point gets the inverse-distance-weighted intensity of
/// all the points (weights `1 / distance^influence`, distances in degrees of arc); grid points
/// whose weighted sum is under 3 are left out.
public class HeatmapInterpolationPoints: NSObject {
    /// The power distances are raised to: 2 ... 2.5.
    public typealias HeatmapInterpolationInfluence = Double

    /// The largest k the grouping tries (docs/limits.md).
    public static let maximumGroups = 64
    /// The finest granularity, in degrees (finer ones are clamped, with a logged warning).
    public static let finestGranularity = 0.01

    private let clusterIterations: Int
    private var data: [GMUWeightedLatLng] = []
    private static let logger = Logger(label: "OpenMaps.Utils.Heatmap")

    /// An interpolator whose grouping runs `givenClusterIterations` passes (25).
    public init(givenClusterIterations: Int = 25) {
        clusterIterations = min(max(givenClusterIterations, 0), 1_000)
        super.init()
    }

    /// Adds points.
    public func addWeightedLatLngs(latlngs: [GMUWeightedLatLng]) { data.append(contentsOf: latlngs) }

    /// Adds a point.
    public func addWeightedLatLng(latlng: GMUWeightedLatLng) { data.append(latlng) }

    /// Removes every point.
    public func removeAllData() { data.removeAll() }

    /// The interpolated points for an influence in 2...2.5 (others throw), on a grid of
    /// `granularity` degrees.
    public func generatePoints(influence: HeatmapInterpolationInfluence, granularity: Double = 0.1) throws -> [GMUWeightedLatLng] {
        guard influence >= 2, influence <= 2.5 else {
            throw IncorrectInfluence.outOfRange("Your influence value is not between 2 and 2.5")
        }
        var step = granularity
        if !step.isFinite || step < Self.finestGranularity {
            Self.logger.warning("heatmap interpolation granularity \(granularity) clamped to \(Self.finestGranularity)")
            step = Self.finestGranularity
        }
        let points = data.map { (coordinate: GMSUnproject(GMSMapPoint(x: $0.point().x, y: $0.point().y)), intensity: Double($0.intensity)) }
            .filter { $0.intensity.isFinite }
        var result: [GMUWeightedLatLng] = []
        for cluster in kMeans(points.map(\.coordinate)) where !cluster.isEmpty {
            let scale = 1 / step
            let minLat = Int(cluster.map(\.latitude).min().map { $0 * scale } ?? 0)
            let minLon = Int(cluster.map(\.longitude).min().map { $0 * scale } ?? 0)
            let maxLat = Int(cluster.map(\.latitude).max().map { $0 * scale } ?? 0)
            let maxLon = Int(cluster.map(\.longitude).max().map { $0 * scale } ?? 0)
            let latRange = Int(15 / step), lonRange = Int(20 / step)
            for i in stride(from: minLat - latRange, to: maxLat + latRange, by: 3) {
                let latitude = Double(i) * step
                guard abs(latitude) <= 90 else { continue }
                for j in stride(from: minLon - lonRange, to: maxLon + lonRange, by: 3) {
                    let longitude = Double(j) * step
                    guard abs(longitude) <= 180 else { continue }
                    let here = CLLocationCoordinate2D(latitude: latitude, longitude: longitude)
                    var numerator = 0.0, denominator = 0.0
                    for point in points {
                        let weight = pow(Self.arc(here, point.coordinate), influence)
                        guard weight != 0 else { continue }
                        numerator += point.intensity / weight
                        denominator += 1 / weight
                    }
                    guard denominator != 0, numerator >= 3 else { continue }
                    result.append(GMUWeightedLatLng(coordinate: here, intensity: Float(numerator / denominator)))
                }
            }
        }
        return result
    }

    /// The great-circle distance in degrees of arc.
    private static func arc(_ a: CLLocationCoordinate2D, _ b: CLLocationCoordinate2D) -> Double {
        GMSGeometryDistance(a, b) / (kGMSEarthRadius * .pi / 180)
    }

    /// Groups of coordinates: k-means with k from 1 up until every member is within 50° of
    /// its centre.
    private func kMeans(_ coordinates: [CLLocationCoordinate2D]) -> [[CLLocationCoordinate2D]] {
        guard !coordinates.isEmpty else { return [] }
        var k = 1
        while true {
            var centres = Array(coordinates.prefix(k))
            var groups: [[CLLocationCoordinate2D]] = []
            for _ in 0...clusterIterations {
                groups = Array(repeating: [], count: centres.count)
                for coordinate in coordinates {
                    var best = 0, bestDistance = Double.infinity
                    for (index, centre) in centres.enumerated() {
                        let distance = Self.arc(coordinate, centre)
                        if distance <= bestDistance {
                            best = index
                            bestDistance = distance
                        }
                    }
                    groups[best].append(coordinate)
                }
                centres = zip(groups, centres).map { group, old in group.isEmpty ? old : Self.average(group) }
            }
            let spread = zip(groups, centres).contains { group, centre in group.contains { Self.arc($0, centre) > 50 } }
            if !spread || k >= min(coordinates.count, Self.maximumGroups) { return groups }
            k += 1
        }
    }

    /// The mean of coordinates on the sphere.
    private static func average(_ group: [CLLocationCoordinate2D]) -> CLLocationCoordinate2D {
        var x = 0.0, y = 0.0, z = 0.0
        for coordinate in group {
            let latitude = coordinate.latitude * .pi / 180, longitude = coordinate.longitude * .pi / 180
            x += cos(latitude) * cos(longitude)
            y += cos(latitude) * sin(longitude)
            z += sin(latitude)
        }
        let count = Double(group.count)
        x /= count
        y /= count
        z /= count
        return CLLocationCoordinate2D(latitude: atan2(z, (x * x + y * y).squareRoot()) * 180 / .pi, longitude: atan2(y, x) * 180 / .pi)
    }

    /// An influence outside 2 ... 2.5.
    enum IncorrectInfluence: Error {
        case outOfRange(String)
    }
}
