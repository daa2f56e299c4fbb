import Foundation
import OpenMaps
import OpenMapsUtils
import Testing

/// Run inside `HostileInputTests`, one at a time: their children are large.
extension HostileInputTests {
    /// Hostile clustering (docs/limits.md), in a child process.
    @Suite("Hostile input: clustering")
    struct ClusteringHostileTests {
        final class Item: NSObject, GMUClusterItem {
            let position: CLLocationCoordinate2D
            init(_ position: CLLocationCoordinate2D) { self.position = position }
        }

        /// Past a million items, the rest are left out: the index stays within memory.
        @Test func limitHierarchicalItemsPastAMillionAreLeftOut() async {
            await #expect(processExitsWith: .success) {
                await ExitGuard.run {
                    let algorithm = HierarchicalClusterAlgorithm()
                    let count = HierarchicalClusterAlgorithm.maximumItems + 200_000
                    algorithm.add((0..<count).map { index in
                        HostileInputTests.ClusteringHostileTests.Item(CLLocationCoordinate2D(latitude: Double(index % 1_000) * 0.1 - 50, longitude: Double(index / 1_000) * 0.1 - 60))
                    })
                    let clustered = algorithm.clusters(atZoom: 0).reduce(0) { $0 + Int($1.count) }
                    guard clustered == HierarchicalClusterAlgorithm.maximumItems else {
                        print("\(clustered) clustered")
                        exit(4)
                    }
                }
            }
        }
    }
}
