import Foundation
import OpenMaps
import Testing

@testable import OpenMapsPlayground

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
        #expect(try ClientMessage.parse(#"{"type":"ack","frame":7}"#) == .ack(frame: 7))
        #expect(try ClientMessage.parse(#"{"type":"refresh"}"#) == .refresh)
        #expect(
            try ClientMessage.parse(#"{"type":"hello","sample":"pois","width":800,"height":600,"scale":2,"patches":true}"#)
                == .hello(sample: "pois", width: 800, height: 600, scale: 2, patches: true))
        #expect(
            try ClientMessage.parse(#"{"type":"wheel","x":1,"y":2,"delta":-3,"pinch":true}"#) == .wheel(x: 1, y: 2, delta: -3, pinch: true))
        #expect(
            try ClientMessage.parse(#"{"type":"key","key":"ArrowLeft","shift":true}"#)
                == .key(.init(key: "ArrowLeft", shift: true, alt: false, ctrl: false, meta: false)))
    }

    @Test func limitKeyMessagesPastSixteenCharactersAreRefused() {
        #expect(throws: ClientMessageError.self) { try ClientMessage.parse(#"{"type":"key","key":"\#(String(repeating: "k", count: 17))"}"#) }
        #expect(throws: ClientMessageError.self) { try ClientMessage.parse(#"{"type":"key","key":""}"#) }
        #expect(throws: ClientMessageError.self) { try ClientMessage.parse(#"{"type":"wheel","x":1,"y":2,"delta":1e6}"#) }
    }

    @MainActor
    @Test func browserKeysBecomeHardwareKeys() {
        #expect(UIKey.browser("a", shift: false, alt: false, ctrl: false, meta: false)?.characters == "a")
        #expect(UIKey.browser("Enter", shift: false, alt: false, ctrl: false, meta: false)?.keyCode == .keyboardReturnOrEnter)
        #expect(UIKey.browser("ArrowLeft", shift: true, alt: false, ctrl: false, meta: false)?.modifierFlags == .shift)
        #expect(UIKey.browser("F5", shift: false, alt: false, ctrl: false, meta: false) == nil)
    }

    @Test func hugeCanvasesAndLongSampleNamesAreBroughtWithinBounds() throws {
        // A page on a huge screen, or with a mistyped link, still gets a map (not a refusal it
        // would wait on forever).
        #expect(
            try ClientMessage.parse(#"{"type":"hello","sample":"markers","width":1e9,"height":-5,"scale":100}"#)
                == .hello(sample: "markers", width: ClientMessage.maximumSide, height: 1, scale: 8))
        let long = String(repeating: "n", count: 65)
        #expect(try ClientMessage.parse(#"{"type":"hello","sample":"\#(long)","width":800,"height":600,"scale":2}"#)
            == .hello(sample: nil, width: 800, height: 600, scale: 2))
    }

    @Test(arguments: [
        "", "null", "[]", "{}", #"{"type":42}"#, #"{"type":"launch"}"#,
        #"{"type":"hello","width":null,"height":600,"scale":2}"#,
        #"{"type":"hello","height":600,"scale":2}"#,
        #"{"type":"hello","width":800,"height":600,"scale":2,"patches":"yes"}"#,
        #"{"type":"refresh","frame":[1]}"#,
        #"{"type":"resize","width":"800","height":600,"scale":2}"#,
        #"{"type":"pointer","phase":"hover","id":1,"x":0,"y":0}"#,
        #"{"type":"pointer","phase":"down","id":-1,"x":0,"y":0}"#,
        #"{"type":"pointer","phase":"down","id":1,"x":true,"y":0}"#,
        #"{"type":"wheel","x":0,"y":0,"delta":1e308}"#,
        "{\"type\":\"ack\"", #"{"type":"ack"}"#, #"{"type":"ack","frame":0}"#, #"{"type":"ack","frame":"1"}"#,
        "\u{0}\u{1}garbage",
    ])
    func malformedMessagesAreRefused(_ text: String) {
        #expect(throws: ClientMessageError.self) { try ClientMessage.parse(text) }
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
        // IPv6 in brackets, and ports a scheme implies.
        #expect(PlaygroundServer.isAllowed(origin: "http://[::1]:8080", host: "[::1]:8080", extra: []))
        #expect(!PlaygroundServer.isAllowed(origin: "http://[::1]:9999", host: "[::1]:8080", extra: []))
        #expect(PlaygroundServer.isAllowed(origin: "ws://[::1]", host: "[::1]:8080", extra: []))
        #expect(PlaygroundServer.isAllowed(origin: "http://localhost", host: "localhost:80", extra: []))
        #expect(PlaygroundServer.isAllowed(origin: "https://maps.example", host: "maps.example", extra: []))
        #expect(!PlaygroundServer.isAllowed(origin: "http://127.0.0.1:8080/page", host: "127.0.0.1:8080", extra: []))
        #expect(!PlaygroundServer.isAllowed(origin: "http://127.0.0.1:8080", host: nil, extra: []))
    }

    @Test func onLoopbackOnlyLoopbackHostNamesAreServed() {
        // DNS rebinding: a page on rebound.example resolving to 127.0.0.1 names its own host.
        for host in ["127.0.0.1:8080", "localhost:8080", "LOCALHOST", "[::1]:8080", "127.1.2.3", "app.localhost:8080"] {
            #expect(PlaygroundServer.isAllowed(host: host, boundTo: "127.0.0.1"), "\(host)")
        }
        for host in ["rebound.example:8080", "192.168.1.7", "127.0.0.1.evil.example", "[::2]:8080", "::1", "", "127.0.0.1:99999"] {
            #expect(!PlaygroundServer.isAllowed(host: host, boundTo: "127.0.0.1"), "\(host)")
        }
        #expect(!PlaygroundServer.isAllowed(host: nil, boundTo: "::1"))
        #expect(!PlaygroundServer.isAllowed(host: "rebound.example", boundTo: "localhost"))
        // Bound to another address, the person chose to be reached by other names.
        #expect(PlaygroundServer.isAllowed(host: "maps.example:8080", boundTo: "0.0.0.0"))
    }
}
