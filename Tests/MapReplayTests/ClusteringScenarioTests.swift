import Foundation
import MapReplay
import OpenMapsTesting
import Testing

/// Clustering in replays (an OpenMaps addition to the contract: docs/replay.md, "Clustering").
@MainActor
@Suite("Replay clustering")
struct ClusteringScenarioTests {
    static func scenario(_ clustering: String, steps: String = "[]") -> String {
        """
        {"map": {"size": [390, 844], "camera": {"latitude": 60.17, "longitude": 24.94, "zoom": 10}},
         "clustering": \(clustering), "steps": \(steps)}
        """
    }

    @Test func rule76ClustersReplayTheSameOnEveryRunWithTapsAndZoomSplitsLogged() async throws {
        let data = try Data(contentsOf: ScenarioTests.directory.appendingPathComponent("cluster-hierarchical.json"))
        let first = await ScenarioRunner(scenario: try Scenario(json: data)).run()
        let second = await ScenarioRunner(scenario: try Scenario(json: data)).run()
        #expect(first == second, "the same lines on every run")
        // The tap at the centre hits a cluster: the manager's delegate hears it, then the map's.
        let tapCluster = try #require(first.firstIndex { $0.contains("\"clusterManager:didTapCluster:\"") })
        let tapMarker = try #require(first.firstIndex { $0.contains("\"mapView:didTapMarker:\"") })
        #expect(tapCluster < tapMarker)
        #expect(first[tapMarker].contains("\"marker\":\"cluster("))
        // Zoomed in from 10 to 14, the clusters split: more markers, more items alone.
        let end = try #require(first.last)
        #expect(end.contains("\"clustering\":{\"clusters\":"))
        let atTen = await ScenarioRunner(
            scenario: try Scenario(json: Data(Self.scenario(#"{"algorithm": "hierarchical", "seededItems": {"count": 2000, "seed": 3, "center": [60.17, 24.94], "spread": 0.1}}"#).utf8))
        ).run()
        func items(_ line: String) -> Int {
            guard let range = line.range(of: "\"items\":") else { return -1 }
            return Int(line[range.upperBound...].prefix { $0.isNumber }) ?? -1
        }
        #expect(items(end) > items(try #require(atTen.last)), "\(end) against \(atTen.last ?? "")")
    }

    @Test func limitReplayClusteringItemsAndOptionsAreChecked() {
        func refused(_ clustering: String, _ words: String, sourceLocation: SourceLocation = #_sourceLocation) {
            do {
                _ = try Scenario(json: Data(Self.scenario(clustering).utf8))
                Issue.record("accepted: \(clustering)", sourceLocation: sourceLocation)
            } catch {
                #expect("\(error)".contains(words), "\(error)", sourceLocation: sourceLocation)
            }
        }
        refused(#"{"algorithm": "kmeans"}"#, "clustering.algorithm")
        refused(#"{"seededItems": {"count": 2000000, "center": [0, 0]}}"#, "at most 1000000")
        refused(#"{"seededItems": {"count": 1.5, "center": [0, 0]}}"#, "whole number")
        refused(#"{"seededItems": {"count": 10, "center": [0, 0], "spread": 0}}"#, "spread")
        refused(#"{"seededItems": {"count": 10, "center": [0, 0], "spread": 1e300}}"#, "spread")
        refused(#"{"renderer": {"minimumClusterSize": -1}}"#, "minimumClusterSize")
        refused(#"{"items": [{"id": "a", "position": [0, 0]}, {"id": "a", "position": [1, 1]}]}"#, "duplicate")
        refused(#"{"colour": "red"}"#, "colour")
        refused(#"{"algorithm": "gridBased", "items": [{"id": "a", "position": [0, 1e300]}]}"#, "longitude within")
        refused(#"{"seededItems": {"count": 1, "center": [95, 0]}}"#, "latitude within")
    }
}
