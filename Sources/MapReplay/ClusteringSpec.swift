import Foundation
import OpenMaps

extension Scenario {
    /// Clustering with the utility library (an OpenMaps addition to the contract, docs/replay.md):
    /// items (listed, or seeded), the algorithm, the renderer's options, and how the cluster
    /// manager's delegate answers a tap on a cluster.
    struct ClusteringSpec {
        enum Algorithm: String, CaseIterable {
            case distanceBased, gridBased, simple, hierarchical
        }

        struct Item {
            var id: String
            var position: CLLocationCoordinate2D
            var title: String?, snippet: String?
        }

        /// Items strewn round a centre, the same for the same seed: each within `spread`
        /// degrees of latitude (twice that of longitude), most near the centre.
        struct Seeded {
            var count: Int
            var seed: UInt64
            var center: CLLocationCoordinate2D
            var spread: Double

            var items: [Item] {
                var state = seed
                func next() -> Double {
                    state &+= 0x9E37_79B9_7F4A_7C15
                    var z = state
                    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
                    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
                    return Double((z ^ (z >> 31)) >> 11) / Double(1 << 53)
                }
                return (0..<count).map { index in
                    let distance = next() * next() * spread, angle = next() * 2 * Double.pi
                    return Item(
                        id: "item-\(index)",
                        position: CLLocationCoordinate2D(
                            latitude: max(-85, min(85, center.latitude + distance * sin(angle))),
                            longitude: center.longitude + 2 * distance * cos(angle)))
                }
            }
        }

        var algorithm = Algorithm.distanceBased
        var items: [Item] = []
        var animates = true
        var reusesMarkers = false
        var minimumClusterSize: UInt = 4
        var maximumClusterZoom: UInt = 20
        var didTapCluster = Answer.default
    }
}
