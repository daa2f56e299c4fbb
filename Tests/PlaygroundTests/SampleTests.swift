import Foundation
import MapDrawing
import OpenMaps
import Testing

@testable import Playground

/// Every sample loads, draws, and answers the input its summary promises; the page's mouse
/// gestures reach the engine's recognizers as fingers.
@Suite("Playground samples and input", .serialized)
@MainActor
struct SampleTests {
    /// A session showing a sample at 640 x 400 (scale 1), stepped by hand.
    private func session(_ sample: String) throws -> (PlaygroundSession, GMSMapViewHost) {
        let session = PlaygroundSession(id: 1, idleTimeout: 900)
        session.receive(#"{"type":"hello","sample":"\#(sample)","width":640,"height":400,"scale":1}"#)
        let host = try #require(session.host)
        host.rendersTilesInBackground = false
        return (session, host)
    }

    private func settle(_ session: PlaygroundSession, _ host: GMSMapViewHost, seconds: Double = 2) async {
        let end = Date().addingTimeInterval(seconds)
        while Date() < end {
            session.step()
            try? await Task.sleep(for: .milliseconds(16))
        }
    }

    private func send(_ session: PlaygroundSession, _ messages: [String], pause: Int = 16) async {
        for message in messages {
            session.receive(message)
            session.step()
            try? await Task.sleep(for: .milliseconds(pause))
        }
    }

    @Test(arguments: PlaygroundSample.all.map(\.name))
    func everySampleLoadsAndDraws(_ name: String) throws {
        let (session, host) = try session(name)
        defer { session.close() }
        #expect(session.sample?.name == name)
        host.prepareTiles()
        let frame = host.renderFrame(scale: 1)
        #expect(frame.width == 640 && frame.height == 400)
        #expect(host.mapView.delegate != nil, "a recorder in front of the sample's delegate")
    }

    @Test func unknownSamplesShowTheDefault() {
        #expect(PlaygroundSample.named("nope").name == "markers")
        #expect(PlaygroundSample.named(nil).name == "markers")
    }

    @Test func theWheelZoomsAboutThePointer() async throws {
        let (session, host) = try session("map-events")
        defer { session.close() }
        let before = host.mapView.camera.zoom
        let pointer = CGPoint(x: 200, y: 150)
        let under = host.mapView.projection.coordinate(for: pointer)
        await send(session, Array(repeating: #"{"type":"wheel","x":200,"y":150,"delta":-100}"#, count: 3))
        await settle(session, host)
        #expect(host.mapView.camera.zoom > before + 0.5)
        let after = host.mapView.projection.point(for: under)
        #expect(hypot(after.x - pointer.x, after.y - pointer.y) < 3, "the point under the pointer stays put")
    }

    @Test func shiftDragRotatesAndAltDragTilts() async throws {
        let (session, host) = try session("map-events")
        defer { session.close() }
        // Shift-drag around the centre, a quarter turn.
        var messages = [#"{"type":"pointer","phase":"down","id":1,"x":500,"y":200,"shift":true}"#]
        for step in 1...20 {
            let angle = Double(step) / 20 * .pi / 2
            messages.append(#"{"type":"pointer","phase":"move","id":1,"x":\#(320 + 180 * cos(angle)),"y":\#(200 + 180 * sin(angle)),"shift":true}"#)
        }
        messages.append(#"{"type":"pointer","phase":"up","id":1,"x":320,"y":380,"shift":true}"#)
        await send(session, messages)
        await settle(session, host, seconds: 1)
        let bearing = host.mapView.camera.bearing
        #expect(bearing > 30 && bearing < 330, "rotated: \(bearing)")
        // Alt-drag upward tilts.
        messages = [#"{"type":"pointer","phase":"down","id":1,"x":320,"y":300,"alt":true}"#]
        for step in 1...20 { messages.append(#"{"type":"pointer","phase":"move","id":1,"x":320,"y":\#(300 - step * 8),"alt":true}"#) }
        messages.append(#"{"type":"pointer","phase":"up","id":1,"x":320,"y":140,"alt":true}"#)
        await send(session, messages)
        await settle(session, host, seconds: 1)
        #expect(host.mapView.camera.viewingAngle > 10)
    }

    @Test func myLocationWalksAlongTheStreet() async throws {
        let (session, host) = try session("my-location")
        defer { session.close() }
        session.step()
        let first = try #require(host.mapView.myLocation?.coordinate)
        await settle(session, host, seconds: 2.2)
        let later = try #require(host.mapView.myLocation?.coordinate)
        #expect(GMSGeometryDistance(first, later) > 0.5)
        #expect(LocationSimulation.location(at: .nan).coordinate.latitude == LocationSimulation.esplanadi[0].latitude)
    }

    @Test func idleSessionsClose() async throws {
        let session = PlaygroundSession(id: 2, idleTimeout: 0.2)
        session.receive(#"{"type":"hello","width":100,"height":100,"scale":1}"#)
        #expect(!session.isClosed)
        // Acknowledging frames is not activity.
        for _ in 0..<3 {
            try await Task.sleep(for: .milliseconds(100))
            session.receive(#"{"type":"ack"}"#)
        }
        session.step()
        #expect(session.isClosed)
    }
}

@Suite("Playground session limits")
@MainActor
struct SessionLimitTests {
    @Test func floodsOfMessagesAreDropped() {
        let session = PlaygroundSession(id: 3, idleTimeout: 900)
        defer { session.close() }
        for _ in 0..<(PlaygroundSession.maximumMessagesPerSecond + 50) { session.receive(#"{"type":"ack"}"#) }
        #expect(session.refusedMessages >= 50)
    }

    @Test func sampleLoadsCannotBeHammered() {
        let session = PlaygroundSession(id: 4, idleTimeout: 900)
        defer { session.close() }
        session.receive(#"{"type":"hello","sample":"markers","width":100,"height":100,"scale":1}"#)
        session.receive(#"{"type":"sample","name":"many-markers"}"#)
        session.receive(#"{"type":"sample","name":"many-markers"}"#)
        #expect(session.sample?.name == "markers")
        #expect(session.refusedMessages == 2)
    }
}
