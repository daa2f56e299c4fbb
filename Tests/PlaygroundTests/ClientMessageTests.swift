import Foundation
import Testing

@testable import Playground

@Suite("Playground messages")
struct ClientMessageTests {
    @Test func wellFormedMessagesParse() throws {
        #expect(
            try ClientMessage.parse(#"{"type":"hello","sample":"pois","width":800,"height":600,"scale":2}"#)
                == .hello(sample: "pois", width: 800, height: 600, scale: 2))
        #expect(
            try ClientMessage.parse(#"{"type":"pointer","phase":"down","id":1,"pointerType":"touch","x":10,"y":20}"#)
                == .pointer(.init(phase: .down, id: 1, kind: .touch, x: 10, y: 20, shift: false, alt: false)))
        #expect(try ClientMessage.parse(#"{"type":"wheel","x":1,"y":2,"delta":-100}"#) == .wheel(x: 1, y: 2, delta: -100))
        #expect(try ClientMessage.parse(#"{"type":"ack"}"#) == .ack)
    }

    @Test(arguments: [
        "", "null", "[]", "{}", #"{"type":42}"#, #"{"type":"launch"}"#,
        #"{"type":"hello","width":1e9,"height":600,"scale":2}"#,
        #"{"type":"hello","width":-5,"height":600,"scale":2}"#,
        #"{"type":"resize","width":"800","height":600,"scale":2}"#,
        #"{"type":"pointer","phase":"hover","id":1,"x":0,"y":0}"#,
        #"{"type":"pointer","phase":"down","id":-1,"x":0,"y":0}"#,
        #"{"type":"pointer","phase":"down","id":1,"x":true,"y":0}"#,
        #"{"type":"wheel","x":0,"y":0,"delta":1e308}"#,
        "{\"type\":\"ack\"", "\u{0}\u{1}garbage",
    ])
    func malformedMessagesAreRefused(_ text: String) {
        #expect(throws: ClientMessage.Invalid.self) { try ClientMessage.parse(text) }
    }

    @Test func originMustBeTheServersOwn() {
        #expect(PlaygroundServer.isAllowed(origin: nil, host: "127.0.0.1:8080", extra: []))
        #expect(PlaygroundServer.isAllowed(origin: "http://127.0.0.1:8080", host: "127.0.0.1:8080", extra: []))
        #expect(PlaygroundServer.isAllowed(origin: "http://LOCALHOST:8080", host: "localhost:8080", extra: []))
        #expect(!PlaygroundServer.isAllowed(origin: "http://evil.example", host: "127.0.0.1:8080", extra: []))
        #expect(!PlaygroundServer.isAllowed(origin: "http://127.0.0.1:9999", host: "127.0.0.1:8080", extra: []))
        #expect(!PlaygroundServer.isAllowed(origin: "null", host: "127.0.0.1:8080", extra: []))
        #expect(!PlaygroundServer.isAllowed(origin: "file://", host: "127.0.0.1:8080", extra: []))
        #expect(PlaygroundServer.isAllowed(origin: "https://maps.example", host: "127.0.0.1:8080", extra: ["https://maps.example"]))
        #expect(PlaygroundServer.isAllowed(origin: "ws://127.0.0.1", host: "127.0.0.1:8080", extra: []))
        #expect(!PlaygroundServer.isAllowed(origin: "ws://evil.example", host: "127.0.0.1:8080", extra: []))
        #expect(!PlaygroundServer.isAllowed(origins: ["http://127.0.0.1:8080", "http://evil.example"], host: "127.0.0.1:8080", extra: []))
    }
}
