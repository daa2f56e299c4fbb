import Foundation
import OpenMaps
import OpenMapsUtils

/// An item of a scenario's clustering, named by its id in the log.
final class ReplayClusterItem: NSObject, GMUClusterItem {
    let id: String
    let position: CLLocationCoordinate2D
    let title: String?
    let snippet: String?

    init(_ spec: Scenario.ClusteringSpec.Item) {
        id = spec.id
        position = spec.position
        title = spec.title
        snippet = spec.snippet
    }
}

/// The cluster manager's delegate in a replay (an OpenMaps addition): logs each tap on a
/// cluster (`clusterManager:didTapCluster:`, with the cluster's count and position) or on an
/// item (`clusterManager:didTapClusterItem:`, with its id), and answers a cluster tap as the
/// scenario says (`handled`: the map's delegate does not hear of it).
@MainActor
final class ClusterTapLogger: NSObject, GMUClusterManagerDelegate {
    private let answer: Scenario.Answer
    private let record: (String, (inout JSONLine) -> Void) -> Void

    init(answer: Scenario.Answer, record: @escaping (String, (inout JSONLine) -> Void) -> Void) {
        self.answer = answer
        self.record = record
    }

    /// A cluster's name in the log: its size and where it is.
    static func name(of cluster: GMUCluster) -> String {
        "cluster(\(cluster.count))@" + JSONLine.number(cluster.position.latitude, decimals: 7) + ","
            + JSONLine.number(cluster.position.longitude, decimals: 7)
    }

    func clusterManager(_ clusterManager: GMUClusterManager, didTap cluster: GMUCluster) -> Bool {
        record("clusterManager:didTapCluster:") { line in
            line.add("count", number: Double(cluster.count), decimals: 0)
            line.add("position", ReplayLog.coordinate(cluster.position))
        }
        return answer == .handled
    }

    func clusterManager(_ clusterManager: GMUClusterManager, didTap clusterItem: GMUClusterItem) -> Bool {
        record("clusterManager:didTapClusterItem:") { line in
            line.add("item", string: (clusterItem as? ReplayClusterItem)?.id)
        }
        return false
    }
}
