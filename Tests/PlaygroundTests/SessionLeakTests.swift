import Foundation
import HostileData
import OpenMaps
import Testing

@testable import OpenMapsPlayground

/// docs/limits.md, leaks: 200 playground sessions opened, used and closed through the server
/// leave its heap where it was after the first few.
@Suite("Playground session leaks", .serialized)
@MainActor
struct SessionLeakTests {
    @Test func limitLeaksTwoHundredSessionsOpenedAndClosedLeaveTheServerWhereItWas() async throws {
        let server = try await PlaygroundHarness.start(maximumSessions: 4)
        defer { server.stop() }
        let samples = PlaygroundSample.all.map(\.name)
        let registry = server.registry
        func session(_ index: Int) async throws {
            let sample = samples[index % samples.count]
            let left = Leftovers()
            try await server.page { page in
                #expect(await page.open(sample, width: 480, height: 360, scale: 2), "session \(index) (\(sample)) drew")
                await MainActor.run {
                    left.session = registry.sessions.values.first
                    left.host = left.session?.host
                }
                try await page.pan(steps: 5, acknowledging: true)
            }
            let closed = await PlaygroundLeakWait.until { registry.sessions.isEmpty }
            #expect(closed, "session \(index) closed")
            let gone = await PlaygroundLeakWait.until { left.session == nil && left.host == nil }
            #expect(gone, "session \(index) (\(sample)): nothing of it stays once closed")
        }
        for index in 0..<samples.count { try await session(index) }  // every sample once: caches warm
        let start = (heap: HeapUse.settledBytesInUse(), resident: HeapUse.residentBytes)
        var curve = [(0, start.heap, start.resident)]
        for index in 1...200 {
            try await session(index)
            if index % 25 == 0 { curve.append((index, HeapUse.bytesInUse, HeapUse.residentBytes)) }
        }
        // Work a closed session left running off the main actor (a sample's 100,000-item
        // cluster index) ends, and what it held goes with it: up to 10 s for that, while a
        // leak stays.
        var end = HeapUse.settledBytesInUse()
        for _ in 0..<50 where end - start.heap >= 8 << 20 {
            try await Task.sleep(for: .milliseconds(200))
            end = HeapUse.settledBytesInUse()
        }
        print(
            "playground sessions opened and closed: heap in use / resident (MB) "
                + curve.map { "\($0.0): \(HeapUse.megabytes($0.1)) / \(HeapUse.megabytes($0.2))" }.joined(separator: ", "))
        #expect(end - start.heap < 8 << 20, "the heap grew by \(HeapUse.megabytes(end - start.heap)) MB over 200 sessions")
    }
}

/// Weak references to what a session made.
private final class Leftovers: @unchecked Sendable {
    weak var session: PlaygroundSession?
    weak var host: GMSMapViewHost?
}

@MainActor
enum PlaygroundLeakWait {
    /// Waits up to 10 s for a condition on the main actor.
    static func until(_ condition: () -> Bool) async -> Bool {
        for _ in 0..<500 {
            if condition() { return true }
            try? await Task.sleep(for: .milliseconds(20))
        }
        return condition()
    }
}
